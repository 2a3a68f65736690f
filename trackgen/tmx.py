"""Write a layout as a Tiled map, plus the Tiled project file and object types, and summarise it."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from rules.track import LANE_LETTERS
from trackgen.description import TILE, TrackError
from trackgen.geometry import fmt
from trackgen.layout import Layout

# Object classes: name -> (colour, int members with their defaults). The one
# source for the layer colours, the Tiled project file and objecttypes.xml.
# Defaults are 0 on purpose: Tiled never saves an inherited default, so a
# value the designer did not set stays missing and the loader can say so.
CLASSES: dict[str, tuple[str, dict[str, int | float | bool | str]]] = {
    "lane": ("#e6e6e6", {"partial": False}),
    "start_finish": ("#ffffff", {}),
    "corner": ("#ff3b30", {"stops": 0}),
    "arrow": ("#ffd60a", {}),
    "arrow_zone": ("#ff9f0a", {}),
    "no_lane_change": ("#ffcc00", {}),
    "row_line": ("#8e8e93", {}),
    "space": ("#f2f2f7", {"row_position": 0.0, "after_gap": False}),
    "grid_slot": ("#0a84ff", {"position": 0}),
    "qualifying_start": ("#64d2ff", {}),
    "pit_lane": ("#bf5af2", {"spaces_on_points": False}),
    "box": ("#bf5af2", {"box": 0}),
    # scenery: pictures only (docs/track-format.md); the rules never see them
    "stand": ("#5e5ce6", {}),
    "building": ("#98989d", {"roof": ""}),
    "gravel": ("#d4c294", {}),
    "runoff": ("#707379", {}),
    "paved": ("#a09e97", {}),
    "grass": ("#48863a", {}),
    "water": ("#2c6492", {}),
    "trees": ("#245828", {}),
    "wall": ("#e2e2dc", {}),
    "tyres": ("#1a1a1c", {}),
    "tree": ("#2f6b2f", {}),
    "hill": ("#7a9a5a", {}),
    "rocks": ("#8a867e", {}),
    "tent": ("#f2f2ec", {}),
    "boat": ("#f0f0ea", {}),
    # the street race (game/tracks/street.py)
    "shooting_zone": ("#ff2d55", {}),
    "danger_zone": ("#ff9500", {}),
    "black_space": ("#1c1c1e", {}),
    "police_station": ("#0a3cff", {}),
    "tunnel_entry": ("#30d158", {"number": 0}),
    "tunnel_exit": ("#66d4cf", {"number": 0}),
    # a printed space no car may use (game/tracks/blocked.py), layer 'spaces'
    "blocked_space": ("#d0312d", {}),
}

# Object layers, bottom first, each with the class whose colour it uses.
LAYERS: list[tuple[str, str]] = [
    ("corners", "corner"),
    ("arrow_zones", "arrow_zone"),
    ("zones", "danger_zone"),
    ("lanes", "lane"),
    ("rows", "row_line"),
    ("start_finish", "start_finish"),
    ("arrows", "arrow"),
    ("pit", "pit_lane"),
    ("tunnels", "tunnel_entry"),
    ("grid", "grid_slot"),
]


def _serialise(root: ET.Element) -> str:
    """XML text laid out like Tiled's writer, so a save in Tiled gives no diff."""
    ET.indent(root, space=" ")
    body = ET.tostring(root, encoding="unicode").replace(" />", "/>")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n"


@dataclass
class Art:
    """The pictures of a map for Tiled: the ``ground`` tile layer and the ``preview`` image layer."""

    ground: list[int]  # global tile ids, row by row
    preview: str  # PNG file name beside the map
    size: tuple[int, int]  # of the preview, px


TILESET = "circuit.tsx"


def tmx_text(layout: Layout, art: Art | None = None) -> str:
    """The .tmx file for a built layout (Tiled 1.8 style: the class is the ``type`` attribute).

    Bottom to top: the ``ground`` tile layer and the ``preview`` image layer
    (pictures for Tiled, when ``art`` is given), the ``scenery`` object
    layer, then the track layers. Object ids number the track layers first,
    so adding scenery never renumbers a corner (its id is part of the graph).
    """
    c = layout.circuit
    # A pit layer promises a pit lane (docs/track-format.md): leave it out when there is none; the
    # street layers only on a street-race circuit, so the other maps stay as they were.
    layers = [("scenery", "building")]
    present = {"pit": c.pit is not None, "zones": bool(c.street), "tunnels": bool(c.tunnels)}
    layers += [(name, cls) for name, cls in LAYERS if present.get(name, True)]
    ids: dict[int, int] = {}
    for layer, _ in layers[1:] + layers[:1]:
        for obj in (o for o in layout.objects if o.layer == layer):
            ids[id(obj)] = len(ids) + 1
    picture_layers = 2 if art is not None else 0
    root = ET.Element(
        "map",
        {
            "version": "1.8",
            "tiledversion": "1.8.2",
            "orientation": "orthogonal",
            "renderorder": "right-down",
            "width": str(layout.width),
            "height": str(layout.height),
            "tilewidth": str(TILE),
            "tileheight": str(TILE),
            "infinite": "0",
            "backgroundcolor": c.background,
            "nextlayerid": str(len(layers) + picture_layers + 1),
            "nextobjectid": str(len(layout.objects) + 1),
        },
    )
    props = ET.SubElement(root, "properties")
    for name, typ, value in (  # sorted by name, as Tiled writes them
        ("circuit_name", "", c.name),
        ("laps", "int", str(c.laps)),
        ("space_length", "float", fmt(c.space_length)),
        ("surroundings", "", c.surroundings),
        ("weather_rain", "", c.weather_rain),
        ("weather_sun", "", c.weather_sun),
        ("weather_variable", "", c.weather_variable),
    ):
        ET.SubElement(props, "property", {"name": name} | ({"type": typ} if typ else {}) | {"value": value})

    if art is not None:
        ET.SubElement(root, "tileset", {"firstgid": "1", "source": TILESET})
        tiles = ET.SubElement(
            root,
            "layer",
            {"id": "1", "name": "ground", "locked": "1", "width": str(layout.width), "height": str(layout.height)},
        )
        data = ET.SubElement(tiles, "data", {"encoding": "csv"})
        rows = [
            ",".join(str(g) for g in art.ground[r * layout.width : (r + 1) * layout.width])
            for r in range(layout.height)
        ]
        data.text = "\n" + ",\n".join(rows) + "\n"
        image = ET.SubElement(root, "imagelayer", {"id": "2", "name": "preview", "locked": "1"})
        ET.SubElement(image, "image", {"source": art.preview, "width": str(art.size[0]), "height": str(art.size[1])})

    for layer_id, (layer, cls) in enumerate(layers, start=picture_layers + 1):
        group = ET.SubElement(root, "objectgroup", {"color": CLASSES[cls][0], "id": str(layer_id), "name": layer})
        for obj in (o for o in layout.objects if o.layer == layer):
            object_id = ids[id(obj)]
            attrs = {"id": str(object_id)} | ({"name": obj.name} if obj.name else {})
            attrs |= {"type": obj.cls, "x": fmt(obj.shape.origin[0]), "y": fmt(obj.shape.origin[1])}
            el = ET.SubElement(group, "object", attrs)
            if obj.props:
                pel = ET.SubElement(el, "properties")
                for name in sorted(obj.props):
                    ET.SubElement(pel, "property", _property(name, obj.props[name]))
            if obj.kind == "point":
                ET.SubElement(el, "point")
            else:
                ET.SubElement(el, obj.kind, {"points": obj.shape.points_attr()})
    if len(ids) != len(layout.objects):
        raise TrackError("internal: an object is in no layer")
    return _serialise(root)


def _property(name: str, value: int | float | str) -> dict[str, str]:
    """An object property's attributes as Tiled writes them: ints and floats typed, strings plain."""
    if isinstance(value, str):
        return {"name": name, "value": value}
    if isinstance(value, float):
        return {"name": name, "type": "float", "value": fmt(value)}
    return {"name": name, "type": "int", "value": str(value)}


def _kind(value: int | float | bool | str) -> str:
    """A class member's type as Tiled names it: ``bool`` for a flag (``pit_lane``'s
    spaces_on_points), ``float`` for a fraction (a space's row_position), ``string`` for a
    name (a building's roof), else ``int``."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, float):
        return "float"
    return "string" if isinstance(value, str) else "int"


def project_text() -> str:
    """The Tiled project file.

    Tiled 1.8 reads the object types from ``objectTypesFile``. Tiled 1.9+
    use the ``propertyTypes`` classes (``useAs: object``) and also import
    the object types file on load, replacing same-named classes. The
    compatibility version 1080 (Tiled 1.8) makes Tiled 1.9 save the class
    as ``type`` like 1.8 and 1.10+ do, not as ``class``.
    """
    types = [
        {
            "color": "#ff" + colour[1:],
            "id": i,
            "members": [{"name": m, "type": _kind(v), "value": v} for m, v in members.items()],
            "name": name,
            "type": "class",
            "useAs": ["object"],
        }
        for i, (name, (colour, members)) in enumerate(CLASSES.items(), start=1)
    ]
    project = {
        "automappingRulesFile": "",
        "commands": [],
        "compatibilityVersion": 1080,
        "extensionsPath": "extensions",
        "folders": ["."],
        "objectTypesFile": "objecttypes.xml",
        "properties": [],
        "propertyTypes": types,
    }
    return json.dumps(project, indent=4) + "\n"


def objecttypes_text() -> str:
    """objecttypes.xml in the layout of Tiled's Object Types Editor."""
    root = ET.Element("objecttypes")
    for name, (colour, members) in CLASSES.items():
        el = ET.SubElement(root, "objecttype", {"name": name, "color": colour})
        for m, v in members.items():
            default = str(v).lower() if isinstance(v, bool) else str(v)
            ET.SubElement(el, "property", {"name": m, "type": _kind(v), "default": default})
    return _serialise(root)


def summary(layout: Layout) -> str:
    """What `track info` should report for this map, in a few lines."""
    c = layout.circuit
    lines = [f"{c.file}: {c.name!r}, {c.lanes} lanes, {layout.width}x{layout.height} tiles"]
    kinds = " ".join("S" if ci is None else layout.corner_labels[ci] for ci in layout.pieces)
    lines.append(f"  pieces from the start line: {kinds}")
    for li, lane in enumerate(layout.spaces):
        per_piece = " ".join(f"{round(r)}({r:.2f})" for r in layout.ratios[li])
        lines.append(f"  lane {LANE_LETTERS[li]}: {len(lane)} spaces; per piece, rounded (exact): {per_piece}")
    rows = max(s.row for lane in layout.spaces for s in lane) + 1
    lines.append(f"  rows per lap: {rows}")
    for n, label in enumerate(layout.corner_labels):
        j = layout.pieces.index(n)
        counts = " ".join(f"{LANE_LETTERS[li]}:{round(r[j])}" for li, r in enumerate(layout.ratios))
        lines.append(f"  corner {label!r}: spaces {counts}")
    lines += [f"  {note}" for note in layout.notes]
    lines += [f"  warning: {w}" for w in layout.warnings]
    return "\n".join(lines)
