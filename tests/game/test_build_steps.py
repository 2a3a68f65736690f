"""build() reads the layer ``arrows`` whole: its ``no_lane_change`` lines take away the diagonal
steps they cross (CORE-MOVE-3, links.forbidden_changes), in a map as a designer draws it.

The line is test_no_lane_change.py's: between lanes A (y 152) and B (y 200) of the stadium's top
straight, from x 472 to 664, crossing the diagonals A49..A52 -> B and B43..B46 -> A."""

from __future__ import annotations

import pytest

from game.tracks.build import build
from game.tracks.drawing import Shape, TrackError
from game.tracks.load import check_track
from rules.track import EdgeKind
from tests.game.drawing_tmx import write_tmx
from tests.game.drawings import stadium

LINE = Shape(80, "no_lane_change", ((472.0, 176.0), (664.0, 176.0)))


def diagonals(track) -> set[tuple[str, str]]:
    return {(e.src, e.dst) for e in track.edges if e.kind == EdgeKind.DIAGONAL}


@pytest.mark.rules("CORE-MOVE-3")
def test_a_no_lane_change_line_in_the_arrows_layer_takes_away_the_diagonals_it_crosses_CORE_MOVE_3():
    plain = build(stadium())
    d = stadium()
    d.layers["arrows"] = [LINE]
    gone = diagonals(plain) - diagonals(build(d))
    assert gone == {
        ("A49", "B44"),
        ("A50", "B45"),
        ("A51", "B46"),
        ("A52", "B47"),
        ("B43", "A50"),
        ("B44", "A51"),
        ("B45", "A52"),
        ("B46", "A53"),
    }


def test_the_line_is_read_from_the_map_file_and_a_wrong_one_is_named(tmp_path):
    d = stadium()
    d.layers["arrows"] = [LINE]
    assert check_track(write_tmx(d, tmp_path / "line.tmx")) == []
    d.layers["arrows"] = [Shape(80, "no_lane_change", ((472.0, 100.0), (472.0, 300.0)))]  # across the lanes
    with pytest.raises(TrackError) as err:
        build(d)
    assert any("the no_lane_change line crosses lane" in p.message for p in err.value.problems)
