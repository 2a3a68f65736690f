"""The running order shown beside the board: who leads, who is out, who races for which team."""

from __future__ import annotations

from game.texts import tr
from rules.state import CarState, RaceState
from rules.track import Track


def running_order(track: Track, state: RaceState) -> list[CarState]:
    """Finishers by place, then racing cars by distance, then retired cars (latest out first)."""
    finished = sorted((c for c in state.cars if c.status == "finished"), key=lambda c: c.place or 0)
    racing = [c for c in state.cars if c.status == "racing"]
    if any(c.space is None for c in racing):
        return finished + racing + _retired(state)  # grid not set yet: entry order
    racing.sort(key=lambda c: (c.crossings, track.space(c.space or "").progress), reverse=True)
    return finished + racing + _retired(state)


def _retired(state: RaceState) -> list[CarState]:
    out = [c for c in state.cars if c.status == "out"]
    return sorted(out, key=lambda c: (c.out_round or 0, c.crossings), reverse=True)


def lap_of(car: CarState, laps: int) -> int:
    """The lap the car is driving (1-based; the grid is behind the line, so 0 crossings = lap 1)."""
    return max(1, min(car.crossings, laps))


def gap(track: Track, leader: CarState, car: CarState) -> int:
    """Rows the car is behind the leader, counting whole laps (for the running order)."""

    def distance(c: CarState) -> float:
        return c.crossings * track.rows + track.space(c.space or "").progress

    return max(0, round(distance(leader) - distance(car)))


def team_members(team: int) -> tuple[int, int]:
    """The entry indexes of a team's cars, for their sprites and badges: the engine pairs the
    entries in order (TEAM-B-1), while ``state.cars`` follows the grid."""
    return (2 * team, 2 * team + 1)


def team_name(team: int) -> str:
    """ "Team 1" for team index 0: players count teams from one, as they count places."""
    return tr("team.name", n=team + 1)
