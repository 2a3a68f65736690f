"""Wear points and car set-up rules (CORE-WEAR-1, VAR-3, VAR-4, TAB-CAR)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from rules.car import (
    AREAS_B,
    AREAS_CD,
    B_BASIC,
    B_BASIC_WEAR,
    B_OWN_CAR,
    C_OWN_CAR,
    D_DRESDEN,
    Area,
    CarSetupRules,
    WearPoints,
    validate_setup,
)


def wp(**points: int) -> WearPoints:
    return WearPoints(**points)


def codes(problems):
    return {(p.rule, p.code.value, p.values.get("area")) for p in problems}


GOOD_B = wp(tyres=6, brakes=3, gearbox=3, body=3, engine=3, road_holding=2)
GOOD_CD = wp(tyres=6, brakes=3, fuel=3, body=3, engine=3, road_holding=2)


@pytest.mark.rules("CORE-WEAR-1")
def test_CORE_WEAR_1_six_areas_per_rule_set():
    assert len(AREAS_B) == len(AREAS_CD) == 6
    assert set(AREAS_B) ^ set(AREAS_CD) == {Area.GEARBOX, Area.FUEL}


def test_VAR_3_gearbox_in_B_fuel_in_C_and_D():
    assert Area.GEARBOX in B_OWN_CAR.areas and Area.FUEL not in B_OWN_CAR.areas
    for rules in (C_OWN_CAR, D_DRESDEN):
        assert Area.FUEL in rules.areas and Area.GEARBOX not in rules.areas


@pytest.mark.rules("CAR-C-3")
def test_VAR_3_points_on_the_unused_area_are_a_problem():
    problems = validate_setup(B_OWN_CAR, wp(tyres=6, brakes=3, gearbox=3, fuel=1, body=3, engine=2, road_holding=2))
    assert codes(problems) == {("VAR-3", "setup_area_unused", "fuel")}
    problems = validate_setup(C_OWN_CAR, GOOD_B)
    assert ("VAR-3", "setup_area_unused", "gearbox") in codes(problems)
    assert ("CAR-C-3", "setup_below_minimum", "fuel") in codes(problems)


@pytest.mark.rules("FD08-CAR-1")
def test_FD08_CAR_1_AMB_30_basic_car_is_the_printed_dashboard():
    assert B_BASIC_WEAR.as_dict() == {
        Area.TYRES: 6,
        Area.BRAKES: 3,
        Area.GEARBOX: 3,
        Area.FUEL: 0,
        Area.BODY: 3,
        Area.ENGINE: 3,
        Area.ROAD_HOLDING: 2,
    }
    assert B_BASIC_WEAR.total() == 20
    assert validate_setup(B_BASIC, B_BASIC_WEAR) == []


def test_AMB_30_basic_game_car_cannot_be_redistributed():
    moved = wp(tyres=7, brakes=3, gearbox=3, body=3, engine=3, road_holding=1)
    assert codes(validate_setup(B_BASIC, moved)) == {
        ("AMB-30", "setup_above_maximum", "tyres"),
        ("AMB-30", "setup_below_minimum", "road_holding"),
    }


@pytest.mark.rules("OPT-CAR-1")
def test_OPT_CAR_1_twenty_points_to_distribute():
    assert validate_setup(B_OWN_CAR, GOOD_B) == []
    problems = validate_setup(B_OWN_CAR, GOOD_B.spend(Area.TYRES))
    assert len(problems) == 1
    assert problems[0].rule == "OPT-CAR-1"
    assert problems[0].values == {"total": 19, "required": 20}


@pytest.mark.rules("OPT-CAR-2")
def test_OPT_CAR_2_tyres_1_to_14_others_1_to_7():
    assert validate_setup(B_OWN_CAR, wp(tyres=14, brakes=1, gearbox=1, body=1, engine=1, road_holding=2)) == []
    assert validate_setup(B_OWN_CAR, wp(tyres=3, brakes=7, gearbox=1, body=7, engine=1, road_holding=1)) == []
    too_many_tyres = wp(tyres=15, brakes=1, gearbox=1, body=1, engine=1, road_holding=1)
    assert codes(validate_setup(B_OWN_CAR, too_many_tyres)) == {("OPT-CAR-2", "setup_above_maximum", "tyres")}
    too_many_brakes = wp(tyres=6, brakes=8, gearbox=1, body=1, engine=1, road_holding=3)
    problems = validate_setup(B_OWN_CAR, too_many_brakes)
    assert [p.values for p in problems] == [{"area": "brakes", "points": 8, "maximum": 7}]
    no_body = wp(tyres=8, brakes=3, gearbox=3, body=0, engine=3, road_holding=3)
    assert codes(validate_setup(B_OWN_CAR, no_body)) == {("OPT-CAR-2", "setup_below_minimum", "body")}


@pytest.mark.rules("CAR-C-1")
def test_CAR_C_1_areas_with_fuel():
    assert C_OWN_CAR.areas == (
        Area.TYRES,
        Area.BRAKES,
        Area.FUEL,
        Area.BODY,
        Area.ENGINE,
        Area.ROAD_HOLDING,
    )


@pytest.mark.rules("CAR-C-2")
def test_CAR_C_2_twenty_points():
    assert validate_setup(C_OWN_CAR, GOOD_CD) == []
    problems = validate_setup(C_OWN_CAR, wp(tyres=7, brakes=3, fuel=3, body=3, engine=3, road_holding=2))
    assert codes(problems) == {("CAR-C-2", "setup_wrong_total", None)}


@pytest.mark.rules("CAR-C-3")
def test_CAR_C_3_each_area_at_least_one_no_maximum():
    lopsided = wp(tyres=15, brakes=1, fuel=1, body=1, engine=1, road_holding=1)
    assert validate_setup(C_OWN_CAR, lopsided) == []
    no_engine = wp(tyres=10, brakes=3, fuel=3, body=2, engine=0, road_holding=2)
    assert codes(validate_setup(C_OWN_CAR, no_engine)) == {("CAR-C-3", "setup_below_minimum", "engine")}


@pytest.mark.rules("RACE-D-4")
def test_RACE_D_4_twenty_two_points():
    good = wp(tyres=7, brakes=4, fuel=3, body=3, engine=3, road_holding=2)
    assert validate_setup(D_DRESDEN, good) == []
    assert codes(validate_setup(D_DRESDEN, GOOD_CD)) == {("RACE-D-4", "setup_wrong_total", None)}


@pytest.mark.rules("CAR-D-1", "CAR-D-4")
def test_CAR_D_1_CAR_D_4_fuel_area_each_at_least_one():
    assert D_DRESDEN.areas == AREAS_CD
    no_brakes = wp(tyres=10, brakes=0, fuel=3, body=3, engine=3, road_holding=3)
    assert codes(validate_setup(D_DRESDEN, no_brakes)) == {("CAR-D-4", "setup_below_minimum", "brakes")}


def test_VAR_4_totals_and_limits_per_rule_set():
    assert (B_OWN_CAR.total, C_OWN_CAR.total, D_DRESDEN.total) == (20, 20, 22)
    assert B_OWN_CAR.maximum and not C_OWN_CAR.maximum and not D_DRESDEN.maximum


def test_validate_setup_reports_every_problem_at_once():
    empty = WearPoints()
    problems = validate_setup(D_DRESDEN, empty)
    assert len(problems) == 7  # six areas below 1, and the total
    assert all(p.english() for p in problems)


@pytest.mark.rules("OPT-CAR-1", "OPT-CAR-2")
def test_setup_rules_refuse_limits_on_areas_they_do_not_have():
    with pytest.raises(ValidationError):
        CarSetupRules(
            name="x",
            total=20,
            areas=AREAS_B,
            minimum={Area.FUEL: 1},
            total_rule="OPT-CAR-1",
            limit_rule="OPT-CAR-2",
        )


def test_wear_points_are_never_negative_and_frozen():
    with pytest.raises(ValidationError):
        wp(tyres=-1)
    with pytest.raises(ValidationError):
        GOOD_B.tyres = 3


def test_spend_strikes_one_area_and_refuses_to_overspend():
    after = GOOD_B.spend(Area.BRAKES, 2)
    assert after.brakes == 1 and GOOD_B.brakes == 3
    assert after.spend(Area.BRAKES).brakes == 0  # the last WP may be struck
    with pytest.raises(ValueError):
        after.spend(Area.BRAKES, 2)
    with pytest.raises(ValueError):
        GOOD_B.spend(Area.BRAKES, -1)


def test_pay_strikes_a_whole_cost_or_nothing():
    assert GOOD_B.pay({Area.GEARBOX: 1, Area.BRAKES: 1}) == GOOD_B.spend(Area.GEARBOX).spend(Area.BRAKES)
    assert not GOOD_B.can_pay({Area.FUEL: 1})
    with pytest.raises(ValueError):
        GOOD_B.pay({Area.BRAKES: 1, Area.FUEL: 1})


points = st.integers(min_value=0, max_value=15)
wear = st.builds(
    WearPoints,
    tyres=points,
    brakes=points,
    gearbox=points,
    fuel=points,
    body=points,
    engine=points,
    road_holding=points,
)


@given(wear, st.sampled_from(list(Area)), st.integers(min_value=0, max_value=15))
def test_spend_lowers_exactly_one_area_by_n(w, area, n):
    if n > w[area]:
        with pytest.raises(ValueError):
            w.spend(area, n)
        return
    after = w.spend(area, n)
    assert after.total() == w.total() - n
    assert all(after[a] == w[a] for a in Area if a is not area)
    assert min(after.as_dict().values()) >= 0


@given(wear, st.sampled_from([B_BASIC, B_OWN_CAR, C_OWN_CAR, D_DRESDEN]))
def test_a_setup_without_problems_meets_every_limit(w, rules):
    problems = validate_setup(rules, w)
    if not problems:
        assert w.total() == rules.total
        for area in Area:
            if area not in rules.areas:
                assert w[area] == 0
            else:
                assert w[area] >= rules.minimum[area]
                assert w[area] <= rules.maximum.get(area, w[area])
    for p in problems:
        assert p.english()
