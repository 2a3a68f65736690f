"""Qualifying scores and the grid they give (QUAL-*, QUAL-B-*, QUAL-D-*, TAB-QUAL-EX, AMB-45)."""

from __future__ import annotations

from functools import lru_cache

import pytest

from rules.actions import ChooseGear, Drive, EndMove, Roll
from rules.ai.registry import DRIVERS
from rules.dice import DiceSource, ForcedDice
from rules.engine import moves
from rules.files.record import Entry
from rules.qualifying.grid import LapResult, black_die_order, grid_order, score
from rules.qualifying.rules import QUAL_B, QUAL_C, QUAL_D, QualifyingRules
from rules.qualifying.session import QualifyingLap, QualifyingSession
from rules.ruleset import FORMULA_D_BASIC, RuleSet
from rules.run.think_time import GEAR_MS, MOVE_MS, ROLL_MS, decision_ms
from rules.state import LapTally
from rules.tables.tyres import Tyre
from rules.track import Track


def lap(driver: str, rolls: int, seconds: float, penalty: int = 0, **kw) -> LapResult:
    return LapResult(
        driver=driver, name=driver.upper(), rolls=rolls, penalty=penalty, time_ms=round(seconds * 1000), **kw
    )


NO_DICE = ForcedDice([])  # grid_order must not roll when nobody is placed at random


@pytest.mark.rules("QUAL-5")
def test_QUAL_5_worked_example_is_24_rolls_in_4_22() -> None:
    example = lap("a", 18, 4 * 60 + 22, penalty=2)
    assert example.minutes == 4
    assert score(example, QUAL_C) == 24


@pytest.mark.rules("QUAL-3")
def test_QUAL_3_counts_full_minutes_only() -> None:
    assert score(lap("a", 10, 59.999), QUAL_C) == 10
    assert score(lap("a", 10, 60.0), QUAL_C) == 11
    assert score(lap("a", 10, 179.0), QUAL_C) == 12


@pytest.mark.rules("QUAL-8")
def test_QUAL_8_soft_tyre_penalty_counts_as_given_by_the_lap_tally() -> None:
    """TAB-QUAL-EX: the same 2 spaces on soft tyres (×2) are 4 penalty rolls: 26."""
    assert score(lap("a", 18, 262, penalty=4), QUAL_C) == 26


@pytest.mark.rules("QUAL-B-3")
def test_QUAL_B_3_same_example_scores_24() -> None:
    assert score(lap("a", 18, 262, penalty=2), QUAL_B) == 24


@pytest.mark.rules("QUAL-D-9", "QUAL-D-11")
def test_QUAL_D_11_example_scores_24_and_QUAL_D_9_adds_10_per_mistake() -> None:
    assert score(lap("a", 18, 262, penalty=2), QUAL_D) == 24
    assert score(lap("a", 18, 262, penalty=2, mistakes=2), QUAL_D) == 44
    # AMB-45a is a Dresden rule: Formula Dé and Formula D know no error points
    assert score(lap("a", 18, 262, penalty=2, mistakes=2), QUAL_C) == 24


@pytest.mark.rules("QUAL-B-4", "QUAL-6", "QUAL-D-11")
@pytest.mark.parametrize("rules", [QUAL_C, QUAL_B, QUAL_D], ids=["QUAL-6", "QUAL-B-4", "QUAL-D-11"])
def test_QUAL_6_TAB_QUAL_EX_fewest_rolls_first_then_time(rules) -> None:
    """24 rolls / 262 s ranks ahead of 24 rolls / 263 s and behind 23 rolls / 400 s."""
    results = [lap("slow", 18, 263, 2), lap("example", 18, 262, 2), lap("fewer", 17, 400, 0)]
    assert score(results[2], rules) == 23
    assert grid_order(results, rules, NO_DICE).order == ("fewer", "example", "slow")


@pytest.mark.rules("QUAL-6")
def test_QUAL_6_equal_score_and_time_keep_the_driving_order() -> None:
    results = [lap("first", 20, 90), lap("second", 20, 90)]
    assert grid_order(results, QUAL_C, NO_DICE).order == ("first", "second")


@pytest.mark.rules("QUAL-4")
def test_QUAL_4_failed_laps_start_last_the_first_to_fail_last() -> None:
    results = [
        lap("early_fail", 5, 40, failed="Turn 1", failure_order=1),
        lap("good", 30, 300),
        lap("late_fail", 9, 70, failed="Turn 2", failure_order=2),
        lap("best", 20, 200),
    ]
    assert grid_order(results, QUAL_C, NO_DICE).order == ("best", "good", "late_fail", "early_fail")


@pytest.mark.rules("QUAL-B-5")
def test_QUAL_B_5_a_lap_ended_in_a_corner_starts_behind_every_finished_lap() -> None:
    results = [lap("failed", 3, 20, failed="Hairpin", failure_order=1), lap("slow", 60, 900)]
    assert grid_order(results, QUAL_B, NO_DICE).order == ("slow", "failed")


@pytest.mark.rules("QUAL-4")
def test_QUAL_4_without_failure_numbers_the_driving_order_decides() -> None:
    results = [lap("a", 5, 40, failed="T1"), lap("b", 5, 40, failed="T2"), lap("c", 20, 100)]
    assert grid_order(results, QUAL_C, NO_DICE).order == ("c", "b", "a")


def test_AMB_45c_unfinished_lap_is_not_qualified() -> None:
    assert not lap("a", 5, 40, finished=False).qualified
    assert not lap("a", 5, 40, failed="T1").qualified
    assert lap("a", 5, 40).qualified


@pytest.mark.rules("QUAL-D-12")
def test_QUAL_D_12_non_qualified_drivers_take_random_slots_drawn_with_the_black_die() -> None:
    results = [
        lap("x", 5, 40, failed="T1", failure_order=1),
        lap("q2", 30, 300),
        lap("y", 9, 70, finished=False, failure_order=2),
        lap("q1", 20, 200),
        lap("z", 9, 70, failed="T2", failure_order=3),
    ]
    dice = ForcedDice([4, 15, 15, 11, 2])  # x 4, y 15, z 15 -> y and z tie and re-roll: y 11, z 2
    grid = grid_order(results, QUAL_D, dice)
    assert grid.order == ("q1", "q2", "y", "z", "x")
    assert grid.draws == {"x": (4,), "y": (15, 11), "z": (15, 2)}
    assert dice.remaining == ()


@pytest.mark.rules("QUAL-D-12")
def test_QUAL_D_12_the_draw_is_reproducible_and_differs_with_other_dice() -> None:
    results = [lap(c, 5, 40, failed="T1", failure_order=i + 1) for i, c in enumerate("abc")]
    first = grid_order(results, QUAL_D, ForcedDice([3, 19, 8])).order
    assert first == grid_order(results, QUAL_D, ForcedDice([3, 19, 8])).order == ("b", "c", "a")
    assert grid_order(results, QUAL_D, ForcedDice([19, 3, 8])).order == ("a", "c", "b")


@pytest.mark.rules("FD08-GRID-1")
def test_FD08_GRID_1_black_die_order_highest_first_ties_reroll_among_themselves() -> None:
    order, rolls = black_die_order(["a", "b", "c"], ForcedDice([7, 12, 7, 1, 20]))
    assert order == ["b", "c", "a"]
    assert rolls == {"a": (7, 1), "b": (12,), "c": (7, 20)}


def test_a_driver_cannot_qualify_twice() -> None:
    with pytest.raises(ValueError, match="once"):
        grid_order([lap("a", 5, 40), lap("a", 6, 40)], QUAL_C, NO_DICE)


def test_think_time_grows_with_the_number_of_choices() -> None:
    assert decision_ms(ChooseGear(gear=3), 1) == GEAR_MS[0] + GEAR_MS[1]
    assert decision_ms(ChooseGear(gear=3), 3) == GEAR_MS[0] + 2 * GEAR_MS[1]
    assert decision_ms(Drive(path=("A1",)), 7) == MOVE_MS[0] + 3 * MOVE_MS[1]
    assert decision_ms(Drive(path=("A1",)), 7) > decision_ms(Drive(path=("A1",)), 2)
    assert decision_ms(Roll(value=4), 1) == ROLL_MS


# --- the session: laps driven with the engine ----------------------------------------------


#: On the oval these four turns, each to the furthest space in the inside lane, leave the
#: 2-stop Lindenkehre without a stop: the lap ends there (QUAL-4).
CRASH = ((1, 2), (2, 4), (3, 4), (4, 12))


@lru_cache(maxsize=1)
def oval() -> Track:
    from tests.ui.helpers import oval as load

    return load()


def entries(*kinds: str) -> tuple[Entry, ...]:
    return tuple(
        Entry(id=f"car{i}", name=f"D{i}", driver=k, wear=FORMULA_D_BASIC.default_wear)
        for i, k in enumerate(kinds, start=1)
    )


def drive_into_the_wall(lap: QualifyingLap) -> None:
    for t, (gear, _) in enumerate(CRASH):
        lap.act(ChooseGear(gear=gear), 1000 * t)
        lap.roll(1000 * t + 300)
        while lap.state.phase == "move":
            mv = lap.state.movement
            if mv is not None and all(v in ("bonus", "slip") for v in mv.offer):
                lap.act(EndMove(), 1000 * t + 700)  # a soft tyre's bonus space is declined
                continue
            found = [m for m in moves(oval(), lap.state) if m.path]
            m = max(found, key=lambda m: (len(m.path), -oval().space(m.path[-1]).lane))
            lap.act(Drive(path=m.path, via=m.via), 1000 * t + 600)


def crash_dice() -> ForcedDice:
    return ForcedDice([r for _, r in CRASH])


@pytest.mark.rules("QUAL-2", "QUAL-D-3")
def test_QUAL_2_QUAL_D_3_the_lap_starts_alone_from_the_qualifying_start() -> None:
    session = QualifyingSession(oval(), FORMULA_D_BASIC, entries("careful", "careful"), seed=1, drivers=DRIVERS)
    lap = session.start_lap()
    assert [c.id for c in lap.state.cars] == ["car1"]
    assert lap.state.car("car1").space == oval().qualifying_start


@pytest.mark.rules("QUAL-B-2", "QUAL-1")
def test_QUAL_1_QUAL_B_2_a_computer_lap_strikes_no_wp_and_counts_its_rolls() -> None:
    session = QualifyingSession(oval(), FORMULA_D_BASIC, entries("aggressive", "careful"), seed=5, drivers=DRIVERS)
    result = session.drive_computer()
    assert result.finished and result.qualified
    ghost = next(d.steps for d in session.driven if d.driver == "car1")
    assert result.rolls == sum(isinstance(t.action, Roll) for t in ghost) > 0
    assert [t.at_ms for t in ghost] == sorted(t.at_ms for t in ghost)
    assert ghost[-1].at_ms == result.time_ms


@pytest.mark.rules("QUAL-3", "QUAL-D-5")
def test_QUAL_3_the_clock_starts_at_the_first_roll_and_QUAL_D_5_before_it() -> None:
    times = {}
    for start in ("first_roll", "before_first_roll"):
        rules = FORMULA_D_BASIC.model_copy(update={"qualifying": QualifyingRules(clock_start=start)})
        session = QualifyingSession(oval(), rules, entries("careful", "careful"), seed=11, drivers=DRIVERS)
        times[start] = session.drive_computer().time_ms
    first_gear = decision_ms(ChooseGear(gear=1), 1)  # from the grid only 1st gear is legal
    assert times["before_first_roll"] - times["first_roll"] == first_gear + ROLL_MS


@pytest.mark.rules("QUAL-4")
def test_QUAL_4_laps_ended_in_a_corner_are_numbered_in_order_and_start_last() -> None:
    session = QualifyingSession(
        oval(),
        FORMULA_D_BASIC,
        entries("human", "careful", "human"),
        seed=1,
        dice=ForcedDice([r for _ in range(2) for _, r in CRASH]),
        drivers=DRIVERS,
    )
    drive_into_the_wall(session.start_lap())
    first = session.finish_lap(4_000)
    assert first.failed == "Lindenkehre" and first.failure_order == 1 and not first.qualified
    session.dice = DiceSource(3)
    session.lap = None
    session.drive_computer()
    session.dice = crash_dice()
    drive_into_the_wall(session.start_lap())
    second = session.finish_lap(4_000)
    assert second.failure_order == 2
    assert session.grid().order == ("car2", "car3", "car1")


@pytest.mark.rules("QUAL-B-5")
def test_QUAL_B_5_zero_stops_end_the_lap_in_formula_d() -> None:
    rules = FORMULA_D_BASIC.model_copy(update={"qualifying": QUAL_B})
    session = QualifyingSession(oval(), rules, entries("human", "careful"), seed=1, dice=crash_dice(), drivers=DRIVERS)
    drive_into_the_wall(session.start_lap())
    assert session.finish_lap(4_000).failed == "Lindenkehre"


@pytest.mark.rules("QUAL-D-12")
def test_QUAL_D_12_non_qualified_driver_is_drawn_behind_and_the_grid_is_drawn_once() -> None:
    rules = FORMULA_D_BASIC.model_copy(update={"qualifying": QUAL_D})
    session = QualifyingSession(oval(), rules, entries("human", "careful"), seed=1, dice=crash_dice(), drivers=DRIVERS)
    drive_into_the_wall(session.start_lap())
    session.finish_lap(4_000)
    session.dice = DiceSource(9)
    session.drive_computer()
    grid = session.grid()
    assert grid.order == ("car2", "car1") and len(grid.draws["car1"]) >= 1
    assert session.grid() is grid


@pytest.mark.rules("QUAL-D-9")
def test_QUAL_D_9_a_refused_action_is_no_mistake_on_screen() -> None:
    """The engine refuses a violation before it happens, so the lap records no mistake."""
    from rules.engine import IllegalAction

    rules = FORMULA_D_BASIC.model_copy(update={"qualifying": QUAL_D})
    session = QualifyingSession(oval(), rules, entries("human", "careful"), seed=1, dice=crash_dice(), drivers=DRIVERS)
    lap = session.start_lap()
    with pytest.raises(IllegalAction):
        lap.act(ChooseGear(gear=4), 0)  # a 0 -> 4 shift: against the rules, refused
    drive_into_the_wall(lap)
    assert session.finish_lap(4_000).mistakes == 0


@pytest.mark.rules("QUAL-7", "WEATHER-3", "QUAL-D-2")
@pytest.mark.parametrize("roll,barometer,wet", [(15, "sun", False), (8, "variable", False), (2, "rain", True)])
@pytest.mark.parametrize("qualifying", [QUAL_C, QUAL_D], ids=["WEATHER-3", "QUAL-D-2"])
def test_QUAL_7_WEATHER_3_one_weather_roll_for_every_lap_variable_is_dry(roll, barometer, wet, qualifying) -> None:
    rules = FORMULA_D_BASIC.model_copy(update={"weather": True, "qualifying": qualifying})
    dice = ForcedDice([roll])
    session = QualifyingSession(oval(), rules, entries("careful", "careful"), seed=1, dice=dice, drivers=DRIVERS)
    assert dice.remaining == () and session.weather_roll == roll
    assert session.barometer == barometer and session.wet is wet
    session.dice = DiceSource(2)
    lap = session.start_lap()
    assert lap.state.weather is not None and lap.state.weather.wet is wet


@pytest.mark.rules("QUAL-7")
def test_QUAL_7_no_weather_module_means_a_dry_session_without_a_roll() -> None:
    session = QualifyingSession(
        oval(), FORMULA_D_BASIC, entries("careful", "careful"), seed=1, dice=ForcedDice([]), drivers=DRIVERS
    )
    assert session.barometer is None and not session.wet


@pytest.mark.rules("TYRE-1", "TYRE-D-1")
@pytest.mark.parametrize("table", ["C", "D"], ids=["TYRE-1", "TYRE-D-1"])
def test_TYRE_1_TYRE_D_1_each_driver_chooses_tyres_for_the_lap(table: str) -> None:
    rules: RuleSet = FORMULA_D_BASIC.model_copy(update={"tyres": table})
    session = QualifyingSession(oval(), rules, entries("human", "aggressive"), seed=4, drivers=DRIVERS)
    assert session.tyre_choice
    lap = session.start_lap(Tyre.SOFT)
    assert lap.state.car("car1").tyre == Tyre.SOFT and session.tyres["car1"] == Tyre.SOFT
    session.lap = None
    session.results.append(LapResult(driver="car1", name="D1", rolls=9, time_ms=50_000))
    session.drive_computer()
    assert session.tyres["car2"] == Tyre.SOFT  # the aggressive computer takes the bonus in the dry


@pytest.mark.rules("TYRE-1")
def test_TYRE_1_without_the_tyre_module_no_tyres_are_chosen() -> None:
    session = QualifyingSession(oval(), FORMULA_D_BASIC, entries("human", "careful"), seed=4, drivers=DRIVERS)
    assert not session.tyre_choice
    assert session.start_lap(Tyre.SOFT).state.car("car1").tyre is None and session.tyres == {}


@pytest.mark.rules("QUAL-8")
@pytest.mark.parametrize("tyre,multiplier", [(Tyre.HARD, 1), (Tyre.SOFT, 2)])
def test_QUAL_8_the_overshoot_counts_times_the_tyre_multiplier(tyre: Tyre, multiplier: int) -> None:
    rules = FORMULA_D_BASIC.model_copy(update={"tyres": "C", "qualifying": QUAL_C})
    session = QualifyingSession(oval(), rules, entries("human", "careful"), seed=1, dice=crash_dice(), drivers=DRIVERS)
    drive_into_the_wall(session.start_lap(tyre))
    tally = _tally(session)
    result = session.finish_lap(4_000)
    assert tally.overshoot > 0 and result.penalty == multiplier * tally.overshoot


def _tally(session: QualifyingSession) -> LapTally:
    """The tally of the lap being driven."""
    assert session.lap is not None and session.lap.state.lap is not None
    return session.lap.state.lap


@pytest.mark.rules("QUAL-B-3")
def test_QUAL_B_3_every_space_out_counts_once_even_on_soft_tyres() -> None:
    rules = FORMULA_D_BASIC.model_copy(update={"tyres": "C", "qualifying": QUAL_B})
    session = QualifyingSession(oval(), rules, entries("human", "careful"), seed=1, dice=crash_dice(), drivers=DRIVERS)
    drive_into_the_wall(session.start_lap(Tyre.SOFT))
    tally = _tally(session)
    assert session.finish_lap(4_000).penalty == tally.overshoot > 0


@pytest.mark.rules("QUAL-D-1", "QUAL-D-10")
def test_QUAL_D_1_QUAL_D_10_one_timed_lap_per_driver_with_every_roll_and_penalty_written_down() -> None:
    session = QualifyingSession(
        oval(), FORMULA_D_BASIC, entries("careful", "aggressive", "careful"), seed=2, drivers=DRIVERS
    )
    while not session.done:
        session.drive_computer()
    assert [r.driver for r in session.results] == ["car1", "car2", "car3"]  # each once, in entry order
    with pytest.raises(RuntimeError):
        session.start_lap()  # QUAL-D-1: one lap each
    for r in session.results:
        assert r.rolls == sum(
            isinstance(t.action, Roll) for t in next(d.steps for d in session.driven if d.driver == r.driver)
        )


@pytest.mark.rules("QUAL-D-8")
def test_QUAL_D_8_AMB_45b_dresden_penalty_points_are_spaces_times_the_dresden_tyre_rate() -> None:
    """Soft tyres in Dresden qualifying: 2 penalty points per space out (TAB-TYRE-D)."""
    from tests.rules.fixtures import overshoot_lap

    rules = FORMULA_D_BASIC.model_copy(update={"qualifying": QUAL_D, "tyres": "D"})
    state, spaces = overshoot_lap(rules, Tyre.SOFT)
    assert spaces and state.lap.penalty == 2 * spaces


@pytest.mark.rules("QUAL-D-11", "DRESDEN-PROFILE-3", "DRESDEN-PROFILE-4")
def test_QUAL_D_11_DRESDEN_PROFILE_3_4_profiles_move_the_score_by_one_through_the_session() -> None:
    """The same lap scores one better for a Theoretiker and one worse for a Praktiker, and
    the time stays (AMB-45f); rule sets without profiles ignore them."""
    from game.tracks.load import load_track
    from rules.files.record import Entry
    from rules.qualifying.session import QualifyingSession
    from rules.ruleset import DRESDEN_2006, FORMULA_DE_ADVANCED
    from rules.tables.profiles import Profile

    track = load_track("maps/oval.tmx")
    by_profile = {}
    for rules in (DRESDEN_2006, FORMULA_DE_ADVANCED):
        for profile in (Profile.NORMALO, Profile.THEORETIKER, Profile.PRAKTIKER):
            entry = Entry(id="a", name="A", wear=rules.default_wear, profile=profile)
            quali = QualifyingSession(track, rules, (entry,), seed=7, drivers=DRIVERS)
            result = quali.drive_computer()
            by_profile[rules.name, profile] = (score(result, rules.qualifying), result.time_ms)
    base, time = by_profile[DRESDEN_2006.name, Profile.NORMALO]
    assert by_profile[DRESDEN_2006.name, Profile.THEORETIKER] == (base - 1, time)
    assert by_profile[DRESDEN_2006.name, Profile.PRAKTIKER] == (base + 1, time)
    c_scores = {
        by_profile[FORMULA_DE_ADVANCED.name, p][0] for p in (Profile.NORMALO, Profile.THEORETIKER, Profile.PRAKTIKER)
    }
    assert len(c_scores) == 1
