"""The board's layout alone, without painting: what a click on the map means, and the map's art."""

from __future__ import annotations

from game.board.layout import BoardLayout
from game.board.tag_metrics import proportions
from game.tracks.art import read_art
from tests.ui.helpers import OVAL, oval


def test_every_space_centre_is_in_its_own_space() -> None:
    """A click on a space's centre picks that space, from the layout without any picture."""
    track = oval()
    board = BoardLayout(track, art=read_art(OVAL), measure=proportions)
    assert all(board.space_at(s.x, s.y) == s.name for s in track.spaces)
    x, y, w, h = board.bounds
    assert board.space_at(x - 10, y - 10) is None


def test_the_layout_is_taken_from_a_board_laid_out_from_the_same_drawing() -> None:
    track = oval()
    art = read_art(OVAL)
    first = BoardLayout(track, art=art, measure=proportions)
    again = BoardLayout(track, art=art, like=first, measure=proportions)
    assert again.sections is first.sections and again.bounds == first.bounds


def test_a_map_that_cannot_be_read_has_plain_art(tmp_path) -> None:
    broken = tmp_path / "broken.tmx"
    broken.write_text("<map><objectgroup name='scenery'>")
    art = read_art(broken)
    assert art.surroundings == "grass" and art.scenery == ()
