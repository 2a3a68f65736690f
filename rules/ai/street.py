"""The street race's valuations a computer driver shares (STREET-3, STREET-5, STREET-7,
STREET-8): the nitro's price, a tunnel's gain, the residents' shots and where the WP won go."""

from __future__ import annotations

from rules.car import Area
from rules.modules import free_wp
from rules.moves import Move
from rules.state import RaceState
from rules.track import Track

NITRO_GAIN = 0.5  # the share of the gear's extra spaces a nitro must be expected to gain


def tunnel_gain(track: Track, state: RaceState, move: Move) -> int:
    """STREET-7: the rows a move gains by ending on a tunnel entry whose exit is free."""
    gate = track.tunnel_from(move.end) if state.rules.street and move.end and not move.finishes else None
    if gate is None or any(c.space == gate.exit and c.status == "racing" for c in state.cars):
        return 0
    return max(0, track.space(gate.exit).row - track.space(gate.entry).row)


def street_shots(track: Track, state: RaceState, move: Move) -> float:
    """STREET-5: the body WP a move is expected to lose to the residents' shots."""
    if not state.rules.street or move.out is not None:
        return 0.0
    path = move.path if state.rules.shooting == "passing" else move.path[-1:]
    zones = {z.object_id for z in (track.zone_of(n) for n in path) if z is not None and z.kind == "shooting"}
    return len(zones) * state.rules.shooting_fails / 20


# the areas a won WP goes to first when the WP left are level: the ones whose last WP ends the race
FREE_WP_ORDER = (Area.BODY, Area.ROAD_HOLDING, Area.ENGINE, Area.BRAKES, Area.GEARBOX, Area.FUEL, Area.TYRES)


def choose_free_wp(state: RaceState) -> dict[Area, int]:
    """STREET-7/8: the won WP one by one to the area with room that has the fewest WP left."""
    car = state.car(free_wp.owed_car(state) or "")
    room = free_wp.room(state, car)
    wp = {a: car.wp[a] for a in room}
    chosen: dict[Area, int] = {}
    for _ in range(free_wp.amount(state, car)):
        area = min((a for a in room if room[a] > chosen.get(a, 0)), key=lambda a: (wp[a], FREE_WP_ORDER.index(a)))
        chosen[area] = chosen.get(area, 0) + 1
        wp[area] += 1
    return chosen
