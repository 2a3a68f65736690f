"""What a step gains of the lap (``LaneModel.to_go``, ``gain``, ``progress``, ``lane_gain``): the
levels count a move and the look-ahead's rolls by the lap they drive, not by their spaces, so an
outer lane's longer corner does not look like progress."""

from __future__ import annotations

import glob

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.tracks.load import load_track
from rules.ai.lane import lane_model
from rules.ai.lookahead import Lookahead
from rules.ai.prices import Prices
from tests.conftest import REPO

OVAL = load_track(REPO / "maps" / "oval.tmx")
TRACKS = {path: load_track(path) for path in sorted(glob.glob(str(REPO / "maps" / "*.tmx")))}


def _lap(track, lane: int) -> int:
    """A lane's gains once round the lap, from its first space."""
    model, run = lane_model(track), track.lane_run(lane)
    return model.progress(run[0].name, tuple(sp.name for sp in run[1:] + run[:1]))


def test_a_space_before_the_line_is_one_step_from_it_and_the_step_over_it_gains_one() -> None:
    model = lane_model(OVAL)
    for lane in range(OVAL.lanes):
        run = OVAL.lane_run(lane)
        last, first = run[-1].name, run[0].name
        assert OVAL.crosses_line(last, first)
        assert model.to_go(last) == 1
        assert model.gain(last, first) == 1
        assert model.progress(last, (first,)) == 1


def test_on_the_oval_the_inner_lane_gains_a_space_a_step_and_the_outer_lanes_less_than_their_spaces() -> None:
    """The oval's lanes hold 60, 64 and 70 spaces: round the lap the inner lane gains all 60 of its
    steps, which is the fewest steps round; the longer lanes gain at least that (a step never loses
    ground) and less than their spaces."""
    lengths = [len(OVAL.lane_run(lane)) for lane in range(OVAL.lanes)]
    assert lengths == [60, 64, 70]
    laps = [_lap(OVAL, lane) for lane in range(OVAL.lanes)]
    assert laps[0] == 60
    assert 60 <= laps[1] < 64 and 60 <= laps[2] < 70
    assert laps[2] < 70 - 3  # the outer lane's corners count for less than the middle lane's
    lane = lane_model(OVAL)
    assert min(lane.to_go(sp.name) or 0 for sp in OVAL.spaces if not sp.in_pit) == 1
    assert max(lane.to_go(sp.name) or 0 for sp in OVAL.spaces if not sp.in_pit) == 60


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_a_roll_along_the_lane_gains_no_more_than_its_spaces_and_more_with_every_space(data) -> None:
    """On every shipped track, from any space: 0 <= gain <= roll, and one space more never gains
    less (the look-ahead's bounds count on the first, the choice of how far to drive on the second)."""
    track = data.draw(st.sampled_from(list(TRACKS.values())))
    space = data.draw(st.sampled_from([sp.name for sp in track.spaces if not sp.in_pit]))
    roll = data.draw(st.integers(0, 30))
    lane = lane_model(track)
    got = lane.lane_gain(space, roll)
    assert 0 <= got <= roll
    assert lane.lane_gain(space, roll + 1) >= got
    path, here = [], space
    for _ in range(roll):
        here = lane.walk(here, 1)
        if here is None:
            return
        path.append(here)
    assert lane.progress(space, tuple(path)) == got


def test_the_pit_lane_counts_its_spaces() -> None:
    pit = OVAL.pit
    assert pit is not None
    lane = lane_model(OVAL)
    assert lane.to_go(pit.spaces[0]) is None
    assert lane.lane_gain(pit.spaces[0], 3) == 3
    assert lane.progress(pit.spaces[0], tuple(pit.spaces[1:4])) == 3


@pytest.mark.rules("CORNER-4")
def test_the_look_ahead_counts_a_roll_through_the_outer_lane_s_corner_by_the_lap_it_gains() -> None:
    """CORNER-4: the same roll that stops in the corner from the same row gains a space a step in
    the inner lane and less in the outer one, whose way round is longer."""
    la = Lookahead(OVAL)
    p = Prices(brake=1.0, tyre=1.0, scarce=0.0, out=60.0, spin=12.0, skip=1.0)
    lane = lane_model(OVAL)
    found = []
    for sp in OVAL.spaces:
        if sp.in_pit or sp.lane != 2 or sp.corner is not None:
            continue
        inner = [o for o in OVAL.row_spaces(sp.row) if o.lane == 0]
        if not inner:
            continue
        outer = la.step(sp.name, 6, None, 0, 4, 6, 1, 1, p)
        alongside = la.step(inner[0].name, 6, None, 0, 4, 6, 1, 1, p)
        if outer.corner is not None and not outer.out and lane.lane_gain(sp.name, 6) < 6:
            found.append((outer.value, alongside.value))
    assert found
    assert all(o < 6.0 for o, _ in found)
    assert any(a > o for o, a in found)
