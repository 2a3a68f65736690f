"""FD Blitz's chess clocks, as far as the rules see them: a player whose time runs out ends the
turn at once and the car stays exactly where it stands for the rest of the heat; the other
drives on alone until its own time runs out (BLITZ-6, BLITZ-7).

The time itself is the game's (its clocks run while a player decides); what reaches
the engine is the ``TimeOut`` action, so a heat's record replays exactly. The stopped car is out
of the heat like a retired one (a wreck where it stands, OUT-D-3) and the classification ranks it
by the distance it drove (BLITZ-8). Without ``RuleSet.clock`` the action is refused.

Rules here: BLITZ-6, BLITZ-7, AMB-46c.
"""

from __future__ import annotations

from rules.actions import Event
from rules.modules.base import IllegalAction, close, retire
from rules.reasons import Code, Reason
from rules.state import RaceState

#: the phases of a car's own turn, in which its clock runs
TURN_PHASES = ("gear", "roll", "move", "pit")


def on_time_out(state: RaceState, car_id: str, events: list[Event]) -> RaceState:
    """BLITZ-6: the turn ends now; whatever it still owed (a movement, checks) is void."""
    if not state.rules.clock or state.active != car_id or state.phase not in TURN_PHASES:
        raise IllegalAction(Reason(rule="BLITZ-6", code=Code.NOT_NOW, values={"action": "timeout"}))
    state = retire(state, car_id, Reason(rule="BLITZ-6", code=Code.TIME_UP), events)
    return close(state.with_league(boost=False).model_copy(update={"roll": None}))
