"""Every two cars look different to normal sight and to each kind of colour blindness, and are told
apart without colour too.

Two checks, both for all ten cars. The colours: every pair is at least ``LEAST`` CIEDE2000 apart to
normal sight and with deuteranopia, protanopia and tritanopia as Machado (2009) simulates them (the
strongest form of each, so milder ones are safer). About 2 is just noticeable side by side; the cars
are small and seldom side by side, so the bar is far above that, where two colours read as two
colours at a glance. Beyond colour: every car has a badge shape, a livery pattern, a chart marker
and a line style of its own, so cars of like colours (a player's own choice, or a line-up from
another palette) are still told apart.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from game.board.cars import BADGES, PATTERNS, badge_of, pattern_of
from game.board.colourvision import DEFICIENCIES, Deficiency, distance, hex_rgb
from game.storage.lineup import COLOURS, load_lineup
from game.widgets.charts import dash_of
from rules.files import record

LEAST = 15.0


@pytest.mark.parametrize("deficiency", [None, *DEFICIENCIES])
def test_every_two_car_colours_stay_far_apart(deficiency: Deficiency | None) -> None:
    close = [
        (a, b, round(d, 1))
        for a, b in itertools.combinations(COLOURS, 2)
        if (d := distance(hex_rgb(a), hex_rgb(b), deficiency)) < LEAST
    ]
    assert close == []


def test_the_palette_is_one_of_ten_distinct_colours_everywhere() -> None:
    assert len(set(COLOURS)) == 10 and COLOURS is record.COLOURS


def test_every_car_is_told_apart_without_its_colour() -> None:
    looks = [(badge_of(i), pattern_of(i), dash_of(i)) for i in range(10)]
    assert len({badge for badge, _, _ in looks}) == len(BADGES) == 10
    assert len({pattern for _, pattern, _ in looks}) == len(PATTERNS) == 10
    assert len(set(looks)) == 10


def test_a_line_up_saved_with_the_former_palette_loads_in_this_one(tmp_path: Path) -> None:
    old = ("#d03030", "#2f6fd0", "#8040c0", "#123456")
    drivers = [{"kind": "racer", "name": f"D{i}", "colour": c, "number": i + 1} for i, c in enumerate(old)]
    (tmp_path / "lineup.json").write_text(json.dumps({"drivers": drivers}))
    lineup, notices = load_lineup(tmp_path)
    assert notices == []
    assert [d.colour for d in lineup.drivers] == [COLOURS[0], COLOURS[1], COLOURS[5], "#123456"]
