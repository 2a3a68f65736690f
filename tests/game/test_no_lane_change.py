"""A printed line on a straight where cars may not change lanes: class ``no_lane_change``.

On the test stadium's top straight (tests/game/drawings.py) lanes A, B and C run at y 152,
200 and 248, their spaces 48 px apart and side by side: A48, A49, A50 ... at x 424, 472,
520 ..., B42, B43, B44 ... and C36, C37, C38 ... at the same x. The line between A and B is y 176. A
diagonal from x to x + 48 crosses it at x + 24, so a line from x 472 to 664 crosses the
diagonals that cross at 496, 544, 592 and 640: those from A49, A50, A51, A52 into lane B
and from B43, B44, B45, B46 into lane A.

The layer ``arrows`` holds the line; ``game.tracks.build`` passes its ``no_lane_change``
objects to ``links.forbidden_changes`` with the straight and diagonal steps, so these tests
give that function exactly those.
"""

from __future__ import annotations

import pytest

from game.tracks.build import build
from game.tracks.builder import Builder
from game.tracks.drawing import Shape
from game.tracks.finder import SpaceFinder
from game.tracks.links import forbidden_changes, lane_edges
from rules.moves import MoveRequest, legal_moves
from rules.ruleset import FORMULA_D_BASIC
from rules.track import EdgeKind, Track
from tests.game.drawings import SPACE, stadium

PLAIN = build(stadium())
LANE_SPACES = [s for s in PLAIN.spaces if not s.in_pit]
NEAR = SpaceFinder(LANE_SPACES, SPACE)


def line(*pts: tuple[float, float], oid: int = 80, closed: bool = False) -> Shape:
    return Shape(oid, "no_lane_change", pts, closed)


def forbid(*lines: Shape) -> tuple[list, list[str]]:
    b = Builder(stadium())
    kept = forbidden_changes(b, list(lines), lane_edges(LANE_SPACES, PLAIN.lanes), NEAR)
    return kept, [p.line() for p in b.problems]


def with_edges(kept) -> Track:
    rest = [e for e in PLAIN.edges if e.kind not in (EdgeKind.STRAIGHT, EdgeKind.DIAGONAL)]
    return Track.model_validate({**PLAIN.model_dump(), "edges": tuple(kept) + tuple(rest)})


AB = line((472.0, 176.0), (664.0, 176.0))


def test_the_stadium_is_as_the_docstring_says():
    assert [(n, PLAIN.space(n).x, PLAIN.space(n).y) for n in ("A49", "B43", "C37")] == [
        ("A49", 472.0, 152.0),
        ("B43", 472.0, 200.0),
        ("C37", 472.0, 248.0),
    ]


@pytest.mark.rules("CORE-MOVE-3")
def test_the_line_removes_exactly_the_diagonals_it_crosses_CORE_MOVE_3():
    kept, said = forbid(AB)
    assert said == []
    gone = {(e.src, e.dst) for e in lane_edges(LANE_SPACES, PLAIN.lanes)} - {(e.src, e.dst) for e in kept}
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


def test_without_lines_the_steps_stay_as_they_were():
    edges = lane_edges(LANE_SPACES, PLAIN.lanes)
    assert forbidden_changes(Builder(stadium()), [], edges, NEAR) is edges


@pytest.mark.rules("CORE-MOVE-3")
def test_a_car_stays_in_its_lane_along_the_line_CORE_MOVE_3():
    track = with_edges(forbid(AB)[0])
    req = MoveRequest(track=track, rules=FORMULA_D_BASIC, start="A49", roll=1, occupied=frozenset())
    assert {m.end for m in legal_moves(req)} == {"A50"}
    req = MoveRequest(track=track, rules=FORMULA_D_BASIC, start="B44", roll=1, occupied=frozenset())
    assert {m.end for m in legal_moves(req)} == {"B45", "C39"}  # lanes B and C still change
    # past the line the change is free again: A53 > B48
    req = MoveRequest(track=track, rules=FORMULA_D_BASIC, start="A52", roll=2, occupied=frozenset())
    assert "B48" in {m.end for m in legal_moves(req)}


@pytest.mark.rules("CORE-MOVE-2", "CORE-BLOCK-1")
def test_a_car_goes_round_a_blocker_only_past_the_line_CORE_MOVE_2():
    track = with_edges(forbid(AB)[0])
    req = MoveRequest(track=track, rules=FORMULA_D_BASIC, start="A49", roll=3, occupied=frozenset({"A51"}))
    moves = legal_moves(req)
    assert all(m.blocked for m in moves)  # CORE-BLOCK-1: it cannot pull out beside the line


def test_a_line_across_a_lane_is_named():
    _, said = forbid(line((700.0, 140.0), (700.0, 260.0)))
    assert said == [
        "track: object 80 at (700, 140): the no_lane_change line crosses lane A between A53 and A54. "
        "Fix: draw it along the line between two lanes, not across a lane"
    ]


def test_a_line_outside_the_lanes_is_named():
    _, said = forbid(line((500.0, 20.0), (700.0, 20.0)))
    assert said == [
        "track: object 80 at (500, 20): the no_lane_change line lies outside the lanes. "
        "Fix: draw it on the line between two lanes where the board forbids lane changes"
    ]


def test_a_line_that_crosses_no_lane_change_is_named():
    _, said = forbid(line((500.0, 128.0), (700.0, 128.0)))  # along the outer edge of lane A
    assert len(said) == 1
    assert said[0].startswith(
        "track: object 80 at (500, 128): the no_lane_change line crosses no diagonal lane change. Fix: "
    )
    assert "in corners and arrow zones cars change lanes only along the arrows anyway" in said[0]


@pytest.mark.parametrize(
    "shape", [line((500.0, 176.0)), line((500.0, 176.0), (600.0, 176.0), (550.0, 190.0), closed=True)]
)
def test_a_line_that_is_no_polyline_is_named(shape):
    kept, said = forbid(shape)
    assert len(said) == 1 and "the no_lane_change line is not a polyline" in said[0]
    assert len(kept) == len(lane_edges(LANE_SPACES, PLAIN.lanes))


def test_a_line_along_a_lanes_middle_is_named():
    _, said = forbid(line((460.0, 200.0), (680.0, 200.0)))  # over lane B's centres
    assert said == [
        "track: object 80 at (472, 200): the no_lane_change line runs over the centre of B43. "
        "Fix: draw it on the line between two lanes, half way between their spaces' centres"
    ]
