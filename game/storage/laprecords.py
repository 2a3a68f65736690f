"""Lap records: every timed lap per track, rule variant and driver, in a local SQLite file.

``records.sqlite`` lives in the player's data folder. Each row is one lap:
the track's name and content hash (a changed track is a different track),
the rule variant (preset key), the driver's name, rolls, penalty, score,
time and date, and the ghost: the lap's actions with their stopwatch times
as JSON (never pickle), so the best lap of a track can be driven again on
screen at the pace it was driven.

A file that is not a readable records database (damaged, from a newer
version of the game, not SQLite at all) is renamed aside to
``records.sqlite.corrupt-<n>`` (kept, never deleted) and a fresh one is
created; the player gets a notice saying so. When the folder cannot be
written at all, records live in memory for this session, again with a
notice. Nothing here raises to the screens: the game plays on either way.
"""

from __future__ import annotations

import datetime
import sqlite3
from dataclasses import dataclass, replace
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

from game.storage.sqlite_files import damaged, set_aside
from game.texts import Notice
from rules.qualifying.grid import TimedAction
from rules.ruleset import RuleSet
from rules.tables.profiles import Profile

FILE = "records.sqlite"
SCHEMA_VERSION = 1
_SCHEMA = """
CREATE TABLE IF NOT EXISTS laps (
    id INTEGER PRIMARY KEY,
    track_hash TEXT NOT NULL,
    track_name TEXT NOT NULL,
    variant TEXT NOT NULL,
    driver TEXT NOT NULL,
    rolls INTEGER NOT NULL,
    penalty INTEGER NOT NULL,
    score INTEGER NOT NULL,
    time_ms INTEGER NOT NULL,
    played TEXT NOT NULL,
    ghost TEXT
);
CREATE INDEX IF NOT EXISTS laps_by_track ON laps (track_hash, variant, score, time_ms);
"""
_COLUMNS = "track_hash, track_name, variant, driver, rolls, penalty, score, time_ms, played, ghost"


class Ghost(BaseModel):
    """What it takes to drive a recorded lap again: its rules, tyres, weather, the driver's profile
    (DRESDEN-PROFILE-5..8 change the spaces of a roll) and timed actions."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rules: RuleSet
    tyre: str | None = None
    wet: bool = False
    profile: Profile = Profile.NORMALO  # records from before profiles were kept are a Normalo's
    steps: tuple[TimedAction, ...]


@dataclass(frozen=True)
class LapRecord:
    track_hash: str
    track_name: str
    variant: str
    driver: str
    rolls: int
    penalty: int
    score: int
    time_ms: int
    played: str = ""  # ISO date and time; empty = now
    ghost: Ghost | None = None


class _NewerRecords(sqlite3.DatabaseError):
    """The file's schema is newer than this game's: it belongs to a newer game and is left alone."""


def _number(value: object) -> int:
    """A column read as a whole number; TypeError for what sqlite hands back that is none (None,
    a blob)."""
    if isinstance(value, (int, float, str)):
        return int(value)
    raise TypeError(f"not a number: {value!r}")


class LapRecords:
    """The records database; every problem becomes a notice in ``notices``."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / FILE
        self.notices: list[Notice] = []
        self.closed = False
        self._db = self._open()

    # --- opening ---------------------------------------------------------------

    def _open(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            return self._connect()
        except _NewerRecords:  # a newer game's file: left as it is, as the history and championships do
            self.notices.append(Notice("notice.records_newer", {"path": str(self.path)}))
            db = sqlite3.connect(":memory:")
            db.executescript(_SCHEMA)
            return db
        except sqlite3.DatabaseError as err:
            if not damaged(err):  # locked, or the folder cannot be written: leave the file alone
                return self._in_memory(str(err))
            kept = set_aside(self.path)
            if kept is None:
                return self._in_memory(str(err))
            self.notices.append(Notice("notice.records_corrupt", {"path": str(self.path), "kept": kept.name}))
            try:
                return self._connect()
            except (sqlite3.Error, OSError) as again:
                return self._in_memory(str(again))
        except OSError as err:
            return self._in_memory(str(err))

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path)
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise _NewerRecords(f"schema version {version} is newer than this game's {SCHEMA_VERSION}")
            if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise sqlite3.DatabaseError("quick_check failed")
            if version < SCHEMA_VERSION:
                if db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                    raise sqlite3.DatabaseError("not a lap records database")
                try:
                    db.executescript(_SCHEMA + f"PRAGMA user_version = {SCHEMA_VERSION};")
                except sqlite3.OperationalError as err:
                    if "readonly" not in str(err):
                        raise
                    self.notices.append(Notice("notice.records_readonly", {"path": str(self.path), "detail": str(err)}))
            db.execute(f"SELECT {_COLUMNS} FROM laps LIMIT 0")
        except sqlite3.Error:
            db.close()
            raise
        return db

    def _in_memory(self, detail: str) -> sqlite3.Connection:
        self.notices.append(Notice("notice.records_unavailable", {"path": str(self.path), "detail": detail}))
        db = sqlite3.connect(":memory:")
        db.executescript(_SCHEMA)
        return db

    # --- writing and reading -------------------------------------------------------

    def add(self, lap: LapRecord) -> LapRecord:
        """Keep a lap (a failed write becomes a notice); returns it as kept, with its date."""
        lap = replace(lap, played=lap.played or datetime.datetime.now().isoformat(timespec="seconds"))
        ghost = lap.ghost.model_dump_json() if lap.ghost is not None else None
        try:
            with self._db:
                self._db.execute(
                    f"INSERT INTO laps ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        lap.track_hash,
                        lap.track_name,
                        lap.variant,
                        lap.driver,
                        lap.rolls,
                        lap.penalty,
                        lap.score,
                        lap.time_ms,
                        lap.played,
                        ghost,
                    ),
                )
        except sqlite3.Error as err:
            notice = Notice("notice.records_not_saved", {"detail": str(err)})
            if notice not in self.notices:
                self.notices.append(notice)
        return lap

    def tracks(self) -> list[tuple[str, str]]:
        """(hash, name) of every track with a recorded lap, by name."""
        rows = self._rows("SELECT track_hash, MAX(track_name) FROM laps GROUP BY track_hash ORDER BY MAX(track_name)")
        return [(str(h), str(n)) for h, n in rows]

    def best(self, track_hash: str, variant: str | None = None, limit: int = 10) -> list[LapRecord]:
        """The best laps on a track (fewest rolls, then the faster time), optionally of one variant."""
        where, args = "track_hash = ?", [track_hash]
        if variant is not None:
            where, args = where + " AND variant = ?", args + [variant]
        rows = self._rows(
            f"SELECT {_COLUMNS} FROM laps WHERE {where} ORDER BY score, time_ms, id LIMIT ?", (*args, limit)
        )
        return [lap for lap in map(self._record, rows) if lap is not None]

    def ghost_lap(self, track_hash: str, variant: str) -> LapRecord | None:
        """The best lap on the track in this variant that can be shown as a ghost."""
        for lap in self.best(track_hash, variant, limit=20):
            if lap.ghost is not None:
                return lap
        return None

    def _rows(self, sql: str, args: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        try:
            return self._db.execute(sql, args).fetchall()
        except sqlite3.Error as err:
            notice = Notice("notice.records_unreadable", {"detail": str(err)})
            if notice not in self.notices:
                self.notices.append(notice)
            return []

    @staticmethod
    def _record(row: tuple[object, ...]) -> LapRecord | None:
        """A row as a record (None if its numbers are not numbers); a ghost that no longer
        reads is dropped, the lap stays."""
        *fields, ghost_json = row
        ghost = None
        if isinstance(ghost_json, str):
            try:
                ghost = Ghost.model_validate_json(ghost_json)
            except ValidationError:
                ghost = None
        h, name, variant, driver, rolls, penalty, score, time_ms, played = fields
        try:
            numbers = [_number(v) for v in (rolls, penalty, score, time_ms)]
        except (TypeError, ValueError):
            return None
        rolls_n, penalty_n, score_n, time_n = numbers
        return LapRecord(
            str(h), str(name), str(variant), str(driver), rolls_n, penalty_n, score_n, time_n, str(played), ghost
        )

    def close(self) -> None:
        """Let go of the file (a screen that opened it is gone)."""
        self._db.close()
        self.closed = True
