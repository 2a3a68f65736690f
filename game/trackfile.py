"""Read a Tiled .tmx track into a ``Drawing`` and build its ``Track``.

The raw XML is checked first, so that maps pytmx would mis-read or choke on
(JSON maps, zstd data, infinite maps, object templates, reserved property
names) get a clear message instead of a traceback. Then pytmx opens the map
without images (DESIGN.md): only the board view ever loads pictures.
"""

from __future__ import annotations

import logging
import xml.etree.ElementTree as ET
from pathlib import Path as FsPath

import pytmx

from game.trackbuild import RESERVED, build
from game.trackdraw import Drawing, Problem, Shape, TrackError
from rules.track import Track

TRACK_LAYERS = ("lanes", "start_finish", "corners", "arrows", "arrow_zones", "rows", "grid", "pit")
LAYER_RESERVED = {"index", "count"}


def load_track(path: str | FsPath) -> Track:
    """Load and validate a track; raise TrackError with every problem found."""
    file = str(path)
    try:
        drawing = read_drawing(file)
        return build(drawing)
    except TrackError as err:
        raise TrackError([_in_file(p, file) for p in err.problems]) from None


def check_track(path: str | FsPath) -> list[Problem]:
    """Every problem with a track file; empty when it is fine."""
    try:
        load_track(path)
    except TrackError as err:
        return err.problems
    return []


def _in_file(p: Problem, file: str) -> Problem:
    return Problem(p.message, p.hint, p.object_id, p.x, p.y, file)


def read_drawing(file: str) -> Drawing:
    """The track objects and map properties of a .tmx file."""
    root = _precheck(file)
    try:
        tmx = _open_pytmx(file)
    except Exception as exc:  # pytmx raises many kinds; all mean "cannot read"
        raise TrackError([Problem(f"pytmx cannot read the map ({exc})", "open and save it again in Tiled")]) from None
    drawing = Drawing(props=dict(tmx.properties))
    for layer in tmx.layers:
        if layer.name in TRACK_LAYERS and isinstance(layer, pytmx.TiledObjectGroup):
            drawing.layers[layer.name] = [_shape(o) for o in layer]
    for name in TRACK_LAYERS:
        if name not in drawing.layers and any(
            el.get("name") == name for el in root.iter() if el.tag in ("layer", "imagelayer")
        ):
            raise TrackError([Problem(f"layer {name!r} is not an object layer", f"recreate {name!r} as an object layer")])
    return drawing


def _open_pytmx(file: str) -> pytmx.TiledMap:
    """Open with pytmx, silencing its log chatter (we report problems ourselves)."""
    log = logging.getLogger("pytmx")
    level = log.level
    log.setLevel(logging.CRITICAL)
    try:
        return pytmx.TiledMap(file)
    finally:
        log.setLevel(level)


def _shape(o: pytmx.TiledObject) -> Shape:
    cls = o.type or getattr(o, "class", None) or ""
    if hasattr(o, "points"):
        pts = tuple((float(p.x), float(p.y)) for p in o.points)
        closed = bool(o.closed)
    else:
        pts = ((float(o.x), float(o.y)),)
        closed = False
    return Shape(id=int(o.id), cls=str(cls), points=pts, closed=closed, name=o.name or "", props=dict(o.properties))


def _precheck(file: str) -> ET.Element:
    """Refuse, with one clear message each, what pytmx cannot read correctly."""
    p = FsPath(file)

    def fail(message: str, hint: str, oid: int | None = None) -> TrackError:
        return TrackError([Problem(message, hint, oid)])

    if not p.exists():
        raise fail("no such file", "check the path; track files end in .tmx")
    if p.is_dir():
        raise fail("this is a folder, not a track file", "give the path of a .tmx file")
    if p.suffix.lower() in (".tmj", ".json"):
        raise fail("JSON maps (.tmj) are not supported", "in Tiled use File > Save As and choose the .tmx format")
    try:
        root = ET.parse(file).getroot()
    except ET.ParseError as exc:
        raise fail(f"not a valid XML file ({exc})", "open the track in Tiled and save it as .tmx") from None
    except (OSError, ValueError) as exc:
        raise fail(f"cannot read the file ({exc})", "check that the file exists and is readable") from None
    if root.tag != "map":
        raise fail(f"not a Tiled map (the root element is <{root.tag}>)", "give the path of a .tmx map, not a tileset or other file")
    problems: list[Problem] = []
    if root.get("orientation", "orthogonal") != "orthogonal":
        problems.append(Problem(f"the map is {root.get('orientation')}", "create the track as an orthogonal map"))
    if root.get("infinite", "0") == "1":
        problems.append(Problem("the map is infinite", "in Tiled: Map > Map Properties, untick Infinite"))
    for data in root.iter("data"):
        if data.get("compression") == "zstd":
            problems.append(
                Problem("a tile layer uses zstd compression", "in Map Properties set Tile Layer Format to CSV or Base64 (zlib)")
            )
            break
    for ts in root.iter("tileset"):
        src = ts.get("source", "")
        if src.lower().endswith((".tsj", ".json")):
            problems.append(Problem(f"tileset {src} is a JSON tileset", "export the tileset as .tsx"))
    names = [el.get("name") for el in root.iter() if el.tag in ("layer", "objectgroup", "imagelayer", "group")]
    for dup in sorted({n for n in names if n and names.count(n) > 1}):
        problems.append(Problem(f"two layers are named {dup!r}", "give every layer its own name"))
    for group in root.iter("objectgroup"):
        for prop in _props(group):
            if prop.get("name") in LAYER_RESERVED:
                problems.append(
                    Problem(
                        f"layer {group.get('name')!r} has a custom property named {prop.get('name')!r}, a reserved name",
                        "rename or delete that layer property",
                    )
                )
        for obj in group.iter("object"):
            oid = _int(obj.get("id"))
            if obj.get("template"):
                problems.append(
                    Problem("the object uses a template", "select it in Tiled and use 'Detach' (templates load incorrectly)", oid,
                            _float(obj.get("x")), _float(obj.get("y")))
                )
            for prop in _props(obj):
                if prop.get("name") in RESERVED:
                    problems.append(
                        Problem(
                            f"custom property {prop.get('name')!r} is a reserved name",
                            "rename or delete that custom property; Tiled's own fields use these names",
                            oid,
                            _float(obj.get("x")),
                            _float(obj.get("y")),
                        )
                    )
    if problems:
        raise TrackError(problems)
    return root


def _props(el: ET.Element) -> list[ET.Element]:
    holder = el.find("properties")
    return list(holder.iter("property")) if holder is not None else []


def _int(v: str | None) -> int | None:
    try:
        return int(v) if v is not None else None
    except ValueError:
        return None


def _float(v: str | None) -> float | None:
    try:
        return float(v) if v is not None else None
    except ValueError:
        return None
