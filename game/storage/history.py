"""The race history: every finished race with its record, in a local SQLite file.

``history.sqlite`` lives in the player's data folder. Each row is one race: the track's name and
content hash, when it was played, the rule set (its name and preset key), the laps, how many cars,
the winner's name and the record's text (``rules.files.record.dumps``, JSON, never pickle), so the race
can be watched again from the "Races" list. The ``places`` table beside it holds where each human
driver finished, for the list's rows; a file written before it had that table gains it when it is
opened (its races keep no places), and a file that cannot be written is read without it. The list
needs only the columns beside the record; the record is read when a race is opened. A race is kept
once: the record's digest is unique, so a results screen shown twice (or a finished race resumed from
the autosave) adds nothing.

As with the lap records and championships (``sqlite_files``): a file that is not a history
database (damaged, not SQLite, another program's) is renamed aside to
``history.sqlite.corrupt-<n>`` (kept, never deleted) and a fresh one is created; a file from a
newer version of the game is left as it is and this session's races live in memory, as they do
when the folder cannot be written. A race whose record no longer reads is skipped when opened.
Each case is one notice in ``notices``; nothing here raises to the screens.
"""

from __future__ import annotations

import builtins
import datetime
import hashlib
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from game.storage.sqlite_files import Store, StoreFile
from game.texts import Notice
from rules.choice import preset_of
from rules.files.record import Record, RecordError, dumps, loads

FILE = "history.sqlite"
SCHEMA_VERSION = 1
_SCHEMA = """
CREATE TABLE IF NOT EXISTS races (
    id INTEGER PRIMARY KEY,
    digest TEXT NOT NULL UNIQUE,
    played TEXT NOT NULL,
    track_name TEXT NOT NULL,
    track_hash TEXT NOT NULL,
    rules TEXT NOT NULL,
    variant TEXT,
    laps INTEGER NOT NULL,
    cars INTEGER NOT NULL,
    winner TEXT,
    record TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS races_by_date ON races (played);
"""
_PLACES = """
CREATE TABLE IF NOT EXISTS places (
    race INTEGER NOT NULL REFERENCES races (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    place INTEGER NOT NULL,
    status TEXT NOT NULL,
    PRIMARY KEY (race, seat)
);
"""
_COLUMNS = "id, played, track_name, track_hash, rules, variant, laps, cars, winner"
_FILE = StoreFile(
    _SCHEMA + _PLACES, SCHEMA_VERSION, {"races": f"{_COLUMNS}, digest, record"}, "race history", "history"
)


@dataclass(frozen=True)
class PlayedRace:
    """One line of the "Races" list: enough to choose a race without reading its record."""

    id: int
    played: str  # ISO date and time
    track_name: str
    track_hash: str
    rules: str  # the rule set's name
    variant: str | None  # the preset it is (or was changed from); None = a rule set of its own
    laps: int
    cars: int
    winner: str | None  # the first driver home; None = nobody finished
    humans: tuple[HumanPlace, ...] = ()  # where each human driver finished, in entry order; () if not kept


@dataclass(frozen=True)
class HumanPlace:
    """A human driver's result in a kept race."""

    name: str
    place: int
    status: str  # finished, out or racing


class RaceHistory(Store):
    """The history database; every problem becomes a notice in ``notices``."""

    def __init__(self, folder: Path) -> None:
        super().__init__(folder / FILE, _FILE)
        try:  # a file from before the places were kept gains their table
            with self._db:
                self._db.executescript(_PLACES)
        except sqlite3.Error:
            pass  # a file that cannot be written: its races list without places

    # --- races ---------------------------------------------------------------------

    def add(
        self, record: Record, winner: str | None, played: str = "", humans: tuple[HumanPlace, ...] = ()
    ) -> int | None:
        """Keep a finished race (once: the same record again is the row already kept) with where
        its human drivers finished; its id, or None if it could not be written (then a notice says why)."""
        text = dumps(record)
        digest = hashlib.sha256(text.encode()).hexdigest()
        h = record.header
        when = played or datetime.datetime.now().isoformat(timespec="seconds")
        try:
            with self._db:
                self._db.execute(
                    "INSERT OR IGNORE INTO races (digest, played, track_name, track_hash, rules, variant, laps, cars,"
                    " winner, record) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        digest,
                        when,
                        h.track_name,
                        h.track_hash,
                        h.rules.name,
                        preset_of(h.rules),
                        h.laps,
                        len(h.entries),
                        winner,
                        text,
                    ),
                )
                race_id = self._db.execute("SELECT id FROM races WHERE digest = ?", (digest,)).fetchone()[0]
                self._db.executemany(
                    "INSERT OR IGNORE INTO places (race, seat, name, place, status) VALUES (?, ?, ?, ?, ?)",
                    [(race_id, k, p.name, p.place, p.status) for k, p in enumerate(humans)],
                )
        except sqlite3.Error as err:
            self._note(Notice("notice.history_not_saved", {"detail": str(err)}))
            return None
        return int(race_id)

    def list(self) -> builtins.list[PlayedRace]:  # in the class, ``list`` is the method
        """Every race kept, newest first."""
        rows = self._rows(f"SELECT {_COLUMNS} FROM races ORDER BY played DESC, id DESC")
        humans = self._places()
        out = []
        for race_id, played, track, digest, rules, variant, laps, cars, winner in rows:
            try:
                out.append(
                    PlayedRace(
                        int(race_id),
                        str(played),
                        str(track),
                        str(digest),
                        str(rules),
                        None if variant is None else str(variant),
                        int(laps),
                        int(cars),
                        None if winner is None else str(winner),
                        humans.get(int(race_id), ()),
                    )
                )
            except (TypeError, ValueError):
                continue  # a row edited by hand into nonsense: the others still show
        return out

    def _places(self) -> dict[int, tuple[HumanPlace, ...]]:
        """Every kept race's human places by race id; none from a file without their table."""
        try:
            rows = self._db.execute("SELECT race, name, place, status FROM places ORDER BY race, seat").fetchall()
        except sqlite3.Error:
            return {}
        out: dict[int, list[HumanPlace]] = {}
        for race_id, name, place, status in rows:
            try:
                out.setdefault(int(race_id), []).append(HumanPlace(str(name), int(place), str(status)))
            except (TypeError, ValueError):
                continue
        return {k: tuple(v) for k, v in out.items()}

    def record(self, race_id: int) -> Record | None:
        """The race's record; None if there is none or it no longer reads (with a notice)."""
        rows = self._rows("SELECT track_name, played, record FROM races WHERE id = ?", (race_id,))
        if not rows:
            return None
        track, played, text = rows[0]
        try:
            return loads(str(text), f"{track}, {played}")
        except RecordError as err:
            self._note(Notice("notice.history_race_unreadable", {"detail": str(err)}))
            return None

    def delete(self, race_id: int) -> None:
        """Forget a race."""
        try:
            with self._db:
                self._db.execute("DELETE FROM races WHERE id = ?", (race_id,))
                self._db.execute("DELETE FROM places WHERE race = ?", (race_id,))
        except sqlite3.Error as err:
            self._note(Notice("notice.history_not_saved", {"detail": str(err)}))
