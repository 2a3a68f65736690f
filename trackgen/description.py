"""The pieces a circuit is described with: segments, corners, arrows, pit, scenery."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

Point = tuple[float, float]
Side = Literal["left", "right"]

REPO = Path(__file__).resolve().parents[1]
MAPS_DIR = REPO / "maps"
TILE = 32

ARC_STEP_DEG = 4.0  # polyline resolution of arcs: a 126 px arc deviates < 0.1 px
DEFAULT_LEAD = 2.0  # px a corner polygon reaches into the neighbouring segments (see Corner)
NEAR_HALF = 0.15  # warn when a piece holds x.5 +- this many spaces: rounding is fragile there

#: The scenery classes a ``Beside`` may name.
SCENERY = (
    "stand",
    "building",
    "gravel",
    "runoff",
    "paved",
    "grass",
    "water",
    "trees",
    "wall",
    "tyres",
    "tree",
    "hill",
    "rocks",
    "tent",
    "boat",
)
#: Scenery drawn with rounded corners unless told otherwise: nature has none.
NATURE = ("trees", "grass", "tree", "hill", "rocks")


@dataclass(frozen=True)
class Arrow:
    """A lane change allowed inside a corner or an arrow zone (CORE-MOVE-6).

    ``at`` is where it starts, as a fraction 0..1 of the corner (or zone);
    ``src`` and ``dst`` are adjacent lanes (0 = A, the leftmost in the
    direction of travel). A corner arrow ends on the first space of ``dst``
    at least one full row further on; a zone arrow one space further on.
    """

    at: float
    src: int
    dst: int


def both_ways(lanes: int, at: Sequence[float]) -> tuple[Arrow, ...]:
    """Arrows between every pair of adjacent lanes, in both directions, at each place."""
    return tuple(Arrow(a, src, dst) for a in at for lo in range(lanes - 1) for src, dst in ((lo, lo + 1), (lo + 1, lo)))


def towards(lanes: int, side: Side, at: Sequence[float]) -> tuple[Arrow, ...]:
    """Arrows moving cars one lane towards ``side`` from every lane that can, at each place.

    Inward and outward arrows at different places do not cross each other,
    which keeps a corner readable.
    """
    step = -1 if side == "left" else 1
    return tuple(Arrow(a, src, src + step) for a in at for src in range(lanes) if 0 <= src + step < lanes)


@dataclass(frozen=True)
class Corner:
    """A corner area on an arc: required stops (CORNER-1), label and arrows.

    The polygon covers the arc and the next ``span - 1`` segments (a chicane
    or a double-apex bend is one corner), plus ``lead_in``/``lead_out`` px
    beyond. The default 2 px keeps the corner borders off the lanes'
    vertices (where an arc meets a straight), so no cut point is ambiguous.

    ``zone_spaces`` > 0 adds an arrow zone over that many spaces of the
    straight before the corner, with ``zone_arrows`` (``at`` = fraction of
    the zone).

    ``inside`` is written as the corner's string property ``inside``: the
    side the loader takes as the corner's inside where the geometry leaves
    it open (a chicane or an S-bend turns both ways); None leaves it to the
    geometry.
    """

    stops: int
    label: str = ""
    arrows: tuple[Arrow, ...] = ()
    span: int = 1
    zone_spaces: int = 0
    zone_arrows: tuple[Arrow, ...] = ()
    lead_in: float = DEFAULT_LEAD
    lead_out: float = DEFAULT_LEAD
    inside: Side | None = None


@dataclass(frozen=True)
class NoLaneChange:
    """A printed line between lanes ``left`` and ``left + 1`` (0 = A) where cars may not change
    lanes (CORE-MOVE-3): from fraction ``start`` to ``end`` of segment ``seg``, drawn half way
    between the two lanes' centres, as a ``no_lane_change`` polyline in the layer ``arrows``.
    On a straight, outside corners and arrow zones: the loader refuses a line that crosses no
    diagonal lane change."""

    seg: int
    start: float
    end: float
    left: int


@dataclass(frozen=True)
class Straight:
    length: float  # px


@dataclass(frozen=True)
class Arc:
    """An arc of the centre line; ``radius`` is the centre line's radius in px."""

    radius: float
    angle: float  # degrees, > 0
    turn: Side
    corner: Corner | None = None  # None: a bend without a corner area


Segment = Straight | Arc


@dataclass(frozen=True)
class Pit:
    """A pit lane beside the straight that holds the start line (CORE-PIT-2).

    ``entry`` counts spaces back from the start line (1 = the last space
    before it), ``exit`` counts forward (1 = the first space after it); both
    are spaces of the outermost lane on ``side``. The pit lane runs
    ``offset`` px beside that lane; ``ramp`` is the along-track length of
    each slanted end. Boxes 1..``boxes`` take the middle pit spaces, box 1
    first in driving order.
    """

    side: Side = "right"
    entry: int = 12
    exit: int = 6
    offset: float = 64.0
    ramp: float = 72.0
    boxes: int = 10


@dataclass(frozen=True)
class Beside:
    """A scenery object (a picture only) beside one segment of the centre line.

    It runs from fraction ``start`` to ``end`` of segment ``seg`` and from
    ``near`` to ``far`` px beyond the track's edge on ``side``; on a
    straight it is a rectangle, on an arc a curved band. ``cls`` is one of
    the scenery classes the board draws (docs/track-format.md): stand,
    building, gravel, runoff, paved, grass, water, trees, tree, hill, rocks, tent, boat.
    """

    cls: str
    seg: int
    start: float
    end: float
    side: Side
    near: float
    far: float
    name: str = ""
    rounded: bool | None = None  # round the corners off; default: the classes of NATURE
    roof: str = ""  # a building's roof (gable, flat, glass); empty: the default, gable


@dataclass(frozen=True)
class Street:
    """A street-race zone over the track (STREET-5..7), a polygon across every lane.

    ``cls`` is ``shooting_zone``, ``danger_zone`` or ``police_station``; the
    zone runs from fraction ``start`` to ``end`` of segment ``seg``. ``black``
    lists the danger zone's black spaces as (lane, fraction of the segment):
    each becomes a ``black_space`` point on the nearest space of that lane.
    """

    cls: str
    seg: int
    start: float
    end: float
    black: tuple[tuple[int, float], ...] = ()
    name: str = ""


@dataclass(frozen=True)
class TunnelEnd:
    """A tunnel end on the space of ``lane`` nearest to fraction ``at`` of segment ``seg``."""

    seg: int
    at: float
    lane: int


@dataclass(frozen=True)
class TunnelPair:
    """A numbered tunnel (STREET-7): a car on the entry's space is moved to the exit's."""

    number: int
    entry: TunnelEnd
    exit: TunnelEnd


@dataclass(frozen=True)
class Circuit:
    """Everything that defines one track file."""

    file: str  # name inside maps/
    name: str
    segments: tuple[Segment, ...]
    start_at: float  # px along the centre line from the first segment's start; on a straight
    laps: int = 2
    lanes: int = 3
    lane_spacing: float = 40.0
    # per lane (A first), the lane's float property ``stagger``: its spaces sit that fraction of a space
    # further along than the even spread (the brick pattern of printed boards); missing lanes are 0
    stagger: tuple[float, ...] = ()
    space_length: float = 48.0
    weather_sun: str = "13-20"
    weather_variable: str = "6-12"
    weather_rain: str = "1-5"
    grid_slots: int = 10
    grid_lanes: tuple[int, int] | None = None  # (pole lane, other column); default: inside of C1, outside
    pit: Pit | None = None
    lane_shape: Literal["polyline", "polygon"] = "polyline"
    heading: float = 0.0  # direction of the first segment, degrees: 0 = east, 90 = south
    margin: float = 96.0  # empty border around everything, px
    grow: tuple[int, int] = (0, 0)  # extra tiles right and below (room for art without moving the track)
    background: str = "#2f5d34"
    # the board's ground and barriers (pictures only)
    surroundings: Literal["grass", "meadow", "walls"] = "grass"
    scenery: tuple[Beside, ...] = ()
    no_lane_change: tuple[NoLaneChange, ...] = ()  # printed lines where cars stay in their lane
    street: tuple[Street, ...] = ()  # zones of the street race
    tunnels: tuple[TunnelPair, ...] = ()


class TrackError(ValueError):
    """The description cannot make a valid track."""
