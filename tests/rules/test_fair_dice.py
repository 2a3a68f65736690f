"""Provably fair dice (CORE-DICE-1..3 rolled from a committed seed) and sealed head-to-head bids
(H2H-2): rules/remote/fair_dice.py."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.dice import BLACK_DIE, GEAR_RANGES
from rules.remote.fair_dice import (
    FairDice,
    bid_commitment,
    bid_matches,
    check_rolls,
    commitment,
    face,
    new_nonce,
    new_seed,
    seed_matches,
)
from rules.ruleset import FORMULA_D_BASIC

SEED = "a" * 64


def test_the_commitment_is_the_seeds_sha256_and_only_that_seed_matches_it():
    seed = new_seed()
    assert len(seed) == 64 and seed != new_seed()
    assert commitment("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    assert seed_matches(seed, commitment(seed)) and seed_matches(seed, commitment(seed).upper())
    assert not seed_matches(seed + "0", commitment(seed))


@pytest.mark.rules("CORE-DICE-1")
def test_CORE_DICE_1_a_roll_is_a_function_of_the_seed_and_its_number_alone():
    dice = FairDice(SEED)
    first = [dice.roll(BLACK_DIE) for _ in range(50)]
    assert first == [face(SEED, k, BLACK_DIE) for k in range(50)]
    resumed = FairDice(SEED, rolled=20)  # a referee restarted after 20 rolls goes on where it was
    assert [resumed.roll(BLACK_DIE) for _ in range(30)] == first[20:]
    assert first != [face("b" * 64, k, BLACK_DIE) for k in range(50)]


@pytest.mark.rules("CORE-DICE-1", "CORE-DICE-3")
def test_CORE_DICE_1_CORE_DICE_3_every_face_comes_up_about_as_often():
    """6000 rolls of the d20 (300 expected each) and of every gear die: each face within 30 % of
    its share; a die that favoured a face, or skipped one, fails."""
    counts = Counter(face(SEED, k, BLACK_DIE) for k in range(6000))
    assert set(counts) == set(range(1, 21)) and all(240 <= n <= 360 for n in counts.values())
    for gear, (low, high) in GEAR_RANGES.items():
        die = FORMULA_D_BASIC.gear_dice.die(gear)
        counts = Counter(face(SEED, k, die) for k in range(3000))
        share = 3000 / len(die.faces)
        assert min(counts) == low and max(counts) == high
        assert all(0.7 * share * die.faces.count(v) <= n <= 1.3 * share * die.faces.count(v) for v, n in counts.items())


def test_check_rolls_names_every_die_the_seed_does_not_give():
    rolls = [(BLACK_DIE, face(SEED, k, BLACK_DIE)) for k in range(10)]
    assert check_rolls(SEED, rolls) == []
    changed = list(rolls)
    changed[4] = (BLACK_DIE, rolls[4][1] % 20 + 1)
    bad = check_rolls(SEED, changed)
    assert [(b.number, b.recorded, b.expected) for b in bad] == [(4, changed[4][1], rolls[4][1])]


@pytest.mark.rules("H2H-2")
def test_H2H_2_a_sealed_bid_opens_only_with_its_car_amount_and_nonce():
    nonce = new_nonce()
    seal = bid_commitment("a", 3, nonce)
    assert bid_matches(seal, "a", 3, nonce)
    assert not bid_matches(seal, "a", 4, nonce)
    assert not bid_matches(seal, "b", 3, nonce)  # a seal cannot be copied for another car
    assert not bid_matches(seal, "a", 3, new_nonce())
