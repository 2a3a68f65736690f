"""How long a computer driver takes for a decision: a qualifying lap's stopwatch time, and an FD
Blitz player's clock.

A stopwatch lap is timed on people, and a person's time goes into deciding, not into the rules.
The model follows the Hick-Hyman law of choice reaction time: a decision among ``n`` equally
likely options takes ``a + b·log2(n + 1)`` seconds. The constants are a practised player's at a
screen, who takes about a second a turn (the first model, 5.8 s a turn, gave a
computer 4-5 minutes a lap on Hohenau against a person's 30-40 s, so people always took pole):

* a gear: 0.2 s + 0.08 s per bit of the legal gears (about 0.4 s for 4 gears);
* throwing the gear die: a flat 0.25 s (no choice is made);
* a destination: 0.25 s + 0.06 s per bit of the reachable end spaces (about 0.4 s for 4 spaces).

So a computer driver's time is the sum over its decisions, exact and reproducible (no random
jitter), and a lap with harder choices takes longer: about 42 s a lap of Hohenau, 8 s of the small oval.
"""

from __future__ import annotations

import math

from rules.actions import Action, ChooseGear, Roll

GEAR_MS = (200, 80)
ROLL_MS = 250
MOVE_MS = (250, 60)


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
