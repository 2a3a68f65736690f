"""The soak bench (bench/soak.py): a short run passes, and a failure is reported with
the ``main.py simulate`` line that plays the race again (CORE-END-1: a race ends only when its
state says so)."""

from __future__ import annotations

import importlib.util
import random
import re
import shlex
import subprocess
import sys
from types import ModuleType

import pytest

from game.main import parser
from rules.driver import Drivers
from rules.files.record import Header
from rules.run.session import RaceSession, UnfinishedRace
from rules.track import Track
from tests.conftest import REPO


def soak_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("soak", REPO / "bench" / "soak.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["soak"] = module  # its dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


@pytest.mark.rules("CORE-END-1")
def test_CORE_END_1_a_short_soak_run_plays_40_races_under_every_preset_without_a_failure():
    """2-car 1-lap races on the oval (the quickest track) keep the run well under a minute."""
    out = subprocess.run(
        [sys.executable, "bench/soak.py", "--races", "40", "--seed", "1", "--max-cars", "2", "--max-laps", "1",
         "--track", "maps/oval.tmx"],
        cwd=REPO, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert out.returncode == 0, out.stdout + out.stderr
    assert "FAIL" not in out.stdout
    last = out.stdout.splitlines()[-1]
    assert re.match(r"40 races played \((\d+) with qualifying grids\), 0 failed, ", last), last
    assert int(re.findall(r"\((\d+) with", last)[0]) > 0


def test_a_failure_prints_the_simulate_command_line_that_replays_it(monkeypatch, capsys):
    soak = soak_module()

    def stuck(track: Track, header: Header, drivers: Drivers) -> RaceSession:
        raise UnfinishedRace("nobody can act")

    monkeypatch.setattr(soak, "play", stuck)
    assert soak.main(["--races", "3", "--seed", "5", "--track", str(REPO / "maps" / "oval.tmx")]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert re.match(r"3 races played \(\d+ with qualifying grids\), 3 failed, ", lines[-1])
    fails = [i for i, line in enumerate(lines) if line.startswith("FAIL unfinished: nobody can act")]
    assert len(fails) == 3
    for i in fails:
        words = shlex.split(lines[i + 1])
        assert words[:3] == ["python", "main.py", "simulate"] and "maps/oval.tmx" in words
        args = parser().parse_args(words[2:])  # a command line main.py accepts as it is
        assert args.command == "simulate" and args.rules and args.driver


def test_the_printed_command_plays_the_very_race_the_soak_played(tmp_path):
    """The bench and ``simulate`` share one code path: the command's record is the soak's."""
    soak = soak_module()
    tracks = {REPO / "maps" / "oval.tmx": soak.load_track(REPO / "maps" / "oval.tmx")}
    race = soak.draw(random.Random(4), tracks, max_cars=2, max_laps=1)
    path = tmp_path / "race.json"
    words = shlex.split(race.command())
    out = subprocess.run(
        [sys.executable, *words[1:], "--record", str(path)], cwd=REPO, capture_output=True, text=True, timeout=300
    )
    assert out.returncode == 0, out.stderr
    assert path.read_text(encoding="utf-8") == soak.record_text(tracks[race.track], race)[0]


def test_the_soak_draws_only_the_presets_it_is_given():
    """``--preset`` soaks one rule set (the league's, say) without the others diluting it."""
    soak = soak_module()
    tracks = {REPO / "maps" / "oval.tmx": soak.load_track(REPO / "maps" / "oval.tmx")}
    rng = random.Random(1)
    drawn = {soak.draw(rng, tracks, 10, 3, ["dresden-2006", "dresden-open"]).rules for _ in range(40)}
    assert drawn == {"dresden-2006", "dresden-open"}
    assert len({soak.draw(rng, tracks, 10, 3).rules for _ in range(200)}) == len(soak.PRESETS)


def test_AMB_70_half_the_soak_races_qualify_and_their_command_plays_the_qualifying_grid(tmp_path):
    """The soak plays qualifying grids under every preset (``--grid qualifying``); the printed
    command sets the same grid, so the record it writes is the soak's."""
    soak = soak_module()
    tracks = {REPO / "maps" / "oval.tmx": soak.load_track(REPO / "maps" / "oval.tmx")}
    rng = random.Random(2)
    drawn = [soak.draw(rng, tracks, 2, 1) for _ in range(60)]
    forced = [r for r in drawn if r.qualifying and soak.PRESETS[r.rules].grid == "roll"]
    assert forced and all("--grid qualifying" in r.command() for r in forced)
    race = forced[0]
    path = tmp_path / "race.json"
    words = shlex.split(race.command())
    out = subprocess.run(
        [sys.executable, *words[1:], "--record", str(path)], cwd=REPO, capture_output=True, text=True, timeout=300
    )
    assert out.returncode == 0 and "qualifying" in out.stdout, out.stderr
    assert path.read_text(encoding="utf-8") == soak.record_text(tracks[race.track], race)[0]


def test_AMB_70_a_qualifying_lap_past_its_bound_is_a_soak_failure(monkeypatch, capsys):
    soak = soak_module()

    def endless(*args, **kwargs):
        raise soak.UnfinishedLap("car1's qualifying lap did not end in 280 turns")

    monkeypatch.setattr(soak, "race_header", endless)
    assert soak.main(["--races", "2", "--seed", "5", "--track", str(REPO / "maps" / "oval.tmx")]) == 1
    assert capsys.readouterr().out.count("FAIL unfinished: car1's qualifying lap did not end") == 2
