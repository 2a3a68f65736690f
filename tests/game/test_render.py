"""`track render`: the board as the game draws it, written to a PNG without a display."""

from __future__ import annotations

import os
import subprocess
import sys

import pygame
import pytest

from game.board.palette import DARK, GRASS, GRASS_STRIPE, PAVED
from game.board.render import BoardRenderer, read_art
from game.tracks.load import load_track
from rules.track import EdgeKind
from tests.conftest import REPO

OVAL = REPO / "maps" / "oval.tmx"
BROKEN = REPO / "tests" / "tracks" / "broken" / "corner_stops_4.tmx"


def run(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run(
        [sys.executable, "main.py", "track", "render", *args], cwd=REPO, env=env, capture_output=True, text=True
    )


@pytest.fixture(scope="module")
def oval():
    track = load_track(OVAL)
    return track, BoardRenderer(track, art=read_art(OVAL))


@pytest.fixture(scope="module")
def plain(tmp_path_factory, oval):
    out = tmp_path_factory.mktemp("render") / "plain.png"
    done = run(str(OVAL), str(out))
    assert done.returncode == 0, done.stderr
    return pygame.image.load(str(out))


@pytest.fixture(scope="module")
def named(tmp_path_factory):
    out = tmp_path_factory.mktemp("render") / "names.png"
    done = run(str(OVAL), str(out), "--names", "--arrows")
    assert done.returncode == 0, done.stderr
    return pygame.image.load(str(out))


def pixel(img: pygame.Surface, board: BoardRenderer, x: float, y: float, scale: float = 1.0) -> tuple[int, int, int]:
    bx, by, _, _ = board.bounds
    c = img.get_at((int((x - bx) * scale), int((y - by) * scale)))
    return c.r, c.g, c.b


def test_the_picture_has_the_board_size(plain, oval):
    _, board = oval
    assert plain.get_size() == board.size_at(1.0)


def test_scale_sets_the_size(tmp_path, oval):
    _, board = oval
    out = tmp_path / "half.png"
    done = run(str(OVAL), str(out), "--scale", "0.5")
    assert done.returncode == 0, done.stderr
    assert pygame.image.load(str(out)).get_size() == board.size_at(0.5)
    assert "at scale 0.5" in done.stdout


def test_every_space_is_drawn(plain, oval):
    """The centre of every space, pit lane included, shows the board, never the ground around it."""
    track, board = oval
    for s in track.spaces:
        assert pixel(plain, board, s.x, s.y) not in (GRASS, GRASS_STRIPE, PAVED), s.name


def test_names_appear_on_every_space_when_asked(plain, named, oval):
    """With --names each space carries a dark name tag over its centre; without, none does."""
    track, board = oval
    for s in track.spaces:
        near = [(s.x + dx, s.y + dy) for dx in range(-6, 7, 2) for dy in range(-6, 7, 2)]
        assert any(pixel(named, board, x, y) == DARK for x, y in near), s.name
        assert any(pixel(named, board, x, y) != pixel(plain, board, x, y) for x, y in near), s.name


def test_arrows_are_drawn_only_when_asked(plain, named, oval):
    track, board = oval
    arrows = [e for e in track.edges if e.kind == EdgeKind.ARROW]
    assert arrows
    changed = 0
    for e in arrows:
        a, b = track.space(e.src), track.space(e.dst)
        x, y = a.x + 0.5 * (b.x - a.x), a.y + 0.5 * (b.y - a.y)
        changed += pixel(named, board, x, y) != pixel(plain, board, x, y)
    assert changed >= 0.8 * len(arrows)


@pytest.mark.parametrize("name", ["hohenau.tmx", "hafenstadt.tmx"])
def test_every_shipped_circuit_renders(tmp_path, name):
    out = tmp_path / "board.png"
    done = run(str(REPO / "maps" / name), str(out), "--scale", "0.25")
    assert done.returncode == 0, done.stderr
    assert out.stat().st_size > 1000


def test_a_broken_track_exits_1_with_its_problems(tmp_path):
    out = tmp_path / "broken.png"
    done = run(str(BROKEN), str(out))
    assert done.returncode == 1
    assert "stops" in done.stderr and "Fix:" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    assert not out.exists()


@pytest.mark.parametrize("scale", ["0", "-1", "inf", "-inf", "nan", "1e400", "10.5", "1e-9", "0.009"])
def test_a_bad_scale_exits_1_with_one_line(tmp_path, scale):
    """--scale inf raised OverflowError; 1e-9 rounded to 0 and divided by it."""
    done = run(str(OVAL), str(tmp_path / "x.png"), f"--scale={scale}")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    said = f"{OVAL}: --scale must be a number from 0.01 to 10, not {float(scale):g}"
    assert done.stderr.splitlines() == [said]
    assert not (tmp_path / "x.png").exists()


def test_a_missing_folder_exits_1(tmp_path):
    done = run(str(OVAL), str(tmp_path / "no" / "such" / "x.png"))
    assert done.returncode == 1 and "does not exist" in done.stderr


def test_a_missing_file_exits_1(tmp_path):
    done = run(str(tmp_path / "nope.tmx"), str(tmp_path / "x.png"))
    assert done.returncode == 1 and "no such file" in done.stderr and "Traceback" not in done.stderr


def test_out_that_is_a_pipe_is_refused_and_left_a_pipe(tmp_path):
    """``track render`` never replaces anything but a regular file: a FIFO stays a FIFO."""
    import stat

    fifo = tmp_path / "x.png"
    os.mkfifo(fifo)
    done = run(str(OVAL), str(fifo))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.splitlines() == [
        f"{fifo}: not written: it is a device or a pipe, not a file, "
        "and is never replaced; give the name of a regular file"
    ]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
