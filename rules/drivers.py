"""Computer drivers: they choose among the engine's legal gears and moves, using the odds.

Both are deterministic, so a race with computer drivers replays exactly
from its seed. ``careful`` never risks its race when a safe gear exists and
spends wear points slowly; ``aggressive`` accepts some risk for speed.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.moves import Move
from rules.odds import GearOdds, gear_odds, move_cost
from rules.state import RaceState
from rules.track import Track


@dataclass(frozen=True)
class Driver:
    """A driving style: how much risk and wear one space of progress is worth."""

    name: str
    max_out: Fraction  # the highest chance of elimination it accepts
    wear_weight: float  # spaces of progress one WP is worth giving up

    def choose_gear(self, track: Track, state: RaceState) -> int:
        odds = gear_odds(track, state)
        car = state.car(state.active or "")
        spare = car.wp.tyres + car.wp.brakes
        weight = self.wear_weight * (1.0 if spare > 4 else 2.5)

        def score(o: GearOdds) -> tuple[bool, float]:
            return (o.out > self.max_out, float(o.advance) - weight * float(o.wear) - 100.0 * float(o.out))

        return max(odds.values(), key=lambda o: (not score(o)[0], score(o)[1], -o.gear)).gear

    def choose_move(self, track: Track, state: RaceState, moves: list[Move]) -> Move:
        """Stay in the race, lose the fewest WP, go furthest; avoid ending beside cars."""
        others = {c.space for c in state.cars if c.id != state.active and c.space}

        def crowded(m: Move) -> int:
            end = m.end
            if end is None:
                return 0
            near = set(track.beside(end)) | {track.ahead(end)}
            return len(near & others)

        return min(moves, key=lambda m: (m.out is not None, move_cost(m), -len(m.path), crowded(m), m.dangers, m.path))


CAREFUL = Driver(name="careful", max_out=Fraction(0), wear_weight=3.0)
AGGRESSIVE = Driver(name="aggressive", max_out=Fraction(1, 6), wear_weight=1.0)
DRIVERS = {d.name: d for d in (CAREFUL, AGGRESSIVE)}
