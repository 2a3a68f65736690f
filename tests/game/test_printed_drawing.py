"""The board and `track render` draw what a printed board prints of last session's features: a
solid line between two lanes where a ``no_lane_change`` line forbids changing lanes
(CORE-MOVE-3), and the road of a second pit entry or exit away from the pit lane's drawn ends
(CORE-PIT-2).

The test stadium (tests/game/drawings.py): lanes A and B run along the top straight at y 152
and 200, their border at y 176; the line from x 472 to 664 on it forbids the diagonals from
A49..A52 into lane B and from B43..B46 into lane A. ``far_pit`` moves the pit lane 110 px above
lane A (so the ground shows between them) with boxes on P3..P12 and its drawn exit on A5, and adds a second entry from
A49 onto P3 and a second exit from P13 onto A2.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pygame
import pytest

from game.board.palette import PIT_ASPHALT, YELLOW
from game.board.printed import extra_pit_ways, forbidden_diagonals
from game.board.render import BoardOptions, BoardRenderer
from game.tools.trackimport import tmx_text
from game.tracks.build import build
from game.tracks.drawing import Drawing, Shape
from game.tracks.load import load_track
from tests.conftest import REPO
from tests.game.drawings import CY, RADII, pit_space_centre, stadium

AB = Shape(80, "no_lane_change", ((472.0, 176.0), (664.0, 176.0)))


def with_line(*lines: Shape) -> Drawing:
    d = stadium()
    d.layers["arrows"] = list(lines)
    return d


def far_pit(ways: bool = True) -> Drawing:
    d = stadium()
    y = CY - RADII[0] - 110.0
    line = ((424.0, CY - RADII[0]), (470.0, y), (960.0, y), (1140.8, 181.5))
    d.layers["pit"] = [Shape(50, "pit_lane", line)]
    d.layers["pit"] += [Shape(60 + i, "box", (pit_space_centre(line, i + 2),), props={"box": i + 1}) for i in range(10)]
    if ways:
        plain = build(d)

        def at(name: str) -> tuple[float, float]:
            return (plain.space(name).x, plain.space(name).y)

        d.layers["pit"] += [Shape(90, "pit_lane", (at("A49"), at("P3"))), Shape(91, "pit_lane", (at("P13"), at("A2")))]
    return d


def colour(board: BoardRenderer, x: float, y: float, scale: float = 2.0) -> tuple[int, int, int]:
    img = board.render(BoardOptions(arrows=False), scale)
    bx, by, _, _ = board.bounds
    c = img.get_at((round((x - bx) * scale), round((y - by) * scale)))
    return c.r, c.g, c.b


def along(a: tuple[float, float], z: tuple[float, float]) -> list[tuple[float, float]]:
    """Points along a road from one end to the other, its ends left out."""
    return [(a[0] + t / 10 * (z[0] - a[0]), a[1] + t / 10 * (z[1] - a[1])) for t in range(1, 10)]


def pit_coloured(board: BoardRenderer, scale: float = 2.0):
    """Is the board's picture pit asphalt at a map point?"""
    img = board.render(BoardOptions(arrows=False), scale)
    bx, by, _, _ = board.bounds
    return lambda p: tuple(img.get_at((round((p[0] - bx) * scale), round((p[1] - by) * scale))))[:3] == PIT_ASPHALT


def near(c: tuple[int, int, int], want: tuple[int, int, int], tol: int = 12) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(c, want))


@pytest.mark.rules("CORE-MOVE-3")
def test_the_forbidden_lane_changes_are_read_from_the_graph_CORE_MOVE_3():
    """Exactly the diagonals the line removes, and none on a track without a line."""
    track = build(with_line(AB))
    found = sorted((a.name, b.name) for a, b in forbidden_diagonals(track))
    assert found == sorted(
        [(f"A{i}", f"B{i - 5}") for i in range(49, 53)] + [(f"B{i}", f"A{i + 7}") for i in range(43, 47)]
    )
    assert forbidden_diagonals(build(stadium())) == []


@pytest.mark.rules("CORE-MOVE-3")
def test_a_no_lane_change_line_is_drawn_yellow_between_the_lanes_it_parts_CORE_MOVE_3():
    lined, plain = BoardRenderer(build(with_line(AB))), BoardRenderer(build(stadium()))
    assert near(colour(lined, 568.0, 176.0), YELLOW)  # half way along the line, on the lanes' border
    assert not near(colour(plain, 568.0, 176.0), YELLOW)
    assert not near(colour(lined, 760.0, 176.0), YELLOW)  # past its end the lanes part as before
    assert not near(colour(lined, 568.0, 224.0), YELLOW)  # nor between B and C


@pytest.mark.rules("CORE-MOVE-3")
def test_the_line_runs_from_the_first_forbidden_change_to_the_last_CORE_MOVE_3():
    """A49's diagonal starts at A49's centre (x 472) and B46's ends at A53's (x 664): one run
    between them, no more."""
    board = BoardRenderer(build(with_line(AB)))
    assert len(board.no_change) == 1
    xs = [x for x, _ in board.no_change[0]]
    assert min(xs) == pytest.approx(472.0, abs=9) and max(xs) == pytest.approx(664.0, abs=9)
    assert all(y == pytest.approx(176.0, abs=1) for _, y in board.no_change[0])


@pytest.mark.rules("CORE-PIT-2")
def test_a_second_pit_entry_and_exit_get_their_roads_CORE_PIT_2():
    track = build(far_pit())
    assert (track.pit.extra_entries, track.pit.extra_exits) == (("A49",), ("A2",))
    a49, p3, p13, a2 = (track.space(n) for n in ("A49", "P3", "P13", "A2"))
    assert extra_pit_ways(track) == [((a49.x, a49.y), (p3.x, p3.y)), ((p13.x, p13.y), (a2.x, a2.y))]
    with_ways, without = pit_coloured(BoardRenderer(track)), pit_coloured(BoardRenderer(build(far_pit(ways=False))))
    for a, z in extra_pit_ways(track):  # the road covers the ground between track and pit lane
        assert any(with_ways(p) and not without(p) for p in along(a, z))
        assert all(with_ways(p) or not without(p) for p in along(a, z))
    assert extra_pit_ways(build(stadium())) == []


@pytest.mark.rules("CORE-PIT-2")
def test_the_pit_walls_open_for_the_second_ways_CORE_PIT_2():
    """The wall between track and pit lane stops short of every road onto the track."""
    from game.board.curves import dist_to_segment

    board = BoardRenderer(build(far_pit()))
    roads = extra_pit_ways(board.track)
    assert board.walls
    assert all(dist_to_segment(p, a, z) >= 0.6 * board.lane_width for run in board.walls for p in run for a, z in roads)


@pytest.mark.rules("CORE-MOVE-3", "CORE-PIT-2")
def test_track_render_draws_both_CORE_MOVE_3_CORE_PIT_2(tmp_path):
    """`python main.py track render` on a map file holding the line and the second ways."""
    d = far_pit()
    d.layers["arrows"] = [AB]
    src, out = tmp_path / "printed.tmx", tmp_path / "printed.png"
    src.write_text(tmx_text(d, (48, 30)), encoding="utf-8")
    track = load_track(src)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, "main.py", "track", "render", str(src), str(out)],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    img = pygame.image.load(str(out))
    board = BoardRenderer(track)
    bx, by, _, _ = board.bounds

    def at(x: float, y: float) -> tuple[int, int, int]:
        return tuple(img.get_at((round(x - bx), round(y - by))))[:3]

    assert near(at(568.0, 176.0), YELLOW)
    board_says = pit_coloured(board, 1.0)
    for a, z in extra_pit_ways(track):
        assert [at(*p) == PIT_ASPHALT for p in along(a, z)] == [board_says(p) for p in along(a, z)]
        assert any(at(*p) == PIT_ASPHALT for p in along(a, z))


@pytest.mark.rules("CORE-MOVE-3")
def test_a_line_saved_in_tiled_shows_at_once_on_the_same_layout_CORE_MOVE_3():
    """Hot reload: a map saved with a new no_lane_change line keeps the old board's layout (the
    spaces did not move) and draws the line; deleting it again takes the line away."""
    plain = BoardRenderer(build(stadium()))
    lined = BoardRenderer(build(with_line(AB)), like=plain)
    assert lined.sections is plain.sections and len(lined.no_change) == 1
    assert near(colour(lined, 568.0, 176.0), YELLOW)
    again = BoardRenderer(build(stadium()), like=lined)
    assert again.no_change == [] and not near(colour(again, 568.0, 176.0), YELLOW)
