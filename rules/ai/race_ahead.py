"""What lies ahead of a car, as the levels count it: the rows, laps and corners still to drive,
the markers it cannot get round, the cars that can block it or end beside it, and the odds that
the checks still to come retire it (CORE-BLOCK-1..3, CORE-DANGER-2/3, FD08-COLL-1)."""

from __future__ import annotations

import collections
import math
from functools import lru_cache

from rules.dice import Die
from rules.engine import wet
from rules.modules.damage import neighbours
from rules.ruleset import RuleSet
from rules.state import CarState, RaceState
from rules.tables.checks import BlockCost, CheckKind, block_cost, check_threshold
from rules.track import Track

FULL_FIELD = 10  # cars: the field in which the reserve and the race's share of a retirement count whole
REACH_ROWS = 15  # rows ahead or behind within which another car counts for the field's prices
LAST_CORNERS = 2  # corners before the flag from which a level's WP prices fall to nothing
BOX_ROWS = 10  # rows ahead within which a car can box another in for its next turn
EXPOSED_ROWS = 12  # the rows behind a car from which the next roll can end beside it


def retire_odds(left: int, expected: float) -> float:
    """The chance that the failures still to come, ``expected`` on average (a Poisson count: many
    checks, each failing rarely), are ``left`` or more: an area with ``left`` WP is then gone."""
    if left <= 0:
        return 1.0
    term = total = math.exp(-expected)
    for k in range(1, left):
        term *= expected / k
        total += term
    return max(0.0, 1.0 - total)


def fail(kind: CheckKind, state: RaceState) -> float:
    """The chance that one check of ``kind`` fails: its highest failing face of the black d20,
    higher in rain (CORE-WEATHER-2, TAB-RAIN)."""
    return check_threshold(kind, wet(state)) / 20


def boxed_odds(track: Track, state: RaceState, car: CarState, end: str, brakes: int, tyres: int) -> float:
    """The chance that next turn, in the gear one below this one (the lowest without a skip), the
    cars ahead leave the car fewer free spaces than it rolls and the rest is a block it cannot pay
    (CORE-BLOCK-1..3, TAB-BLOCK: 1-3 spaces in brakes, 4-6 in brakes and tyres, 7 or more out).
    The free spaces are those of the freest of its lane and the lanes beside it up to the first car
    there, plus the lowest roll of that car's gear (it moves first)."""
    return room_odds(state, car, box_room(track, state, car, end), brakes, tyres)


def box_room(track: Track, state: RaceState, car: CarState, end: str) -> int | None:
    """``boxed_odds``' free spaces ahead of ``end``, up to ``BOX_ROWS`` (None off the track's
    lanes): the other cars alone decide them."""
    here = track.space(end)
    rows = track.rows
    room: int | None = None
    field = _field(track, state)
    for lane in (here.lane - 1, here.lane, here.lane + 1):
        if not 0 <= lane < track.lanes:
            continue
        free = BOX_ROWS
        for cid, on, row, lowest in field:
            if on == lane and cid != car.id:
                ahead = (row - here.row) % rows
                if 0 < ahead < BOX_ROWS:
                    free = min(free, ahead - 1 + lowest)
        room = free if room is None else max(room, free)
    return room


def room_odds(state: RaceState, car: CarState, room: int | None, brakes: int, tyres: int) -> float:
    """``boxed_odds`` for the free spaces ``room`` (``box_room``)."""
    if room is None or room >= BOX_ROWS:
        return 0.0
    return _blocked(state.rules.gear_dice.die(max(1, car.gear - 1)).faces, room, brakes, tyres)


@lru_cache(maxsize=4096)
def _blocked(faces: tuple[int, ...], room: int, brakes: int, tyres: int) -> float:
    """``boxed_odds``'s chance for a die of ``faces``: the rolls past ``room`` whose block costs
    more than ``brakes`` and ``tyres`` (TAB-BLOCK), summed lowest first as the die's outcomes."""
    fatal = 0.0
    for face, p in Die(name="", colour="", faces=faces).outcomes():
        cost = block_cost(face - room) if face > room else BlockCost(0, 0)
        if cost is None or cost.brakes > brakes or cost.tyres > tyres:
            fatal += float(p)
    return fatal


_FIELDS: dict[int, tuple[tuple, Track, object, tuple[tuple[str, int, int, int], ...]]] = {}


def _field(track: Track, state: RaceState) -> tuple[tuple[str, int, int, int], ...]:
    """The racing cars on the track (not in the pit lane): id, lane, row and the lowest roll of
    their gear (0 standing). Kept for the last few tuples of cars asked about (a level asks it for
    every move it values; the tuple is kept with it, so its id is not given to another), with the
    track and rules they were read with."""
    found = _FIELDS.get(id(state.cars))
    if found is not None and found[0] is state.cars and found[1] is track and found[2] is state.rules:
        return found[3]
    dice = state.rules.gear_dice
    field = []
    for c in state.cars:
        if c.status == "racing" and c.space is not None:
            sp = track.space(c.space)
            if not sp.in_pit:
                field.append((c.id, sp.lane, sp.row, dice.die(c.gear).lowest if c.gear else 0))
    if len(_FIELDS) >= 16:
        _FIELDS.clear()
    kept = tuple(field)
    _FIELDS[id(state.cars)] = (state.cars, track, state.rules, kept)
    return kept


class Field:
    """What the other cars and the markers make of the end of a move, worked out once per end:
    the cars beside it or ahead (CORE-COLL-1, AMB-4), those close behind (FD08-COLL-1), the room
    ahead before a block (CORE-BLOCK-1) and the markers the car cannot get round (CORE-DANGER-3).
    The positions of one decision (each gear and face a level plays out, then the roll it got)
    have the same other cars and markers, so they share one (``field_of``)."""

    def __init__(self, key: tuple) -> None:
        self.key = key
        self.crowds: dict[str, int] = {}
        self.behind: dict[str, int] = {}
        self.rooms: dict[str, int | None] = {}
        self.dangers: dict[tuple[int, str], int] = {}

    def crowd(self, track: Track, state: RaceState, car: CarState, end: str) -> int:
        """The other racing cars beside ``end`` or ahead of it (``neighbours``)."""
        found = self.crowds.get(end)
        if found is None:
            near = neighbours(track, state, end)
            found = self.crowds[end] = sum(
                1 for c in state.cars if c.id != car.id and c.status == "racing" and c.space in near
            )
        return found

    def cars_behind(self, track: Track, state: RaceState, car: CarState, end: str) -> int:
        """``cars_behind``, remembered per end."""
        found = self.behind.get(end)
        if found is None:
            found = self.behind[end] = cars_behind(track, state, car, end)
        return found

    def box_room(self, track: Track, state: RaceState, car: CarState, end: str) -> int | None:
        """``box_room``, remembered per end."""
        if end in self.rooms:
            return self.rooms[end]
        found = self.rooms[end] = box_room(track, state, car, end)
        return found

    def dangers_ahead(self, track: Track, state: RaceState, start_row: int, end: str) -> int:
        """``dangers_ahead``, remembered per start row and end."""
        found = self.dangers.get((start_row, end))
        if found is None:
            found = self.dangers[(start_row, end)] = dangers_ahead(track, state, start_row, end)
        return found


def field_of(track: Track, state: RaceState, car: CarState) -> Field:
    """The ``Field`` of ``car``'s moves in ``state``: the last one while the track, the rules,
    the markers and the other cars (id, status, space and gear: all its memos read of them) are
    the same. One assignment replaces it, so a window's thread and a driver's thread may both ask."""
    key = (
        car.id,
        state.markers,
        tuple((c.id, c.status, c.space, c.gear) for c in state.cars if c.id != car.id),
    )
    last = _LAST_FIELD[0]
    if last is not None and last[0] is track and last[1] is state.rules and last[2].key == key:
        return last[2]
    field = Field(key)
    _LAST_FIELD[0] = (track, state.rules, field)
    return field


_LAST_FIELD: list[tuple[Track, RuleSet, Field] | None] = [None]


def dangers_ahead(track: Track, state: RaceState, start_row: int, end: str) -> int:
    """The fewest dangerous spaces (CORE-DANGER-2) a car standing on ``end`` must still drive over
    to get ``DANGER_ROWS`` rows beyond ``start_row``, round the others by another lane where the
    track has one (CORE-DANGER-3); 0 once there. Kept per position and markers: a level asks it
    of every move it values."""
    key = (id(track), state.markers, start_row, end)
    found = _DANGERS_AHEAD.get(key)
    if found is not None:
        return found
    markers, rows, roads = set(state.markers), track.rows, _roads(track)
    best: dict[str, int] = {end: 0}
    todo = collections.deque([end])
    found = 0
    while todo:
        here = todo.popleft()
        cost = best[here]
        row, ahead = roads[here]
        if (row - start_row) % rows >= DANGER_ROWS:
            found = cost
            break
        for nxt in ahead:
            c = cost + (nxt in markers)
            if c < best.get(nxt, 1 << 30):
                best[nxt] = c
                todo.appendleft(nxt) if c == cost else todo.append(nxt)
    if len(_DANGERS_AHEAD) > 50_000:
        _DANGERS_AHEAD.clear()
    _DANGERS_AHEAD[key] = found
    return found


DANGER_ROWS = 12  # rows past its start within which a level counts the markers it cannot get round
_DANGERS_AHEAD: dict[tuple, int] = {}
_ROADS: dict[int, tuple[Track, dict[str, tuple[int, tuple[str, ...]]]]] = {}


def _roads(track: Track) -> dict[str, tuple[int, tuple[str, ...]]]:
    """Per space its row and the spaces a step leads to off the pit lane, in the track's order:
    ``dangers_ahead``'s search reads them for every space it visits. Kept for the last tracks."""
    found = _ROADS.get(id(track))
    if found is not None and found[0] is track:
        return found[1]
    roads = {
        sp.name: (sp.row, tuple(n for n in track.successors(sp.name) if not track.space(n).in_pit))
        for sp in track.spaces
    }
    if len(_ROADS) >= 4:
        _ROADS.clear()
    _ROADS[id(track)] = (track, roads)
    return roads


def cars_behind(track: Track, state: RaceState, car: CarState, space: str) -> int:
    """The other racing cars 1 to ``EXPOSED_ROWS`` rows behind ``space`` on the track: they move
    after a car standing there and may end beside it (FD08-COLL-1)."""
    here, rows = track.space(space).row, track.rows
    n = 0
    for cid, _, row, _ in _field(track, state):
        if cid != car.id and 0 < (here - row) % rows <= EXPOSED_ROWS:
            n += 1
    return n


def within_reach(track: Track, state: RaceState, car: CarState) -> int:
    """The other racing cars on the track within ``REACH_ROWS`` rows ahead of the car or behind it:
    those that can block it (CORE-BLOCK-1), end beside it or meet it at the next corners. A car
    alone on the road pays no field's prices, whatever the field's size."""
    if car.space is None:
        return 0
    here, rows = track.space(car.space).row, track.rows
    n = 0
    for c in state.cars:
        if c.id != car.id and c.status == "racing" and c.space and not track.space(c.space).in_pit:
            gap = (track.space(c.space).row - here) % rows
            if min(gap, rows - gap) <= REACH_ROWS:
                n += 1
    return n


def car_ahead(track: Track, state: RaceState, car: CarState, rows: int, cars: int = 1) -> bool:
    """Do ``cars`` other racing cars or more stand 1 to ``rows`` rows ahead on the track (0: never asked)?"""
    if rows <= 0 or car.space is None:
        return False
    here = track.space(car.space).row
    found = 0
    for c in state.cars:
        if c.id != car.id and c.status == "racing" and c.space is not None and not track.space(c.space).in_pit:
            if 0 < (track.space(c.space).row - here) % track.rows <= rows:
                found += 1
                if found >= cars:
                    return True
    return False


def rows_ahead(track: Track, state: RaceState, car: CarState) -> int:
    """The rows of the race the car still has to drive: the rest of this lap and every later lap."""
    laps_after = max(0, state.laps - car.crossings)
    row = track.space(car.space).row if car.space is not None else 0
    return laps_after * track.rows + (track.rows - row if car.crossings > 0 else 0)


def laps_ahead(track: Track, state: RaceState, car: CarState) -> float:
    """``rows_ahead`` in laps: the share of the race the car still has to drive, this lap's rest included."""
    return rows_ahead(track, state, car) / track.rows


def laps_after(track: Track, state: RaceState, car: CarState) -> float:
    """The share of a lap still to drive after this one, up to one: 0 on the last lap, where a block
    next turn or a car ending beside it risks only the race's last spaces, not laps of it."""
    return min(1.0, max(0.0, laps_ahead(track, state, car) - 1.0))


def field_share(others: int) -> float:
    """How full a field ``others`` other cars make: 0 in a duel, 1 in a full field (``FULL_FIELD``)."""
    return min(1.0, max(0, others - 1) / (FULL_FIELD - 2))


def sprint_pack(track: Track, state: RaceState, car: CarState) -> float:
    """How much the car races in a pack in a one-lap race: 1 among a full field's cars within reach,
    less among fewer, 0 in a duel or in a longer race (where its WP must last: bold on the last lap
    of three laps, the Champion flew out of more corners and lost places, ``rules/ai/presets.py``)."""
    if state.laps != 1:
        return 0.0
    return field_share(within_reach(track, state, car))


def corners_ahead(track: Track, state: RaceState, car: CarState) -> int:
    """The corners the car still has to drive: the rest of this lap's and every later lap's."""
    laps_after = max(0, state.laps - car.crossings)
    row = track.space(car.space).row if car.space is not None else 0
    this_lap = sum(1 for c in track.corners if c.first_row >= row) if car.crossings > 0 else 0
    return laps_after * len(track.corners) + this_lap
