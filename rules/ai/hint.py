"""A hint on request: the gear the Champion level would declare here, and why, in the words of
the numbers the player sees (the gear table and the planning aid), not in the level's prices.

The reason compares the Champion's gear with the next higher legal one, the gear a new player
is tempted by: what that one risks this turn (out, a fly-out: CORNER-4..6), what it leaves for
the next corner (a skip down that costs WP: TAB-DOWNSHIFT) or over the next two turns; else
what the chosen gear gains (a stop in the coming corner, CORNER-3, or the most spaces safely).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.ai.planning import plan
from rules.ai.presets import CHAMPION
from rules.engine import gear_options
from rules.gears import ShiftCost
from rules.odds import gear_odds
from rules.state import RaceState
from rules.track import Track


@dataclass(frozen=True)
class Hint:
    """The gear and the reason: a text key of ``hint.*`` and its values."""

    gear: int
    reason: str
    values: dict[str, object] = field(default_factory=dict)


def champion_hint(track: Track, state: RaceState) -> Hint:
    """What the Champion would declare for the active car now, and why (phase "gear")."""
    gear = CHAMPION.choose_gear(track, state)
    options = gear_options(track, state)
    legal = [g for g, o in options.items() if isinstance(o, ShiftCost)]
    if len(legal) == 1:
        return Hint(gear, "only")
    odds = gear_odds(track, state)
    aid = plan(track, state).gears
    higher = gear + 1 if gear + 1 in legal and gear + 1 in odds else None
    if higher is not None:
        o, p = odds[higher], aid.get(higher)
        if o.out > 0:
            return Hint(gear, "higher_out", {"higher": higher, "p": float(o.out)})
        if o.overshoot:
            return Hint(gear, "higher_over", {"higher": higher, "p": float(sum(o.overshoot.values()))})
        if p is not None and p.drop_cost > 0:
            return Hint(gear, "higher_drop", {"higher": higher, "safe": p.safe, "n": p.drop_cost})
        if p is not None and (p.out > 0 or p.overshoot > 0):
            return Hint(gear, "higher_later", {"higher": higher, "p": max(p.out, p.overshoot)})
        shift = options[higher]
        if isinstance(shift, ShiftCost) and shift.cost:
            return Hint(gear, "higher_cost", {"higher": higher})
    mine = odds.get(gear)
    if mine is not None and mine.corner_stop > 0:
        return Hint(gear, "stop", {"p": float(mine.corner_stop)})
    if gear == max(legal):
        return Hint(gear, "fastest")
    return Hint(gear, "best")
