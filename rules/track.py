"""The track as the rules see it: a frozen graph of named spaces.

The Tiled loader (``game.tracks.load``) builds it; the engine, the computer
drivers and the board view only read it. Everything here is plain data plus
derived look-ups, so a track can be serialised, hashed and compared.

Ambiguity choices (RULES.md section 8) fixed by this model:

* AMB-2  "directly behind": car B is directly behind car A iff A's space is
  the straight-ahead successor of B's space (same lane, next space of that
  lane), never a diagonal neighbour. See ``Track.ahead`` / ``Track.behind``.
* AMB-3  every step enters one space, straight ahead or diagonally into an
  adjacent lane one row further on; there are no backward steps, and sideways
  steps (into the space beside, the same row) only along a printed arrow.
* AMB-4  "next to" = the same row in an adjacent lane (``Track.beside``), or,
  where that lane is staggered against the space (a brick board), the two of
  its spaces the space touches, whose rows bracket its row; the relation is
  mutual. "behind" = AMB-2. Pit-lane spaces are never beside track spaces.
* AMB-9  "level" = the same lap and the same ``row``. Rows are numbered
  consistently across lanes, also in corners where lanes differ in length.
* AMB-10 every corner has an ``inside`` side ("left" or "right", in the
  direction of travel); ``Track.inside_rank`` sorts lanes inside-first
  against the corner a space is in or the next corner ahead.
* AMB-69 a blocked space (a printed space no car may use, ``Track.blocked``) stays a
  space of the board, drawn and named and counted in its lane and row, but no step leads
  into it or out of it, so no car ever stands on it or drives through it.
* Lanes that begin and end: a printed board may have a lane along part of the lap only (a
  fourth lane on a start straight). Such a lane is the leftmost or the rightmost wherever it
  runs; ``Track.partial`` names its first and last space (``LaneRun``). Its spaces are named
  and numbered from the start line like every lane's, no step leads from its last space to its
  first, and a lane change into it or out of it is a diagonal step or an arrow like any other
  (CORE-MOVE-3, CORE-MOVE-6).
* AMB-56 for turn order a car in the pit lane counts as standing on the pit
  entry space, the last one where a board has two (``Track.pit_stand``,
  ``Track.order_row``).
"""

from __future__ import annotations

import hashlib
import json
from bisect import bisect_left
from enum import StrEnum
from functools import cached_property
from typing import Literal

from pydantic import BaseModel, ConfigDict

#: Lane letters from the left: printed boards have 2 to 4 lanes (A-D); the format allows up to
#: ten (wide test boards, stress maps), skipping I (it reads like 1) and P (the pit lane).
LANE_LETTERS = "ABCDEFGHJK"
PIT_PREFIX = "P"


class Frozen(BaseModel):
    """Base for immutable, strictly validated track data."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class EdgeKind(StrEnum):
    """How a car may get from one space to the next (one step each)."""

    STRAIGHT = "straight"  # same lane, next space
    DIAGONAL = "diagonal"  # adjacent lane, next row, outside arrow-only zones
    ARROW = "arrow"  # drawn by the designer (CORE-MOVE-6)
    PIT_ENTRY = "pit_entry"  # track -> first pit-lane space (CORE-PIT-2)
    PIT = "pit"  # along the pit lane
    PIT_EXIT = "pit_exit"  # last pit-lane space -> track (CORE-PIT-2)


class Space(Frozen):
    """One space of the board.

    ``row`` orders spaces along the lap (0 = first row after the start
    line); ``progress`` is the same scale with fractions, strictly increasing
    along every lane, used for drawing and fine ordering. ``x``, ``y`` are
    map pixels (y down); ``heading`` is the direction of travel in degrees,
    0 = east, 90 = south (screen convention).
    """

    name: str
    lane: int  # 0 = leftmost lane in the direction of travel; -1 = pit lane
    index: int  # position within its lane, from the start line
    row: int
    progress: float
    x: float
    y: float
    heading: float
    corner: int | None = None  # index into Track.corners
    arrows_only: bool = False  # lane changes only along arrows (CORE-MOVE-6)
    box: int | None = None  # pit box number (1..10) on pit-lane spaces

    @property
    def in_pit(self) -> bool:
        return self.lane < 0


class Edge(Frozen):
    src: str
    dst: str
    kind: EdgeKind


class Corner(Frozen):
    """A corner's stop area (CORNER-1, CORNER-2).

    ``shortest`` and ``longest`` are the fewest and most spaces a car can
    drive inside the area on one pass (the red and green boxes of a real
    board); both are computed from the graph, never typed in.
    """

    index: int
    label: str
    stops: int
    inside: Literal["left", "right"]
    spaces: tuple[str, ...]
    first_row: int
    last_row: int
    shortest: int
    longest: int
    object_id: int


class WeatherTable(Frozen):
    """The track's barometer (AMB-5): black-die ranges, inclusive; None = empty."""

    sun: tuple[int, int] | None
    variable: tuple[int, int] | None
    rain: tuple[int, int] | None

    def condition(self, roll: int) -> Literal["sun", "variable", "rain"]:
        for name in ("sun", "variable", "rain"):
            rng = getattr(self, name)
            if rng and rng[0] <= roll <= rng[1]:
                return name
        raise ValueError(f"black-die result {roll} is outside 1-20")


class PitLane(Frozen):
    """The pit lane (CORE-PIT-2): its spaces, where cars turn in and rejoin, and the boxes.

    ``entry`` and ``exit`` are the ends of the drawn pit lane; a board that marks a second
    entry or exit lists it in ``extra_entries`` / ``extra_exits`` (its step is an edge like
    the others). Both stay out of the canonical JSON while empty, so a pit lane drawn without
    them keeps its graph hash.
    """

    spaces: tuple[str, ...]
    entry: str  # track space from which cars turn in
    exit: str  # track space on which cars rejoin
    boxes: tuple[str, ...]  # boxes[i] is the space of box number i + 1
    extra_entries: tuple[str, ...] = ()
    extra_exits: tuple[str, ...] = ()

    @property
    def entries(self) -> tuple[str, ...]:
        return (self.entry, *self.extra_entries)

    @property
    def exits(self) -> tuple[str, ...]:
        return (self.exit, *self.extra_exits)


class Zone(Frozen):
    """A street-race area drawn over spaces (STREET-5, STREET-6, STREET-7).

    ``kind`` is "shooting" (the residents' windows), "danger" (the danger zone)
    or "police" (the police station); ``black`` lists the danger zone's black
    spaces, which count as dangerous spaces (STREET-6) and is empty otherwise.
    """

    kind: Literal["shooting", "danger", "police"]
    spaces: tuple[str, ...]
    black: tuple[str, ...] = ()
    object_id: int


class Tunnel(Frozen):
    """A numbered tunnel pair (STREET-7): a car on ``entry`` is moved to ``exit``."""

    number: int
    entry: str
    exit: str


class LaneRun(Frozen):
    """A lane that begins and ends: it has spaces from ``first`` to ``last`` along the lap (in
    driving order, across the start line where it runs over it) and none elsewhere."""

    lane: int
    first: str
    last: str


# Track fields (and pit-lane fields) left out of the canonical JSON while empty, so every
# track drawn without them keeps the graph hash its records pin.
_OMITTED_WHEN_EMPTY = ("zones", "tunnels", "blocked", "partial")
_PIT_OMITTED_WHEN_EMPTY = ("extra_entries", "extra_exits")


class Track(Frozen):
    """A whole circuit. ``lanes`` track lanes, rows 0..rows-1 around the lap."""

    name: str
    laps: int
    lanes: int
    rows: int
    spaces: tuple[Space, ...]
    edges: tuple[Edge, ...]
    corners: tuple[Corner, ...]
    grid: tuple[str, ...]  # grid[0] is pole
    qualifying_start: str
    pit: PitLane | None
    weather: WeatherTable
    zones: tuple[Zone, ...] = ()
    tunnels: tuple[Tunnel, ...] = ()
    blocked: tuple[str, ...] = ()  # AMB-69: printed spaces no car may use, in lap order
    partial: tuple[LaneRun, ...] = ()  # the lanes that begin and end, each named once

    @cached_property
    def lookup(self) -> _Lookup:
        """Plain-dict indexes, built once per track (cached outside the model's fields)."""
        return _Lookup(self)

    # --- look-ups ---------------------------------------------------------

    def space(self, name: str) -> Space:
        return self.lookup.by_name[name]

    def has_space(self, name: str) -> bool:
        return name in self.lookup.by_name

    def lane_spaces(self, lane: int) -> tuple[Space, ...]:
        """The spaces of one lane in driving order (lane -1 = pit lane)."""
        return self.lookup.lanes.get(lane, ())

    def row_spaces(self, row: int) -> tuple[Space, ...]:
        """Track spaces of one row, leftmost lane first."""
        return self.lookup.rows.get(row % self.rows, ())

    def lane_run(self, lane: int) -> tuple[Space, ...]:
        """The spaces of one lane in driving order from where it begins: a lane of the whole
        lap from the start line, a lane that begins and ends from its first space to its last."""
        return self.lookup.runs.get(lane, ())

    def out_edges(self, name: str) -> tuple[Edge, ...]:
        return self.lookup.out[name]

    def in_edges(self, name: str) -> tuple[Edge, ...]:
        return self.lookup.inc[name]

    def is_blocked(self, name: str) -> bool:
        """AMB-69: ``name`` is a printed space no car may use (no step leads into or out of it)."""
        return name in self.lookup.blocked

    def successors(self, name: str) -> tuple[str, ...]:
        return tuple(e.dst for e in self.lookup.out[name])

    def ahead(self, name: str) -> str | None:
        """The straight-ahead space (AMB-2), or None at a pit end; in front of a blocked space
        that space, though no step leads into it (AMB-69): a car two spaces on is not directly ahead."""
        return self.lookup.ahead.get(name)

    def behind(self, name: str) -> str | None:
        """The space directly behind (AMB-2): its straight-ahead successor is ``name``."""
        return self.lookup.behind.get(name)

    def level(self, name: str) -> tuple[str, ...]:
        """Spaces level with ``name`` in an adjacent lane: the same row (AMB-9), leftmost first."""
        s = self.lookup.by_name[name]
        if s.in_pit:
            return ()
        return tuple(o.name for o in self.row_spaces(s.row) if abs(o.lane - s.lane) == 1)

    def beside(self, name: str) -> tuple[str, ...]:
        """Spaces next to ``name`` (AMB-4): in each adjacent lane the space level with it, or,
        where that lane is staggered against this one, the two it touches (``_beside``)."""
        return self.lookup.beside[name]

    def spaces_apart(self, row: int, to: int) -> int:
        """How many spaces lie from ``row`` forward to ``to`` (0 when equal): the rows between,
        or on a staggered board, where rows are fractions of a space, the most spaces one
        lane has in the rows after ``row`` up to ``to`` (AMB-9)."""
        d = (to - row) % self.rows
        counts = self.lookup.lane_counts
        if d == 0 or counts is None:
            return d
        row, to = row % self.rows, to % self.rows
        lap = 1 if to < row else 0  # across the line
        return max(c[to + 1] - c[row + 1] + lap * c[-1] for c in counts)

    def crosses_line(self, src: str, dst: str) -> bool:
        """True if a step from ``src`` to ``dst`` crosses the start/finish line: its progress falls
        by more than half a lap. A printed sideways arrow may fall by a fraction of a row, where
        the lanes' spaces are spread over the rows differently (AMB-3, AMB-9)."""
        return self.lookup.by_name[dst].progress < self.lookup.by_name[src].progress - self.rows / 2

    def pit_stand(self) -> Space | None:
        """The space a car in the pit lane counts as standing on (AMB-56, ORDER-D-3): the last
        pit entry along the lap, where a board has two; None without a pit lane."""
        return self.lookup.pit_stand

    def order_row(self, name: str) -> int:
        """The row used for turn order (AMB-56: pit-lane cars stand at the last pit entry)."""
        s = self.lookup.by_name[name]
        stand = self.lookup.pit_stand
        if s.in_pit and stand is not None:
            return stand.row
        return s.row

    def next_corner(self, name: str) -> Corner | None:
        """The corner ``name`` is in, else the next corner ahead (AMB-10)."""
        s = self.lookup.by_name[name]
        if s.corner is not None:
            return self.corners[s.corner]
        if not self.corners:
            return None
        row = self.order_row(name)
        return min(self.corners, key=lambda c: (c.first_row - row) % self.rows)

    def inside_rank(self, name: str) -> int:
        """0 for the innermost lane against the current or next corner (FD08-ORDER-1)."""
        s = self.lookup.by_name[name]
        corner = self.next_corner(name)
        if s.in_pit or corner is None:
            return 0
        return s.lane if corner.inside == "left" else self.lanes - 1 - s.lane

    # --- identity ---------------------------------------------------------

    def zone_of(self, name: str) -> Zone | None:
        """The street-race zone a space lies in, if any."""
        return self.lookup.zone.get(name)

    def tunnel_from(self, name: str) -> Tunnel | None:
        """The tunnel whose entry is ``name`` (STREET-7), if any."""
        return self.lookup.tunnel.get(name)

    def canonical_json(self) -> str:
        """The graph as deterministic JSON: what round trips and hashes compare."""
        data = self.model_dump(mode="json")
        for key in _OMITTED_WHEN_EMPTY:
            if not data[key]:
                del data[key]
        for key in _PIT_OMITTED_WHEN_EMPTY if data["pit"] else ():
            if not data["pit"][key]:
                del data["pit"][key]
        return json.dumps(data, sort_keys=True, separators=(",", ":"))

    def content_hash(self) -> str:
        """SHA-256 of the graph, so race records pin the exact track they used."""
        return hashlib.sha256(self.canonical_json().encode()).hexdigest()


class _Lookup:
    """Indexes over a track's spaces and edges."""

    def __init__(self, track: Track) -> None:
        self.by_name: dict[str, Space] = {s.name: s for s in track.spaces}
        out: dict[str, list[Edge]] = {s.name: [] for s in track.spaces}
        inc: dict[str, list[Edge]] = {s.name: [] for s in track.spaces}
        for e in track.edges:
            out[e.src].append(e)
            inc[e.dst].append(e)
        self.out = {k: tuple(v) for k, v in out.items()}
        self.inc = {k: tuple(v) for k, v in inc.items()}
        straight = [e for e in track.edges if e.kind in (EdgeKind.STRAIGHT, EdgeKind.PIT)]
        self.ahead = {e.src: e.dst for e in straight}
        self.behind = {e.dst: e.src for e in straight}
        rows: dict[int, list[Space]] = {}
        lanes: dict[int, list[Space]] = {}
        for s in track.spaces:
            if not s.in_pit:
                rows.setdefault(s.row, []).append(s)
            lanes.setdefault(s.lane, []).append(s)
        self.rows = {r: tuple(sorted(v, key=lambda s: s.lane)) for r, v in rows.items()}
        self.lanes = {k: tuple(sorted(v, key=lambda s: s.index)) for k, v in lanes.items()}
        self.zone = {name: z for z in track.zones for name in z.spaces}
        self.pit_stand: Space | None = None
        if track.pit is not None:
            first = self.by_name[track.pit.entry].progress

            def along(name: str) -> float:  # rows from the drawn entry, negative for one before it
                d = (self.by_name[name].progress - first) % track.rows
                return d - track.rows if d > track.rows / 2 else d

            self.pit_stand = self.by_name[max(track.pit.entries, key=along)]
        self.tunnel = {t.entry: t for t in track.tunnels}
        self.runs = dict(self.lanes)
        for run in track.partial:  # from its first space to its last, across the start line
            spaces = self.lanes.get(run.lane, ())
            k = self.by_name[run.first].index
            self.runs[run.lane] = spaces[k:] + spaces[:k]
        ends = {(r.first, -1) for r in track.partial} | {(r.last, 1) for r in track.partial}
        self.blocked = frozenset(track.blocked)
        for name in track.blocked:  # AMB-69: no step, but "straight ahead" stays the printed lane
            lane, i = self.by_name[name].lane, self.by_name[name].index
            row = self.lanes[lane]
            prev, nxt = row[i - 1].name, row[(i + 1) % len(row)].name
            if (name, -1) not in ends:  # a lane that begins here has no space behind it
                self.ahead[prev], self.behind[name] = name, prev
            if (name, 1) not in ends:  # nor one ahead where it ends
                self.ahead[name], self.behind[nxt] = nxt, name
        self._track = track

    @cached_property
    def beside(self) -> dict[str, tuple[str, ...]]:
        return _beside(self._track, self)

    @cached_property
    def lane_counts(self) -> list[list[int]] | None:
        """Per track lane, how many of its spaces lie in rows 0..r-1 at index r; None on a board
        without staggered lanes, where a row is a space."""
        t = self._track
        if all(self.beside[s.name] == t.level(s.name) for s in t.spaces):
            return None
        out = []
        for lane in range(t.lanes):
            c = [0] * (t.rows + 1)
            for s in self.lanes.get(lane, ()):
                c[s.row + 1] += 1
            for r in range(t.rows):
                c[r + 1] += c[r]
            out.append(c)
        return out


def _beside(track: Track, look: _Lookup) -> dict[str, tuple[str, ...]]:
    """AMB-4 "next to" for every space, symmetric. In each adjacent lane: the space of the same
    row; else, where that lane is staggered against this one, the two spaces whose rows bracket
    this one's (on a brick board a staggered space touches two of each neighbouring lane).

    Staggered here means what the loader's rows show (game/tracks/spaces.py): rows are the
    spaces' positions (progress equals row), and within the straight or corner the space lies
    in, no lane has a space in every row from the bracketing space behind to the one ahead. An
    unstaggered piece has as many rows as its longest lane has spaces, that lane has every row,
    so a shorter lane's gaps there never bracket, and a board without staggered lanes keeps
    the same-row relation."""
    rows = track.rows
    stretch: list[int | None] = [None] * rows
    for c in track.corners:
        for r in range(c.first_row, c.last_row + 1):
            stretch[r % rows] = c.index
    at = [{s.row: s for s in look.lanes.get(lane, ())} for lane in range(track.lanes)]
    order = [sorted(a) for a in at]

    def reach(row: int, step: int, to: int) -> int:
        """How many rows from ``row`` towards ``to`` (step -1 back, +1 ahead) stay in its stretch."""
        k = 0
        while k < (to - row) * step % rows and stretch[(row + step * (k + 1)) % rows] == stretch[row]:
            k += 1
        return k

    def staggered(s: Space, m0: Space, m1: Space) -> bool:
        if any(x.progress != x.row for x in (s, m0, m1)):
            return False
        lo = s.row - reach(s.row, -1, m0.row)
        n = s.row + reach(s.row, 1, m1.row) - lo + 1
        return not any(all((lo + k) % rows in a for k in range(n)) for a in at)

    breaks = {(look.by_name[r.last].name, look.by_name[r.first].name) for r in track.partial}

    def touching(s: Space, lane: int) -> tuple[Space, ...]:
        if s.row in at[lane]:
            return (at[lane][s.row],)
        if not order[lane]:
            return ()
        i = bisect_left(order[lane], s.row)
        m0, m1 = at[lane][order[lane][i - 1]], at[lane][order[lane][i % len(order[lane])]]
        if (m0.name, m1.name) in breaks:  # where a lane that begins and ends has no spaces
            return ()
        return (m0, m1) if staggered(s, m0, m1) else ()

    pairs: dict[str, set[str]] = {s.name: set() for s in track.spaces}
    for s in track.spaces:
        for lane in (s.lane - 1, s.lane + 1) if not s.in_pit else ():
            for o in touching(s, lane) if 0 <= lane < track.lanes else ():
                pairs[s.name].add(o.name)
                pairs[o.name].add(s.name)

    def key(s: Space, name: str) -> tuple[int, int]:  # leftmost lane first, then behind before ahead
        o = look.by_name[name]
        return o.lane, (o.row - s.row + rows // 2) % rows

    return {n: tuple(sorted(v, key=lambda o: key(look.by_name[n], o))) for n, v in pairs.items()}


def space_name(lane: int, index: int) -> str:
    """Stable human-readable name: lane letter + number from the start line (A1, B17, P3)."""
    if lane < 0:
        return f"{PIT_PREFIX}{index + 1}"
    return f"{LANE_LETTERS[lane]}{index + 1}"
