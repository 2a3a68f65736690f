"""The statistics screen as a player uses it: Statistics on the results screen, the
four tabs, Back and Esc to the results; a record that does not replay says so."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import texts
from game.play.race_control import RaceControl
from game.scenes.history.results import ResultsScene
from game.scenes.history.statistics import StatisticsScene
from game.scenes.menus.menu import MenuScene
from rules.actions import Roll
from rules.files.record import Header
from tests.ui.helpers import make_app, oval
from tests.ui.test_layout import finished as layout_race
from tests.ui.test_scenes import press


def finished() -> RaceControl:
    """Ten computers, two laps, one of them retires (the layout test's race, played once)."""
    return layout_race("fd-basic", False)


def counted(app) -> StatisticsScene:
    """Frames until the top scene has counted its record (a slice of each frame)."""
    scene = app.scene
    for _ in range(10_000):
        if scene.stats is not None or scene.problem:
            return scene
        assert scene.animating()
        app.frame(0.016)
    raise AssertionError("the statistics were never counted")


@pytest.fixture
def app(tmp_path: Path):
    a = make_app(tmp_path)
    a.push(MenuScene(a))
    yield a
    texts.set_language("en")


def test_statistics_open_from_the_results_and_show_every_tab(app) -> None:
    control = finished()
    app.push(ResultsScene(app, control))
    app.frame(0.016)
    press(app.scene, "stats")
    scene = counted(app)
    assert isinstance(scene, StatisticsScene) and scene.tab == "positions" and not scene.animating()
    results = app.stack[-2]
    assert isinstance(results, ResultsScene) and scene.stats is not None
    assert scene.status()["cars"] == [control.name(p.car) for p in results.places]
    assert scene.status()["rounds"] == scene.stats.rounds > 0
    for tab in ("wp", "luck", "table", "positions"):
        press(scene, f"tab.{tab}")
        app.frame(0.016)
        assert app.status()["tab"] == tab
    for key, tab in (
        (pygame.K_RIGHT, "wp"),
        (pygame.K_RIGHT, "luck"),
        (pygame.K_LEFT, "wp"),
        (pygame.K_LEFT, "positions"),
        (pygame.K_LEFT, "table"),
    ):  # the arrow keys step through the tabs, round and round
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        assert scene.tab == tab
    press(scene, "back")
    assert app.scene.name == "results"
    press(app.scene, "stats")
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert app.scene.name == "results"


def test_the_table_says_why_a_car_retired(app) -> None:
    control = finished()
    scene = StatisticsScene(app, control.session.record(), control.track)
    app.push(scene)
    counted(app)
    press(scene, "tab.table")
    app.frame(0.016)
    stats = scene.stats
    assert stats is not None
    out = [i for i, c in enumerate(stats.cars) if c.place.status == "out"]
    assert out, "the seed has a retirement"
    i = out[0]
    row = pygame.Rect(scene.table.left, scene.table.top + 44 + i * scene.row, scene.table.width, scene.row)
    why = stats.cars[i].reason
    assert why is not None
    assert scene.hint_at(row.center) == [texts.reason_text(why)]
    assert scene.result(stats.cars[i]) == texts.tr("stats.out_in", n=stats.cars[i].ended)


def test_the_german_screen_speaks_german(app) -> None:
    texts.set_language("de")
    control = finished()
    scene = StatisticsScene(app, control.session.record(), control.track)
    app.push(scene)
    counted(app)
    assert scene.subtitle().startswith("Lindenring-Oval · Runden: 2 · Spielrunden: ")


def test_a_record_that_does_not_fit_the_track_shows_why(app) -> None:
    record = finished().session.record()
    other = Header.model_validate({**record.header.model_dump(), "track_hash": "0" * 64})
    scene = StatisticsScene(app, record.model_copy(update={"header": other}), oval())
    app.push(scene)
    app.frame(0.016)
    assert scene.stats is None and "hash" in scene.problem and not scene.animating()
    assert set(scene.status()["buttons"]) == {"back"}
    press(scene, "back")
    assert app.scene.name == "menu"


def test_a_long_record_is_counted_a_slice_a_frame_with_its_progress_shown(app, monkeypatch) -> None:
    """Each frame counts its slice of the record; the progress shows until the charts can."""
    monkeypatch.setattr("game.scenes.history.statistics.COUNT_SLICE", 0.0)  # one action a frame
    record = finished().session.record()
    scene = StatisticsScene(app, record, oval())
    app.push(scene)
    app.frame(0.016)
    app.frame(0.016)
    assert scene.status()["counted"] == [2, len(record.actions)]
    assert scene.stats is None and scene.animating() and set(scene.status()["buttons"]) == {"back"}
    monkeypatch.setattr("game.scenes.history.statistics.COUNT_SLICE", 1.0)
    counted(app)
    assert scene.stats is not None and scene.status()["counted"] == [len(record.actions)] * 2
    assert "tab.luck" in scene.status()["buttons"]


def test_a_record_that_stops_replaying_says_which_action(app) -> None:
    record = finished().session.record()
    broken = record.model_copy(update={"actions": (*record.actions[:5], Roll(value=99), *record.actions[5:])})
    scene = StatisticsScene(app, broken, oval())
    app.push(scene)
    counted(app)
    assert scene.stats is None and "action 6" in scene.problem


def test_the_charts_name_each_car_and_its_figures_under_the_mouse(app) -> None:
    control = finished()
    scene = StatisticsScene(app, control.session.record(), control.track)
    app.push(scene)
    stats = counted(app).stats
    assert stats is not None
    winner = stats.cars[0]
    name = control.name(winner.car)
    app.frame(0.016)  # the positions: a badge at each end of every line
    assert len(scene.spots) == 2 * len(stats.cars)
    badge = next(rect for rect, car in scene.spots if car == winner.car)
    assert scene.hint_at(badge.center) == [
        texts.tr("stats.hint.places", name=name, start=winner.positions[0], end=1, best=1)
    ]
    press(scene, "tab.wp")
    app.frame(0.016)
    row = scene.spots[0][0]
    hint = scene.hint_at(row.center)
    assert hint[0].startswith(f"{name}: {sum(winner.used.values())} WP used (")
    press(scene, "tab.luck")
    app.frame(0.016)
    hint = scene.hint_at(scene.spots[0][0].center)
    assert hint == [
        texts.tr(
            "stats.hint.luck",
            name=name,
            rolled=winner.rolled,
            rolls=winner.rolls,
            average=f"{float(winner.expected):.1f}",
        ),
        texts.tr("stats.hint.checks", passed=winner.passed, failed=winner.failed),
    ]
    assert abs(winner.rolled - float(winner.expected) - float(winner.luck)) < 1e-9
