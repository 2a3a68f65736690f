"""What the game's SQLite stores (lap records, championships, the race history) share about their
files: telling a damaged file from one that is only busy, setting a damaged one aside instead of
losing it, and (``open_store``) opening a store's file or, where that fails, a store in memory."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.texts import Notice


def damaged(err: sqlite3.DatabaseError) -> bool:
    """The file is damaged, not SQLite, from a newer game or another program's database (as
    opposed to a file that is fine but cannot be opened or written just now)."""
    return not isinstance(err, sqlite3.OperationalError) or "no such" in str(err)


def set_aside(path: Path) -> Path | None:
    """Rename an unreadable file to the first free ``<name>.corrupt-<n>`` (kept, never deleted);
    None if it cannot be renamed."""
    n = 1
    while path.with_name(f"{path.name}.corrupt-{n}").exists():
        n += 1
    kept = path.with_name(f"{path.name}.corrupt-{n}")
    try:
        path.rename(kept)
    except OSError:
        return None
    return kept


@dataclass(frozen=True)
class StoreFile:
    """One store's file: its schema and version, the columns each table must have, what runs on
    every connection, and the notices' key (``notice.<notices>_newer``, ``_corrupt``, ``_unavailable``)."""

    schema: str
    version: int
    tables: dict[str, str]  # table -> the columns it must have
    holds: str  # what the file is, for the error of another program's database
    notices: str
    setup: str = ""


class Store:
    """A store's open file (``open_store``) and what the race history and the championships do
    alike with it: a read that fails is a notice and no rows, each notice is said once however
    often a screen asks again, and the file is let go when the screen that opened it is gone."""

    def __init__(self, path: Path, spec: StoreFile) -> None:
        self.path = path
        self.spec = spec
        self.notices: list[Notice] = []
        self.closed = False
        self._db = open_store(path, spec, self.notices)

    def _rows(self, sql: str, args: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        """The query's rows as SQLite holds them (a read that fails is a notice and no rows)."""
        try:
            return self._db.execute(sql, args).fetchall()
        except sqlite3.Error as err:
            self._note(Notice(f"notice.{self.spec.notices}_unreadable", {"detail": str(err)}))
            return []

    def _note(self, notice: Notice) -> None:
        """Say each thing once, however often a screen asks again."""
        if notice not in self.notices:
            self.notices.append(notice)

    def close(self) -> None:
        """Let go of the file (a screen that opened it is gone)."""
        self._db.close()
        self.closed = True


class _NewerFile(Exception):
    """The file's schema is newer than this game's: it belongs to a newer game and is left alone."""


def open_store(path: Path, spec: StoreFile, notices: list[Notice]) -> sqlite3.Connection:
    """The store's file, made if missing; a damaged one set aside (and a new one made); a newer
    game's, a locked one or an unwritable folder left alone: then this session's store in memory.
    Every such case adds its notice to ``notices``."""

    def in_memory(notice: Notice) -> sqlite3.Connection:
        notices.append(notice)
        db = sqlite3.connect(":memory:")
        db.executescript(spec.schema + spec.setup)
        return db

    def unavailable(err: Exception) -> Notice:
        return Notice(f"notice.{spec.notices}_unavailable", {"path": str(path), "detail": str(err)})

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return _connect(path, spec)
    except _NewerFile:
        return in_memory(Notice(f"notice.{spec.notices}_newer", {"path": str(path)}))
    except sqlite3.DatabaseError as err:
        if not damaged(err):  # locked, or the folder cannot be written: leave the file alone
            return in_memory(unavailable(err))
        kept = set_aside(path)
        if kept is None:
            return in_memory(unavailable(err))
        notices.append(Notice(f"notice.{spec.notices}_corrupt", {"path": str(path), "kept": kept.name}))
        try:
            return _connect(path, spec)
        except (sqlite3.Error, OSError) as again:
            return in_memory(unavailable(again))
    except OSError as err:
        return in_memory(unavailable(err))


def _connect(path: Path, spec: StoreFile) -> sqlite3.Connection:
    """The file opened, checked whole and made current; _NewerFile or a DatabaseError if not."""
    db = sqlite3.connect(path)
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > spec.version:
            raise _NewerFile
        if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            raise sqlite3.DatabaseError("quick_check failed")
        if version < spec.version:
            if db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                raise sqlite3.DatabaseError(f"not a {spec.holds} database")
            db.executescript(spec.schema + f"PRAGMA user_version = {spec.version};")
        for table, columns in spec.tables.items():
            db.execute(f"SELECT {columns} FROM {table} LIMIT 0")
        if spec.setup:
            db.executescript(spec.setup)
    except (sqlite3.Error, _NewerFile):
        db.close()
        raise
    return db
