"""Staggered lanes (the brick pattern of printed boards): the lane property ``stagger`` moves a
lane's spaces along; diagonals, level and race order follow the geometry (AMB-4, AMB-9).

The board is the 3-lane test stadium (tests/game/drawings.py) with its middle lane B staggered by
half a space: on the top straight A1 and C1 are centred 24 px after the start line, B1 48 px
after it; B's last space is centred on the start line, and the B space centred on the first
corner's entry border (x 1024) still belongs to the straight."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.tracks.build import build
from game.tracks.drawing import Drawing, TrackError
from rules.ai.registry import DRIVERS
from rules.track import EdgeKind, Track
from tests.conftest import REPO
from tests.game.drawing_tmx import write_tmx
from tests.game.drawings import CX2, SPACE, START_X, stadium


def staggered(*staggers: object) -> Drawing:
    """The stadium with each lane's stagger (None: no property)."""
    d = stadium()
    d.layers["lanes"] = [
        dataclasses.replace(lane, props={} if s is None else {"stagger": s})
        for lane, s in zip(d.layers["lanes"], staggers)
    ]
    return d


@pytest.fixture(scope="module")
def brick() -> Track:
    return build(staggered(None, 0.5, None))


def diagonals(track: Track, name: str) -> set[str]:
    return {e.dst for e in track.out_edges(name) if e.kind == EdgeKind.DIAGONAL}


def test_a_staggered_lane_sits_half_a_space_further_along(brick):
    assert brick.space("A1").x == pytest.approx(START_X + SPACE / 2)
    assert brick.space("B1").x == pytest.approx(START_X + SPACE)
    assert brick.space("C1").x == pytest.approx(START_X + SPACE / 2)
    assert brick.space("B2").x == pytest.approx(brick.space("B1").x + SPACE)


def test_every_lane_keeps_its_space_count():
    plain, brick = build(stadium()), build(staggered(0.5, 0.25, 0.75))
    assert [len(brick.lane_spaces(li)) for li in range(3)] == [len(plain.lane_spaces(li)) for li in range(3)]


@pytest.mark.rules("CORE-MOVE-3")
def test_diagonal_successors_are_the_spaces_that_overlap_it_ahead_CORE_MOVE_3(brick):
    """Worked out by hand on the top straight: B1 (x 976) overlaps A1/C1 (952) behind and A2/C2
    (1000) ahead; A1 overlaps B52 (928, on the line) behind and B1 ahead."""
    assert diagonals(brick, "A1") == {"B1"}
    assert diagonals(brick, "C1") == {"B1"}
    assert diagonals(brick, "B1") == {"A2", "C2"}
    assert diagonals(brick, "A2") == {"B2"}
    a_last = brick.lane_spaces(0)[-1].name
    b_last = brick.lane_spaces(1)[-1].name
    assert diagonals(brick, a_last) == {b_last}  # A58 (904) -> B52 (928), before the line
    assert diagonals(brick, b_last) == {"A1", "C1"}  # across the line into the next lap


def test_rows_and_race_order_follow_the_positions_AMB_9(brick):
    a1, b1, c1, a2 = (brick.space(n) for n in ("A1", "B1", "C1", "A2"))
    assert a1.row == c1.row < b1.row < a2.row
    assert a1.progress < b1.progress < a2.progress
    for li in range(3):
        lane = brick.lane_spaces(li)
        assert all(p.row < q.row and p.progress < q.progress for p, q in zip(lane, lane[1:]))


def test_a_staggered_space_is_level_with_no_space_of_the_next_lane_AMB_9(brick):
    """Half a space apart is neither level nor behind: level() names nothing across the offset
    (what is next to it there, AMB-4, is in tests/rules/test_staggered_rules.py)."""
    assert brick.level("B1") == ()
    assert brick.level("A1") == ()
    assert brick.row_spaces(brick.space("A1").row) == (brick.space("A1"), brick.space("C1"))


def test_the_last_space_centred_on_the_line_ends_the_lap(brick):
    b_last = brick.lane_spaces(1)[-1]
    assert b_last.x == pytest.approx(START_X) and b_last.row == brick.rows - 1
    assert brick.crosses_line(b_last.name, "B1")
    assert not brick.crosses_line(brick.lane_spaces(1)[-2].name, b_last.name)


def test_a_space_centred_on_a_corner_border_belongs_to_the_straight_before(brick):
    b2, b3 = brick.space("B2"), brick.space("B3")
    assert b2.x == pytest.approx(CX2) and b2.corner is None and not b2.arrows_only
    assert b3.corner == 0
    assert {s.name for s in brick.lane_spaces(1) if s.corner == 0} == set(brick.corners[0].spaces) & {
        s.name for s in brick.lane_spaces(1)
    }


def test_a_stagger_above_one_half_draws_the_pattern_that_far_behind():
    t = build(staggered(None, 0.75, None))
    assert t.space("B1").x == pytest.approx(START_X + SPACE / 4)
    assert t.space("B1").row < t.space("A1").row  # a quarter space behind A1
    assert diagonals(t, "B1") == {"A1", "C1"}


def test_a_track_without_stagger_keeps_its_graph():
    assert build(staggered(0, 0.0, None)).content_hash() == build(stadium()).content_hash()


@pytest.mark.parametrize("value", [-0.5, 1.0, 1.5, "half", True])
def test_a_wrong_stagger_is_named_with_its_lane(value):
    with pytest.raises(TrackError) as err:
        build(staggered(None, value, None))
    lines = [p.line() for p in err.value.problems]
    assert any(
        "object 2 at " in line
        and f"lane property stagger is {value!r}" in line
        and "Fix: set the float property stagger" in line
        for line in lines
    ), lines


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.floats(min_value=0.0, max_value=1.0, exclude_max=True), min_size=3, max_size=3))
def test_any_stagger_keeps_the_counts_a_closed_lap_and_every_space_reachable(staggers):
    """Any stagger in [0, 1): every lane keeps its count, its straight steps go once round the lap
    and cross the line once, and build()'s reachability check passes (it raises otherwise)."""
    plain = build(stadium())
    t = build(staggered(*staggers))
    for li in range(3):
        lane = t.lane_spaces(li)
        assert len(lane) == len(plain.lane_spaces(li))
        seen, name, crossings = [], lane[0].name, 0
        for _ in lane:
            seen.append(name)
            nxt = t.ahead(name)
            crossings += t.crosses_line(name, nxt)
            name = nxt
        assert name == lane[0].name and len(set(seen)) == len(lane) and crossings == 1
        assert all(p.progress < q.progress for p, q in zip(lane, lane[1:]))
    for e in t.edges:
        if e.kind == EdgeKind.DIAGONAL:  # always into the next position ahead in the other lane
            src, dst = t.space(e.src), t.space(e.dst)
            assert (dst.row - src.row) % t.rows > 0


def test_track_render_names_shows_the_staggered_rows(tmp_path):
    """``track render --names`` writes each space's name and row: the brick board renders."""
    tmx = write_tmx(staggered(None, 0.5, None), tmp_path / "brick.tmx")
    png = tmp_path / "brick.png"
    env = {"SDL_VIDEODRIVER": "dummy", "PATH": "/usr/bin:/bin"}
    for args in (["track", "check", str(tmx)], ["track", "render", str(tmx), str(png), "--names"]):
        out = subprocess.run(
            [sys.executable, str(REPO / "main.py"), *args], capture_output=True, text=True, env=env, cwd=REPO
        )
        assert out.returncode == 0, out.stdout + out.stderr
    assert png.stat().st_size > 10_000


def test_a_ten_car_race_on_the_staggered_board_finishes_and_changes_lanes():
    """The whole race through the loop ``simulate`` uses, on the brick board: every car finishes,
    cars change between the staggered lane and the others, and the record replays to the end."""
    from rules.files.record import replay, steps
    from rules.ruleset import preset
    from rules.run.simulation import play, race_header

    track = build(staggered(None, 0.5, None))
    header, _ = race_header(track, preset("fd-basic"), 10, 1, 3, "careful", DRIVERS)
    session = play(track, header, DRIVERS)
    assert all(c.status == "finished" for c in session.state.cars), [c.status for c in session.state.cars]
    record = session.record()
    changes = set()
    for step in steps(track, record):
        for old, new in zip(step.before.cars, step.after.cars):
            if old.space and new.space and not track.space(old.space).in_pit and not track.space(new.space).in_pit:
                a, b = track.space(old.space).lane, track.space(new.space).lane
                if a != b:
                    changes.add((a, b))
    assert {(0, 1), (1, 0)} & changes and {(2, 1), (1, 2)} & changes, changes
    assert replay(track, record) == session.state
