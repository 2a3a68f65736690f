"""The dice as data (CORE-DICE-*, TAB-GEAR, AMB-1) and the roll sources."""

from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from rules.dice import (
    BLACK_DIE,
    COMMERCIAL_GEAR_DICE,
    GEAR_RANGES,
    Chance,
    DiceSource,
    Die,
    ForcedDice,
    ForcedDiceError,
    Purpose,
    uniform_gear_dice,
)

ALL_DICE = [BLACK_DIE, *COMMERCIAL_GEAR_DICE.dice, *uniform_gear_dice().dice]
dice = st.sampled_from(ALL_DICE)


@pytest.mark.rules("CORE-DICE-1")
def test_CORE_DICE_1_black_die_is_d20_one_to_twenty():
    assert BLACK_DIE.faces == tuple(range(1, 21))
    assert BLACK_DIE.outcomes() == tuple((v, Fraction(1, 20)) for v in range(1, 21))


@pytest.mark.rules("CORE-DICE-2")
def test_CORE_DICE_2_each_gear_has_its_own_die_and_higher_gears_roll_higher():
    gear_dice = COMMERCIAL_GEAR_DICE.dice
    assert len({d.name for d in gear_dice}) == 6
    for low, high in pairwise(gear_dice):
        assert high.lowest > low.lowest
        assert high.highest > low.highest


@pytest.mark.rules("CORE-DICE-3")
@pytest.mark.parametrize("gear_dice", [COMMERCIAL_GEAR_DICE, uniform_gear_dice()], ids=["commercial", "uniform"])
def test_CORE_DICE_3_gear_die_ranges(gear_dice):
    for gear, (lo, hi) in GEAR_RANGES.items():
        die = gear_dice.die(gear)
        assert (die.lowest, die.highest) == (lo, hi)
        assert set(die.faces) == set(range(lo, hi + 1))


def test_TAB_GEAR_commercial_faces_and_colours():
    expected = {
        1: ("yellow", (1, 1, 2, 2)),
        2: ("orange", (2, 3, 3, 4, 4, 4)),
        3: ("red", (4, 5, 6, 6, 7, 7, 8, 8)),
        4: ("green", (7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12)),
        5: ("purple", tuple(sorted(list(range(11, 21)) * 2))),
        6: ("blue", tuple(sorted(list(range(21, 31)) * 3))),
    }
    for gear, (colour, faces) in expected.items():
        die = COMMERCIAL_GEAR_DICE.die(gear)
        assert die.colour == colour
        assert tuple(sorted(die.faces)) == faces
    assert [len(d.faces) for d in COMMERCIAL_GEAR_DICE.dice] == [4, 6, 8, 12, 20, 30]


def test_AMB_1_commercial_odds_are_not_uniform_but_the_alternative_is():
    assert COMMERCIAL_GEAR_DICE.die(2).outcomes() == (
        (2, Fraction(1, 6)),
        (3, Fraction(1, 3)),
        (4, Fraction(1, 2)),
    )
    assert uniform_gear_dice().die(2).outcomes() == (
        (2, Fraction(1, 3)),
        (3, Fraction(1, 3)),
        (4, Fraction(1, 3)),
    )
    assert uniform_gear_dice().die(6).outcomes()[0] == (21, Fraction(1, 10))


def test_AMB_11_top_face_of_5th_and_6th_gear_dice():
    assert COMMERCIAL_GEAR_DICE.die(5).highest == 20
    assert COMMERCIAL_GEAR_DICE.die(6).highest == 30


def test_gear_dice_set_refuses_gear_outside_one_to_six():
    with pytest.raises(ValueError):
        COMMERCIAL_GEAR_DICE.die(0)
    with pytest.raises(ValueError):
        COMMERCIAL_GEAR_DICE.die(7)


def test_die_without_faces_is_rejected():
    with pytest.raises(ValidationError):
        Die(name="none", colour="grey", faces=())


def test_die_is_frozen():
    with pytest.raises(ValidationError):
        BLACK_DIE.faces = (1,)


@given(dice)
def test_outcomes_sum_to_one_sorted_and_cover_every_face(die):
    outcomes = die.outcomes()
    assert sum(p for _, p in outcomes) == 1
    values = [v for v, _ in outcomes]
    assert values == sorted(set(die.faces))
    assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)


def test_chance_carries_die_purpose_and_odds():
    chance = Chance(die=COMMERCIAL_GEAR_DICE.die(1), purpose="gear")
    assert chance.purpose is Purpose.GEAR
    assert chance.outcomes() == ((1, Fraction(1, 2)), (2, Fraction(1, 2)))
    assert {p.value for p in Purpose} == {
        "gear",
        "start",
        "collision",
        "engine",
        "road_holding",
        "pit",
        "weather",
        "grid",
        "shooting",
    }
    with pytest.raises(ValidationError):
        Chance(die=BLACK_DIE, purpose="lunch")


@given(st.integers(), st.lists(dice, min_size=1, max_size=40))
def test_seeded_source_reproduces_the_same_sequence(seed, to_roll):
    first = DiceSource(seed)
    second = DiceSource(seed)
    rolls = [first.roll(d) for d in to_roll]
    assert rolls == [second.roll(d) for d in to_roll]
    assert all(r in d.faces for r, d in zip(rolls, to_roll, strict=True))


def test_seeded_source_differs_between_seeds_and_reaches_every_face():
    src_1, src_2 = DiceSource(1), DiceSource(2)
    assert [src_1.roll(BLACK_DIE) for _ in range(20)] != [src_2.roll(BLACK_DIE) for _ in range(20)]
    src = DiceSource(7)
    assert {src.roll(BLACK_DIE) for _ in range(2000)} == set(range(1, 21))


def test_forced_dice_return_queued_results_in_order():
    forced = ForcedDice([20, 1, 30])
    assert forced.roll(BLACK_DIE) == 20
    assert forced.roll(BLACK_DIE) == 1
    assert forced.remaining == (30,)
    assert forced.roll(COMMERCIAL_GEAR_DICE.die(6)) == 30
    assert forced.remaining == ()


def test_forced_dice_refuse_a_result_the_die_cannot_show():
    forced = ForcedDice([3])
    with pytest.raises(ForcedDiceError, match="not a face of the gear1 die"):
        forced.roll(COMMERCIAL_GEAR_DICE.die(1))
    assert forced.remaining == (3,)


def test_forced_dice_report_an_empty_queue():
    with pytest.raises(ForcedDiceError, match="no forced result left"):
        ForcedDice([]).roll(BLACK_DIE)


@pytest.mark.rules("CORE-DICE-4")
def test_CORE_DICE_4_yellow_pyramid_reads_one_or_two_at_the_tip():
    """The 1st-gear d4 is read at its tip: its four tips show 1, 1, 2, 2, so 1 and 2 are even odds."""
    die = COMMERCIAL_GEAR_DICE.die(1)
    assert die.colour == "yellow"
    assert die.outcomes() == ((1, Fraction(1, 2)), (2, Fraction(1, 2)))
