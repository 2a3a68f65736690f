"""Championships: each series' definition, its finished races and its drivers' dropped results,
in a local SQLite file.

``championships.sqlite`` lives in the player's data folder. Only what was decided or played is
kept: the definition (``rules.league.championship.Championship`` as its pydantic JSON), each finished
race as its record's text (``rules.files.record.dumps``) under its position in the championship's
tracks, with what it came to beside it (derived from the record, so the standings need not
replay every race; a missing or unreadable one is replayed), and the dropped results a driver
chose (SEASON-6) as a JSON list. The standings are never stored: ``rules.league.championship``
recomputes them from the races. JSON only, never pickle.

A season is never silently lost. A file that is not a championships database (damaged, not
SQLite, another program's) is renamed aside to ``championships.sqlite.corrupt-<n>`` (kept, never
deleted) and a fresh one is created. A file from a newer version of the game is left as it is and
this session's championships live in memory, as they do when the folder cannot be written. A
definition or a race that no longer reads is left out, the rest stays. Each case is a notice in
``notices``; nothing here raises to the screens.
"""

from __future__ import annotations

import builtins
import datetime
import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from game.storage.sqlite_files import Store, StoreFile
from game.texts import Notice
from rules.files.record import Record, RecordError, dumps, loads
from rules.league.championship import Championship

FILE = "championships.sqlite"
SCHEMA_VERSION = 1
_SCHEMA = """
CREATE TABLE IF NOT EXISTS championships (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    definition TEXT NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS races (
    champ_id INTEGER NOT NULL REFERENCES championships (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    record TEXT NOT NULL,
    outcome TEXT,
    PRIMARY KEY (champ_id, position)
);
CREATE TABLE IF NOT EXISTS drops (
    champ_id INTEGER NOT NULL REFERENCES championships (id) ON DELETE CASCADE,
    member_id TEXT NOT NULL,
    races TEXT NOT NULL,
    PRIMARY KEY (champ_id, member_id)
);
"""
#: Every table with its columns: a file that lacks one is not a championships database.
_TABLES = {
    "championships": "id, name, definition, created, updated",
    "races": "champ_id, position, record, outcome",
    "drops": "champ_id, member_id, races",
}
_FILE = StoreFile(_SCHEMA, SCHEMA_VERSION, _TABLES, "championships", "championships", setup="PRAGMA foreign_keys = ON;")
_DROPS = TypeAdapter(tuple[int, ...])


@dataclass(frozen=True)
class Summary:
    """One line of the championships list: enough to choose one without replaying its races."""

    id: int
    name: str
    preset: str
    races_total: int  # len(champ.tracks)
    races_played: int
    created: str  # ISO date-time
    updated: str  # ISO date-time of the last race stored (the creation until then)


class ChampionshipStore(Store):
    """The championships database; every problem becomes a notice in ``notices``."""

    def __init__(self, folder: Path) -> None:
        super().__init__(folder / FILE, _FILE)

    # --- championships -----------------------------------------------------------

    def create(self, champ: Championship) -> int | None:
        """Keep a new championship; its id, or None if it could not be written (then a notice says why)."""
        now = _now()
        cursor = self._write(
            (
                "INSERT INTO championships (name, definition, created, updated) VALUES (?, ?, ?, ?)",
                (champ.name, champ.model_dump_json(), now, now),
            )
        )
        return cursor.lastrowid if cursor is not None else None

    def list(self) -> list[Summary]:
        """Every championship that still reads, newest first (a definition that no longer
        validates is left out with a notice)."""
        rows = self._rows(
            "SELECT c.id, c.name, c.definition, c.created, c.updated,"
            " (SELECT count(*) FROM races r WHERE r.champ_id = c.id)"
            " FROM championships c ORDER BY c.id DESC"
        )
        out = []
        for champ_id, name, definition, created, updated, played in rows:
            champ = self._championship(name, definition)
            if champ is not None:
                out.append(
                    Summary(champ_id, champ.name, champ.preset, len(champ.tracks), played, str(created), str(updated))
                )
        return out

    def get(self, champ_id: int) -> Championship | None:
        """The championship's definition; None if there is none or it no longer validates."""
        rows = self._rows("SELECT name, definition FROM championships WHERE id = ?", (champ_id,))
        return self._championship(*rows[0]) if rows else None

    def delete(self, champ_id: int) -> None:
        """Forget a championship with its races and drops (the database deletes them with it)."""
        self._write(("DELETE FROM championships WHERE id = ?", (champ_id,)))

    def _championship(self, name: object, definition: object) -> Championship | None:
        try:
            return Championship.model_validate_json(str(definition))
        except ValidationError as err:
            self._note(Notice("notice.championships_invalid", {"name": str(name), "detail": _first_error(err)}))
            return None

    # --- races and dropped results -------------------------------------------------

    def add_race(self, champ_id: int, index: int, record: Record, outcome: str | None = None) -> None:
        """Keep the finished race at ``index`` (0-based) of the championship's tracks, replacing
        one kept there; the race and the championship's date change together or not at all.
        ``outcome`` is what the race came to, as text: derived from the record and kept beside it
        so the standings need not replay every race (``game.play.series``)."""
        self._write(
            (
                "INSERT OR REPLACE INTO races (champ_id, position, record, outcome) VALUES (?, ?, ?, ?)",
                (champ_id, index, dumps(record), outcome),
            ),
            ("UPDATE championships SET updated = ? WHERE id = ?", (_now(), champ_id)),
        )

    def outcomes(self, champ_id: int) -> dict[int, str]:
        """Each kept race's outcome text by its index (races kept without one are missing)."""
        rows = self._rows("SELECT position, outcome FROM races WHERE champ_id = ? AND outcome IS NOT NULL", (champ_id,))
        return {int(position): str(text) for position, text in rows}

    def races(self, champ_id: int) -> builtins.list[Record]:  # in the class, ``list`` is the method
        """The championship's races in track order; one whose record no longer loads is left out
        with a notice, so the standings show what can still be read."""
        rows = self._rows(
            "SELECT r.position + 1, r.record, c.name FROM races r JOIN championships c ON c.id = r.champ_id"
            " WHERE r.champ_id = ? ORDER BY r.position",
            (champ_id,),
        )
        out = []
        for race, text, name in rows:
            try:
                out.append(loads(str(text)))
            except RecordError as err:
                self._note(
                    Notice("notice.championships_race_skipped", {"name": str(name), "race": race, "detail": str(err)})
                )
        return out

    def set_drops(self, champ_id: int, member_id: str, races: tuple[int, ...]) -> None:
        """SEASON-6: keep the races (indexes) a driver chose to drop, replacing an earlier choice."""
        self._write(
            (
                "INSERT OR REPLACE INTO drops (champ_id, member_id, races) VALUES (?, ?, ?)",
                (champ_id, member_id, json.dumps(list(races))),
            )
        )

    def drops(self, champ_id: int) -> dict[str, tuple[int, ...]]:
        """Each driver's chosen dropped results; a choice that no longer reads is left out with a
        notice (the proposed drops then count, as for a driver who never chose)."""
        out = {}
        for member_id, text in self._rows("SELECT member_id, races FROM drops WHERE champ_id = ?", (champ_id,)):
            try:
                out[str(member_id)] = _DROPS.validate_json(str(text), strict=True)
            except ValidationError as err:
                self._note(Notice("notice.championships_unreadable", {"detail": f"{member_id}: {_first_error(err)}"}))
        return out

    # --- the database ----------------------------------------------------------------

    def _write(self, *statements: tuple[str, tuple[object, ...]]) -> sqlite3.Cursor | None:
        """Run the statements as one transaction (``with self._db``): all of a write is kept or
        none of it, so a crash never leaves half a race. A failure is a notice; then None."""
        try:
            with self._db:
                cursors = [self._db.execute(sql, args) for sql, args in statements]
        except sqlite3.Error as err:
            self._note(Notice("notice.championships_not_saved", {"detail": str(err)}))
            return None
        return cursors[-1]


def _first_error(err: ValidationError) -> str:
    """What is wrong and where, in one line: the first problem pydantic found."""
    first = err.errors()[0]
    where = ".".join(str(p) for p in first["loc"])
    return f"{where}: {first['msg']}" if where else first["msg"]


def _now() -> str:
    return datetime.datetime.now().isoformat(timespec="seconds")
