"""Write a test ``Drawing`` as a Tiled .tmx map, so the commands (``track check``, ``track
render``, ``simulate``) can read the boards the tests build without Tiled."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path

from game.tracks.drawing import Drawing

TILE = 32


def _props(parent: ET.Element, props: dict[str, object]) -> None:
    if not props:
        return
    holder = ET.SubElement(parent, "properties")
    for key, value in props.items():
        kind = (
            "bool"
            if isinstance(value, bool)
            else "int"
            if isinstance(value, int)
            else "float"
            if isinstance(value, float)
            else "string"
        )
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        ET.SubElement(holder, "property", name=key, type=kind, value=shown)


def tmx_text(d: Drawing) -> str:
    """The drawing as a map: its properties, and one object layer per drawing layer."""
    pts = [p for shapes in d.layers.values() for s in shapes for p in s.points]
    width = math.ceil((max(p[0] for p in pts) + 100) / TILE)
    height = math.ceil((max(p[1] for p in pts) + 100) / TILE)
    root = ET.Element(
        "map",
        version="1.8",
        tiledversion="1.8.2",
        orientation="orthogonal",
        renderorder="right-down",
        width=str(width),
        height=str(height),
        tilewidth=str(TILE),
        tileheight=str(TILE),
        infinite="0",
        nextlayerid=str(len(d.layers) + 1),
        nextobjectid=str(1 + max(s.id for shapes in d.layers.values() for s in shapes)),
    )
    _props(root, d.props)
    for i, (name, shapes) in enumerate(d.layers.items()):
        group = ET.SubElement(root, "objectgroup", id=str(i + 1), name=name)
        for s in shapes:
            x0, y0 = s.points[0]
            obj = ET.SubElement(group, "object", id=str(s.id), x=repr(x0), y=repr(y0))
            if s.cls:
                obj.set("type", s.cls)
            if s.name:
                obj.set("name", s.name)
            _props(obj, s.props)
            if len(s.points) == 1:
                ET.SubElement(obj, "point")
            else:
                rel = " ".join(f"{x - x0!r},{y - y0!r}" for x, y in s.points)
                ET.SubElement(obj, "polygon" if s.closed else "polyline", points=rel)
    return ET.tostring(root, encoding="unicode")


def write_tmx(d: Drawing, path: Path) -> Path:
    path.write_text(tmx_text(d), encoding="utf-8")
    return path
