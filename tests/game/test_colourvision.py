"""The colour-vision simulation (Machado 2009) and CIEDE2000 against published reference values."""

from __future__ import annotations

import pytest

from game.board.colourvision import DEFICIENCIES, MACHADO, Deficiency, ciede2000, distance, hex_rgb, lab, simulate


@pytest.mark.parametrize(
    ("rgb", "deficiency", "seen"),
    [
        # colorspacious 1.1.2's sRGB1+CVD at severity 100 (the same Machado matrices), rounded to 0..255
        ((255, 0, 0), "deuteranopia", (163, 144, 0)),
        ((255, 0, 0), "protanopia", (109, 95, 0)),
        ((255, 0, 0), "tritanopia", (255, 0, 15)),
        ((0, 255, 0), "deuteranopia", (239, 214, 58)),
        ((0, 0, 255), "protanopia", (0, 89, 255)),
        ((0x2F, 0x6F, 0xD0), "tritanopia", (0, 134, 149)),
        ((0xD0, 0x30, 0x30), "deuteranopia", (137, 123, 41)),
    ],
)
def test_machado_simulation_gives_the_reference_colours(
    rgb: tuple[int, int, int], deficiency: Deficiency, seen: tuple[int, int, int]
) -> None:
    assert simulate(rgb, deficiency) == seen


@pytest.mark.parametrize("deficiency", DEFICIENCIES)
def test_greys_look_the_same_to_every_sight(deficiency: Deficiency) -> None:
    """Each matrix row sums to 1: white, black and greys stay as they are."""
    assert all(abs(sum(row) - 1) < 1e-5 for row in MACHADO[deficiency])
    for v in (0, 64, 128, 200, 255):
        assert simulate((v, v, v), deficiency) == (v, v, v)


def test_lab_of_the_primaries() -> None:
    for rgb, ref in (
        ((255, 0, 0), (53.24, 80.09, 67.20)),
        ((0, 0, 255), (32.30, 79.19, -107.86)),
        ((255, 255, 255), (100.0, 0.0, 0.0)),
    ):
        assert all(abs(a - b) < 0.03 for a, b in zip(lab(rgb), ref))


@pytest.mark.parametrize(
    ("one", "two", "de"),
    [
        # Sharma, Wu and Dalal (2005), test data pairs 1, 13, 25, 28 and 34
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 2.49, -0.001), (50.0, -2.49, 0.0009), 7.1792),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
        ((90.8027, -2.0831, 1.441), (91.1528, -1.6435, 0.0447), 1.4441),
        ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),
    ],
)
def test_ciede2000_gives_sharmas_reference_differences(
    one: tuple[float, float, float], two: tuple[float, float, float], de: float
) -> None:
    assert ciede2000(one, two) == pytest.approx(de, abs=1e-4)
    assert ciede2000(two, one) == pytest.approx(de, abs=1e-4)


def test_red_and_green_merge_for_a_deuteranope_but_not_for_normal_sight() -> None:
    red, green = hex_rgb("#c04040"), hex_rgb("#808000")
    assert distance(red, green) > 25
    assert distance(red, green, "deuteranopia") < distance(red, green) / 2
