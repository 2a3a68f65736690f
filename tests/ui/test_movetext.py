"""The cost tags on highlighted spaces cannot be read as space names
("B1" for one brake WP looked like the space B1)."""

from __future__ import annotations

import re

import pytest

from game import texts
from game.play.movetext import corner_sign_lines, move_tag
from rules.moves import Move
from tests.ui.helpers import board_of, screen_of

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


def test_a_corner_sign_explains_its_numbers_under_the_mouse(tmp_path) -> None:
    """The corner signs' small red and green numbers had no legend; hovering a sign says
    what the yellow, red and green numbers are, on the race screen and in the gallery."""
    from game.board.view import BoardView
    from tests.ui.helpers import make_app, oval

    app = make_app(tmp_path)
    view = BoardView(board_of(app.tracks.get("oval.tmx")))
    view.set_viewport(screen_of(app).get_rect())
    x, y, w, h = view.board.corner_boxes[0]
    sx, sy = view.camera.to_screen((x + w / 2, y + h / 2))
    pos = (round(sx), round(sy))
    assert view.corner_sign_at(pos) == 0
    corner = oval().corners[0]
    lines = corner_sign_lines(corner)
    assert lines[0] == corner.label and f"Yellow {corner.stops}" in lines[1]
    assert f"Red {corner.shortest}" in lines[2] and f"Green {corner.longest}" in lines[3]
