"""The engine boost (Dresden): before the gear roll a driver may strike 1 engine WP for as many
extra spaces as its gear, and the booster's stop that turn becomes a dangerous space.

Its hooks (``rules.hooks``): ``on_gear`` takes the ``ChooseGear.boost`` flag once the gear (and
its skip cost) is declared, ``extra_spaces`` adds to the roll. ``refusal`` says whether a car may boost now,
for the gear box and the odds (``rules.odds.boost_odds``). Without ``RuleSet.engine_boost``
every boost is refused.

Rules here: ENG-D-3, AMB-22 (the marker on the booster's end space of that turn), PIT-D-11 (no
boost at the box).
"""

from __future__ import annotations

from rules.actions import ChooseGear, Event
from rules.car import Area
from rules.modules.base import IllegalAction
from rules.reasons import Code, Reason
from rules.state import CarState, Phase, RaceState


def refusal(state: RaceState, car: CarState) -> Reason | None:
    """Why ``car`` may not boost now, or None. ENG-D-3: never with the last engine WP; nor at the
    box while the crew works (PIT-D-11: "normal" 4th-gear rolls work the points off)."""
    if not state.rules.engine_boost or state.mode != "race":
        return Reason(rule="ENG-D-3", code=Code.NO_BOOST)
    if car.league.rolling_out is not None:  # FUEL-2, OUT-D-2: no choice and no cost while rolling out
        return Reason(rule="ENG-D-3", code=Code.NO_BOOST)
    if car.league.pit_points is not None:  # PIT-D-11, AMB-33: the crew's points go with plain 4th-gear rolls
        return Reason(rule="PIT-D-11", code=Code.BOOST_IN_BOX)
    if car.wp.engine <= 1:
        return Reason(rule="ENG-D-3", code=Code.BOOST_LAST_ENGINE_WP, values={"left": car.wp.engine})
    return None


def on_gear(state: RaceState, action: ChooseGear, events: list[Event]) -> RaceState:
    """ENG-D-3: the boost announced with the gear, before the roll: 1 engine WP now, the marker
    when the car stands (AMB-22: the booster's end space of that turn, ``mark_stop``)."""
    if not action.boost or state.phase != Phase.ROLL:  # a skip cost may have ended the race already
        return state
    car = state.car(state.active or "")
    why = refusal(state, car)
    if why is not None:
        raise IllegalAction(why)
    car = car.model_copy(update={"wp": car.wp.spend(Area.ENGINE)})
    events.append(Event(kind="boost", car=car.id, data={"spaces": car.gear, "left": car.wp.engine}))
    return state.with_car(car).with_league(boost=True).model_copy(update={"mark_stop": True})


def extra_spaces(state: RaceState, car: CarState) -> int:
    """ENG-D-3: a boosted roll counts as many spaces more as the gear (1st +1 ... 6th +6)."""
    return car.gear if state.league.boost else 0
