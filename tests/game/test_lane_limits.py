"""How many lanes a board may have: printed boards have 2 to 4; the format allows ten, lettered A to K
without I and P (builder.MAX_LANES), for wide test boards and the loader's stress maps."""

from __future__ import annotations

import dataclasses

import pytest

from game.tracks.build import build
from game.tracks.drawing import TrackError
from tests.game.drawings import stadium, stadium_points


def with_lanes(radii: tuple[float, ...]):
    d = stadium(pit=False)
    first = d.layers["lanes"][0]
    d.layers["lanes"] += [dataclasses.replace(first, id=90 + i, points=stadium_points(r)) for i, r in enumerate(radii)]
    return d


def test_an_eleventh_lane_is_refused_with_the_limit_and_the_fix():
    with pytest.raises(TrackError) as err:
        build(with_lanes(tuple(104.0 - 48.0 * i for i in range(1, 3)) + tuple(296.0 + 48.0 * i for i in range(6))))
    assert [p.line() for p in err.value.problems] == [
        "track: the track has 11 lanes, more than the 10 a board may have (lanes are lettered A to K). "
        "Fix: draw 2 to 10 lanes (3 is usual) in the layer 'lanes'"
    ]


def test_ten_lanes_are_a_board_lettered_without_i_and_p(tmp_path):
    """A generated 10-lane oval (the loader's stress maps are drawn so) loads, every lane lettered."""
    import trackgen
    from game.tracks.load import load_track
    from trackgen import Arc, Circuit, Corner, Straight, towards

    arrows = towards(10, "left", (0.3,))
    oval = Circuit(
        file="wide.tmx",
        name="Wide",
        laps=1,
        lanes=10,
        lane_spacing=40.0,
        space_length=48.0,
        start_at=800.0,
        segments=(
            Straight(900.0),
            Arc(420.0, 180.0, "left", Corner(1, "North", arrows=arrows)),
            Straight(900.0),
            Arc(420.0, 180.0, "left", Corner(1, "South", arrows=arrows)),
        ),
    )
    path = tmp_path / "wide.tmx"
    path.write_text(trackgen.tmx_text(trackgen.build(oval)), encoding="utf-8")
    track = load_track(path)
    assert track.lanes == 10 and all(track.lane_spaces(li) for li in range(10))
    assert sorted({s.name[0] for s in track.spaces}) == list("ABCDEFGHJK")
