"""The running order gives a gap only to cars behind the leader: a car level with the leader
shows its lap alone, never "+0" (found playing a 10-car race)."""

from __future__ import annotations

from pathlib import Path

from game.widgets import race_hud
from tests.rules.fixtures import car, position
from tests.ui.helpers import screen_of, spy_texts
from tests.ui.modules_helpers import control_at, scene_at


def test_level_cars_show_no_gap_and_cars_behind_show_theirs(tmp_path: Path, monkeypatch) -> None:
    # a and b side by side in the same row, c ten spaces behind them
    from tests.ui.helpers import oval

    level = oval().beside("B30")[0]
    state = position([car("a", "B30"), car("b", level), car("c", "B20")], "a")
    scene = scene_at(tmp_path, control_at(state))
    drawn = spy_texts(monkeypatch)
    race_hud.draw_standings(screen_of(scene.app), (10, 60), scene.control, race_hud.standings_width(scene.control))
    gaps = [t for t in drawn if t.startswith("Lap")]
    track = scene.control.track
    rows = track.space("B30").row - track.space("B20").row
    assert track.space(level).row == track.space("B30").row
    assert len(gaps) == 3 and gaps.count(gaps[0]) == 2 and "+" not in gaps[0], gaps
    assert gaps[2] == f"{gaps[0]} · +{rows}", gaps
