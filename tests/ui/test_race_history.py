"""The race history: every finished race kept with its record, newest first; a damaged, newer or
unwritable file never crashes the game or loses a race."""

from __future__ import annotations

import sqlite3
from functools import cache
from pathlib import Path

import pytest

from game.board.view import BoardView
from game.play.race_control import RaceControl, Wait
from game.scenes.menus.menu import MenuScene
from game.scenes.race.scene import RaceScene
from game.storage.history import FILE, RaceHistory
from rules.files.record import Record, replay
from tests.ui.helpers import board_of, header, make_app, oval, play_until, track_of
from tests.ui.test_race_scene import settle


@cache
def race(seed: int = 3) -> Record:
    """Two computer cars, one lap of the oval: a finished race's record."""
    control = RaceControl.start(oval(), header(("careful", "aggressive"), seed=seed))
    play_until(control, lambda c: c.wait() == Wait.DONE, limit=5000)
    return control.session.record()


def test_a_race_is_kept_and_read_back_as_it_was(tmp_path: Path) -> None:
    history = RaceHistory(tmp_path)
    race_id = history.add(race(), "Driver 2", played="2026-12-01T10:00:00")
    assert race_id is not None
    history.close()
    again = RaceHistory(tmp_path)
    [row] = again.list()
    h = race().header
    assert (row.id, row.track_name, row.track_hash, row.played) == (
        race_id,
        h.track_name,
        h.track_hash,
        "2026-12-01T10:00:00",
    )
    assert (row.rules, row.variant, row.laps, row.cars, row.winner) == (h.rules.name, "fd-basic", 1, 2, "Driver 2")
    kept = again.record(race_id)
    assert kept == race()
    assert replay(oval(), kept).finished
    assert again.notices == []


def test_the_list_is_newest_first_the_same_race_is_kept_once_and_delete_forgets_one(tmp_path: Path) -> None:
    history = RaceHistory(tmp_path)
    old = history.add(race(3), None, played="2026-11-30T20:00:00")
    new = history.add(race(4), "Driver 1", played="2026-12-01T09:00:00")
    assert new is not None
    assert history.add(race(3), None) == old  # shown twice, kept once
    assert [r.id for r in history.list()] == [new, old]
    history.delete(new)
    assert [r.id for r in history.list()] == [old] and history.record(new) is None
    assert history.list()[0].winner is None


def test_a_race_finished_on_the_race_screen_goes_into_the_history(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.change_settings(app.settings.model_copy(update={"animation_speed": 5, "mute": True}))
    app.push(MenuScene(app))
    entry = app.tracks.get("oval.tmx")
    control = RaceControl.start(track_of(entry), header(("careful", "careful"), seed=5), app.saves)
    scene = RaceScene(app, control, BoardView(board_of(entry)))
    app.push(scene)
    settle(scene, limit=5000)
    for _ in range(20):
        scene.update(1.0)
    assert app.scene.name == "results" and not app.saves.exists()
    [row] = RaceHistory(tmp_path).list()
    assert RaceHistory(tmp_path).record(row.id) == control.session.record()
    assert row.winner == control.name(
        control.state.cars[0].id if control.state.cars[0].place == 1 else control.state.cars[1].id
    )


@pytest.mark.parametrize("content", [b"this is not a database", b"SQLite format 3\x00" + b"\xff" * 200])
def test_a_damaged_file_is_set_aside_with_one_notice_and_a_new_one_started(tmp_path: Path, content: bytes) -> None:
    (tmp_path / FILE).write_bytes(content)
    history = RaceHistory(tmp_path)
    kept = tmp_path / f"{FILE}.corrupt-1"
    assert kept.read_bytes() == content
    assert [(n.key, n.values) for n in history.notices] == [
        ("notice.history_corrupt", {"path": str(tmp_path / FILE), "kept": kept.name})
    ]
    race_id = history.add(race(), None)
    history.close()
    assert [r.id for r in RaceHistory(tmp_path).list()] == [race_id]


def test_another_programs_database_is_set_aside(tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / FILE) as raw:
        raw.execute("CREATE TABLE something (x)")
    history = RaceHistory(tmp_path)
    assert [n.key for n in history.notices] == ["notice.history_corrupt"]
    assert (tmp_path / f"{FILE}.corrupt-1").exists()


def test_a_file_from_a_newer_game_is_left_alone_and_races_kept_in_memory(tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / FILE) as raw:
        raw.execute("CREATE TABLE races (id INTEGER PRIMARY KEY, hologram TEXT)")
        raw.execute("PRAGMA user_version = 2")
    before = (tmp_path / FILE).read_bytes()
    history = RaceHistory(tmp_path)
    assert [(n.key, n.values) for n in history.notices] == [("notice.history_newer", {"path": str(tmp_path / FILE)})]
    race_id = history.add(race(), None)
    assert race_id is not None and history.record(race_id) == race()
    history.close()
    assert (tmp_path / FILE).read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [FILE]


def test_a_record_that_no_longer_reads_is_a_notice_not_a_crash(tmp_path: Path) -> None:
    history = RaceHistory(tmp_path)
    race_id = history.add(race(), None)
    assert race_id is not None
    history.close()
    with sqlite3.connect(tmp_path / FILE) as raw:
        raw.execute("UPDATE races SET record = '{\"header\": 5}'")
    again = RaceHistory(tmp_path)
    assert again.record(race_id) is None
    assert [n.key for n in again.notices] == ["notice.history_race_unreadable"]
    assert len(again.list()) == 1  # the row stays; it can still be deleted
