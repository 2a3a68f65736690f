"""Read a Tiled .tmx track into a ``Drawing`` and build its ``Track``.

The raw XML is checked first, so that maps pytmx would mis-read or choke on
(JSON maps, zstd data, infinite maps, object templates, reserved property
names) get a clear message instead of a traceback. Then pytmx opens the map
without images: only the board view ever loads pictures. The XML is
parsed once, for the precheck and pytmx both; the plain points of the track layers
(a traced board's spaces) are read from it here, where pytmx would add nothing.
"""

from __future__ import annotations

import gc
import logging
import math
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path as FsPath

import pytmx

from game.tracks.build import build
from game.tracks.builder import RESERVED
from game.tracks.drawing import Drawing, Problem, Said, Shape, TrackError, closest, say
from game.tracks.street import STREET_LAYERS
from rules.files.filelimits import TRACK, FileRefused, read_bytes
from rules.track import Track

TRACK_LAYERS = (
    "lanes",
    "spaces",
    "start_finish",
    "corners",
    "arrows",
    "arrow_zones",
    "rows",
    "grid",
    "pit",
    *STREET_LAYERS,
)
#: Layers the board draws from (docs/track-format.md, "Pictures"); any other layer is the designer's own.
ART_LAYERS = ("scenery", "ground", "preview")
LAYER_RESERVED = {"index", "count"}
#: the attributes of a point the precheck has nothing to check on but its id and place
_PLAIN_POINT = {"id", "x", "y", "name", "type", "class"}


def load_track(path: str | FsPath) -> Track:
    """Load and validate a track; raise TrackError with every problem found."""
    file = str(path)
    try:
        with _collector_paused():
            return build(read_drawing(file))  # the drawing goes with the call, before the collector resumes
    except TrackError as err:
        raise TrackError([_in_file(p, file) for p in err.problems]) from None


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cycle collector while a track loads. A traced board makes some hundred
    thousand objects (the XML tree, pytmx's objects, the shapes, spaces and steps), and the
    collector would walk the growing heap again and again for cycles where there are none
    (pytmx's map, whose objects point back to it, is let go by ``_release``). Its one pass
    over the new track when it resumes is still part of the load; the pause takes a traced
    stress board's load from some 560 ms to 305 (bench/track_load.py). pytmx's own parse,
    from a collected heap, is as fast with the collector on as paused."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def check_track(path: str | FsPath) -> list[Problem]:
    """Every problem with a track file; empty when it is fine."""
    try:
        load_track(path)
    except TrackError as err:
        return err.problems
    return []


def _in_file(p: Problem, file: str) -> Problem:
    return Problem(p.said, p.fix, p.object_id, p.x, p.y, file)


def read_drawing(file: str) -> Drawing:
    """The track objects and map properties of a .tmx file."""
    plain: dict[ET.Element, tuple[int, float, float]] = {}
    root = _precheck(file, plain)
    points = _take_plain_points(root, plain)
    try:
        tmx = _open_pytmx(file, root)
    except Exception as exc:  # pytmx raises many kinds; all mean "cannot read"
        raise TrackError([Problem(say("track.pytmx", detail=str(exc)), say("track.pytmx.fix"))]) from None
    drawing = Drawing(props=dict(tmx.properties))
    for layer in tmx.layers:
        if layer.name in TRACK_LAYERS and isinstance(layer, pytmx.TiledObjectGroup):
            drawing.layers[layer.name] = _in_order(points.get(layer.name, {}), [_shape(o) for o in layer])
    _release(tmx)
    not_objects = {el.get("name") for tag in ("layer", "imagelayer") for el in root.iter(tag)}
    for name in TRACK_LAYERS:
        if name not in drawing.layers and name in not_objects:
            raise TrackError(
                [
                    Problem(
                        say("track.not_object_layer", layer=repr(name)),
                        say("track.not_object_layer.fix", layer=repr(name)),
                    )
                ]
            )
    return drawing


def _take_plain_points(
    root: ET.Element, plain: dict[ET.Element, tuple[int, float, float]]
) -> dict[str, dict[int, Shape]]:
    """Take the plain points out of the track layers before pytmx reads the tree, and read
    them here: per layer, each one's place among the layer's objects and its shape.

    A plain point (``_PLAIN_POINT``'s attributes at most, an int id, finite x and y, no
    properties, nothing inside but ``<point/>``; the precheck found them, ``plain``) is where
    pytmx has nothing to add and nothing to refuse, and a traced board has ten thousand of
    them (its spaces): pytmx's object for one costs more than the rest of its reading. The
    shape is the one ``_shape`` makes of pytmx's object (tests/game/test_plain_points.py
    compares the two readings)."""
    taken: dict[str, dict[int, Shape]] = {}
    for group in root.iter("objectgroup"):
        name = group.get("name")
        if name not in TRACK_LAYERS:
            continue
        mine: dict[int, Shape] = {}
        kept = []  # the group's other children, put back in one go (removing one by one is quadratic)
        place = 0
        for child in group:
            if child.tag != "object":
                kept.append(child)
                continue
            found = plain.get(child)
            if found is None:
                kept.append(child)
            else:
                oid, x, y = found
                get = child.attrib.get
                mine[place] = Shape(oid, get("type") or get("class") or "", ((x, y),), False, get("name") or "", {})
            place += 1
        if mine:
            group[:] = kept
        taken[name] = mine
    return taken


def _in_order(points: dict[int, Shape], others: list[Shape]) -> list[Shape]:
    """A layer's shapes in the order of its objects: the plain points at their places, the
    objects pytmx read in the others."""
    if not points:
        return others
    rest = iter(others)
    return [points[k] if k in points else next(rest) for k in range(len(points) + len(others))]


def _open_pytmx(file: str, root: ET.Element) -> pytmx.TiledMap:
    """Open with pytmx from the tree the precheck parsed (``pytmx.TiledMap(file)`` without its
    second parse of the file), silencing its log chatter (we report problems ourselves)."""
    log = logging.getLogger("pytmx")
    level = log.level
    log.setLevel(logging.CRITICAL)
    try:
        tmx = pytmx.TiledMap()
        tmx.filename = file  # tilesets are found next to it
        return tmx.parse_xml(root)
    finally:
        log.setLevel(level)


def _release(tmx: pytmx.TiledMap) -> None:
    """Let go of pytmx's layers, objects and tilesets now that the shapes are read. Each of
    them points back to the map, so without this they would wait, a traced board's ten
    thousand objects, for the cycle collector to walk them."""
    for holder in (tmx.layers, tmx.tilesets, tmx.objects_by_id, tmx.objects_by_name, tmx.layernames):
        holder.clear()


def _shape(o: pytmx.TiledObject) -> Shape:
    """The object as drawn. Its own attributes are read from ``vars(o)``: pytmx answers a
    missing one by formatting an error, which costs more than the rest on a traced board."""
    own = vars(o)
    cls = own["type"] or own.get("class") or o.properties.get("class") or ""
    if "points" in own:
        pts = tuple((float(p.x), float(p.y)) for p in own["points"])
        closed = bool(own["closed"])
    else:
        pts = ((float(own["x"]), float(own["y"])),)
        closed = False
    return Shape(int(own["id"]), str(cls), pts, closed, own["name"] or "", dict(o.properties))


def _precheck(file: str, plain: dict[ET.Element, tuple[int, float, float]]) -> ET.Element:
    """Refuse, with one clear message each, what pytmx cannot read correctly. Fills ``plain``
    with the plain points it meets (``_take_plain_points``): each one's id and place."""
    p = FsPath(file)

    def fail(message: Said, hint: Said) -> TrackError:
        return TrackError([Problem(message, hint)])

    try:
        exists, folder = p.exists(), p.is_dir()
    except OSError as exc:  # a name too long for the file system, say
        raise fail(say("track.cannot_look", detail=str(exc.strerror or exc)), say("track.check_path.fix")) from None
    if not exists:
        raise fail(say("track.no_file"), say("track.check_path.fix"))
    if folder:
        raise fail(say("track.folder"), say("track.folder.fix"))
    if p.suffix.lower() in (".tmj", ".json"):
        raise fail(say("track.json_map"), say("track.json_map.fix"))
    try:
        root = ET.fromstring(read_bytes(file, TRACK))
    except ET.ParseError as exc:
        raise fail(say("track.not_xml", detail=str(exc)), say("track.not_xml.fix")) from None
    except FileRefused as exc:
        raise fail(say("track.refused", detail=exc.why), say("track.refused.fix", detail=exc.remedy)) from None
    except (OSError, ValueError) as exc:
        raise fail(say("track.file_unreadable", detail=str(exc)), say("track.file_unreadable.fix")) from None
    if root.tag != "map":
        raise fail(say("track.not_map", tag=root.tag), say("track.not_map.fix"))
    problems: list[Problem] = []
    if root.get("orientation", "orthogonal") != "orthogonal":
        problems.append(
            Problem(say("track.orientation", orientation=str(root.get("orientation"))), say("track.orientation.fix"))
        )
    if root.get("infinite", "0") == "1":
        problems.append(Problem(say("track.infinite"), say("track.infinite.fix")))
    for data in root.iter("data"):
        if data.get("compression") == "zstd":
            problems.append(Problem(say("track.zstd"), say("track.zstd.fix")))
            break
    for ts in root.iter("tileset"):
        src = ts.get("source", "")
        if src.lower().endswith((".tsj", ".json")):
            problems.append(Problem(say("track.json_tileset", tileset=src), say("track.json_tileset.fix")))
        elif src and not (p.parent / src).is_file():
            problems.append(
                Problem(
                    say("track.tileset_missing", tileset=src, place=str((p.parent / src).resolve())),
                    say("track.tileset_missing.fix", name=FsPath(src).name),
                )
            )
    layers = [
        el for el in root.iter() if el.tag in ("layer", "objectgroup", "imagelayer", "group")
    ]  # one walk of the tree
    names = [el.get("name") for el in layers]
    for dup in sorted({n for n in names if n and names.count(n) > 1}):
        problems.append(Problem(say("track.layer_twice", layer=repr(dup)), say("track.layer_twice.fix")))
    for name in dict.fromkeys(n for n in names if n):
        meant = closest(name, TRACK_LAYERS + ART_LAYERS)
        if name not in TRACK_LAYERS + ART_LAYERS and meant is not None:
            problems.append(
                Problem(
                    say("track.unknown_layer", layer=repr(name), meant=repr(meant)),
                    say("track.unknown_layer.fix", meant=repr(meant)),
                )
            )
    problems += _property_problems(root, say("track.what.map"), _MAP_NAMES | set(root.keys()), None, None)
    for layer in layers:
        problems += _property_problems(
            layer, say("track.what.layer", layer=repr(layer.get("name"))), _LAYER_NAMES | set(layer.keys()), None, None
        )
    problems += _track_layer_problems(root)
    seen_ids: set[int] = set()
    for group in root.iter("objectgroup"):
        track_layer = group.get("name") in TRACK_LAYERS
        for obj in group.iter("object"):
            attrs = obj.attrib
            if len(obj) == 1 and obj[0].tag == "point" and attrs.keys() <= _PLAIN_POINT:
                # a plain point (a traced board's thousands of spaces): only its id and place to check
                try:
                    point_id, px, py = int(attrs["id"]), float(attrs["x"]), float(attrs["y"])
                except (KeyError, ValueError):
                    pass  # told below
                else:
                    if math.isfinite(px) and math.isfinite(py):
                        if point_id in seen_ids:
                            problems.append(Problem(say("track.id_twice"), say("track.id_twice.fix"), point_id, px, py))
                        seen_ids.add(point_id)
                        plain[obj] = (point_id, px, py)
                        continue
            get = attrs.get
            oid = _int(get("id"))
            x, y = _float(get("x")), _float(get("y"))
            if oid is not None:
                if oid in seen_ids:
                    problems.append(Problem(say("track.id_twice"), say("track.id_twice.fix"), oid, x, y))
                seen_ids.add(oid)
            if track_layer and get("gid"):
                problems.append(
                    Problem(
                        say("track.tile_object", layer=repr(group.get("name"))), say("track.tile_object.fix"), oid, x, y
                    )
                )
                continue
            if get("template"):
                problems.append(Problem(say("track.template"), say("track.template.fix"), oid, x, y))
            if obj.find("properties") is not None:  # most objects (a traced board's spaces) have none
                problems += _property_problems(
                    obj, say("track.what.object"), _OBJECT_NAMES | set(obj.keys()), oid, (x, y)
                )
            problems += _geometry_problems(obj, oid, x, y)
    if problems:
        raise TrackError(problems)
    return root


def _pytmx_names() -> tuple[set[str], set[str], set[str]]:
    """Names pytmx refuses as custom properties: every attribute its objects already have."""
    obj = pytmx.TiledObject(None, ET.fromstring('<object id="1"/>'), {})
    group = pytmx.TiledObjectGroup(None, ET.fromstring('<objectgroup id="1" name="x"/>'), {})
    tile_layer = {"data", "width", "height", "name", "opacity", "visible", "offsetx", "offsety", "id"}
    return set(dir(pytmx.TiledMap())), set(dir(group)) | tile_layer | set(dir(pytmx.TiledTileLayer)), set(dir(obj))


_MAP_NAMES, _LAYER_NAMES, _OBJECT_NAMES = _pytmx_names()
_PARSERS: dict[str, Callable[[str], object]] = {
    "int": int,
    "float": float,
    "bool": lambda v: {"true": True, "false": False}[v],
}


def _property_problems(
    el: ET.Element, what: Said, reserved: set[str], oid: int | None, at: tuple[float | None, float | None] | None
) -> list[Problem]:
    """Reserved names, unreadable values and class-typed properties, each named."""
    x, y = at if at else (None, None)
    out = []
    for prop in _props(el):
        name, kind, value = prop.get("name", ""), prop.get("type", "string"), prop.get("value")
        if name in reserved or (oid is not None and name in RESERVED):
            out.append(
                Problem(
                    say("track.property_reserved", what=what, name=repr(name)),
                    say("track.property_reserved.fix"),
                    oid,
                    x,
                    y,
                )
            )
        elif kind == "class":
            out.append(
                Problem(
                    say("track.property_class", what=what, name=repr(name)), say("track.property_class.fix"), oid, x, y
                )
            )
        elif kind in _PARSERS and value is not None:
            try:
                number = _PARSERS[kind](value)
            except (ValueError, KeyError):
                out.append(
                    Problem(
                        say("track.property_value", what=what, kind=kind, name=repr(name), value=repr(value)),
                        say("track.property_value.fix", kind=kind),
                        oid,
                        x,
                        y,
                    )
                )
                continue
            if isinstance(number, float) and not math.isfinite(number):
                out.append(
                    Problem(
                        say("track.property_infinite", what=what, name=repr(name), value=repr(value)),
                        say("track.property_infinite.fix"),
                        oid,
                        x,
                        y,
                    )
                )
    return out


def _track_layer_problems(root: ET.Element) -> list[Problem]:
    """Offsets on track layers would move what Tiled shows away from what the game reads."""
    out = []

    def walk(el: ET.Element, offset: bool) -> None:
        for child in el:
            if child.tag not in ("group", "objectgroup"):
                continue
            moved = offset or any(float(child.get(k, "0") or 0) != 0 for k in ("offsetx", "offsety"))
            if child.tag == "objectgroup" and child.get("name") in TRACK_LAYERS and moved:
                out.append(Problem(say("track.offset", layer=repr(child.get("name"))), say("track.offset.fix")))
            walk(child, moved)

    try:
        walk(root, False)
    except ValueError:
        out.append(Problem(say("track.offset_nan"), say("track.offset_nan.fix")))
    return out


def _geometry_problems(obj: ET.Element, oid: int | None, x: float | None, y: float | None) -> list[Problem]:
    """Coordinates must be finite numbers, points well formed, and objects unrotated.
    ``x`` and ``y`` are the object's, read by the caller (a traced board has thousands)."""
    out = []
    get = obj.attrib.get
    for key, number in (("x", x), ("y", y), ("width", None), ("height", None)):
        raw = get(key)
        if raw is None:
            continue
        if number is None:
            number = _float(raw)
        if number is None or not math.isfinite(number):
            out.append(
                Problem(
                    say("track.coordinate", prop=key, value=repr(raw)), say("track.coordinate.fix"), oid, None, None
                )
            )
    raw_rotation = get("rotation")
    if raw_rotation is not None:
        rotation = _float(raw_rotation)
        if rotation is None or rotation % 360 != 0:
            out.append(Problem(say("track.rotated"), say("track.rotated.fix"), oid, x, y))
    for shape in ("polygon", "polyline"):
        el = obj.find(shape)
        if el is None:
            continue
        pts = (el.get("points") or "").split()
        try:  # every number read once: a lane has hundreds of points
            pairs = [tuple(map(float, pair.split(","))) for pair in pts]
        except ValueError:
            ok = False
        else:
            ok = bool(pairs) and all(len(xy) == 2 and math.isfinite(xy[0]) and math.isfinite(xy[1]) for xy in pairs)
        if not ok:
            polygon = shape == "polygon"
            out.append(
                Problem(
                    say("track.polygon_points" if polygon else "track.polyline_points"),
                    say("track.polygon_points.fix" if polygon else "track.polyline_points.fix"),
                    oid,
                    x,
                    y,
                )
            )
    return out


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
