"""What lies ahead of a car, as the levels count it: the rows, laps and corners still to drive,
the markers it cannot get round, the cars that can block it or end beside it, and the odds that
the checks still to come retire it (CORE-BLOCK-1..3, CORE-DANGER-2/3, FD08-COLL-1)."""

from __future__ import annotations

import collections
import math

from rules.engine import wet
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
    here = track.space(end)
    room: int | None = None
    for lane in (here.lane - 1, here.lane, here.lane + 1):
        if not 0 <= lane < track.lanes:
            continue
        free = BOX_ROWS
        for c in state.cars:
            if c.id == car.id or c.status != "racing" or c.space is None:
                continue
            sp = track.space(c.space)
            if sp.lane == lane and not sp.in_pit:
                ahead = (sp.row - here.row) % track.rows
                if 0 < ahead < BOX_ROWS:
                    free = min(free, ahead - 1 + (state.rules.gear_dice.die(c.gear).lowest if c.gear else 0))
        room = free if room is None else max(room, free)
    if room is None or room >= BOX_ROWS:
        return 0.0
    fatal = 0.0
    for face, p in state.rules.gear_dice.die(max(1, car.gear - 1)).outcomes():
        cost = block_cost(face - room) if face > room else BlockCost(0, 0)
        if cost is None or cost.brakes > brakes or cost.tyres > tyres:
            fatal += float(p)
    return fatal


def dangers_ahead(track: Track, state: RaceState, start_row: int, end: str) -> int:
    """The fewest dangerous spaces (CORE-DANGER-2) a car standing on ``end`` must still drive over
    to get ``DANGER_ROWS`` rows beyond ``start_row``, round the others by another lane where the
    track has one (CORE-DANGER-3); 0 once there. Kept per position and markers: a level asks it
    of every move it values."""
    key = (id(track), state.markers, start_row, end)
    found = _DANGERS_AHEAD.get(key)
    if found is not None:
        return found
    markers, rows = set(state.markers), track.rows
    best: dict[str, int] = {end: 0}
    todo = collections.deque([end])
    found = 0
    while todo:
        here = todo.popleft()
        cost = best[here]
        if (track.space(here).row - start_row) % rows >= DANGER_ROWS:
            found = cost
            break
        for nxt in track.successors(here):
            if track.space(nxt).in_pit:
                continue
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


def cars_behind(track: Track, state: RaceState, car: CarState, space: str) -> int:
    """The other racing cars 1 to ``EXPOSED_ROWS`` rows behind ``space`` on the track: they move
    after a car standing there and may end beside it (FD08-COLL-1)."""
    here = track.space(space).row
    n = 0
    for c in state.cars:
        if c.id != car.id and c.status == "racing" and c.space is not None and not track.space(c.space).in_pit:
            if 0 < (here - track.space(c.space).row) % track.rows <= EXPOSED_ROWS:
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


def laps_after(track: Track, state: RaceState, car: CarState) -> float:
    """The share of a lap still to drive after this one, up to one: 0 on the last lap, where a block
    next turn or a car ending beside it risks only the race's last spaces, not laps of it."""
    return min(1.0, max(0.0, rows_ahead(track, state, car) / track.rows - 1.0))


def corners_ahead(track: Track, state: RaceState, car: CarState) -> int:
    """The corners the car still has to drive: the rest of this lap's and every later lap's."""
    laps_after = max(0, state.laps - car.crossings)
    row = track.space(car.space).row if car.space is not None else 0
    this_lap = sum(1 for c in track.corners if c.first_row >= row) if car.crossings > 0 else 0
    return laps_after * len(track.corners) + this_lap
