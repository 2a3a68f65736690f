"""Lanes that begin and end (a lane with the bool property ``partial``, an open polyline): a
printed board's extra lane along part of the lap only, such as a fourth lane on a start
straight.

The test stadium (tests/game/drawings.py) is driven clockwise: on its top straight lane A runs
at y 152 (the left), C at y 248; on the bottom straight, driven west, A runs at y 648 and C at
552. Its start line is at x 928, two spaces before the top straight ends at x 1024. The lane
drawn here on the left runs along the top straight from x 448 over the line to x 976: eleven
spaces, ten before the line and one after it.
"""

from __future__ import annotations

import json
import os
import re

import pytest

from game.main import main
from game.play.race_length import lap_rounds
from game.tools.trackimport import tmx_text
from game.tracks.build import build
from game.tracks.drawing import Shape, TrackError
from rules.moves import MoveRequest, legal_moves
from rules.ruleset import FORMULA_D_BASIC
from rules.track import EdgeKind, Track
from tests.game.drawings import CY, RADII, SPACE, stadium

TOP = CY - RADII[0] - SPACE  # one lane left of lane A on the top straight
BOTTOM = CY + RADII[2] - SPACE  # one lane right of lane C on the bottom straight


def with_lanes(*lanes: tuple[tuple[float, float], ...], props: dict | None = None, closed: bool = False):
    d = stadium(pit=False)
    d.layers["lanes"] += [
        Shape(5 + i, "lane", pts, closed, "", {"partial": True} if props is None else props)
        for i, pts in enumerate(lanes)
    ]
    return d


LEFT = ((448.0, TOP), (976.0, TOP))
RIGHT = ((900.0, BOTTOM), (420.0, BOTTOM))
PLAIN = build(stadium(pit=False))
BOTH = build(with_lanes(LEFT, RIGHT))


def problems(drawing) -> list[str]:
    with pytest.raises(TrackError) as err:
        build(drawing)
    return [p.line() for p in err.value.problems]


def steps(track: Track) -> dict[tuple[str, str], EdgeKind]:
    return {(e.src, e.dst): e.kind for e in track.edges}


def test_a_lane_on_the_left_is_lane_a_and_runs_from_its_first_space_to_its_last():
    t = BOTH
    assert t.lanes == 5 and PLAIN.lanes == 3
    left, right = t.partial
    assert (left.lane, left.first, left.last) == (0, "A2", "A1")  # across the line: A1 is its one space after it
    assert [s.name for s in t.lane_run(0)] == [f"A{k}" for k in range(2, 12)] + ["A1"]
    assert [round(s.x) for s in t.lane_run(0)] == [472 + 48 * k for k in range(11)]
    # the lap's lanes keep their spaces, lettered one on: the plain stadium's A is B
    assert [(s.x, s.y, s.row) for s in t.lane_spaces(1)] == [(s.x, s.y, s.row) for s in PLAIN.lane_spaces(0)]
    assert t.space("B1").row == PLAIN.space("A1").row and t.rows == PLAIN.rows
    # its spaces are level with the lane beside them (AMB-9), a lap counted where that lane's is
    assert [(s.row, t.space(n).row) for s, n in zip(t.lane_run(0), ["B49", "B50"])] == [(48, 48), (49, 49)]
    assert t.space("A1").row == t.space("B1").row == 0 and t.space("A11").row == t.space("B58").row


def test_a_lane_on_the_right_is_the_last_lane_and_the_others_keep_their_letters():
    t = BOTH
    run = t.partial[1]
    assert run.lane == 4 and t.lane_run(4)[0].name == run.first == "E1" and run.last == f"E{len(t.lane_run(4))}"
    assert [s.name for s in t.lane_spaces(3)] == [s.name.replace("C", "D") for s in PLAIN.lane_spaces(2)]
    assert all(t.space(s.name).lane == 4 and 504 - 1 < s.y < 504 + 1 for s in t.lane_run(4))


@pytest.mark.rules("CORE-MOVE-3")
def test_its_steps_end_where_it_ends_and_join_the_lane_beside_as_any_lane_change_CORE_MOVE_3():
    t, s = BOTH, steps(BOTH)
    assert t.successors("A1") == ("B2",)  # its last space: no step back to where it begins
    assert s[("A10", "A11")] is s[("A11", "A1")] is EdgeKind.STRAIGHT
    assert s[("B48", "A2")] is EdgeKind.DIAGONAL  # into it where it begins
    assert s[("A2", "B50")] is EdgeKind.DIAGONAL and s[("B49", "A3")] is EdgeKind.DIAGONAL
    assert not any(e.dst == "A2" and e.kind is EdgeKind.STRAIGHT for e in t.edges)
    assert not {n for n in t.successors("B47") if n.startswith("A")}  # before it begins
    assert set(t.successors("B48")) == {"B49", "A2", "C43"}


@pytest.mark.rules("CORE-MOVE-3")
def test_a_car_drives_into_it_and_out_of_it_CORE_MOVE_3():
    def ends(start: str, roll: int) -> set[str | None]:
        req = MoveRequest(track=BOTH, rules=FORMULA_D_BASIC, start=start, roll=roll, occupied=frozenset())
        return {m.end for m in legal_moves(req)}

    assert "A4" in ends("B48", 3)  # a lane change into it and on along it
    assert ends("A11", 2) == {"B2", "C2"}  # it ends: out it must, over its last space or from this one
    assert not any(e and e.startswith("A") for e in ends("B1", 4))  # no lane there any more


def test_next_to_stays_within_where_it_runs_AMB_4():
    t = BOTH
    assert "A3" in t.beside("B50") and "B50" in t.beside("A3")
    assert t.beside("B48") == t.level("B48") == ("C42",)  # before it begins
    assert t.beside("B2") == ("C2",)  # after it ends


def test_a_map_without_it_keeps_its_graph_and_hash():
    assert '"partial"' not in PLAIN.canonical_json() and '"partial"' in BOTH.canonical_json()
    assert PLAIN.content_hash() == build(stadium(pit=False)).content_hash()


def test_a_blocked_space_may_end_it_AMB_69():
    """Indianapolis's fourth lane ends on a blocked space: a lane that ends before the line may;
    one that runs over the line may not block its spaces on either side of it (a lap is counted there)."""
    d = with_lanes(((448.0, TOP), (880.0, TOP)))
    d.layers["spaces"] = [Shape(90, "blocked_space", ((856.0, TOP),))]
    t = build(d)
    assert t.blocked == ("A9",) and t.successors("A8") == ("B57",) and t.partial[0].last == "A9"
    over = with_lanes(LEFT)
    over.layers["spaces"] = [Shape(90, "blocked_space", ((952.0, TOP),))]
    assert any("the blocked space on A1 is a space at the start/finish line" in p for p in problems(over))


def test_the_checker_says_what_is_wrong_with_it_where_and_how_to_fix_it():
    closed = problems(with_lanes(((448.0, TOP), (976.0, TOP), (700.0, TOP - 60)), closed=True))
    assert any("the lane with partial set is closed" in p and "Fix: draw it as a polyline" in p for p in closed)
    between = problems(with_lanes(((448.0, CY - RADII[1] + 24), (900.0, CY - RADII[1] + 24))))
    assert any(
        "runs between lanes of the whole lap at (674, 224)" in p and "beside the outermost lane" in p for p in between
    )
    twice = problems(with_lanes(LEFT, ((500.0, TOP - SPACE), (900.0, TOP - SPACE))))
    assert any("two lanes with partial set lie on the left of the track" in p and "Fix: " in p for p in twice)
    value = problems(with_lanes(LEFT, props={"partial": "yes"}))
    assert any("lane property partial is 'yes', not true or false" in p for p in value)
    short = problems(with_lanes(((448.0, TOP), (460.0, TOP))))
    assert any("is 12 px long, shorter than one space" in p for p in short)


def test_a_lane_that_leads_nowhere_is_named_by_the_reachability_check(tmp_path, capsys):
    """Ending beside the corner's first space (arrows only there) it has no way on: `track check`
    says so, on the map file, with the space and the fix."""
    d = with_lanes(((448.0, TOP), (1024.0, TOP)))
    out = tmp_path / "ends.tmx"
    out.write_text(tmx_text(d, (46, 26)), encoding="utf-8")
    assert main(["track", "check", str(out)]) == 1
    said = capsys.readouterr()
    said = said.out + said.err
    assert re.search(r"1 space leads nowhere .* starting with A2\. Fix: ", said)


def test_the_board_draws_it_only_where_it_runs(tmp_path, capsys):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.board.curves import SAMPLES
    from game.board.render import BoardOptions, BoardRenderer

    pygame.font.init()
    board = BoardRenderer(BOTH)
    for lane in (0, 4):
        run = BOTH.lane_run(lane)
        assert len(board.sections[lane]) == len(run) * SAMPLES + 1  # open: half a space beyond each end
        for s in run:  # every space drawn around its own centre, none stretched over the gap
            xs = [p[0] for p in board._polys[s.name]]
            ys = [p[1] for p in board._polys[s.name]]
            assert max(xs) - min(xs) < 1.5 * SPACE and max(ys) - min(ys) < 1.5 * SPACE
    picture = board.render(BoardOptions(), 0.5)
    assert picture.get_size() == board.size_at(0.5)
    out = tmp_path / "stadium.tmx"
    out.write_text(tmx_text(with_lanes(LEFT, RIGHT), (46, 26)), encoding="utf-8")
    assert main(["track", "render", str(out), str(tmp_path / "stadium.png")]) == 0


def test_a_computer_driver_looking_along_it_sees_where_it_ends():
    """The drivers' look along a lane (``LaneModel.walk``) goes from where the lane begins to where
    it ends: past its last space there is no space of it, not its first one round the lap."""
    from rules.ai.lane import LaneModel

    lane = LaneModel(BOTH)
    assert lane.walk("A2", 9) == "A11" and lane.walk("A11", 1) == "A1"
    assert lane.walk("A11", 2) is None and lane.walk("A1", 1) is None
    assert lane.walk("B58", 1) == "B1"  # a lane of the whole lap goes on round it


def test_track_info_says_where_it_begins_and_ends(tmp_path, capsys):
    out = tmp_path / "stadium.tmx"
    out.write_text(tmx_text(with_lanes(LEFT), (46, 26)), encoding="utf-8")
    assert main(["track", "info", str(out)]) == 0
    assert "lane A begins and ends: 11 spaces from A2 to A1" in capsys.readouterr().out
    assert main(["track", "info", str(out), "--json"]) == 0
    facts = json.loads(capsys.readouterr().out)
    assert facts["partial"] == [{"lane": "A", "first": "A2", "last": "A1", "spaces": 11}]


def test_the_race_length_estimate_counts_a_lap_by_the_lanes_that_run_it():
    assert lap_rounds(BOTH) == pytest.approx(lap_rounds(PLAIN))
