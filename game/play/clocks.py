"""FD Blitz's two chess clocks (BLITZ-5..7).

A player's clock runs while the race waits for that player: from the start of the turn until
the turn is complete, WP struck included (BLITZ-5). It stops while the dice roll and the cars
drive: the game's animations are not the player's time (the screen says so). A computer
driver's clock runs by the think time its decisions take (``rules.run.think_time``), so it plays
against the same clock. The time used is kept in the save with the race.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Clocks:
    limit_ms: int  # AMB-46c: the agreed time per player and heat
    used: dict[str, int] = field(default_factory=dict)

    def left(self, car: str) -> int:
        return max(0, self.limit_ms - self.used.get(car, 0))

    def run(self, car: str, ms: int) -> bool:
        """``car``'s clock runs ``ms`` more; True once its time is up (BLITZ-6)."""
        self.used[car] = min(self.limit_ms, self.used.get(car, 0) + max(0, ms))
        return self.left(car) == 0
