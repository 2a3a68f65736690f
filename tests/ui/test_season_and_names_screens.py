"""Regressions seen on the screens themselves: the standings of a Season with dropped results
after its first races (nobody at 0 counted points, the chart the table's counted totals), and a
German game naming the circuit in German on the race's screens."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import texts
from game.scenes.league.standings import StandingsScene
from game.scenes.menus.menu import MenuScene
from rules.league import championship as ch
from tests.ui.helpers import make_app
from tests.ui.test_layout import SCREENS, record_frame, standings


@pytest.fixture(autouse=True)
def english():
    yield
    texts.set_language("en")


@pytest.mark.rules("SEASON-6")
def test_SEASON_6_after_two_of_ten_races_every_result_counts_on_the_table_and_the_chart(tmp_path: Path) -> None:
    """The Season drops 2 of 10 results: before a driver has more than 8, all count (every driver
    showed 0 counted points after race 1 when drops were taken from the start)."""
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    standings(app, "drivers")
    scene = app.scene
    assert isinstance(scene, StandingsScene) and scene.champ is not None and scene.champ.scheme.dropped == 2
    assert scene.races == 2
    assert all(s.counted == s.total and not s.dropped for s in scene.drivers)
    assert scene.drivers[0].counted > 0
    runs = ch.progression(scene.champ, scene.played.scores, scene.drops)
    assert {d: r[-1] for d, r in runs.items()} == {s.driver: s.counted for s in scene.drivers}
    first = ch.standings(scene.champ, scene.played.scores[:1], scene.drops)
    assert {d: r[0] for d, r in runs.items()} == {s.driver: s.counted for s in first}
    assert max(r[0] for r in runs.values()) > 0


@pytest.mark.parametrize("screen", ["race-gear", "results", "races"])
def test_a_german_game_names_the_circuit_in_german(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, screen: str
) -> None:
    texts.set_language("de")
    app = make_app(tmp_path)
    app.change_settings(app.settings.model_copy(update={"language": "de", "mute": True}))
    app.push(MenuScene(app))
    SCREENS[screen](app)
    drawn = " ".join(op.label for op in record_frame(app, monkeypatch).ops[id(app.screen)][1] if op.kind == "text")
    assert "Lindenring-Oval" in drawn and "Lindenring Oval" not in drawn
