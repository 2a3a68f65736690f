"""The cost tags on highlighted spaces cannot be read as space names (issue 18 defect 6:
"B1" for one brake WP looked like the space B1)."""

from __future__ import annotations

import re

import pytest

from game import texts
from game.play.movetext import move_tag
from rules.moves import Move

SPACE_NAME = re.compile(r"\b[A-Z]\d+\b")


@pytest.mark.parametrize("language", texts.LANGUAGES)
def test_cost_tags_are_never_space_names(language: str) -> None:
    texts.set_language(language)
    try:
        for brakes, tyres in ((1, 0), (0, 2), (3, 1)):
            tag = move_tag(Move(path=("B1", "B2"), brakes=brakes, tyres=tyres))
            assert tag and not SPACE_NAME.search(tag), tag
            assert str(brakes or tyres) in tag
    finally:
        texts.set_language("en")


def test_a_free_move_has_no_tag() -> None:
    assert move_tag(Move(path=("B1", "B2"))) == ""
