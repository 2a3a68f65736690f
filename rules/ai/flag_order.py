"""The order at the flag: of two cars that both cross the line in one game round, the one that
moves first wins (CORE-END-1), and the car ahead at the start of a round moves first
(CORE-ORDER-1..3). So on the last lap a car that has moved this round and can cross next turn is
beaten by ending ahead of it, should both cross next turn: a level weighs ending ahead of each
such rival by both cars' chances of crossing next turn. The look-ahead, which sees no other
car, cannot see this: to it a space short of the line is as good as ten."""

from __future__ import annotations

from rules.ai.lane import lane_model
from rules.ai.shapes import Odds
from rules.state import CarState, RaceState
from rules.track import Track


def cross_odds(track: Track, dice: Odds, space: str, gear: int, corner: int | None, stops: int) -> float:
    """The chance that a car on ``space`` in ``gear`` crosses the line next turn in that gear or the
    next (no skip); none where a corner still owed stops, or a corner ahead, comes before the line
    (crossing it would fly out of the corner, CORNER-4)."""
    lane = lane_model(track)
    line = lane.to_line(space)
    here = track.space(space).corner
    if here is not None and (corner != here or stops < track.corners[here].stops):
        return 0.0
    if lane.corner_ahead(space)[0] < line:
        return 0.0
    return max(sum(p for face, p in dice[g - 1] if face >= line) for g in {gear, min(6, gear + 1)})


class FlagOrder:
    """The rivals that ending ahead of beats at the flag: the cars on their last lap that have moved
    this round (they are ahead or level when it starts), each with its chance of crossing next turn."""

    def __init__(self, track: Track, state: RaceState, car: CarState, dice: Odds) -> None:
        self.track, self.dice = track, dice
        self.rivals: list[tuple[int, int, float]] = []  # (row, gear, chance of crossing next turn)
        if car.crossings != state.laps or state.sweep is None:
            return
        moved = set(state.sweep.moved)
        for c in state.cars:
            if c.id == car.id or c.id not in moved or c.status != "racing" or c.space is None:
                continue
            if c.crossings != state.laps or track.space(c.space).in_pit:
                continue
            odds = cross_odds(track, dice, c.space, c.gear, c.corner, c.stops)
            if odds:
                self.rivals.append((track.order_row(c.space), c.gear, odds))

    def finishing(self) -> float:
        """The rivals beaten by crossing the line now: every one, whatever its chance next turn."""
        return sum(odds for _, _, odds in self.rivals)

    def stake(self, end: str, gear: int, corner: int | None, stops: int) -> float:
        """The rivals beaten at the flag by ending on ``end`` in ``gear``: the sum, over the rivals it
        ends ahead of (further on, or level in a higher gear, CORE-ORDER-3), of the chance that both
        cross next turn."""
        if not self.rivals:
            return 0.0
        row = self.track.order_row(end)
        beaten = sum(odds for r, g, odds in self.rivals if (row, gear) > (r, g))
        return beaten * cross_odds(self.track, self.dice, end, gear, corner, stops) if beaten else 0.0
