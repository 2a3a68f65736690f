"""How many lanes a board may have: printed boards have 2 to 4, lettered A to D (builder.MAX_LANES)."""

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


def test_a_fifth_lane_is_refused_with_the_limit_and_the_fix():
    with pytest.raises(TrackError) as err:
        build(with_lanes((104.0, 296.0)))
    assert [p.line() for p in err.value.problems] == [
        "track: the track has 5 lanes, more than the 4 a board may have (lanes are lettered A to D). "
        "Fix: draw 2 to 4 lanes (3 is usual) in the layer 'lanes'"
    ]


def test_four_lanes_are_a_board():
    track = build(with_lanes((296.0,)))
    assert track.lanes == 4 and track.lane_spaces(3)
