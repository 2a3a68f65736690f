"""The championships database: definitions, races and drops kept and read back, and damaged,
newer or unwritable files never costing a season."""

from __future__ import annotations

import datetime
import os
import sqlite3
from functools import lru_cache
from pathlib import Path

import pytest

from game.storage.championships import FILE, ChampionshipStore
from game.tracks.load import load_track
from rules.actions import ChooseGear, Roll
from rules.files.record import Record, dumps, same_drivers
from rules.league.championship import SCHEMES, Championship, Member
from rules.ruleset import PRESETS
from rules.tables.profiles import Profile
from rules.track import Track
from tests.conftest import REPO

NOT_AS_ROOT = pytest.mark.skipif(
    os.geteuid() == 0 if hasattr(os, "geteuid") else True, reason="root ignores file permissions"
)


@lru_cache(maxsize=1)
def oval() -> Track:
    return load_track(REPO / "maps" / "oval.tmx")


def season(name: str = "Dresden 2006", races: int = 3) -> Championship:
    members = (
        Member(id="ann", name="Ann", number=7, team=0, profile=Profile.NORMALO),
        Member(id="bob", name="Bob", driver="careful", colour="#2f6fd0", number=8, team=0),
        Member(id="cy", name="Cy", driver="aggressive", number=9, team=1),
    )
    return Championship(
        name=name,
        preset="dresden-2006",
        modules={"weather": True},
        tracks=("oval.tmx",) * races,
        laps=2,
        members=members,
        teams=("Red", "Blue"),
        scheme=SCHEMES["season"],
    )


def race(seed: int) -> Record:
    """A real record (the header of a race on the oval); the store never replays it, only keeps it."""
    header = same_drivers(oval(), PRESETS["fd-basic"], 3, 1, seed)
    return Record(header=header, actions=(ChooseGear(gear=1), Roll(value=2)))


def stored(folder: Path) -> tuple[ChampionshipStore, int]:
    """A store in ``folder`` with one championship (``season()``) kept in it, and its id."""
    store = ChampionshipStore(folder)
    champ_id = store.create(season())
    assert champ_id is not None
    return store, champ_id


def test_a_championship_is_kept_as_its_json_and_read_back_equal(tmp_path: Path) -> None:
    champ = season()
    store = ChampionshipStore(tmp_path)
    champ_id = store.create(champ)
    assert champ_id is not None and store.get(champ_id) == champ
    store.close()
    again = ChampionshipStore(tmp_path)
    assert again.get(champ_id) == champ and again.get(champ_id + 1) is None
    assert again.notices == []
    raw = sqlite3.connect(tmp_path / FILE).execute("SELECT definition FROM championships").fetchone()[0]
    assert raw == champ.model_dump_json()


def test_the_list_is_newest_first_with_its_counts(tmp_path: Path) -> None:
    store = ChampionshipStore(tmp_path)
    first = store.create(season("First", races=10))
    second = store.create(season("Second", races=3))
    assert first is not None and second is not None
    store.add_race(first, 0, race(1))
    store.add_race(first, 1, race(2))
    summaries = store.list()
    assert [(s.id, s.name, s.preset, s.races_total, s.races_played) for s in summaries] == [
        (second, "Second", "dresden-2006", 3, 0),
        (first, "First", "dresden-2006", 10, 2),
    ]
    for s in summaries:
        assert datetime.datetime.fromisoformat(s.updated) >= datetime.datetime.fromisoformat(s.created)


def test_a_race_stored_dates_the_championship(tmp_path: Path) -> None:
    store = ChampionshipStore(tmp_path)
    champ_id = store.create(season())
    assert champ_id is not None
    with sqlite3.connect(tmp_path / FILE) as raw:
        raw.execute("UPDATE championships SET created = '2006-04-01T10:00:00', updated = '2006-04-01T10:00:00'")
    store.add_race(champ_id, 0, race(1))
    (summary,) = store.list()
    assert summary.created == "2006-04-01T10:00:00" and summary.updated > "2024"


def test_races_come_back_in_track_order_and_a_race_replaces_the_one_at_its_index(tmp_path: Path) -> None:
    store, champ_id = stored(tmp_path)
    for index, seed in ((2, 30), (0, 10), (1, 20), (0, 11)):
        store.add_race(champ_id, index, race(seed))
    assert store.races(champ_id) == [race(11), race(20), race(30)]
    assert store.list()[0].races_played == 3
    raw = sqlite3.connect(tmp_path / FILE).execute("SELECT record FROM races WHERE position = 0").fetchone()[0]
    assert raw == dumps(race(11))


def test_a_race_keeps_its_outcome_beside_its_record_and_a_new_race_at_its_index_replaces_both(tmp_path: Path) -> None:
    store, champ_id = stored(tmp_path)
    store.add_race(champ_id, 0, race(1), '{"places": []}')
    store.add_race(champ_id, 1, race(2))  # kept without one: the standings replay it
    assert store.outcomes(champ_id) == {0: '{"places": []}'}
    store.add_race(champ_id, 0, race(3))
    assert store.outcomes(champ_id) == {} and store.races(champ_id) == [race(3), race(2)]


def test_a_race_added_is_there_after_closing_and_reopening(tmp_path: Path) -> None:
    store, champ_id = stored(tmp_path)
    store.add_race(champ_id, 0, race(5))
    store.close()
    assert ChampionshipStore(tmp_path).races(champ_id) == [race(5)]


def test_a_write_is_all_or_nothing(tmp_path: Path) -> None:
    """The race and the championship's date are one transaction: when the second part fails,
    the race stored before stays as it was."""
    store, champ_id = stored(tmp_path)
    store.add_race(champ_id, 0, race(1))
    with sqlite3.connect(tmp_path / FILE) as raw:
        raw.execute("CREATE TRIGGER fail BEFORE UPDATE ON championships BEGIN SELECT RAISE(ABORT, 'disk full'); END")
    store.add_race(champ_id, 0, race(2))
    assert [(n.key, n.values) for n in store.notices] == [("notice.championships_not_saved", {"detail": "disk full"})]
    assert ChampionshipStore(tmp_path).races(champ_id) == [race(1)]


def test_a_race_of_no_championship_is_not_kept(tmp_path: Path) -> None:
    store = ChampionshipStore(tmp_path)
    store.add_race(99, 0, race(1))
    assert [n.key for n in store.notices] == ["notice.championships_not_saved"]
    assert store.races(99) == []


def test_drops_are_kept_per_driver_and_replaced(tmp_path: Path) -> None:
    store = ChampionshipStore(tmp_path)
    champ_id, other = store.create(season()), store.create(season("Other"))
    assert champ_id is not None and other is not None
    assert store.drops(champ_id) == {}
    store.set_drops(champ_id, "ann", (0, 2))
    store.set_drops(champ_id, "bob", (1,))
    store.set_drops(champ_id, "ann", (1, 2))
    store.set_drops(other, "ann", (0,))
    store.close()
    again = ChampionshipStore(tmp_path)
    assert again.drops(champ_id) == {"ann": (1, 2), "bob": (1,)}
    assert again.drops(other) == {"ann": (0,)}


def test_deleting_a_championship_deletes_its_races_and_drops(tmp_path: Path) -> None:
    store = ChampionshipStore(tmp_path)
    gone, kept = store.create(season("Gone")), store.create(season("Kept"))
    assert gone is not None and kept is not None
    for champ_id in (gone, kept):
        store.add_race(champ_id, 0, race(1))
        store.set_drops(champ_id, "ann", (0,))
    store.delete(gone)
    assert [s.name for s in store.list()] == ["Kept"] and store.get(gone) is None
    assert store.races(gone) == [] and store.drops(gone) == {}
    assert store.races(kept) == [race(1)] and store.drops(kept) == {"ann": (0,)}
    with sqlite3.connect(tmp_path / FILE) as raw:
        assert raw.execute("SELECT count(*) FROM races").fetchone()[0] == 1
        assert raw.execute("SELECT count(*) FROM drops").fetchone()[0] == 1
    assert store.notices == []


def test_a_closed_store_gives_notices_never_exceptions(tmp_path: Path) -> None:
    store, champ_id = stored(tmp_path)
    store.close()
    assert store.closed
    assert store.create(season()) is None
    store.add_race(champ_id, 0, race(1))
    store.set_drops(champ_id, "ann", (0,))
    store.delete(champ_id)
    assert store.list() == [] and store.get(champ_id) is None and store.races(champ_id) == []
    assert [n.key for n in store.notices] == ["notice.championships_not_saved", "notice.championships_unreadable"]


@NOT_AS_ROOT
def test_a_read_only_file_is_read_and_a_new_race_gives_a_notice(tmp_path: Path) -> None:
    store, champ_id = stored(tmp_path)
    store.add_race(champ_id, 0, race(1))
    store.close()
    (tmp_path / FILE).chmod(0o400)
    try:
        again = ChampionshipStore(tmp_path)
        assert again.races(champ_id) == [race(1)]
        again.add_race(champ_id, 1, race(2))
        assert [n.key for n in again.notices] == ["notice.championships_not_saved"]
    finally:
        (tmp_path / FILE).chmod(0o600)
    assert ChampionshipStore(tmp_path).races(champ_id) == [race(1)]


@pytest.mark.parametrize("content", [b"this is not a database", b"SQLite format 3\x00" + b"\xff" * 200])
def test_a_damaged_file_is_set_aside_and_a_new_one_started(tmp_path: Path, content: bytes) -> None:
    (tmp_path / FILE).write_bytes(content)
    (tmp_path / f"{FILE}.corrupt-1").write_bytes(b"an older damaged file")
    store = ChampionshipStore(tmp_path)
    kept = tmp_path / f"{FILE}.corrupt-2"
    assert kept.read_bytes() == content  # the season is kept as it was, next to an older one
    assert (tmp_path / f"{FILE}.corrupt-1").read_bytes() == b"an older damaged file"
    assert [(n.key, n.values) for n in store.notices] == [
        ("notice.championships_corrupt", {"path": str(tmp_path / FILE), "kept": kept.name})
    ]
    champ_id = store.create(season())
    store.close()
    assert [s.id for s in ChampionshipStore(tmp_path).list()] == [champ_id]


def test_another_programs_database_is_set_aside(tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / FILE) as raw:
        raw.execute("CREATE TABLE something (x)")
    store = ChampionshipStore(tmp_path)
    assert [n.key for n in store.notices] == ["notice.championships_corrupt"]
    assert (tmp_path / f"{FILE}.corrupt-1").exists()


def test_a_file_from_a_newer_game_is_left_alone(tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / FILE) as raw:
        raw.execute("CREATE TABLE championships (id INTEGER PRIMARY KEY, season_2030 TEXT)")
        raw.execute("PRAGMA user_version = 2")
    before = (tmp_path / FILE).read_bytes()
    store = ChampionshipStore(tmp_path)
    assert [(n.key, n.values) for n in store.notices] == [
        ("notice.championships_newer", {"path": str(tmp_path / FILE)})
    ]
    champ_id = store.create(season())  # this session's, in memory
    assert champ_id is not None and store.get(champ_id) == season()
    store.close()
    assert (tmp_path / FILE).read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [FILE]


@NOT_AS_ROOT
def test_a_read_only_folder_keeps_championships_in_memory_with_a_notice(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        store = ChampionshipStore(folder)
        assert [n.key for n in store.notices] == ["notice.championships_unavailable"]
        champ_id = store.create(season())
        assert champ_id is not None
        store.add_race(champ_id, 0, race(1))
        assert store.races(champ_id) == [race(1)] and len(store.notices) == 1
    finally:
        folder.chmod(0o700)


def test_a_folder_that_is_a_file_never_crashes(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder should be")
    store = ChampionshipStore(blocker)
    assert [n.key for n in store.notices] == ["notice.championships_unavailable"]
    assert store.create(season()) is not None and [s.name for s in store.list()] == ["Dresden 2006"]


def test_a_race_that_no_longer_loads_is_left_out_with_a_notice(tmp_path: Path) -> None:
    store, champ_id = stored(tmp_path)
    for index in range(3):
        store.add_race(champ_id, index, race(index))
    with sqlite3.connect(tmp_path / FILE) as raw:
        raw.execute('UPDATE races SET record = \'{"header": {"schema_version": 1}}\' WHERE position = 1')
    assert store.races(champ_id) == [race(0), race(2)]
    assert store.races(champ_id) == [race(0), race(2)]  # asked again: still one notice
    (notice,) = store.notices
    assert notice.key == "notice.championships_race_skipped"
    assert (notice.values["name"], notice.values["race"]) == ("Dresden 2006", 2)
    assert "schema_version 1" in str(notice.values["detail"])


def test_a_definition_that_no_longer_validates_is_left_out_with_one_notice(tmp_path: Path) -> None:
    store = ChampionshipStore(tmp_path)
    broken, fine = store.create(season("Broken")), store.create(season("Fine"))
    assert broken is not None and fine is not None
    with sqlite3.connect(tmp_path / FILE) as raw:
        raw.execute(
            "UPDATE championships SET definition = replace(definition, '\"laps\":2', '\"laps\":9') WHERE id = ?",
            (broken,),
        )
    assert [s.name for s in store.list()] == ["Fine"]
    assert [s.name for s in store.list()] == ["Fine"]
    assert store.get(broken) is None and store.get(fine) == season("Fine")
    (notice,) = store.notices
    assert notice.key == "notice.championships_invalid" and notice.values["name"] == "Broken"
    assert str(notice.values["detail"]).startswith("laps:")


def test_drops_that_no_longer_read_are_left_out_with_a_notice(tmp_path: Path) -> None:
    store, champ_id = stored(tmp_path)
    store.set_drops(champ_id, "ann", (0, 1))
    store.set_drops(champ_id, "bob", (2,))
    with sqlite3.connect(tmp_path / FILE) as raw:
        raw.execute("UPDATE drops SET races = '[\"first\"]' WHERE member_id = 'bob'")
    assert store.drops(champ_id) == {"ann": (0, 1)}
    assert [n.key for n in store.notices] == ["notice.championships_unreadable"]
