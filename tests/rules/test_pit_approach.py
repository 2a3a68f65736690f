"""The computer drivers' approach to a basic pit stop (PIT-B-2): a roll must reach the box, so a
car that wants a stop chooses gears that reach its box or stay short of the pit entry."""

from __future__ import annotations

import pytest

from rules.ai.classic import CAREFUL
from rules.ai.pit_stops import MISSED_STOP, pit_progress, turn_in_chance
from rules.ai.presets import LEVELS
from rules.ai.registry import computer_action
from rules.engine import moves, rolled
from tests.rules.fixtures import OVAL, W, car, gear_choice, pit_of, position

WORN = W.model_copy(update={"tyres": 2})  # worn tyres: every driver wants a stop (rules.ai.classic)


def _at(space: str, gear: int, box: str, wp=WORN, **kw):
    """The car ``m`` on the oval in lap 1 of 3, corner 1's stop made, another car far away."""
    cars = [car("m", space, gear=gear, box=box, wp=wp, crossings=1, corner=1, stops=1, **kw), car("f", "B10")]
    return position(cars, "m", laps=3)


@pytest.mark.rules("CORE-GEAR-1", "PIT-B-2")
@pytest.mark.parametrize(
    ("entry", "box", "gear", "chance"),
    [
        (3, 13, 5, 1.0),  # 6th's 21-30 all reach the box
        (3, 13, 3, 0.0),  # 2nd-4th pass the entry or stop on it, too slow to reach the box from there
        (0, 10, 3, 0.5),  # on the entry: 4th reaches 10 with 10, 11 or 12, half its faces
        (0, 10, 4, 1.0),  # ... 5th always
        (
            9,
            19,
            4,
            (2 * 0.9 + 2 * 1.0 + 2 * 1.0) / 12,
        ),  # 4th's 7/8 end 2/1 short, its 9 on the entry; 5th turns in from there
        (14, 24, 5, 0.7),  # 6th: 24-30; 5th stays short with 11-14 only, 0.4
    ],
)
def test_PIT_B_2_the_chance_of_still_making_the_stop_worked_out_by_hand(
    entry: int, box: int, gear: int, chance: float
) -> None:
    """PIT-B-2 (no exact roll: at least the spaces to the box), CORE-GEAR-1 (one gear up or down
    a turn for free): the chance, over this and the next turns, of a roll that reaches the box
    before one drives past the entry."""
    assert turn_in_chance(_at("C40", 3, "P4"), entry, box, gear) == pytest.approx(chance)


@pytest.mark.rules("PIT-B-2")
def test_PIT_B_2_driving_past_the_entry_loses_a_wanted_stop_and_only_a_wanted_one() -> None:
    """From C55, 4 short of the oval's pit entry C59 with the box P10 10 further: a roll of 7
    drives past (the whole ``MISSED_STOP``), 14 ends in the box (nothing lost); with fresh tyres
    no stop is wanted and driving past costs nothing."""
    worn = _at("C55", 5, "P10")
    past = next(m for m in moves(OVAL, rolled(OVAL, worn, 11)) if not m.in_box)
    assert pit_progress(OVAL, worn, past, 11, CAREFUL) == -MISSED_STOP
    box = [m for m in moves(OVAL, rolled(OVAL, worn, 14)) if m.in_box]
    assert box and pit_progress(OVAL, worn, box[0], 14, CAREFUL) == 0.0
    fresh = _at("C55", 5, "P10", wp=W)
    assert pit_progress(OVAL, fresh, past, 11, CAREFUL) == 0.0


@pytest.mark.rules("PIT-B-2")
@pytest.mark.parametrize("driver", [CAREFUL.name, *(lv.name for lv in LEVELS if lv.name != "champion")])
def test_PIT_B_2_every_driver_that_wants_a_stop_stays_short_of_the_entry_rather_than_drive_past(driver: str) -> None:
    """C55 in 2nd, the box P4 8 spaces on: 3rd's 4-8 drives past the entry with 5, 6 or 7 (and
    reaches the box only with an 8), while 2nd's 2-4 ends short of the entry or on it, from where
    next turn's 3rd reaches the box. With fresh tyres (no stop wanted) the same drivers take 3rd.
    The Champion weighs the turn the approach costs against the stop (``stop_value``, ``missed``):
    in a duel, where WP are cheap, the quarter of 3rd's rolls that turn in at once is worth the
    gamble to it (the tests below)."""
    assert gear_choice(computer_action(OVAL, _at("C55", 2, "P4"), driver)).gear == 2
    assert gear_choice(computer_action(OVAL, _at("C55", 2, "P4", wp=W), driver)).gear == 3


@pytest.mark.rules("CORE-PIT-1", "CORE-PIT-3", "PIT-B-4")
def test_PIT_B_4_a_stop_is_worth_the_fast_stops_drive_out_and_the_turns_from_the_pit_exit_on_new_tyres() -> None:
    """TAB-PIT-B: a fast stop (1-10, half the rolls) drives ceil(r/2) spaces out, 3 on average, in
    4th (PIT-B-4, CORE-PIT-3) and races on; a slow one stands a game round first. Over ``depth``
    turns the stop is worth half of (3 + the next ``depth`` turns from the pit exit in 4th) and half
    of the ``depth - 1`` turns after the round it stood, on a whole set of tyres (CORE-PIT-1)."""
    from rules.ai.lookahead import lookahead, odds
    from rules.ai.presets import CHAMPION
    from rules.engine import multiplier, slide_spaces

    state = _at("C55", 5, "P10")
    worn = state.car("m")
    prices = CHAMPION.prices(OVAL, state, worn)
    rules = state.rules
    fresh = worn.model_copy(update={"wp": W})

    def turns(n: int) -> float:
        return lookahead(OVAL).value(
            odds(rules.gear_dice),
            pit_of(OVAL).exit,
            4,
            None,
            0,
            worn.wp.brakes,
            W.tyres,
            multiplier(state, fresh),
            rules.spin_max_overshoot,
            prices,
            n,
            slide_spaces(state, fresh),
        )

    assert CHAMPION.stop_value(OVAL, state, worn, worn.wp.brakes, prices, 0) == pytest.approx(0.5 * 3)
    assert CHAMPION.stop_value(OVAL, state, worn, worn.wp.brakes, prices, 1) == pytest.approx(0.5 * (3 + turns(1)))
    assert CHAMPION.stop_value(OVAL, state, worn, worn.wp.brakes, prices, 2) == pytest.approx(
        0.5 * (3 + turns(2)) + 0.5 * turns(1)
    )


@pytest.mark.rules("PIT-B-2")
@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_PIT_B_2_a_level_that_wants_a_stop_turns_into_its_box_when_the_roll_reaches_it(level) -> None:
    """C55 in 5th, the box P10 14 spaces on: a roll of 14 reaches the box (PIT-B-2). The move into
    the box is worth the stop (``stop_value``), so every level that wants the stop takes it, rather
    than race on past the entry; with fresh tyres no level turns in."""
    for wp, in_box in ((WORN, True), (W, False)):
        state = rolled(OVAL, _at("C55", 5, "P10", wp=wp), 14)
        found = moves(OVAL, state)
        assert any(m.in_box for m in found) and any(not m.in_box for m in found)
        assert level.choose_move(OVAL, state, found).in_box is in_box


@pytest.mark.rules("PIT-B-2", "OPT-3LAP-1")
def test_PIT_B_2_a_corner_before_the_pit_entry_keeps_the_lanes_view_less_the_chance_of_losing_the_stop() -> None:
    """C40 on the oval, in front of corner 1 (rows 46-56) with the pit entry C59 beyond it: the
    next turns must first get through the corner, which the lane's view counts. So a move ending
    there is valued as without a stop wanted, less ``missed`` times the chance of losing the stop;
    the value of the box next turn (which would skip the corner) is not counted."""
    from rules.ai.pit_stops import stop_chance
    from rules.ai.presets import CHAMPION

    def at(pit_stops: int):
        cars = [car("m", "C36", gear=2, box="P4", wp=WORN, crossings=1, pit_stops=pit_stops), car("f", "B10")]
        return rolled(OVAL, position(cars, "m", laps=3), 4)

    wanted, done = at(0), at(2)  # two stops made: no third one is allowed (OPT-3LAP-1)
    m = next(m for m in moves(OVAL, wanted) if m.end == "C40")
    kept = stop_chance(OVAL, wanted, m, CHAMPION)
    assert kept is not None and 0 < kept < 1 and stop_chance(OVAL, done, m, CHAMPION) is None
    prices = CHAMPION.prices(OVAL, wanted, wanted.car("m"))
    lost = CHAMPION.move_value(OVAL, done, m, prices) - CHAMPION.move_value(OVAL, wanted, m, prices)
    assert lost == pytest.approx((1 - kept) * CHAMPION.missed)
