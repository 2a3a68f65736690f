"""The drawing written as a Tiled map (``.tmx``)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from game.tools.trackimport.board import TILE
from game.tracks.drawing import Drawing


def _num(v: object) -> str:
    if isinstance(v, float):
        return f"{v:.2f}".rstrip("0").rstrip(".")
    return str(v)


def tmx_text(d: Drawing, size: tuple[int, int]) -> str:
    """The drawing as a Tiled 1.8 map: map properties, then one object layer per track layer."""
    width, height = size
    shapes = [s for layer in d.layers.values() for s in layer]
    root = ET.Element(
        "map",
        {
            "version": "1.8",
            "tiledversion": "1.8.2",
            "orientation": "orthogonal",
            "renderorder": "right-down",
            "width": str(width),
            "height": str(height),
            "tilewidth": str(TILE),
            "tileheight": str(TILE),
            "infinite": "0",
            "nextlayerid": str(len(d.layers) + 1),
            "nextobjectid": str(max((s.id for s in shapes), default=0) + 1),
        },
    )
    props = ET.SubElement(root, "properties")
    for key in sorted(d.props):
        value = d.props[key]
        kind = {int: "int", float: "float"}.get(type(value))
        ET.SubElement(props, "property", {"name": key} | ({"type": kind} if kind else {}) | {"value": _num(value)})
    for layer_id, (layer, objects) in enumerate(d.layers.items(), start=1):
        group = ET.SubElement(root, "objectgroup", {"id": str(layer_id), "name": layer})
        for s in objects:
            x0, y0 = s.points[0]
            attrs = {"id": str(s.id)} | ({"name": s.name} if s.name else {})
            el = ET.SubElement(group, "object", attrs | {"type": s.cls, "x": _num(x0), "y": _num(y0)})
            if s.props:
                pel = ET.SubElement(el, "properties")
                for key in sorted(s.props):
                    value = s.props[key]
                    kind = "bool" if isinstance(value, bool) else "float" if isinstance(value, float) else "int"
                    shown = str(value).lower() if isinstance(value, bool) else _num(value)
                    ET.SubElement(pel, "property", {"name": key, "type": kind, "value": shown})
            if len(s.points) == 1:
                ET.SubElement(el, "point")
            else:
                rel = " ".join(f"{_num(round(x - x0, 2))},{_num(round(y - y0, 2))}" for x, y in s.points)
                ET.SubElement(el, "polygon" if s.closed else "polyline", {"points": rel})
    ET.indent(root, space=" ")
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode").replace(" />", "/>") + "\n"
    )
