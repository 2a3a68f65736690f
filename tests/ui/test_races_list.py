"""The list of races played, from the main menu: newest first with track, date, winner, cars and
laps; Watch opens the replay, Results its results and from there its charts, Delete asks first; a
damaged history is a notice, not a crash."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.app.loop import App
from game.scenes.history.races import RacesScene
from game.scenes.history.replay import ReplayScene
from game.scenes.history.statistics import StatisticsScene
from game.scenes.menus.menu import MenuScene
from game.storage.history import FILE, RaceHistory
from tests.ui.helpers import top
from tests.ui.test_race_history import race
from tests.ui.test_scenes import press


@pytest.fixture
def app(tmp_path: Path):
    from tests.ui.helpers import make_app

    a = make_app(tmp_path)
    a.push(MenuScene(a))
    return a


def keep(app: App, *played: str) -> list[int]:
    """Races played at these times: the same race under other seeds (the record's dice are its
    actions, so each still replays), each its own row."""
    history = RaceHistory(app.data)
    ids = []
    for i, when in enumerate(played):
        kept = history.add(
            race().model_copy(update={"header": race().header.model_copy(update={"seed": 100 + i})}),
            f"Winner {i}",
            played=when,
        )
        assert kept is not None
        ids.append(kept)
    history.close()
    return ids


def test_the_menu_opens_the_list_newest_first(app) -> None:
    old, new = keep(app, "2026-11-29T10:00:00", "2026-12-01T10:00:00")
    app.frame(0.016)
    press(app.scene, "races")
    scene = app.scene
    assert isinstance(scene, RacesScene)
    app.frame(0.016)
    assert [r[0] for r in app.status()["races"]] == [new, old]
    assert [r[2] for r in app.status()["races"]] == ["Winner 1", "Winner 0"]
    assert not app.status()["saved"]
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert app.scene.name == "menu"


def test_watch_opens_the_replay_of_that_race(app: App) -> None:
    old, new = keep(app, "2026-11-29T10:00:00", "2026-12-01T10:00:00")
    press(app.scene, "races")
    app.frame(0.016)
    press(app.scene, f"watch.{old}")
    assert top(app, ReplayScene).replay.record.header.seed == 100
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert app.scene.name == "races"


def test_statistics_counts_that_race_again_from_its_record(app: App) -> None:
    old, new = keep(app, "2026-11-29T10:00:00", "2026-12-01T10:00:00")
    press(app.scene, "races")
    app.frame(0.016)
    press(app.scene, f"results.{old}")
    assert app.scene.name == "results"
    app.frame(0.016)
    press(app.scene, "stats")
    scene = top(app, StatisticsScene)
    assert scene.record.header.seed == 100
    while scene.stats is None:
        app.frame(0.016)
    assert len(scene.stats.cars) == len(race().header.entries)
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert app.scene.name == "results"
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert app.scene.name == "races"


def test_delete_asks_first_then_forgets_the_race(app) -> None:
    old, new = keep(app, "2026-11-29T10:00:00", "2026-12-01T10:00:00")
    press(app.scene, "races")
    app.frame(0.016)
    press(app.scene, f"delete.{new}")
    assert len(app.status()["races"]) == 2  # asked, not deleted
    app.frame(0.016)
    press(app.scene, f"delete.{new}")
    assert [r[0] for r in app.status()["races"]] == [old]
    assert [r.id for r in RaceHistory(app.data).list()] == [old]


def test_a_long_list_pages_with_the_wheel(app) -> None:
    ids = keep(app, *(f"2026-11-{d:02d}T10:00:00" for d in range(1, 15)))
    press(app.scene, "races")
    scene = app.scene
    app.frame(0.016)
    first = [b for b in app.status()["buttons"] if b.startswith("watch.")]
    assert first[0] == f"watch.{ids[-1]}" and len(first) < len(ids)
    app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, precise_x=0.0, precise_y=-1.0))
    app.frame(0.016)
    assert scene.first == len(ids) - len(first)  # the last page: the oldest race at its bottom
    assert f"watch.{ids[0]}" in app.status()["buttons"] and f"watch.{ids[-1]}" not in app.status()["buttons"]
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0, unicode=""))
    assert scene.first == 0


def test_a_damaged_history_is_one_notice_and_an_empty_list(app) -> None:
    (app.data / FILE).write_bytes(b"not a database at all")
    press(app.scene, "races")
    app.frame(0.016)
    assert app.scene.name == "races" and app.status()["races"] == []
    assert [n.key for n in app.notices] == ["notice.history_corrupt"]
    assert (app.data / f"{FILE}.corrupt-1").read_bytes() == b"not a database at all"
