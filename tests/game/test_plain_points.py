"""The loader reads the plain points of the track layers (a traced board's thousands of spaces)
from the XML itself instead of through pytmx; the drawing it gets is, shape for shape and in
the same order, the one pytmx's reading of every object gives."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import pytmx

from game.tracks.drawing import Shape
from game.tracks.load import TRACK_LAYERS, _shape, load_track, read_drawing
from tests.game.drawing_tmx import tmx_text
from tests.game.drawings import CX2, CY, RADII, stadium

ROOT = Path(__file__).resolve().parents[2]
MAPS = [*sorted((ROOT / "maps").glob("*.tmx")), ROOT / "tests/tracks/walkthrough/guide_circuit.tmx"]


def pytmx_layers(path: Path) -> dict[str, list[Shape]]:
    """The track layers as pytmx reads every object of them."""
    tmx = pytmx.TiledMap(str(path))
    return {
        layer.name: [_shape(o) for o in layer]
        for layer in tmx.layers
        if layer.name in TRACK_LAYERS and isinstance(layer, pytmx.TiledObjectGroup)
    }


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_every_shipped_map_reads_as_pytmx_reads_it(path):
    assert read_drawing(str(path)).layers == pytmx_layers(path)


def test_plain_points_among_other_objects_keep_their_places_and_fields(tmp_path):
    """A spaces layer mixing plain points (with a type, a class, a name or none) and points
    pytmx must read (a property, a rotation of 0, a size): every shape as pytmx reads it, in the
    order of the file; and the grid's plain qualifying start among its numbered slots."""
    d = stadium()
    deg = [math.radians(-90 + 180 * (i + 0.5) / 8) for i in range(8)]
    d.layers["spaces"] = [
        Shape(500 + i, "space", ((CX2 + RADII[2] * math.cos(a), CY + RADII[2] * math.sin(a)),))
        for i, a in enumerate(deg)
    ]
    root = ET.fromstring(tmx_text(d))
    spaces = next(g for g in root.iter("objectgroup") if g.get("name") == "spaces")
    objs = spaces.findall("object")
    objs[1].set("name", "apex")
    del objs[2].attrib["type"]
    objs[2].set("class", "space")
    ET.SubElement(ET.SubElement(objs[3], "properties"), "property", name="note", value="printed")
    objs[4].set("rotation", "0")
    objs[5].set("width", "0")
    del objs[6].attrib["type"]  # no class at all: the builder names it
    path = tmp_path / "mixed.tmx"
    path.write_text(ET.tostring(root, encoding="unicode"), encoding="utf-8")

    layers = read_drawing(str(path)).layers
    assert layers == pytmx_layers(path)
    assert [s.id for s in layers["spaces"]] == list(range(500, 508))
    assert layers["spaces"][1].name == "apex" and layers["spaces"][2].cls == "space"
    assert layers["spaces"][3].props == {"note": "printed"}
    assert layers["grid"][-1].cls == "qualifying_start"


def test_a_traced_board_read_this_way_loads_the_same_graph(tmp_path):
    """The stadium with its first corner's inner lane placed by hand: the same graph hash as
    the drawing built directly, the points read without pytmx."""
    from game.tracks.build import build

    d = stadium()
    deg = [math.radians(-90 + 180 * (i + 0.5) / 10) for i in range(10)]
    d.layers["spaces"] = [
        Shape(500 + i, "space", ((CX2 + RADII[2] * math.cos(a), CY + RADII[2] * math.sin(a)),))
        for i, a in enumerate(deg)
    ]
    path = tmp_path / "traced.tmx"
    path.write_text(tmx_text(d), encoding="utf-8")
    assert load_track(path).content_hash() == build(d).content_hash()
