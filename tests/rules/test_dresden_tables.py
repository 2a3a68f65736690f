"""The Dresden tables as pure arithmetic: TAB-PIT-D, TAB-PROFILE, TAB-CHECK-D, TAB-KARMA.

Each value below is read off RULES.md section 9 by hand; the engine tests
(test_dresden_*.py) check that a race uses them.
"""

from __future__ import annotations

import pytest

from rules.car import Area, WearPoints
from rules.tables import karma, pit_points, profiles
from rules.tables.checks import CheckKind, check_fails
from rules.tables.pit_points import PitPlan
from rules.tables.profiles import Profile
from rules.tables.tyres import Tyre


@pytest.mark.rules("PIT-D-8")
@pytest.mark.parametrize(
    ("points", "fuel", "tyres", "repairs"),
    [
        (4, 1, False, 0),
        (6, 1, True, 0),
        (8, 2, True, 0),
        (10, 2, True, 1),
        (12, 3, True, 1),
        (14, 3, True, 2),
        (16, 4, True, 2),
        (20, 5, True, 2),
        (24, 6, True, 2),
    ],
)
def test_PIT_D_8_every_combination_of_the_source_costs_its_points(
    points: int, fuel: int, tyres: bool, repairs: int
) -> None:
    plan = PitPlan(fuel=fuel, tyre=Tyre.HARD if tyres else None, repairs={Area.BODY: repairs} if repairs else {})
    assert pit_points.plan_points(plan) == points


@pytest.mark.rules("PIT-D-7", "PIT-D-9")
def test_PIT_D_7_PIT_D_9_the_crew_works_in_parallel_so_the_dearest_action_counts() -> None:
    assert pit_points.plan_points(PitPlan(fuel=3)) == 12  # 4 per fuel WP, one after the other
    assert pit_points.plan_points(PitPlan(tyre=Tyre.SOFT)) == 6  # all tyre WP at once
    assert pit_points.plan_points(PitPlan(repairs={Area.ENGINE: 1})) == 10
    assert pit_points.plan_points(PitPlan(repairs={Area.ENGINE: 1, Area.BODY: 1})) == 14
    assert pit_points.plan_points(PitPlan(fuel=1, tyre=Tyre.SOFT, repairs={Area.BRAKES: 1})) == 10  # not 4 + 6 + 10


@pytest.mark.rules("PIT-D-10")
def test_PIT_D_10_no_announcement_adds_five_points() -> None:
    plan = PitPlan(fuel=2, tyre=Tyre.HARD, repairs={Area.BODY: 1})
    assert pit_points.points_due(plan, announced=True) == 10
    assert pit_points.points_due(plan, announced=False) == 15  # TAB-PIT-D: "without an announcement: 15"


@pytest.mark.rules("PIT-D-11")
def test_PIT_D_11_TAB_PIT_D_worked_example_as_arithmetic() -> None:
    # announced 10; the box 3 spaces away, the 4th-gear roll 9: 6 surplus count, 4 remain
    left, out = pit_points.work_off(10, 9 - 3)
    assert (left, out) == (4, 0)
    # next turn an 8: the 4 points are worked off, the surplus 4 spaces are driven out at once
    assert pit_points.work_off(left, 8) == (0, 4)
    # AMB-33d: exactly 0 left = the work is done and nothing is driven out
    assert pit_points.work_off(4, 4) == (0, 0)


@pytest.mark.rules("PIT-D-12")
def test_AMB_32_refuelling_and_repairs_never_above_the_set_up_and_repairs_from_the_reserve() -> None:
    setup = WearPoints(tyres=6, brakes=3, fuel=4, body=3, engine=2, road_holding=3)
    now = setup.model_copy(update={"fuel": 1, "body": 1, "tyres": 2})
    assert (
        pit_points.plan_problem(PitPlan(fuel=3, tyre=Tyre.RAIN, repairs={Area.BODY: 2}), now, setup, reserve=2) is None
    )
    problem = pit_points.plan_problem(PitPlan(fuel=4), now, setup, reserve=2)
    assert problem is not None and problem.rule == "AMB-32"
    problem = pit_points.plan_problem(PitPlan(repairs={Area.BODY: 2}), now, setup, reserve=1)
    assert problem is not None and problem.rule == "AMB-32"
    problem = pit_points.plan_problem(PitPlan(repairs={Area.TYRES: 1}), now, setup, reserve=2)
    assert problem is not None and problem.rule == "AMB-32"
    after = pit_points.after_stop(PitPlan(fuel=3, tyre=Tyre.RAIN, repairs={Area.BODY: 1}), now, setup)
    assert (after.fuel, after.tyres, after.body) == (4, 6, 2)
    assert pit_points.after_stop(PitPlan(fuel=1), now, setup).tyres == 2  # tyres only with a change (PIT-D-12)


def test_TAB_PROFILE_every_cell() -> None:
    p = Profile
    assert [profiles.qualifying_modifier(x) for x in p] == [0, -1, 1, 0, 0, 0, 0]
    assert [profiles.roll_modifier(x, in_pit=False) for x in p] == [0, 0, 0, 1, -1, 0, 0]
    assert [profiles.check_modifier(x, in_pit=False) for x in p] == [0, 0, 0, -1, 1, 0, 0]
    assert [profiles.corner_stop_modifier(x, wet=False, in_pit=False) for x in p] == [0, 0, 0, 0, 0, -1, 1]
    assert [profiles.corner_stop_modifier(x, wet=True, in_pit=False) for x in p] == [0] * 7
    assert [profiles.slide_modifier(x, wet=True, in_pit=False) for x in p] == [0, 0, 0, 0, 0, 1, -1]
    assert [profiles.slide_modifier(x, wet=False, in_pit=False) for x in p] == [0] * 7
    assert [profiles.launch_modifier(x) for x in p] == [0, -1, 1, 0, 0, 0, 0]
    assert [profiles.launch_optional(x) for x in p] == [False, False, True, False, False, False, False]


@pytest.mark.rules("PIT-D-3", "DRESDEN-PROFILE-9")
def test_DRESDEN_PROFILE_9_PIT_D_3_only_theoretiker_and_praktiker_in_the_pit_lane() -> None:
    for x in Profile:
        assert profiles.roll_modifier(x, in_pit=True) == 0
        assert profiles.check_modifier(x, in_pit=True) == 0
        assert profiles.corner_stop_modifier(x, wet=False, in_pit=True) == 0
        assert profiles.slide_modifier(x, wet=True, in_pit=True) == 0
    assert profiles.PIT_LANE_PROFILES == {Profile.NORMALO, Profile.THEORETIKER, Profile.PRAKTIKER}


# TAB-CHECK-D: (kind, rain) -> the natural results that fail for Normalo, Flitzer, Tourer
_CHECK_D = {
    (CheckKind.COLLISION, False): (1, 2, 0),
    (CheckKind.COLLISION_WRECK, False): (2, 3, 1),
    (CheckKind.COLLISION, True): (2, 3, 1),
    (CheckKind.COLLISION_WRECK, True): (3, 4, 2),
    (CheckKind.ENGINE, False): (4, 5, 3),
    (CheckKind.ENGINE, True): (3, 4, 2),
    (CheckKind.ROAD_HOLDING, False): (4, 5, 3),
    (CheckKind.ROAD_HOLDING, True): (5, 6, 4),
}


@pytest.mark.parametrize(("kind", "rain"), sorted(_CHECK_D, key=str))
def test_TAB_CHECK_D_AMB_40_profile_modifiers_shift_every_threshold(kind: CheckKind, rain: bool) -> None:
    for profile, highest in zip(
        (Profile.NORMALO, Profile.LEICHTER_FLITZER, Profile.SCHWERER_TOURER), _CHECK_D[kind, rain]
    ):
        mod = profiles.check_modifier(profile, in_pit=False)
        failing = [n for n in range(1, 21) if check_fails(kind, n + mod, rain)]
        assert failing == list(range(1, highest + 1)), (profile, failing)


@pytest.mark.rules("KARMA-2")
def test_KARMA_2_TAB_KARMA_income() -> None:
    assert [karma.check_income(n) for n in (1, 19, 20)] == [0, 0, 1]
    assert karma.places_income(grid_slot=5, place=2) == 12  # from 6th to 2nd: 4 places, 3 each
    assert karma.places_income(grid_slot=0, place=3) == 0  # places lost cost nothing
    assert karma.places_income(grid_slot=7, place=None) == 0
    assert karma.points_income(10, per=1) == 10  # [S] +1 per championship point
    assert karma.points_income(800, per=100) == 8  # [O] +1 per 100 points
    assert karma.points_income(150, per=100) == 1  # AMB-41e: whole hundreds
    led = {"a": (3, 0, 2), "b": (1, 4, 2), "c": ()}
    assert karma.lead_income(led, "a") == 6  # most in lap 1, shared most in lap 3
    assert karma.lead_income(led, "b") == 6  # most in lap 2, shared in lap 3
    assert karma.lead_income(led, "c") == 0


@pytest.mark.rules("KARMA-3")
def test_KARMA_3_AMB_41d_spending_needs_the_balance() -> None:
    assert karma.affordable(0) == ("accept",)
    assert karma.affordable(30) == ("raise", "accept")
    assert karma.affordable(40) == ("reroll", "raise", "accept")
    assert (karma.REROLL, karma.RAISE, karma.START) == (40, 20, 30)


@pytest.mark.rules("H2H-3")
def test_H2H_3_bid_then_gear_then_first_arrival() -> None:
    gears = {"a": 4, "b": 5, "c": 5}
    arrivals = {"a": 1, "b": 3, "c": 2}
    assert karma.head_to_head({"a": 5, "b": 0, "c": 0}, gears, arrivals) == ["a", "c", "b"]
    assert karma.head_to_head({"a": 0, "b": 0, "c": 0}, gears, arrivals) == ["c", "b", "a"]
    assert karma.head_to_head({"a": 2, "b": 2, "c": 1}, gears, arrivals) == ["b", "a", "c"]
