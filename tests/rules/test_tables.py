"""Reference tables: TAB-BLOCK, TAB-START, TAB-RAIN."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.car import Area, WearPoints
from rules.tables.checks import (
    BlockCost,
    CheckKind,
    StartKind,
    block_cost,
    check_fails,
    check_threshold,
    start_b,
    start_d,
)


@pytest.mark.rules("CORE-BLOCK-1")
def test_CORE_BLOCK_1_TAB_BLOCK_remaining_spaces_cost():
    assert [tuple(block_cost(n)) for n in range(1, 7)] == [
        (1, 0),
        (2, 0),
        (3, 0),
        (3, 1),
        (3, 2),
        (3, 3),
    ]
    assert block_cost(0) == BlockCost(brakes=0, tyres=0)
    assert block_cost(5).as_cost() == {Area.BRAKES: 3, Area.TYRES: 2}


@pytest.mark.rules("CORE-BLOCK-2", "BLOCK-D-2")
@pytest.mark.parametrize("remaining", [7, 8, 30])
def test_CORE_BLOCK_2_BLOCK_D_2_seven_or_more_remaining_spaces_is_out(remaining):
    assert block_cost(remaining) is None


def test_block_cost_refuses_negative_remaining_spaces():
    with pytest.raises(ValueError):
        block_cost(-1)


@pytest.mark.rules("CORE-BLOCK-3")
def test_CORE_BLOCK_3_AMB_19_tyres_cannot_stand_in_for_brakes():
    worn = WearPoints(tyres=6, brakes=2, fuel=1, body=1, engine=1, road_holding=1)
    assert worn.can_pay(block_cost(2).as_cost())
    assert not worn.can_pay(block_cost(3).as_cost())  # 3 brakes needed, only 2: out
    bald = WearPoints(tyres=1, brakes=3, fuel=1, body=1, engine=1, road_holding=1)
    assert bald.can_pay(block_cost(4).as_cost())
    assert not bald.can_pay(block_cost(5).as_cost())


@given(st.integers(min_value=0, max_value=6))
def test_block_cost_grows_one_wp_per_remaining_space(remaining):
    cost = block_cost(remaining)
    assert cost.brakes + cost.tyres == remaining
    assert cost.brakes <= 3


@pytest.mark.rules("FD08-START-1")
def test_FD08_START_1_AMB_59_TAB_START_B_stall_skips_round_one():
    stall = start_b(1)
    assert (stall.kind, stall.gear_roll, stall.spaces) == (StartKind.STALL, False, 0)
    for roll in range(2, 20):
        normal = start_b(roll)
        assert (normal.kind, normal.gear_roll, normal.spaces) == (StartKind.NORMAL, True, 0)
    assert {start_b(r).rule for r in range(1, 21)} == {"FD08-START-1"}


def test_AMB_58_B_dream_start_four_spaces_then_a_normal_first_turn_in_first():
    dream = start_b(20)
    assert (dream.kind, dream.spaces, dream.gear_roll, dream.next_gears) == (
        StartKind.DREAM,
        4,
        True,
        (1,),
    )


@pytest.mark.rules("START-D-3")
def test_AMB_58_START_D_3_D_dream_start_four_spaces_instead_of_the_gear_roll():
    dream = start_d(20)
    assert (dream.rule, dream.kind, dream.spaces, dream.gear_roll) == (
        "START-D-3",
        StartKind.DREAM,
        4,
        False,
    )
    assert dream.next_gears == (1, 2)


@pytest.mark.rules("START-D-1")
def test_START_D_1_stall_no_move_first_gear_next_round():
    stall = start_d(1)
    assert (stall.rule, stall.kind, stall.spaces, stall.gear_roll, stall.next_gears) == (
        "START-D-1",
        StartKind.STALL,
        0,
        False,
        (1,),
    )


@pytest.mark.rules("START-D-2")
def test_START_D_2_normal_start_rolls_first_gear_now():
    for roll in range(2, 20):
        normal = start_d(roll)
        assert (normal.rule, normal.kind, normal.gear_roll, normal.next_gears) == (
            "START-D-2",
            StartKind.NORMAL,
            True,
            (1,),
        )


@pytest.mark.parametrize("roll", [0, 21])
def test_start_roll_must_be_a_black_die_result(roll):
    with pytest.raises(ValueError):
        start_b(roll)
    with pytest.raises(ValueError):
        start_d(roll)


def failing(kind, rain):
    return [r for r in range(1, 21) if check_fails(kind, r, rain)]


@pytest.mark.rules("CORE-COLL-2")
def test_CORE_COLL_2_collision_fails_on_1_dry_and_1_to_2_in_rain():
    assert failing(CheckKind.COLLISION, rain=False) == [1]
    assert failing(CheckKind.COLLISION, rain=True) == [1, 2]


@pytest.mark.rules("COLL-D-2")
def test_COLL_D_2_collision_with_a_wreck_one_higher():
    assert failing(CheckKind.COLLISION_WRECK, rain=False) == [1, 2]
    assert failing(CheckKind.COLLISION_WRECK, rain=True) == [1, 2, 3]


@pytest.mark.rules("CORE-ENGINE-2")
def test_CORE_ENGINE_2_engine_fails_on_1_to_4_dry_and_1_to_3_in_rain():
    assert failing(CheckKind.ENGINE, rain=False) == [1, 2, 3, 4]
    assert failing(CheckKind.ENGINE, rain=True) == [1, 2, 3]


@pytest.mark.rules("CORE-DANGER-2")
def test_CORE_DANGER_2_road_holding_fails_on_1_to_4_dry_and_1_to_5_in_rain():
    assert failing(CheckKind.ROAD_HOLDING, rain=False) == [1, 2, 3, 4]
    assert failing(CheckKind.ROAD_HOLDING, rain=True) == [1, 2, 3, 4, 5]


@pytest.mark.rules("CORE-WEATHER-2")
def test_CORE_WEATHER_2_TAB_RAIN_thresholds():
    assert {k: (check_threshold(k, False), check_threshold(k, True)) for k in CheckKind} == {
        CheckKind.COLLISION: (1, 2),
        CheckKind.COLLISION_WRECK: (2, 3),
        CheckKind.ENGINE: (4, 3),
        CheckKind.ROAD_HOLDING: (4, 5),
    }


def test_TAB_CHECK_D_modified_rolls_are_accepted():
    assert check_fails(CheckKind.COLLISION, 0, rain=False)  # Leichter Flitzer 1 - 1
    assert not check_fails(CheckKind.COLLISION, 2, rain=False)  # Schwerer Tourer 1 + 1 (AMB-40)


@given(st.sampled_from(list(CheckKind)), st.booleans(), st.integers(min_value=1, max_value=20))
def test_checks_fail_exactly_on_low_rolls(kind, rain, roll):
    fails = check_fails(kind, roll, rain)
    assert fails == (roll <= check_threshold(kind, rain))
    if fails and roll > 1:
        assert check_fails(kind, roll - 1, rain)
    assert not check_fails(kind, 20, rain)
