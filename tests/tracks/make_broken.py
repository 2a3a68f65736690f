"""Generate the corpus of broken track files in ``tests/tracks/broken/``.

Every file is one small, deliberate mutation of ``maps/oval.tmx`` (the street
race's cases, ``street_*``: of ``maps/brueckenau.tmx``, the circuit with zones
and a tunnel), or a file that is not a TMX map at all, named after what is
wrong with it.
``broken/expected.json`` maps each file name to a substring that
``python main.py track check FILE`` must print for it: the message of the
intended problem (follow-up problems may be printed too). In the expected
strings given below, ``{N}`` stands for "object N at (x, y)" with the
object's position in the mutated file, and ``{N.last}`` for the same with
the object's last point, so they follow maps/oval.tmx when it is regenerated.

    python tests/tracks/make_broken.py          write the corpus
    python tests/tracks/make_broken.py --check  only report stale files

The output depends only on those two maps and this script: running it
again rewrites the same files byte for byte. Files in ``broken/`` that no
mutation produces are deleted, so the corpus and expected.json always agree.

Mutations take positions from the map (relative moves, lane apexes), not
fixed pixels, so that they keep meaning the same when oval.tmx is redrawn.

To add a case: write a function taking the parsed map root, decorate it
with ``@mutation(file_name, expected_substring)``, and run the script.
A mutation either edits the root in place (returns None) or returns the
whole file content (str or bytes) for files that are not a TMX map.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import re
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
SOURCE = REPO / "maps" / "oval.tmx"
CITY = REPO / "maps" / "brueckenau.tmx"
OUT = HERE / "broken"
EXPECTED = "expected.json"

Mutation = Callable[[ET.Element], "str | bytes | None"]
MUTATIONS: dict[str, tuple[str, Mutation, Path]] = {}


def mutation(file: str, expected: str, source: Path = SOURCE) -> Callable[[Mutation], Mutation]:
    """Register ``fn`` as the mutation that produces ``file`` from the map ``source``."""

    def register(fn: Mutation) -> Mutation:
        if file in MUTATIONS or file == EXPECTED:
            raise ValueError(f"duplicate corpus file name {file}")
        MUTATIONS[file] = (expected, fn, source)
        return fn

    return register


# --- helpers ------------------------------------------------------------------


def layer(root: ET.Element, name: str) -> ET.Element:
    """The (first) layer of any kind named ``name``."""
    for el in root.iter():
        if el.tag in ("objectgroup", "layer", "imagelayer", "group") and el.get("name") == name:
            return el
    raise KeyError(f"oval.tmx has no layer {name!r}")


def obj(root: ET.Element, oid: int) -> ET.Element:
    """The object with id ``oid``."""
    for el in root.iter("object"):
        if el.get("id") == str(oid):
            return el
    raise KeyError(f"oval.tmx has no object {oid}")


def part(el: ET.Element, tag: str) -> ET.Element:
    """The element's first ``tag`` child, which oval.tmx has there."""
    found = el.find(tag)
    if found is None:
        raise KeyError(f"oval.tmx has no <{tag}> in <{el.tag} {el.attrib}>")
    return found


def parent_of(root: ET.Element, child: ET.Element) -> ET.Element:
    for el in root.iter():
        if child in list(el):
            return el
    raise KeyError("element not in the tree")


def remove(root: ET.Element, el: ET.Element) -> None:
    parent_of(root, el).remove(el)


def props(el: ET.Element) -> ET.Element:
    """The <properties> child of ``el``, created as the first child if missing."""
    holder = el.find("properties")
    if holder is None:
        holder = ET.Element("properties")
        el.insert(0, holder)
    return holder


def prop(el: ET.Element, name: str) -> ET.Element:
    for p in props(el).iter("property"):
        if p.get("name") == name:
            return p
    raise KeyError(f"no property {name!r}")


def set_prop(el: ET.Element, name: str, value: str, type_: str | None = None) -> None:
    """Set (or add) the custom property ``name``."""
    try:
        p = prop(el, name)
    except KeyError:
        p = ET.SubElement(props(el), "property", {"name": name})
        if type_:
            p.set("type", type_)
    p.set("value", value)


def del_prop(el: ET.Element, name: str) -> None:
    holder = props(el)
    holder.remove(prop(el, name))
    if not len(holder):
        el.remove(holder)


def shape_of(el: ET.Element) -> ET.Element:
    """The object's polyline or polygon."""
    line = el.find("polyline")
    return line if line is not None else part(el, "polygon")


def points(el: ET.Element) -> list[tuple[str, str]]:
    return [(x, y) for x, y in (p.split(",") for p in shape_of(el).get("points", "").split())]


def set_points(el: ET.Element, pts: list[tuple[str, str]]) -> None:
    shape_of(el).set("points", " ".join(f"{x},{y}" for x, y in pts))


def new_id(root: ET.Element, counter: str) -> str:
    """A fresh layer or object id, taken from the map's nextlayerid / nextobjectid like Tiled does."""
    n = int(root.get(counter, "1"))
    root.set(counter, str(n + 1))
    return str(n)


def insert_after_tilesets(root: ET.Element, el: ET.Element) -> None:
    """Insert ``el`` where Tiled writes it: after the map properties and tilesets."""
    kids = list(root)
    at = 0
    for i, kid in enumerate(kids):
        if kid.tag in ("properties", "tileset"):
            at = i + 1
    root.insert(at, el)


def rebase_sources(root: ET.Element) -> None:
    """Point relative tileset and image paths back at maps/, so that only the intended
    problem shows (a tileset pytmx cannot find would hide it) and Tiled opens the file."""
    for el in root.iter():
        src = el.get("source")
        if el.tag in ("tileset", "image") and src and not os.path.isabs(src) and (SOURCE.parent / src).exists():
            el.set("source", Path(os.path.relpath(SOURCE.parent / src, OUT)).as_posix())


def abs_points(el: ET.Element) -> list[tuple[float, float]]:
    """The object's points in map pixels."""
    x, y = float(el.get("x", "0")), float(el.get("y", "0"))
    if el.find("polyline") is None and el.find("polygon") is None:
        return [(x, y)]
    return [(x + float(px), y + float(py)) for px, py in points(el)]


def move(el: ET.Element, dx: float = 0.0, dy: float = 0.0) -> None:
    el.set("x", _num(float(el.get("x", "0")) + dx))
    el.set("y", _num(float(el.get("y", "0")) + dy))


def place_line(el: ET.Element, a: tuple[float, float], b: tuple[float, float]) -> None:
    """Make the polyline object ``el`` the straight line from a to b."""
    el.set("x", _num(a[0]))
    el.set("y", _num(a[1]))
    set_points(el, [("0", "0"), (_num(b[0] - a[0]), _num(b[1] - a[1]))])


def expand(root: ET.Element, expected: str, first: int) -> str:
    """Fill in ``{N}`` / ``{N.last}`` with "object N at (x, y)" as track check prints it, after
    ``new`` and ``new+1`` in an expectation became the ids of the first objects a mutation added
    (``first`` is the source map's nextobjectid: a map saved again in Tiled keeps its objects'
    ids but may add objects, so added ids are never written as numbers)."""
    expected = expected.replace("new+1", str(first + 1)).replace("new", str(first))

    def where(m: re.Match[str]) -> str:
        oid = int(m.group(1))
        pts = abs_points(obj(root, oid))
        x, y = pts[-1] if m.group(2) else pts[0]
        return f"object {oid} at ({x:.0f}, {y:.0f})"

    return re.sub(r"\{(\d+)(\.last)?\}", where, expected)


def _num(v: float) -> str:
    """A coordinate the way Tiled writes it (no trailing .0)."""
    return f"{v:.2f}".rstrip("0").rstrip(".")


# --- not a TMX map at all -----------------------------------------------------


@mutation("not_xml.tmx", "not a valid XML file")
def not_xml(root: ET.Element) -> str:
    return "This is not a track.\nlanes: A, B, C\n"


@mutation("empty.tmx", "not a valid XML file")
def empty(root: ET.Element) -> str:
    return ""


@mutation("truncated.tmx", "not a valid XML file")
def truncated(root: ET.Element) -> bytes:
    """The shipped map cut off in the middle of the lanes layer."""
    data = SOURCE.read_bytes()
    return data[: data.index(b'<object id="5"') + 20]


@mutation("binary.tmx", "not a valid XML file")
def binary(root: ET.Element) -> bytes:
    return bytes(range(256)) * 2


@mutation("tileset_root.tsx", "not a Tiled map (the root element is <tileset>)")
def tileset_root(root: ET.Element) -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="32" tileheight="32"'
        ' tilecount="4" columns="2">\n'
        ' <image source="terrain.png" width="64" height="64"/>\n'
        "</tileset>\n"
    )


@mutation("json_map.tmj", "JSON maps (.tmj) are not supported")
def json_map(root: ET.Element) -> str:
    """The map properties of oval.tmx, saved the way Tiled's JSON format writes them."""
    mp = [
        {"name": p.get("name"), "type": p.get("type", "string"), "value": p.get("value")}
        for p in part(root, "properties").iter("property")
    ]
    doc = {
        "type": "map",
        "version": "1.8",
        "tiledversion": "1.8.2",
        "orientation": "orthogonal",
        "renderorder": "right-down",
        "width": int(root.get("width", "0")),
        "height": int(root.get("height", "0")),
        "tilewidth": 32,
        "tileheight": 32,
        "infinite": False,
        "layers": [],
        "tilesets": [],
        "properties": mp,
    }
    return json.dumps(doc, indent=1) + "\n"


# --- map format ---------------------------------------------------------------


@mutation("zstd_layer.tmx", "a tile layer uses zstd compression")
def zstd_layer(root: ET.Element) -> None:
    """A background tile layer saved with zstd compression (the data only needs to look plausible)."""
    lay = ET.Element(
        "layer",
        {
            "id": new_id(root, "nextlayerid"),
            "name": "grass",
            "width": root.get("width", "1"),
            "height": root.get("height", "1"),
        },
    )
    data = ET.SubElement(lay, "data", {"encoding": "base64", "compression": "zstd"})
    data.text = "KLUv/SBAZQAACAAAAQDAAgIA"
    insert_after_tilesets(root, lay)


@mutation("infinite_map.tmx", "the map is infinite")
def infinite_map(root: ET.Element) -> None:
    root.set("infinite", "1")


@mutation("isometric_map.tmx", "the map is isometric")
def isometric_map(root: ET.Element) -> None:
    root.set("orientation", "isometric")


@mutation("template_object.tmx", "{37}: the object uses a template")
def template_object(root: ET.Element) -> None:
    """Grid slot P1 placed from a template and not detached."""
    o = obj(root, 37)
    o.set("template", "grid_slot.tx")


@mutation("json_tileset.tmx", "tileset terrain.tsj is a JSON tileset")
def json_tileset(root: ET.Element) -> None:
    """A second tileset, exported from Tiled in JSON."""
    insert_after_tilesets(root, ET.Element("tileset", {"firstgid": "1001", "source": "terrain.tsj"}))


@mutation("duplicate_layer_name.tmx", "two layers are named 'corners'")
def duplicate_layer_name(root: ET.Element) -> None:
    """The empty 'rows' layer renamed to 'corners'."""
    layer(root, "rows").set("name", "corners")


@mutation(
    "misnamed_layer.tmx",
    "layer 'Corners' is not a layer the game reads, so its objects are ignored; the closest is 'corners'",
)
def misnamed_layer(root: ET.Element) -> None:
    """The corners layer written with a capital C: without a word its corners would vanish."""
    layer(root, "corners").set("name", "Corners")


@mutation("missing_tileset.tmx", "the tileset tiles/circuit.tsx is not at")
def missing_tileset(root: ET.Element) -> None:
    """The map points to a tileset in a folder that does not exist."""
    part(root, "tileset").set("source", "tiles/circuit.tsx")


@mutation("no_lanes_layer.tmx", "the map has no object layer named 'lanes'")
def no_lanes_layer(root: ET.Element) -> None:
    remove(root, layer(root, "lanes"))


@mutation("lanes_tile_layer.tmx", "layer 'lanes' is not an object layer")
def lanes_tile_layer(root: ET.Element) -> None:
    """'lanes' recreated as an (empty) tile layer instead of an object layer."""
    old = layer(root, "lanes")
    w, h = int(root.get("width", "1")), int(root.get("height", "1"))
    new = ET.Element("layer", {"id": old.get("id", "3"), "name": "lanes", "width": str(w), "height": str(h)})
    data = ET.SubElement(new, "data", {"encoding": "csv"})
    data.text = "\n" + ",\n".join(",".join("0" for _ in range(w)) for _ in range(h)) + "\n"
    parent = parent_of(root, old)
    parent.insert(list(parent).index(old), new)
    parent.remove(old)


@mutation("no_start_finish_layer.tmx", "the map has no object layer named 'start_finish'")
def no_start_finish_layer(root: ET.Element) -> None:
    remove(root, layer(root, "start_finish"))


# --- custom property names ----------------------------------------------------


@mutation("reserved_prop_type.tmx", "{1}: the object has a custom property named 'type'")
def reserved_prop_type(root: ET.Element) -> None:
    """Corner 'Lindenkehre' gets a custom property named 'type' (as Tiled <1.9 users might add)."""
    set_prop(obj(root, 1), "type", "hairpin")


@mutation("reserved_prop_x.tmx", "{40}: the object has a custom property named 'x'")
def reserved_prop_x(root: ET.Element) -> None:
    set_prop(obj(root, 40), "x", "3", "int")


@mutation("reserved_layer_prop.tmx", "layer 'arrows' has a custom property named 'count'")
def reserved_layer_prop(root: ET.Element) -> None:
    set_prop(layer(root, "arrows"), "count", "18", "int")


# --- map properties -----------------------------------------------------------


@mutation("no_circuit_name.tmx", "the map has no circuit_name")
def no_circuit_name(root: ET.Element) -> None:
    del_prop(root, "circuit_name")


@mutation("no_laps.tmx", "the map has no laps property")
def no_laps(root: ET.Element) -> None:
    del_prop(root, "laps")


@mutation("laps_0.tmx", "map property laps is 0, not 1, 2 or 3")
def laps_0(root: ET.Element) -> None:
    set_prop(root, "laps", "0")


@mutation("laps_string.tmx", "map property laps is 'two', not 1, 2 or 3")
def laps_string(root: ET.Element) -> None:
    """laps typed as a string property."""
    p = prop(root, "laps")
    del p.attrib["type"]
    p.set("value", "two")


@mutation("no_space_length.tmx", "map property space_length is None, not a length of at least 8 pixels")
def no_space_length(root: ET.Element) -> None:
    del_prop(root, "space_length")


@mutation("space_length_negative.tmx", "map property space_length is -48.0, not a length of at least 8 pixels")
def space_length_negative(root: ET.Element) -> None:
    set_prop(root, "space_length", "-48")


@mutation("weather_gap.tmx", "does not cover the black-die results 1 to 20 exactly once: result 12 in none")
def weather_gap(root: ET.Element) -> None:
    """12 belongs to no condition."""
    set_prop(root, "weather_variable", "6-11")


@mutation("weather_overlap.tmx", "exactly once: result 13 in both weather_sun and weather_variable")
def weather_overlap(root: ET.Element) -> None:
    """13 is both variable and sun."""
    set_prop(root, "weather_variable", "6-13")


@mutation("weather_variable_outside.tmx", "variable weather does not lie between sun and rain on the barometer")
def weather_variable_outside(root: ET.Element) -> None:
    """Sun 1-5, rain 6-12, variable 13-20: a complete table, but variable is at the end."""
    set_prop(root, "weather_sun", "1-5")
    set_prop(root, "weather_rain", "6-12")
    set_prop(root, "weather_variable", "13-20")


@mutation("weather_not_a_range.tmx", "map property weather_rain is '1..5', not a range of black-die results")
def weather_not_a_range(root: ET.Element) -> None:
    set_prop(root, "weather_rain", "1..5")


@mutation("no_weather_sun.tmx", "the map has no weather_sun")
def no_weather_sun(root: ET.Element) -> None:
    del_prop(root, "weather_sun")


# --- lanes and start line -----------------------------------------------------


@mutation("lane_not_closed.tmx", "{4.last}: lane does not close the lap")
def lane_not_closed(root: ET.Element) -> None:
    """Lane A stops at the end of the far straight instead of going round the Seekurve."""
    o = obj(root, 4)
    pts = points(o)
    set_points(o, pts[: pts.index(("0", "-172")) + 1])


@mutation(
    "lane_reversed.tmx",
    "{5}: this lane is drawn against the direction of the other lanes. "
    "Fix: delete the lane and draw it again in the driving direction",
)
def lane_reversed(root: ET.Element) -> None:
    """Lane B drawn clockwise while A and C run anticlockwise."""
    o = obj(root, 5)
    set_points(o, points(o)[::-1])


@mutation("one_lane.tmx", "the track has 1 lane. Fix: draw 2 to")
def one_lane(root: ET.Element) -> None:
    remove(root, obj(root, 5))
    remove(root, obj(root, 6))


@mutation("two_start_finish.tmx", "layer 'start_finish' has 2 start/finish lines")
def two_start_finish(root: ET.Element) -> None:
    """A second start/finish line, across the far straight."""
    x = abs_points(obj(root, 7))[0][0]
    top = {oid: min(abs_points(obj(root, oid)), key=lambda p: p[1])[1] for oid in (4, 6)}  # far straight
    line = ET.SubElement(
        layer(root, "start_finish"), "object", {"id": new_id(root, "nextobjectid"), "type": "start_finish"}
    )
    ET.SubElement(line, "polyline")
    place_line(line, (x, min(top.values()) - 20), (x, max(top.values()) + 20))


@mutation("start_finish_short.tmx", "the start/finish line crosses lane object 6 0 times")
def start_finish_short(root: ET.Element) -> None:
    """The start/finish line stops between lanes B and C."""
    set_points(obj(root, 7), [("0", "0"), ("0", "80")])


# --- corners ------------------------------------------------------------------


@mutation("corner_no_stops.tmx", "{1}: corner property stops is missing")
def corner_no_stops(root: ET.Element) -> None:
    del_prop(obj(root, 1), "stops")


@mutation("corner_stops_4.tmx", "{2}: corner property stops is 4")
def corner_stops_4(root: ET.Element) -> None:
    set_prop(obj(root, 2), "stops", "4")


@mutation("corner_misses_lane.tmx", "{1}: lane object 6 crosses the corner border 0 times")
def corner_misses_lane(root: ET.Element) -> None:
    """Lindenkehre redrawn as a box over the apex of lanes A and B only: lane C never enters it."""
    apex = {oid: max(abs_points(obj(root, oid))) for oid in (4, 5, 6)}  # right-most point of each lane
    x0, x1 = apex[4][0] - 24, (apex[5][0] + apex[6][0]) / 2
    y0 = apex[4][1] - 40
    o = obj(root, 1)
    o.set("x", _num(x0))
    o.set("y", _num(y0))
    set_points(o, [("0", "0"), (_num(x1 - x0), "0"), (_num(x1 - x0), "80"), ("0", "80")])


@mutation("corner_contains_start.tmx", "{2}: the corner contains the start/finish line")
def corner_contains_start(root: ET.Element) -> None:
    """The start/finish line moved across the apex of the Seekurve."""
    apex = [min(abs_points(obj(root, oid))) for oid in (4, 5, 6)]  # left-most point of each lane
    y = apex[0][1]
    place_line(obj(root, 7), (min(p[0] for p in apex) - 20, y), (max(p[0] for p in apex) + 20, y))


# --- arrows -------------------------------------------------------------------


@mutation("arrow_end_off_space.tmx", "{16.last}: the arrow's end is not on a space")
def arrow_end_off_space(root: ET.Element) -> None:
    """Arrow 16 (B to A before the Lindenkehre) ends in the infield."""
    set_points(obj(root, 16), [("0", "0"), ("48", "-140")])


@mutation("arrow_backwards.tmx", "does not point forwards: it leads back")
def arrow_backwards(root: ET.Element) -> None:
    """Arrow 16 drawn from its end (lane A) back to its start (lane B)."""
    o = obj(root, 16)
    x, y = float(o.get("x", "0")), float(o.get("y", "0"))
    (dx, dy) = (float(v) for v in points(o)[1])
    o.set("x", _num(x + dx))
    o.set("y", _num(y + dy))
    set_points(o, [("0", "0"), (_num(-dx), _num(-dy))])


@mutation("arrow_non_adjacent.tmx", "does not lead into an adjacent lane")
def arrow_non_adjacent(root: ET.Element) -> None:
    """Arrow 17 (C to B) redrawn from lane C straight into lane A."""
    set_points(obj(root, 17), [("0", "0"), ("48", "-80")])


@mutation("arrow_three_points.tmx", "{8}: arrow is not a line with two points")
def arrow_three_points(root: ET.Element) -> None:
    o = obj(root, 8)
    set_points(o, points(o) + [("50", "-80")])


@mutation("unknown_class.tmx", "{8}: object of class 'arow' in layer 'arrows' (the closest class is 'arrow')")
def unknown_class(root: ET.Element) -> None:
    """A typo in an arrow's class."""
    obj(root, 8).set("type", "arow")


@mutation("arrow_on_straight.tmx", "arrow from A3 to B4 lies on a straight, outside every corner and arrow zone")
def arrow_on_straight(root: ET.Element) -> None:
    """An arrow between two spaces of the main straight, where diagonal steps need no arrow."""
    o = ET.SubElement(layer(root, "arrows"), "object", {"id": new_id(root, "nextobjectid"), "type": "arrow"})
    ET.SubElement(o, "polyline")
    place_line(o, (1028.0, 368.0), (1076.0, 408.0))


@mutation(
    "cuts_out_of_order.tmx", "meets row line object new here, where lane object 4 meets the start of corner object 1"
)
def cuts_out_of_order(root: ET.Element) -> None:
    """A slanted row line that lane A meets before the start line and lanes B and C after it."""
    o = ET.SubElement(layer(root, "rows"), "object", {"id": new_id(root, "nextobjectid"), "type": "row_line"})
    ET.SubElement(o, "polyline")
    place_line(o, (895.0, 352.0), (925.0, 464.0))


# --- grid ---------------------------------------------------------------------


@mutation("few_grid_slots.tmx", "the grid has positions [1, 2, 3, 4, 5, 6, 7, 8]; it needs positions 1 to at least 10")
def few_grid_slots(root: ET.Element) -> None:
    remove(root, obj(root, 45))
    remove(root, obj(root, 46))


@mutation("duplicate_grid_position.tmx", "{46}: two grid slots have position 9")
def duplicate_grid_position(root: ET.Element) -> None:
    set_prop(obj(root, 46), "position", "9")


@mutation("grid_slots_same_space.tmx", "{38}: two grid slots are on space")
def grid_slots_same_space(root: ET.Element) -> None:
    """Slot P2 dropped onto the pole position's space."""
    o, pole = obj(root, 38), obj(root, 37)
    o.set("x", pole.get("x", "0"))
    o.set("y", pole.get("y", "0"))


@mutation(
    "tile_grid_slot.tmx",
    "{45}: the object in layer 'grid' is a tile object (a picture). "
    "Fix: delete it and draw the object again: grid slots",
)
def tile_grid_slot(root: ET.Element) -> None:
    """Grid slot P9 placed as a tile picture instead of a point."""
    o = obj(root, 45)
    o.remove(part(o, "point"))
    o.attrib.update({"gid": "1", "width": "32", "height": "32"})


@mutation("grid_slot_off_track.tmx", "{39}: grid slot is not on a track space")
def grid_slot_off_track(root: ET.Element) -> None:
    """Slot P3 pulled 68 px off its lane into the infield."""
    move(obj(root, 39), dy=-68)


@mutation("no_qualifying_start.tmx", "layer 'grid' has 0 objects of class qualifying_start")
def no_qualifying_start(root: ET.Element) -> None:
    remove(root, obj(root, 47))


# --- pit ----------------------------------------------------------------------


@mutation("pit_end_off_track.tmx", "{26.last}: the pit lane does not end on a track space")
def pit_end_off_track(root: ET.Element) -> None:
    """The pit lane's last point pulled 80 px below lane C."""
    o = obj(root, 26)
    pts = points(o)
    set_points(o, pts[:-1] + [(pts[-1][0], "80")])


@mutation("pit_lane_reversed.tmx", "{26}: the pit lane runs backwards along the track somewhere")
def pit_lane_reversed(root: ET.Element) -> None:
    """The pit lane drawn from its exit to its entry."""
    o = obj(root, 26)
    x0, y0 = float(o.get("x", "0")), float(o.get("y", "0"))
    absolute = [(x0 + float(x), y0 + float(y)) for x, y in points(o)][::-1]
    nx, ny = absolute[0]
    o.set("x", _num(nx))
    o.set("y", _num(ny))
    set_points(o, [(_num(x - nx), _num(y - ny)) for x, y in absolute])


@mutation(
    "few_boxes.tmx", "the pit lane has boxes [1, 2, 3, 4, 5, 6, 7, 8, 9]; it needs boxes numbered 1 to at least 10"
)
def few_boxes(root: ET.Element) -> None:
    remove(root, obj(root, 36))


@mutation("box_off_pit.tmx", "{30}: box is not on a pit-lane space")
def box_off_pit(root: ET.Element) -> None:
    """Box 4 one space below the pit lane."""
    move(obj(root, 30), dy=48)


# --- numbers that are not numbers -------------------------------------------


@mutation("nan_coordinate.tmx", "object 26")
def nan_coordinate(root: ET.Element) -> None:
    """The pit lane's x is 'nan' (hand-edited or written by a buggy generator).

    Python's float() accepts it, so only a finiteness check can catch it; the
    message must name the object.
    """
    obj(root, 26).set("x", "nan")


# --- writing ------------------------------------------------------------------


# --- the street race (game/tracks/street.py), on the city circuit -------------------
# Objects of maps/brueckenau.tmx: 8 the danger zone, 9-11 its black spaces, 12 the
# shooting zone, 13 the police station, 42 and 43 tunnel 1's entry and exit.


def of_class(root: ET.Element, cls: str) -> ET.Element:
    """The first object of class ``cls``."""
    return next(o for o in root.iter("object") if o.get("type") == cls)


@mutation("street_tunnel_no_partner.tmx", "{42}: the tunnel entry 1 has no partner: no tunnel_exit has number 1", CITY)
def street_tunnel_no_partner(root: ET.Element) -> None:
    """Tunnel 1's exit deleted: its entry leads nowhere."""
    remove(root, obj(root, 43))


@mutation("street_tunnel_two_entries.tmx", "{43}: two tunnel entries have number 1", CITY)
def street_tunnel_two_entries(root: ET.Element) -> None:
    """The exit drawn with the entry's class: two entries share the number."""
    obj(root, 43).set("type", "tunnel_entry")


@mutation("street_tunnel_off_space.tmx", "{42}: the tunnel entry 1 is not on a track space", CITY)
def street_tunnel_off_space(root: ET.Element) -> None:
    """The entry dropped half way to the exit, on the block between the streets."""
    (ax, ay), (bx, by) = abs_points(obj(root, 42))[0], abs_points(obj(root, 43))[0]
    move(obj(root, 42), (bx - ax) / 2, (by - ay) / 2)


@mutation("street_tunnel_backwards.tmx", "{43}: tunnel 1 leads from", CITY)
def street_tunnel_backwards(root: ET.Element) -> None:
    """Entry and exit swapped: the tunnel would send cars back along the lap."""
    obj(root, 42).set("type", "tunnel_exit")
    obj(root, 43).set("type", "tunnel_entry")


@mutation("street_tunnel_same_space.tmx", "{43}: the tunnel exit 1 is on", CITY)
def street_tunnel_same_space(root: ET.Element) -> None:
    """The exit placed on the entry's space."""
    exit_ = obj(root, 43)
    exit_.set("x", obj(root, 42).get("x", "0"))
    exit_.set("y", obj(root, 42).get("y", "0"))


@mutation("street_tunnel_no_number.tmx", "{42}: tunnel_entry property number is missing", CITY)
def street_tunnel_no_number(root: ET.Element) -> None:
    """The entry's number left grey in Tiled (the project's default, never saved)."""
    del_prop(obj(root, 42), "number")


@mutation(
    "street_tunnel_class_typo.tmx",
    "object of class 'tunel_exit' in layer 'tunnels' (the closest class is 'tunnel_exit')",
    CITY,
)
def street_tunnel_class_typo(root: ET.Element) -> None:
    obj(root, 43).set("type", "tunel_exit")


@mutation(
    "street_layer_misnamed.tmx",
    "layer 'Tunnels' is not a layer the game reads, so its objects are ignored; the closest is 'tunnels'",
    CITY,
)
def street_layer_misnamed(root: ET.Element) -> None:
    layer(root, "tunnels").set("name", "Tunnels")


@mutation("street_zone_off_track.tmx", "{12}: the shooting zone covers no space: it lies outside the lanes", CITY)
def street_zone_off_track(root: ET.Element) -> None:
    """The windows' zone dragged off the street into the blocks of the old town."""
    move(obj(root, 12), 0, -400)


@mutation("street_zone_not_polygon.tmx", "{13}: the police station is not a polygon", CITY)
def street_zone_not_polygon(root: ET.Element) -> None:
    """The police station's zone finished with Enter: an open polyline, not an area."""
    part(obj(root, 13), "polygon").tag = "polyline"


@mutation("street_zones_overlap.tmx", "{13}: the police station and the danger zone object 8 both cover", CITY)
def street_zones_overlap(root: ET.Element) -> None:
    """The police station drawn over the danger zone."""
    police, danger = obj(root, 13), obj(root, 8)
    for key in ("x", "y"):
        police.set(key, danger.get(key, "0"))
    part(police, "polygon").set("points", part(danger, "polygon").get("points", ""))


@mutation(
    "street_black_outside.tmx", "{9}: the black space on A24 is outside the danger zone (outside every zone)", CITY
)
def street_black_outside(root: ET.Element) -> None:
    """A black space two spaces before the danger zone begins."""
    black, zone = obj(root, 9), abs_points(obj(root, 8))
    top = min(y for _, y in zone)
    move(black, 0, top - 96 - abs_points(black)[0][1])


@mutation("street_danger_no_black.tmx", "{8}: the danger zone has no black spaces", CITY)
def street_danger_no_black(root: ET.Element) -> None:
    for oid in (9, 10, 11):
        remove(root, obj(root, oid))


@mutation(
    "street_with_pit.tmx",
    "{new}: the track has a pit lane and street-race features: a street race has no pits (STREET-4)",
)
def street_with_pit(root: ET.Element) -> None:
    """A tunnel on the oval, which has a pit lane: grid slot 10's space into grid slot 2's."""
    group = ET.SubElement(root, "objectgroup", {"id": new_id(root, "nextlayerid"), "name": "tunnels"})
    for cls, slot in (("tunnel_entry", 46), ("tunnel_exit", 38)):
        x, y = abs_points(obj(root, slot))[0]
        el = ET.SubElement(
            group, "object", {"id": new_id(root, "nextobjectid"), "type": cls, "x": _num(x), "y": _num(y)}
        )
        ET.SubElement(ET.SubElement(el, "properties"), "property", {"name": "number", "type": "int", "value": "1"})
        ET.SubElement(el, "point")


# --- blocked spaces (game/tracks/blocked.py) ------------------------------------------------


def _space_xy(name: str, source: Path = SOURCE) -> tuple[float, float]:
    """The centre of a space of the map as the loader derives it (blocked spaces sit on centres)."""
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    from game.tracks.load import load_track

    sp = load_track(source).space(name)
    return sp.x, sp.y


def add_blocked(root: ET.Element, *where: tuple[float, float]) -> None:
    """A layer 'spaces' with a blocked_space point at each position."""
    group = ET.SubElement(root, "objectgroup", {"id": new_id(root, "nextlayerid"), "name": "spaces"})
    for x, y in where:
        el = ET.SubElement(
            group, "object", {"id": new_id(root, "nextobjectid"), "type": "blocked_space", "x": _num(x), "y": _num(y)}
        )
        ET.SubElement(el, "point")


@mutation("blocked_off_space.tmx", "{new}: the blocked space is not on a space")
def blocked_off_space(root: ET.Element) -> None:
    """A blocked space dropped in the infield, a lane width inside lane C."""
    x, y = _space_xy("C30")
    add_blocked(root, (x, y - 120))


@mutation("blocked_on_grid.tmx", "{new}: the blocked space on A60 is grid slot 1, which a car must be able to use")
def blocked_on_grid(root: ET.Element) -> None:
    add_blocked(root, abs_points(obj(root, 37))[0])


@mutation("blocked_on_line.tmx", "{new}: the blocked space on B1 is a space at the start/finish line")
def blocked_on_line(root: ET.Element) -> None:
    add_blocked(root, _space_xy("B1"))


@mutation("blocked_on_box.tmx", "{new}: the blocked space is on P4, pit box 1: the pit lane has no blocked spaces")
def blocked_on_box(root: ET.Element) -> None:
    add_blocked(root, abs_points(obj(root, 27))[0])


@mutation("blocked_twice.tmx", "{new+1}: two blocked spaces are on B40 (objects new and new+1)")
def blocked_twice(root: ET.Element) -> None:
    add_blocked(root, _space_xy("B40"), _space_xy("B40"))


@mutation("blocked_closes_lane.tmx", "2 spaces cannot be reached from the grid, starting with C14")
def blocked_closes_lane(root: ET.Element) -> None:
    """Lane C blocked in the Lindenkehre, where lane changes follow the arrows only: no way round."""
    add_blocked(root, _space_xy("C13"))


@mutation(
    "blocked_tunnel_exit.tmx",
    "{new}: the blocked space on B70 is the exit of tunnel 1, which a car must be able to use",
    CITY,
)
def blocked_tunnel_exit(root: ET.Element) -> None:
    """The street circuit's tunnel leads onto a blocked space: the car would be moved onto it."""
    add_blocked(root, _space_xy("B70", CITY))


def render(root: ET.Element, fn: Mutation) -> bytes:
    """Apply ``fn`` to ``root`` (a copy of its source map's root) and serialise the result."""
    out = fn(root)
    if isinstance(out, bytes):
        return out
    if isinstance(out, str):
        return out.encode("utf-8")
    rebase_sources(root)
    ET.indent(root, space=" ")
    body = ET.tostring(root, encoding="unicode")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n").encode("utf-8")


def corpus() -> dict[str, bytes]:
    """Every file of the corpus, expected.json included, by name."""
    sources = {path: ET.parse(path).getroot() for path in (SOURCE, CITY)}
    files: dict[str, bytes] = {}
    expected: dict[str, str] = {}
    for name, (exp, fn, source) in sorted(MUTATIONS.items()):
        root = copy.deepcopy(sources[source])
        files[name] = render(root, fn)
        expected[name] = expand(root, exp, int(sources[source].get("nextobjectid", "1")))
    files[EXPECTED] = (json.dumps(expected, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    return files


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="report stale or missing files, write nothing")
    args = ap.parse_args(argv)
    files = corpus()
    stale = [n for n, data in files.items() if not (OUT / n).is_file() or (OUT / n).read_bytes() != data]
    extra = sorted(p.name for p in OUT.iterdir() if p.is_file() and p.name not in files) if OUT.is_dir() else []
    if args.check:
        for n in stale:
            print(f"{OUT / n}: out of date")
        for n in extra:
            print(f"{OUT / n}: not produced by any mutation")
        return 1 if stale or extra else 0
    OUT.mkdir(parents=True, exist_ok=True)
    for n in extra:
        (OUT / n).unlink()
    for n in stale:
        (OUT / n).write_bytes(files[n])
    print(f"{len(files) - 1} broken tracks in {OUT} ({len(stale)} written, {len(extra)} removed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
