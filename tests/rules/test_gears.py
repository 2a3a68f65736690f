"""Gear changes (CORE-GEAR-*, FD08-GEAR-*, FUEL-4/5, TAB-DOWNSHIFT, AMB-64)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.car import B_BASIC_WEAR, Area, WearPoints
from rules.dice import COMMERCIAL_GEAR_DICE, uniform_gear_dice
from rules.gears import DOWNSHIFT_B, DOWNSHIFT_CD, GEARS, ShiftCost, gear_die, legal_gears
from rules.reasons import Reason

FULL_B = B_BASIC_WEAR
FULL_CD = WearPoints(tyres=6, brakes=3, fuel=3, body=3, engine=3, road_holding=2)


def legal(current, wp=FULL_B, table=DOWNSHIFT_B, **kw):
    return {g: r for g, r in legal_gears(current, wp, table, **kw).items() if isinstance(r, ShiftCost)}


def refusal(current, target, wp=FULL_B, table=DOWNSHIFT_B, **kw) -> Reason:
    result = legal_gears(current, wp, table, **kw)[target]
    assert isinstance(result, Reason), result
    return result


@pytest.mark.rules("CORE-GEAR-1")
def test_CORE_GEAR_1_six_gears():
    assert GEARS == (1, 2, 3, 4, 5, 6)
    assert set(legal_gears(3, FULL_B, DOWNSHIFT_B)) == {1, 2, 3, 4, 5, 6}
    with pytest.raises(ValueError):
        legal_gears(7, FULL_B, DOWNSHIFT_B)


@pytest.mark.rules("CORE-GEAR-2")
def test_CORE_GEAR_2_no_upshift_skip():
    assert 2 in legal(1) and 3 not in legal(1)
    reason = refusal(1, 3)
    assert (reason.rule, reason.code.value) == ("CORE-GEAR-2", "upshift_skip")
    assert reason.values == {"current": 1, "target": 3}
    assert set(legal(4)) == {1, 2, 3, 4, 5}  # 6th is two up


@pytest.mark.rules("CORE-GEAR-3", "CAR-D-3")
def test_CORE_GEAR_3_CAR_D_3_stay_or_one_down_is_free():
    for current in range(1, 7):
        result = legal(current, table=DOWNSHIFT_CD, wp=FULL_CD)
        assert result[current].cost == {}
        if current > 1:
            assert result[current - 1].cost == {} and result[current - 1].skipped == 0
        if current < 6:
            assert result[current + 1].cost == {}


@pytest.mark.rules("CORE-GEAR-4")
def test_CORE_GEAR_4_skips_of_one_two_three_gears():
    six = legal(6)
    assert (six[4].skipped, six[3].skipped, six[2].skipped) == (1, 2, 3)
    assert legal(4)[1].skipped == 2
    assert legal(5)[1].skipped == 3


@pytest.mark.rules("FD08-GEAR-1")
def test_FD08_GEAR_1_TAB_DOWNSHIFT_B_costs_gearbox_brakes_engine():
    six = legal(6)
    assert six[4].cost == {Area.GEARBOX: 1}
    assert six[3].cost == {Area.GEARBOX: 1, Area.BRAKES: 1}
    assert six[2].cost == {Area.GEARBOX: 1, Area.BRAKES: 1, Area.ENGINE: 1}


@pytest.mark.rules("FUEL-4")
def test_FUEL_4_TAB_DOWNSHIFT_C_D_costs_fuel_brakes_engine():
    five = legal(5, FULL_CD, DOWNSHIFT_CD)
    assert five[3].cost == {Area.FUEL: 1}
    assert five[2].cost == {Area.FUEL: 1, Area.BRAKES: 1}
    assert five[1].cost == {Area.FUEL: 1, Area.BRAKES: 1, Area.ENGINE: 1}


@pytest.mark.rules("CORE-GEAR-6")
def test_VAR_2_first_cost_area_is_a_parameter():
    assert DOWNSHIFT_B.first_area is Area.GEARBOX
    assert DOWNSHIFT_CD.first_area is Area.FUEL
    # A B car has no fuel: under the C/D table it cannot skip at all.
    assert refusal(6, 4, FULL_B, DOWNSHIFT_CD).rule == "CORE-GEAR-6"
    with pytest.raises(ValueError):
        DOWNSHIFT_B.cost(4)


@pytest.mark.rules("CORE-GEAR-5", "FD08-GEAR-2", "FUEL-5")
@pytest.mark.parametrize("kw", [{}, {"in_pit": True}, {"free_downshifts": True}])
def test_CORE_GEAR_5_FD08_GEAR_2_FUEL_5_never_six_to_one(kw):
    reason = refusal(6, 1, **kw)
    assert (reason.rule, reason.code.value) == ("CORE-GEAR-5", "six_to_one")


@pytest.mark.rules("CORE-GEAR-6", "FD08-GEAR-2")
def test_CORE_GEAR_6_FD08_GEAR_2_empty_gearbox_allows_only_one_gear_down():
    no_gearbox = FULL_B.spend(Area.GEARBOX, 3)
    assert set(legal(6, no_gearbox)) == {5, 6}
    reason = refusal(6, 4, no_gearbox)
    assert (reason.rule, reason.code.value) == ("CORE-GEAR-6", "skip_area_empty")
    assert reason.values == {"current": 6, "target": 4, "area": "gearbox"}


@pytest.mark.rules("CORE-GEAR-6")
def test_CORE_GEAR_6_using_the_last_WP_is_allowed():
    last = WearPoints(tyres=6, brakes=3, gearbox=1, body=3, engine=3, road_holding=2)
    assert legal(6, last)[4].cost == {Area.GEARBOX: 1}


@pytest.mark.rules("C3LAP-3")
def test_C3LAP_3_empty_fuel_allows_only_one_gear_down():
    no_fuel = FULL_CD.spend(Area.FUEL, 3)
    assert set(legal(4, no_fuel, DOWNSHIFT_CD)) == {3, 4, 5}
    assert refusal(4, 2, no_fuel, DOWNSHIFT_CD).values["area"] == "fuel"


@pytest.mark.rules("CORE-GEAR-7")
def test_CORE_GEAR_7_AMB_64_a_skip_that_cannot_be_paid_in_full_is_illegal():
    no_brakes = WearPoints(tyres=6, brakes=0, gearbox=3, body=3, engine=3, road_holding=2)
    result = legal(6, no_brakes)
    assert 4 in result  # 1 skip only needs the gearbox
    reason = refusal(6, 3, no_brakes)
    assert (reason.rule, reason.code.value) == ("AMB-64", "skip_cost_unpayable")
    assert reason.values == {
        "current": 6,
        "target": 3,
        "skipped": 2,
        "area": "brakes",
        "needed": 1,
        "available": 0,
    }
    no_engine = WearPoints(tyres=6, brakes=3, gearbox=3, body=3, engine=0, road_holding=2)
    assert refusal(5, 1, no_engine).values["area"] == "engine"
    assert 2 in legal(5, no_engine)


@pytest.mark.rules("PIT-B-5")
def test_PIT_B_5_no_skip_costs_in_the_pit_lane():
    no_gearbox = FULL_B.spend(Area.GEARBOX, 3)
    result = legal(6, no_gearbox, in_pit=True)
    assert set(result) == {2, 3, 4, 5, 6}
    assert result[2].cost == {} and result[2].skipped == 3 and result[2].waived_by == "PIT-B-5"
    assert 4 not in legal(6, no_gearbox)  # outside the pit lane the rule applies


@pytest.mark.rules("QUAL-D-7")
def test_QUAL_D_7_AMB_57_qualifying_downshifts_are_free():
    nothing = WearPoints()
    result = legal(5, nothing, DOWNSHIFT_CD, free_downshifts=True)
    assert set(result) == {1, 2, 3, 4, 5, 6}
    assert result[1].cost == {} and result[1].waived_by == "AMB-57"
    assert 1 not in legal(5, nothing, DOWNSHIFT_CD)


@pytest.mark.rules("CAR-D-2")
def test_CAR_D_2_gear_zero_only_engages_first():
    result = legal_gears(0, FULL_CD, DOWNSHIFT_CD)
    assert result[1] == ShiftCost(gear=1)
    reason = result[2]
    assert isinstance(reason, Reason)
    assert (reason.rule, reason.code.value) == ("CAR-D-2", "not_from_gear_zero")
    assert reason.values == {"target": 2, "allowed": "1"}


@pytest.mark.rules("START-D-3")
def test_START_D_3_after_a_dream_start_gear_zero_may_engage_first_or_second():
    result = legal(0, FULL_CD, DOWNSHIFT_CD, allowed_from_zero=(1, 2))
    assert set(result) == {1, 2}
    assert result[2].cost == {}
    assert refusal(0, 3, FULL_CD, DOWNSHIFT_CD, allowed_from_zero=(1, 2)).values["allowed"] == "1, 2"


@pytest.mark.rules("CORE-DICE-2")
def test_CORE_DICE_2_gear_die_per_gear():
    assert gear_die(1).faces == (1, 1, 2, 2)
    assert gear_die(6) == COMMERCIAL_GEAR_DICE.die(6)
    assert gear_die(2, uniform_gear_dice()).faces == (2, 3, 4)


wp_points = st.integers(min_value=0, max_value=4)
wear = st.builds(
    WearPoints,
    tyres=wp_points,
    brakes=wp_points,
    gearbox=wp_points,
    fuel=wp_points,
    body=wp_points,
    engine=wp_points,
    road_holding=wp_points,
)
options = st.fixed_dictionaries({"in_pit": st.booleans(), "free_downshifts": st.booleans()})


@pytest.mark.rules("CORE-GEAR-2", "CORE-GEAR-5", "PIT-B-5")
@given(
    st.integers(min_value=0, max_value=6),
    wear,
    st.sampled_from([DOWNSHIFT_B, DOWNSHIFT_CD]),
    options,
)
def test_legal_gears_invariants(current, w, table, kw):
    result = legal_gears(current, w, table, **kw)
    assert set(result) == set(GEARS)
    if current == 6:
        assert isinstance(result[1], Reason)  # CORE-GEAR-5
    for target, r in result.items():
        assert isinstance(r, (ShiftCost, Reason))
        if isinstance(r, Reason):
            assert r.english()
            continue
        assert r.gear == target
        assert target <= max(current + 1, 1)  # CORE-GEAR-2
        assert w.can_pay(r.cost)  # never a cost above the WP available
        assert w.pay(r.cost).total() == w.total() - sum(r.cost.values())
        if r.cost:
            assert r.skipped >= 1 and not kw["in_pit"] and not kw["free_downshifts"]
            assert table.first_area in r.cost
        if r.skipped and not r.cost:
            assert r.waived_by in {"PIT-B-5", "AMB-57"}
    if current >= 1:  # staying and one gear down are always possible
        assert isinstance(result[current], ShiftCost)
        if current > 1:
            assert isinstance(result[current - 1], ShiftCost)
