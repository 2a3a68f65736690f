"""The order at the flag: on the last lap a level weighs ending ahead of a rival that has moved
this round, since of two cars crossing the line in one round the one that moves first wins
(CORE-END-1) and the car ahead at the round's start moves first (CORE-ORDER-1)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.ai.flag_order import FlagOrder, cross_odds
from rules.ai.lane import lane_model
from rules.ai.lookahead import odds
from rules.ai.presets import CHAMPION
from rules.engine import gear_options
from rules.gears import ShiftCost
from rules.ruleset import FORMULA_D_BASIC
from rules.state import RaceState, SweepState
from tests.rules.test_odds import TRACK, position

DICE = odds(FORMULA_D_BASIC.gear_dice)  # the rules of ``position``


def last_lap(space: str, gear: int, rival: str, rival_gear: int, moved: tuple[str, ...] = ("b",)) -> RaceState:
    """The oval's last lap: car a to choose its gear, car b on ``rival``; ``moved`` this round."""
    corner = TRACK.space(space).corner  # standing in a corner, it has stopped there
    state = position(space, gear, stops=0 if corner is None else 1, corner=corner)
    a, b = state.cars
    b = b.model_copy(update={"space": rival, "gear": rival_gear})
    return state.model_copy(update={"laps": 1, "cars": (a, b), "sweep": SweepState(moved=moved)})


@pytest.mark.rules("CORE-END-1")
def test_the_chance_of_crossing_next_turn_counts_the_gear_and_the_next_and_no_corner_before_the_line() -> None:
    lane = lane_model(TRACK)
    assert lane.to_line("C61") == 10 and lane.to_line("C58") == 13
    assert cross_odds(TRACK, DICE, "C61", 4, None, 0) == pytest.approx(1.0)  # 5th rolls 11 or more
    assert cross_odds(TRACK, DICE, "C61", 3, None, 0) == pytest.approx(sum(p for f, p in DICE[3] if f >= 10))
    assert 0 < cross_odds(TRACK, DICE, "C58", 4, None, 0) < 1
    assert cross_odds(TRACK, DICE, "C43", 6, None, 0) == 0.0  # the Seekurve comes first
    corner = TRACK.space("C52").corner
    assert corner is not None and TRACK.corners[corner].stops == 1
    assert cross_odds(TRACK, DICE, "C52", 5, corner, 1) > 0  # its stop made, the line is free
    assert cross_odds(TRACK, DICE, "C52", 5, None, 0) == 0.0  # its stop still owed


@pytest.mark.rules("CORE-END-1", "CORE-ORDER-1")
def test_only_rivals_on_their_last_lap_that_have_moved_this_round_are_at_stake() -> None:
    state = last_lap("C43", 4, "C58", 5)
    order = FlagOrder(TRACK, state, state.car("a"), DICE)
    b = cross_odds(TRACK, DICE, "C58", 5, None, 0)
    assert b == pytest.approx(1.0) and order.finishing() == b
    assert order.stake("C57", 5, None, 0) == 0.0  # behind it
    assert order.stake("C60", 4, None, 0) == pytest.approx(cross_odds(TRACK, DICE, "C60", 4, None, 0))
    assert order.stake("C58", 5, None, 0) == 0.0 < order.stake("C58", 6, None, 0)  # CORE-ORDER-3: level, higher gear
    waiting = last_lap("C43", 4, "C58", 5, moved=())
    assert not FlagOrder(TRACK, waiting, waiting.car("a"), DICE).rivals  # it moves after this car
    early = last_lap("C43", 4, "C58", 5).model_copy(update={"laps": 3})
    assert not FlagOrder(TRACK, early, early.car("a"), DICE).rivals  # not the last lap


@pytest.mark.rules("CORE-END-1", "CORE-ORDER-1")
def test_the_champion_races_a_rival_that_has_moved_for_the_lead_of_the_last_round() -> None:
    """Before the Seekurve, 28 from the line in 4th on the last lap: with the rival 13 from the line
    in 5th, sure to cross next turn, behind it is second; 5th can end ahead of it, so 5th gains more
    over 4th than where the rival moves after it or with the flag order not counted."""
    state = last_lap("C43", 4, "C58", 5)
    assert CHAMPION.choose_gear(TRACK, state) == 5

    def gain(level, s: RaceState) -> float:  # 5th's value over 4th's
        car = s.car(s.active or "")
        options = {g: o for g, o in gear_options(TRACK, s).items() if isinstance(o, ShiftCost)}
        prices = level.prices(TRACK, s, car)
        return level.gear_value(TRACK, s, car, 5, options[5], prices) - level.gear_value(
            TRACK, s, car, 4, options[4], prices
        )

    assert gain(CHAMPION, state) > gain(CHAMPION, last_lap("C43", 4, "C58", 5, moved=())) + 1.0
    assert gain(CHAMPION, state) > gain(replace(CHAMPION, flag=0.0), state) + 1.0


@pytest.mark.rules("CORE-END-1")
def test_crossing_the_line_now_beats_ending_ahead_of_the_rival() -> None:
    """11 from the line in 4th, the rival 10 from it: 5th crosses on every face and wins; 4th would
    only end ahead of it on most faces."""
    assert lane_model(TRACK).to_line("A50") == 11
    assert CHAMPION.choose_gear(TRACK, last_lap("A50", 4, "C61", 5)) == 5
