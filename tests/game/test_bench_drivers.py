"""bench/drivers.py and its bench opponent play through the race session and print their table."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import REPO


def test_the_driver_bench_plays_a_level_against_the_bench_opponent_and_prints_the_figures():
    out = subprocess.run(
        [sys.executable, "bench/drivers.py", "--track", "maps/oval.tmx", "--preset", "fd-basic", "--laps", "1",
         "--duels", "2", "--fields", "0", "--match", "racer:bench"],
        cwd=REPO, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert out.returncode == 0, out.stdout + out.stderr
    lines = out.stdout.splitlines()
    assert "== racer against bench ==" in lines
    assert any(line.split()[:4] == ["fd-basic", "oval", "duel", "1"] for line in lines)
    sides = [line.split()[0] for line in lines if line.startswith("  racer ") or line.startswith("  bench ")]
    assert sides == ["racer", "bench"]
    assert lines[-1].startswith("2 races in ")


def test_an_unknown_side_is_one_clear_message():
    out = subprocess.run([sys.executable, "bench/drivers.py", "--match", "racer:nobody"], cwd=REPO,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "--match racer:nobody: give two of" in out.stderr
