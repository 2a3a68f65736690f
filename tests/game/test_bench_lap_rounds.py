"""bench/lap_rounds.py measures a lap in game rounds: a short run on the oval prints the line of
the race the simulate command plays (CORE-END-1: the race ends), and leaves the oval, a short track, unjudged."""

from __future__ import annotations

import importlib.util
import re
import sys
from types import ModuleType

import pytest

from game.tracks.load import load_track
from rules.ai.presets import DEFAULT
from rules.ai.registry import DRIVERS
from rules.ruleset import PRESETS
from rules.run.simulation import play, race_header
from tests.conftest import REPO


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("lap_rounds", REPO / "bench" / "lap_rounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["lap_rounds"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.rules("CORE-END-1")
def test_CORE_END_1_the_oval_s_lap_in_game_rounds(capsys: pytest.CaptureFixture[str]) -> None:
    oval = REPO / "maps" / "oval.tmx"
    assert bench().main(["--seeds", "1", "--first-seed", "3", "--cars", "4", "--track", str(oval)]) == 0
    line = next(s for s in capsys.readouterr().out.splitlines() if s.startswith("oval"))
    track = load_track(str(oval))
    header, _ = race_header(track, PRESETS["fd-basic"], 4, 1, 3, DEFAULT.name, DRIVERS)
    played = play(track, header, DRIVERS).state.round
    stops = sum(c.stops for c in track.corners)
    assert re.search(
        rf"{len(track.corners)} corners\s+{stops} stops .* rounds {played}\s+mean\s+{played}\.0\s+the oval, not judged",
        line,
    )
