"""The phase table and the turn's hook lists: every phase has its row, every decision one phase
that takes it, and an action out of its phase is refused with its own rule."""

from __future__ import annotations

import pytest

from rules import hooks
from rules.actions import Bid, ChooseGear, Drive, EndMove, FreeWP, Karma, PitStop, Roll, SetUp, TCar, TimeOut
from rules.engine import chance, to_move
from rules.modules import boost, free_wp, nitro, weather
from rules.phases import ANY_PHASE, NOT_NOW, PHASES
from rules.reasons import Code
from rules.ruleset import DRESDEN_2006
from rules.state import Phase
from tests.rules.fixtures import act, car, illegal, position

DECISIONS = (ChooseGear, Drive, EndMove, SetUp, PitStop, Karma, Bid, TCar, FreeWP)


def test_every_phase_has_a_row_and_every_decision_one_phase_that_takes_it() -> None:
    assert set(PHASES) == set(Phase)
    for kind in DECISIONS:
        takers = [p for p, row in PHASES.items() if kind in row.accepts]
        assert len(takers) == 1, (kind, takers)
        assert kind in NOT_NOW
    assert sorted(kind.__name__ for kind in ANY_PHASE) == [Roll.__name__, TimeOut.__name__]


def test_a_phase_compares_and_serialises_as_its_string() -> None:
    state = position([car("a", "A10"), car("b", "A5")], "a")
    assert state.phase == "gear" and state.phase is Phase.GEAR
    assert '"phase":"gear"' in state.model_dump_json()


@pytest.mark.rules("CORE-TURN-1", "CORE-TURN-2", "CORE-MOVE-7", "CORE-ORDER-1")
def test_an_action_the_phase_does_not_take_is_refused_with_its_rule() -> None:
    state = position([car("a", "A10"), car("b", "A5")], "a")
    assert to_move(state) == "a" and chance(state) is None
    assert [illegal(state, a).reason.rule for a in (Drive(path=("A11",)), EndMove(), Roll(value=3))] == [
        "CORE-TURN-2",
        "CORE-MOVE-7",
        "CORE-TURN-1",
    ]
    assert all(illegal(state, a).reason.code is Code.NOT_NOW for a in (Drive(path=("A11",)), EndMove(), Roll(value=3)))
    rolling, _ = act(state, ChooseGear(gear=3))
    assert rolling.phase is Phase.ROLL and to_move(rolling) is None and chance(rolling) is not None
    refused = illegal(rolling, ChooseGear(gear=3))
    assert (refused.reason.rule, refused.reason.code) == ("CORE-TURN-1", Code.NOT_NOW)
    assert illegal(state, ChooseGear(gear=3, car="b")).reason.rule == "CORE-ORDER-1"


@pytest.mark.rules("KARMA-3", "H2H-2")
def test_a_karma_answer_or_a_bid_out_of_its_phase_or_with_nothing_to_answer_is_refused() -> None:
    """The phase table refuses them outside their phases; a position in the karma or bid phase
    that holds no check or head-to-head refuses them too, never failing on the missing slice."""
    state = position([car("a", "A10", karma=30), car("b", "A5", karma=30)], "a", rules=DRESDEN_2006)
    for action, rule in ((Karma(car="a", spend="raise"), "KARMA-3"), (Bid(car="a", amount=1), "H2H-2")):
        refused = illegal(state, action)
        assert (refused.reason.rule, refused.reason.code) == (rule, Code.NOT_NOW)
    for phase, action, rule in ((Phase.KARMA, Karma(spend="accept"), "KARMA-3"), (Phase.BID, Bid(amount=0), "H2H-2")):
        empty = state.model_copy(update={"phase": phase, "active": None})
        assert to_move(empty) is None
        refused = illegal(empty, action)
        assert (refused.reason.rule, refused.reason.code) == (rule, Code.NOT_NOW)


@pytest.mark.rules("MASTERS-TURN-9", "MASTERS-TURN-13", "MASTERS-TURN-14", "MASTERS-TURN-15", "ENG-D-3", "STREET-3")
def test_the_hook_lists_keep_the_masters_order_and_the_nitro_joins_by_one_line_each() -> None:
    stand = [(h.__doc__ or "").split(":")[0] for h in hooks.STAND]
    assert stand == ["STREET-7", "STREET-5", "MASTERS-TURN-13", "MASTERS-TURN-14"]
    assert hooks.GEAR == (boost.on_gear, nitro.on_gear) and hooks.ROLL == (boost.extra_spaces, nitro.extra_spaces)
    assert nitro.new_turn in hooks.TURN
    assert hooks.ROUND_END == (
        free_wp.police_payout,
        weather.after_round,
    )  # STREET-7 before the weather (MASTERS-TURN-15)
    assert free_wp.on_line in hooks.LINE
