"""Tyres: every cell of TAB-TYRE-C and TAB-TYRE-D, indexed by tyre age (AMB-26, AMB-27)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.tables.tyres import Tyre, bonus, malus, penalty, slide

H, S, R = Tyre.HARD, Tyre.SOFT, Tyre.RAIN

# TAB-TYRE-C transcribed: (tyre, wet) -> {item: (Q, L1, L2, L3)}.
TAB_TYRE_C = {
    (H, False): {"bonus": (0, 0, 0, 0), "slide": (0, 0, 0, 0), "penalty": (1, 1, 1, 1)},
    (H, True): {"bonus": (0, 0, 0, 0), "slide": (3, 3, 3, 3), "penalty": (1, 1, 1, 1)},
    (S, False): {"bonus": (1, 1, 0, 0), "slide": (0, 0, 0, 0), "penalty": (2, 2, 2, 3)},
    (S, True): {"bonus": (0, 0, 0, 0), "slide": (3, 3, 3, 3), "penalty": (2, 2, 2, 3)},
    (R, False): {"bonus": (0, 0, 0, 0), "slide": (0, 0, 0, 0), "penalty": (2, 2, 2, 3)},
    (R, True): {"bonus": (0, 0, 0, 0), "slide": (1, 1, 1, 1), "penalty": (1, 1, 1, 1)},
}

# TAB-TYRE-D with the AMB-27 reading: (tyre, wet) -> {item: (Q, age 1, 2, 3)}.
TAB_TYRE_D = {
    (H, False): {"bonus": (0, 0, 0, 0), "slide": (0, 0, 0, 0), "penalty": (1, 1, 1, 1)},
    (H, True): {"bonus": (0, 0, 0, 0), "slide": (3, 3, 3, 3), "penalty": (1, 1, 1, 1)},
    (S, False): {"bonus": (1, 1, 0, 0), "slide": (0, 0, 0, 0), "penalty": (2, 2, 2, 3)},
    (S, True): {"bonus": (0, 0, 0, 0), "slide": (3, 3, 3, 3), "penalty": (2, 2, 2, 3)},
    (R, False): {"bonus": (0, 0, 0, 0), "slide": (0, 0, 0, 0), "penalty": (2, 2, 2, 2)},
    (R, True): {"bonus": (0, 0, 0, 0), "slide": (1, 1, 1, 1), "penalty": (1, 1, 1, 1)},
}
# TAB-TYRE-D "Malus" column (AMB-27): tyre -> (age 1, 2, 3), wet or dry alike.
TAB_TYRE_D_MALUS = {H: (0, 0, 0), S: (0, 0, 1), R: (0, 0, 0)}

CELL = ("tyre", "wet", "item", "qualifying", "age", "value")
COLUMNS = [("Q", True, 1), ("L1", False, 1), ("L2", False, 2), ("L3", False, 3)]


def _cells(table):
    for (tyre, wet), items in table.items():
        for item, values in items.items():
            for (col, qualifying, age), value in zip(COLUMNS, values, strict=True):
                name = f"{tyre}-{'wet' if wet else 'dry'}-{item}-{col}"
                yield pytest.param(tyre, wet, item, qualifying, age, value, id=name)


def _read(table, tyre, wet, item, qualifying, age):
    if item == "bonus":
        return bonus(table, tyre, wet, age, qualifying)
    if item == "slide":
        return slide(table, tyre, wet)
    return penalty(table, tyre, wet, age, qualifying)


@pytest.mark.rules("TYRE-6")
@pytest.mark.parametrize(CELL, list(_cells(TAB_TYRE_C)))
def test_TYRE_6_TAB_TYRE_C_every_cell(tyre, wet, item, qualifying, age, value):
    assert _read("C", tyre, wet, item, qualifying, age) == value


@pytest.mark.rules("TYRE-D-5")
@pytest.mark.parametrize(CELL, list(_cells(TAB_TYRE_D)))
def test_TYRE_D_5_TAB_TYRE_D_every_cell(tyre, wet, item, qualifying, age, value):
    assert _read("D", tyre, wet, item, qualifying, age) == value


@pytest.mark.rules("TYRE-D-5")
@pytest.mark.parametrize(("tyre", "wet"), list(TAB_TYRE_D))
@pytest.mark.parametrize("age", [1, 2, 3])
def test_TYRE_D_5_AMB_27_TAB_TYRE_D_malus_cells(tyre, wet, age):
    assert malus("D", tyre, wet, age) == TAB_TYRE_D_MALUS[tyre][age - 1]


# --- the rules one by one -----------------------------------------------------------


@pytest.mark.rules("TYRE-2", "TYRE-D-2")
@pytest.mark.parametrize("table", ["C", "D"])
@pytest.mark.parametrize("wet", [False, True])
@pytest.mark.parametrize("age", [1, 2, 3, 7])
def test_TYRE_2_TYRE_D_2_hard_penalty_is_single_and_no_bonus(table, wet, age):
    assert penalty(table, H, wet, age) == 1
    assert penalty(table, H, wet, age, qualifying=True) == 1
    assert bonus(table, H, wet, age) == 0
    assert malus(table, H, wet, age) == 0


@pytest.mark.rules("TYRE-2", "TYRE-D-2")
@pytest.mark.parametrize("table", ["C", "D"])
def test_TYRE_2_TYRE_D_2_hard_slides_three_only_in_rain(table):
    assert slide(table, H, wet=True) == 3
    assert slide(table, H, wet=False) == 0


@pytest.mark.rules("TYRE-3", "TYRE-D-3")
@pytest.mark.parametrize("table", ["C", "D"])
def test_TYRE_3_TYRE_D_3_AMB_26_AMB_27_soft_bonus_only_first_lap_of_set(table):
    assert bonus(table, S, False, 1) == 1
    assert bonus(table, S, False, 2) == 0
    assert bonus(table, S, False, 3) == 0
    assert bonus(table, S, False, 5) == 0


@pytest.mark.rules("QUAL-8", "TYRE-3")
@pytest.mark.parametrize("table", ["C", "D"])
def test_TYRE_3_QUAL_8_AMB_27_soft_bonus_in_qualifying(table):
    assert bonus(table, S, False, 1, qualifying=True) == 1
    assert bonus(table, S, True, 1, qualifying=True) == 0


@pytest.mark.rules("TYRE-4", "TYRE-D-3")
@pytest.mark.parametrize("table", ["C", "D"])
@pytest.mark.parametrize("age", [1, 2, 3])
def test_TYRE_4_TYRE_D_3_soft_in_rain_no_bonus_slides_three(table, age):
    assert bonus(table, S, True, age) == 0
    assert slide(table, S, True) == 3


@pytest.mark.rules("TYRE-3", "TYRE-4", "TYRE-D-3")
@pytest.mark.parametrize("table", ["C", "D"])
@pytest.mark.parametrize("wet", [False, True])
def test_TYRE_3_TYRE_4_TYRE_D_3_soft_penalty_doubles_then_triples_in_third_lap_of_set(table, wet):
    assert [penalty(table, S, wet, age) for age in (1, 2, 3, 4)] == [2, 2, 3, 3]


@pytest.mark.rules("TYRE-3")
def test_AMB_26_pit_stop_resets_age_so_fresh_soft_set_gets_bonus_and_double_penalty_again():
    # Race lap 3 on a set fitted after lap 2: tyre age 1, not race lap 3.
    assert bonus("C", S, False, 1) == 1
    assert penalty("C", S, False, 1) == 2
    # Race lap 3 without a stop: age 3 -> tripled, no bonus (TYRE-3).
    assert bonus("C", S, False, 3) == 0
    assert penalty("C", S, False, 3) == 3


@pytest.mark.rules("TYRE-5")
def test_TYRE_5_rain_tyres_c_dry_double_then_triple_wet_single_slide_one():
    assert [penalty("C", R, False, age) for age in (1, 2, 3, 4)] == [2, 2, 3, 3]
    assert [penalty("C", R, True, age) for age in (1, 2, 3, 4)] == [1, 1, 1, 1]
    assert penalty("C", R, False, 1, qualifying=True) == 2
    assert penalty("C", R, True, 1, qualifying=True) == 1
    assert slide("C", R, True) == 1
    assert slide("C", R, False) == 0


@pytest.mark.rules("TYRE-D-4")
def test_TYRE_D_4_rain_tyres_d_one_in_rain_two_in_sun_never_tripled():
    assert [penalty("D", R, True, age) for age in (1, 2, 3, 9)] == [1, 1, 1, 1]
    assert [penalty("D", R, False, age) for age in (1, 2, 3, 9)] == [2, 2, 2, 2]
    assert slide("D", R, True) == 1


@pytest.mark.rules("TYRE-D-3")
@pytest.mark.parametrize("wet", [False, True])
def test_TYRE_D_3_AMB_27_soft_malus_from_third_lap_of_set_only_in_d(wet):
    assert [malus("D", S, wet, age) for age in (1, 2, 3, 4)] == [0, 0, 1, 1]
    assert [malus("C", S, wet, age) for age in (1, 2, 3, 4)] == [0, 0, 0, 0]


@pytest.mark.rules("TYRE-7")
@pytest.mark.parametrize("table", ["C", "D"])
@pytest.mark.parametrize("tyre", list(Tyre))
def test_TYRE_7_sliding_only_on_a_wet_track(table, tyre):
    assert slide(table, tyre, wet=False) == 0
    assert slide(table, tyre, wet=True) > 0


@pytest.mark.rules("QUAL-8")
def test_QUAL_8_qualifying_column_ignores_age():
    # A high age would triple a race penalty; the Q column never does.
    assert penalty("C", S, False, 3, qualifying=True) == 2
    assert bonus("C", S, False, 3, qualifying=True) == 1
    assert penalty("D", S, False, 3, qualifying=True) == 2


@pytest.mark.rules("TYRE-B-4")
def test_TYRE_B_4_AMB_28_formula_d_2008_reads_table_c():
    # TAB-TYRE-B: soft +1 and x2 in dry/variable, rain tyres x2 dry, hard +3 in rain,
    # rain tyres +1 in rain (AMB-28: mandatory slide); "not changed in time" = x3, bonus lost.
    assert bonus("C", S, False, 1) == 1 and penalty("C", S, False, 1) == 2
    assert penalty("C", R, False, 1) == 2
    assert slide("C", H, True) == 3 and slide("C", R, True) == 1
    assert bonus("C", S, False, 2) == 0
    assert penalty("C", S, False, 3) == 3 and penalty("C", R, False, 3) == 3


# --- argument checks ---------------------------------------------------------------


@pytest.mark.parametrize("age", [0, -1])
def test_AMB_26_tyre_age_starts_at_one(age):
    with pytest.raises(ValueError):
        penalty("C", S, False, age)
    with pytest.raises(ValueError):
        bonus("D", S, False, age)
    with pytest.raises(ValueError):
        malus("D", S, False, age)


def test_unknown_table_or_tyre_is_refused():
    with pytest.raises(ValueError):
        penalty("B", H, False, 1)
    with pytest.raises(ValueError):
        slide("C", "slick", True)


def test_tyre_values_are_plain_strings():
    assert [t.value for t in Tyre] == ["hard", "soft", "rain"]
    assert Tyre("soft") is S


# --- properties ------------------------------------------------------------------------

TABLES = st.sampled_from(["C", "D"])
TYRES = st.sampled_from(list(Tyre))


@pytest.mark.rules("CORNER-4")
@given(TABLES, TYRES, st.booleans(), st.integers(min_value=1, max_value=50), st.booleans())
def test_CORNER_4_penalty_is_a_multiplier_from_one_to_three(table, tyre, wet, age, qualifying):
    p = penalty(table, tyre, wet, age, qualifying)
    assert 1 <= p <= 3
    if qualifying or age < 3:
        assert p <= 2  # tripling needs a worn set (AMB-26, AMB-27)


@pytest.mark.rules("TYRE-3", "TYRE-D-3")
@given(TABLES, TYRES, st.booleans(), st.integers(min_value=1, max_value=50), st.booleans())
def test_TYRE_3_TYRE_D_3_bonus_only_on_soft_and_dry(table, tyre, wet, age, qualifying):
    b = bonus(table, tyre, wet, age, qualifying)
    assert b in (0, 1)
    assert b == (tyre is Tyre.SOFT and not wet and (qualifying or age == 1))
    assert not (b and slide(table, tyre, wet))  # never a bonus and a slide together


@given(TABLES, TYRES, st.booleans(), st.integers(min_value=3, max_value=50))
def test_AMB_26_AMB_27_ages_above_three_read_like_three(table, tyre, wet, age):
    assert penalty(table, tyre, wet, age) == penalty(table, tyre, wet, 3)
    assert bonus(table, tyre, wet, age) == bonus(table, tyre, wet, 3)
    assert malus(table, tyre, wet, age) == malus(table, tyre, wet, 3)
