"""What the camera frames when a player decides: the car, where it may go and what lies ahead.

A gear is chosen looking at the next corner (its plate says how many stops it asks, CORNER-1)
and, on the street circuit, at the next zone (STREET-5, STREET-6); a destination is picked
among all the spaces the roll reaches. The camera (``BoardView.show``) then fits these map
points into the board's part no panel covers.
"""

from __future__ import annotations

from rules.state import CarState, RaceState
from rules.track import Track

Point = tuple[float, float]
Box = tuple[float, float, float, float]


def reach(state: RaceState, car: CarState) -> int:
    """The most rows the car can drive next turn: the highest face of the die one gear up."""
    gear = min(6, max(1, car.gear + 1))
    return max(state.rules.gear_dice.die(gear).faces)


def _ahead(track: Track, row: int, first: int) -> int:
    return (first - row) % track.rows


def corners_ahead(track: Track, state: RaceState, car: CarState) -> list[int]:
    """The corner the car stands in, if any, and the next corner whose first row it can reach."""
    if car.space is None or not track.corners:
        return []
    here = track.space(car.space).corner
    row = track.order_row(car.space)
    others = [c for c in track.corners if c.index != here]
    ahead = min(others, key=lambda c: _ahead(track, row, c.first_row), default=None)
    found = [here] if here is not None else []
    if ahead is not None and _ahead(track, row, ahead.first_row) <= reach(state, car):
        found.append(ahead.index)
    return found


def zone_ahead(track: Track, state: RaceState, car: CarState) -> tuple[str, ...]:
    """The spaces of the next street-race zone the car can reach (or stands in), if any."""
    if car.space is None or not track.zones or not state.rules.street:
        return ()
    row = track.order_row(car.space)

    def distance(spaces: tuple[str, ...]) -> int:
        return min(_ahead(track, row, track.space(s).row) for s in spaces)

    nearest = min(track.zones, key=lambda z: distance(z.spaces))
    return nearest.spaces if distance(nearest.spaces) <= reach(state, car) else ()


def frame_points(
    track: Track, plates: list[Box], state: RaceState, car_id: str, destinations: list[str]
) -> list[Point]:
    """The map points a player deciding for ``car_id`` should see: its space, ``destinations``,
    the spaces and plate (``plates``: each corner's sign box) of the corners ahead, the next zone."""
    car = state.car(car_id)
    names = [n for n in [car.space, *destinations] if n and track.has_space(n)]
    points = [(track.space(n).x, track.space(n).y) for n in names]
    for i in corners_ahead(track, state, car):
        points += [(track.space(n).x, track.space(n).y) for n in track.corners[i].spaces]
        if i < len(plates):
            x, y, w, h = plates[i]
            points += [(x, y), (x + w, y + h)]
    points += [(track.space(n).x, track.space(n).y) for n in zone_ahead(track, state, car)]
    return points
