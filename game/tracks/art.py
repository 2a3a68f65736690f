"""The art of a Tiled map: its surroundings and the drawn ``scenery`` layer.

Pictures only: the loader and the rules never read it, so it is read apart from
the track, here next to the loader, with no pygame.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

from game.tracks.geometry import Point

#: How a building's roof may be drawn (the ``roof`` property of a scenery object).
ROOF_KINDS = ("gable", "flat", "glass")

#: Classes of the optional ``scenery`` object layer (drawn only; the rules never see it).
AREA_CLASSES = ("paved", "grass", "water", "runoff", "gravel")
#: Things on the ground, painted under the track: woods, single trees, hills, rocks, boats.
GROUND_CLASSES = ("hill", "trees", "tree", "rocks", "boat")
BLOCK_CLASSES = ("building", "stand", "tent")
LINE_CLASSES = ("wall", "tyres")
SCENERY_CLASSES = AREA_CLASSES + GROUND_CLASSES + BLOCK_CLASSES + LINE_CLASSES
SURROUNDINGS = ("grass", "meadow", "walls")


@dataclass(frozen=True)
class Scenery:
    """One drawn object of the ``scenery`` layer, in absolute map pixels."""

    cls: str
    points: tuple[Point, ...]
    name: str = ""
    roof: str = "gable"  # a building's roof: one of ROOF_KINDS


@dataclass(frozen=True)
class BoardArt:
    """How the surroundings look: the ``surroundings`` map property and the ``scenery`` layer.

    Pictures only: the loader and the rules ignore both. ``notes`` lists what
    could not be used (an unknown class, a point where an area was expected).
    """

    surroundings: str = "grass"
    scenery: tuple[Scenery, ...] = ()
    notes: tuple[str, ...] = field(default=())


def read_art(path: str | Path) -> BoardArt:
    """The art of a .tmx file; a plain ``BoardArt()`` if the file has none or cannot be read."""
    try:
        root = ET.parse(str(path)).getroot()
    except (OSError, ET.ParseError):
        return BoardArt()
    notes: list[str] = []
    surroundings = "grass"
    props = root.find("properties")
    for prop in props.iter("property") if props is not None else ():
        if prop.get("name") == "surroundings":
            value = (prop.get("value") or "").strip().lower()
            if value in SURROUNDINGS:
                surroundings = value
            else:
                notes.append(f"map property surroundings is {value!r}; use grass, meadow or walls")
    items: list[Scenery] = []
    for group in root.iter("objectgroup"):
        if group.get("name") != "scenery":
            continue
        for obj in group.iter("object"):
            item = _scenery(obj)
            if isinstance(item, str):
                notes.append(f"scenery object {obj.get('id')}: {item}")
            else:
                items.append(item)
    return BoardArt(surroundings, tuple(items), tuple(notes))


def _scenery(obj: ET.Element) -> Scenery | str:
    """One scenery object, or why it cannot be drawn."""
    cls = obj.get("type") or obj.get("class") or ""
    if cls not in SCENERY_CLASSES:
        return f"class {cls or '(none)'!r} is not one of {', '.join(SCENERY_CLASSES)}"
    try:
        x, y = float(obj.get("x", 0)), float(obj.get("y", 0))
        w, h = float(obj.get("width", 0)), float(obj.get("height", 0))
        angle = math.radians(float(obj.get("rotation", 0)))
    except ValueError:
        return "its position is not a number"
    shape = next((el for el in obj if el.tag in ("polygon", "polyline", "ellipse", "point")), None)
    if shape is None:
        rel = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)] if w > 0 and h > 0 else []
    elif shape.tag == "ellipse":
        rel = [
            (w / 2 + w / 2 * math.cos(t), h / 2 + h / 2 * math.sin(t))
            for t in (2 * math.pi * i / 32 for i in range(32))
        ]
    elif shape.tag == "point":
        rel = []
    else:
        try:
            rel = [(float(a), float(b)) for a, b in (p.split(",") for p in (shape.get("points") or "").split())]
        except ValueError:
            return "its points are not numbers"
    needs = 2 if cls in LINE_CLASSES else 3
    if len(rel) < needs:
        return f"a {cls} needs {'a polyline' if needs == 2 else 'a rectangle, polygon or ellipse'}"
    roof = "gable"
    for prop in obj.iter("property"):
        if prop.get("name") == "roof":
            roof = (prop.get("value") or "").strip().lower() or "gable"
            if roof not in ROOF_KINDS:
                return f"its roof is {roof!r}; use one of {', '.join(ROOF_KINDS)}"
    cos, sin = math.cos(angle), math.sin(angle)
    pts = tuple((x + px * cos - py * sin, y + px * sin + py * cos) for px, py in rel)
    return Scenery(cls, pts, obj.get("name") or "", roof)


# --- the board ------------------------------------------------------------------
