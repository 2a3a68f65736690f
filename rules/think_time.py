"""How long a computer driver takes for a qualifying lap: a time per decision.

A stopwatch lap is timed on people, and a person's time goes into deciding,
not into the rules. The model follows the Hick-Hyman law of choice reaction
time: a decision among ``n`` equally likely options takes ``a + b·log2(n + 1)``
seconds. The constants are those of a quick, practised board-game player:

* a gear: 0.9 s + 0.55 s per bit of the legal gears (about 2.2 s for 4 gears);
* throwing the gear die: a flat 0.7 s (no choice is made);
* a destination: 1.1 s + 0.65 s per bit of the reachable end spaces
  (about 2.6 s for 4 spaces): counting spaces is what takes time.

So a computer driver's lap time is the sum over its decisions, exact and
reproducible (no random jitter), and a lap with harder choices takes longer.
"""

from __future__ import annotations

import math

from rules.actions import Action, ChooseGear, Roll

GEAR_MS = (900, 550)
ROLL_MS = 700
MOVE_MS = (1100, 650)


def _hick(base_per_bit: tuple[int, int], choices: int) -> int:
    base, per_bit = base_per_bit
    return round(base + per_bit * math.log2(max(1, choices) + 1))


def decision_ms(action: Action, choices: int) -> int:
    """Milliseconds a computer driver needs for ``action`` when it had ``choices`` options."""
    if isinstance(action, ChooseGear):
        return _hick(GEAR_MS, choices)
    if isinstance(action, Roll):
        return ROLL_MS
    return _hick(MOVE_MS, choices)
