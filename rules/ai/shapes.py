"""Where the look-ahead's rolls take a car along a lane before any WP is priced, and the numbered
shapes of the turns from a position: what ``rules.ai.lookahead`` values, once per shape.

The last two turns without a slide depend on a position only through its shape: per gear the
car can shift to and per face of its die, the spaces the roll gains, the spaces it overshoots
the corner ahead (and whether flying out misses a stop), and the shape of the position where
the turn ends. Many positions share one (the lanes of a row, a long straight), so their values
are worked out once for them all. A shape's number is its place in a list: numbered under a
lock, as a window's thread and a driver's thread may look ahead at once.
"""

from __future__ import annotations

import threading

from rules.ai.lane import LaneModel
from rules.move_step import stops_missed_out
from rules.track import Track

Odds = tuple[tuple[tuple[int, float], ...], ...]  # per gear 1-6: (face, probability), lowest first

# per face of a gear's last turn: (p, p * face, face, over, fatal); ``over`` None within the room
SumShape = tuple[tuple[float, float, int, int | None, bool], ...]
# the last turn: per gear it can shift to, (gear, gears skipped, the number of its faces' SumShape)
LeafShape = tuple[tuple[int, int, int], ...]
# per face of a gear's turn before the last: (p, p * face, face, over, fatal, run, stop): the numbers of
# the last turn's shape where the roll ends (flying out, or within the room: ``run``) or where it stops
# braking in the corner (``stop``), -1 where the lane ends
GearShape = tuple[tuple[float, float, int, int | None, bool, int, int], ...]
# the turn before the last: per gear it can shift to, (gear, gears skipped, the number of its GearShape)
TurnShape = tuple[tuple[int, int, int], ...]


def next_gears(gear: int) -> range:
    """The gears a car in ``gear`` can declare next turn, the highest first (a free shift of one, or
    a skip of one or two gears, CORE-GEAR-2..7): the highest sets the bar on straights; a double skip
    (a brake WP more, TAB-DOWNSHIFT) is how a car too fast for a corner with stops left makes them."""
    return range(min(6, gear + 1), max(1, gear - 3) - 1, -1)


def skipped(gear: int, nxt: int) -> int:
    """The gears skipped shifting from ``gear`` down to ``nxt`` (CORE-GEAR-4): each costs a WP."""
    return max(0, gear - nxt - 1)


def brakes_after(skips: int, brakes: int) -> int | None:
    """The brake WP left after a downshift skipping ``skips`` gears: two skipped cost a brake WP
    besides the first area's (TAB-DOWNSHIFT; only the first area differs between rule sets, VAR-2, so
    this holds for every ``DownshiftTable``); None when there is none to pay (CORE-GEAR-7)."""
    if skips < 2:
        return brakes
    return brakes - 1 if brakes >= 1 else None


class Shapes:
    """A track's ways and numbered shapes (one per look-ahead model): nothing here is priced."""

    def __init__(self, track: Track, lane: LaneModel) -> None:
        self.track = track
        self.lane = lane
        self.ways: dict[tuple, tuple] = {}
        self._left: dict[str, int] = {}
        self._lock = threading.Lock()
        self._leaf_ids: dict[tuple, int] = {}  # per die, gear and position: the number of its LeafShape
        self._leaf_shapes: dict[LeafShape, int] = {}
        self.leaves: list[LeafShape] = []
        self._sum_ids: dict[tuple, int] = {}  # per die, gear and position: the number of its SumShape
        self._sum_shapes: dict[SumShape, int] = {}
        self.sums: list[SumShape] = []
        self.sum_bounds: list[float] = []  # per number: more than its sum can be (the mean roll)
        self._turn_ids: dict[tuple, int] = {}  # per die, gear and position: the number of its TurnShape
        self._turn_shapes: dict[TurnShape, int] = {}
        self.turns: list[TurnShape] = []
        self._gear_ids: dict[tuple, int] = {}  # per die, gear and position: the number of its GearShape
        self._gear_shapes: dict[GearShape, int] = {}
        self.gears: list[GearShape] = []

    def way(self, space: str, roll: int, corner: int | None, stops: int) -> tuple:
        """Where ``roll`` spaces along the lane take the car (past the lane's room in a corner, along
        the corner's longest way, ``LaneModel.corner_way``), before any WP: ``(None, end,
        corner, stops)`` when it stays within the room it has (past no corner, or stopping in
        one), else ``(over, fatal, end, corner end, target, stops made)``: ``over`` spaces too
        many for the corner ``target``, ``fatal`` when flying out misses a stop (CORNER-5)."""
        where = (space, roll, corner, stops)
        found = self.ways.get(where)
        if found is None:
            found = self.ways[where] = self._way(space, roll, corner, stops)
        return found

    def _way(self, space: str, roll: int, corner: int | None, stops: int) -> tuple:
        track, lane = self.track, self.lane
        here = track.space(space).corner
        if here is not None and corner == here and stops < track.corners[here].stops:
            left = self._left.get(space)
            if left is None:
                left = self._left[space] = lane.left_in_corner(space)
            room, need, made, target = left, track.corners[here].stops, stops, here
            before: int = 0
            inside: str | None = space
        else:
            dist, c, length = lane.corner_ahead(space)
            if c < 0 or roll < dist:
                return (None, lane.walk(space, roll), None, 0)
            room, need, made, target = dist + length - 1, track.corners[c].stops, 0, c
            before, inside = dist, lane.walk(space, dist)
        # the lane's room, or beyond it the corner's longest way on (a lane change, an arrow)
        way = lane.corner_way(inside) if inside is not None and roll > room else ()
        corner_end: str | None
        if len(way) > room - before:
            room = before + len(way)
            if roll <= room:
                return (None, way[roll - before - 1], target, made + 1)
            end, corner_end = lane.walk(way[-1], roll - room), way[-1]
        elif roll <= room:
            return (None, lane.walk(space, roll), target, made + 1)
        else:
            end, corner_end = lane.walk(space, roll), lane.walk(space, room)
        return (roll - room, stops_missed_out(need, made), end, corner_end, target, made)

    def leaf(self, dice: Odds, gear: int, space: str, corner: int | None, stops: int) -> int:
        """The number of the last turn's shape from this position in ``gear``: per gear it can
        shift to, whether that is a skip and the shape of its faces (``sum_of``)."""
        where = (id(dice), gear, space, corner, stops)
        found = self._leaf_ids.get(where)
        if found is None:
            shape = tuple(
                (nxt, skipped(gear, nxt), self.sum_of(dice, nxt, space, corner, stops)) for nxt in next_gears(gear)
            )
            found = self._leaf_ids[where] = self._number(shape, self._leaf_shapes, self.leaves)
        return found

    def sum_of(self, dice: Odds, nxt: int, space: str, corner: int | None, stops: int) -> int:
        """The number of the shape of gear ``nxt``'s faces from this position: each face's
        probability and roll, and for a roll past its room the spaces over and whether flying
        out misses a stop (all the overshoot's price needs)."""
        where = (id(dice), nxt, space, corner, stops)
        found = self._sum_ids.get(where)
        if found is None:
            shape = tuple(
                (p, p * float(face), face, way[0], way[0] is not None and way[1])
                for face, p in dice[nxt - 1]
                for way in (self.way(space, face, corner, stops),)
            )
            with self._lock:
                found = self._sum_shapes.get(shape)
                if found is None:
                    found = self._sum_shapes[shape] = len(self.sums)
                    self.sums.append(shape)
                    mean = sum(gain for _, gain, _, _, _ in shape)
                    self.sum_bounds.append(mean + 1e-6 * (1.0 + abs(mean)))
            self._sum_ids[where] = found
        return found

    def turn(self, dice: Odds, gear: int, space: str, corner: int | None, stops: int) -> int:
        """The number of the shape of the turn before the last from this position in ``gear``:
        per gear it can shift to, whether that is a skip and the shape of its faces (``gear_of``)."""
        where = (id(dice), gear, space, corner, stops)
        found = self._turn_ids.get(where)
        if found is None:
            shape = tuple(
                (nxt, skipped(gear, nxt), self.gear_of(dice, nxt, space, corner, stops)) for nxt in next_gears(gear)
            )
            found = self._turn_ids[where] = self._number(shape, self._turn_shapes, self.turns)
        return found

    def gear_of(self, dice: Odds, nxt: int, space: str, corner: int | None, stops: int) -> int:
        """The number of the shape of gear ``nxt``'s faces from this position, each with the last
        turn's shapes where it may end: past the room flying out (``run``) or braking to a stop
        in the corner (``stop``), within it where the roll ends (``run``)."""
        where = (id(dice), nxt, space, corner, stops)
        found = self._gear_ids.get(where)
        if found is None:
            faces = []
            for face, p in dice[nxt - 1]:
                way = self.way(space, face, corner, stops)
                if way[0] is None:
                    run = self._leaf_or_none(dice, nxt, way[1], way[2], way[3])
                    faces.append((p, p * face, face, None, False, run, -1))
                else:
                    over, fatal, end, stop, target, made = way
                    run = self._leaf_or_none(dice, nxt, end, None, 0)
                    faces.append(
                        (p, p * face, face, over, fatal, run, self._leaf_or_none(dice, nxt, stop, target, made + 1))
                    )
            found = self._gear_ids[where] = self._number(tuple(faces), self._gear_shapes, self.gears)
        return found

    def _leaf_or_none(self, dice: Odds, gear: int, space: str | None, corner: int | None, stops: int) -> int:
        """``leaf``, or -1 where the lane ends (no turn after it)."""
        return -1 if space is None else self.leaf(dice, gear, space, corner, stops)

    def _number(self, shape: tuple, numbers: dict, shapes: list) -> int:
        """The shape's number, a new one for a shape not seen before."""
        with self._lock:
            found = numbers.get(shape)
            if found is None:
                found = numbers[shape] = len(shapes)
                shapes.append(shape)
        return found
