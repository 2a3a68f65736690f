"""The autosave: the race record after every action, and the last good one before it.

``race.json`` is the current race; before it is overwritten, a good copy
moves to ``race.prev.json`` (a rename, so no half-written file can ever
replace a good one). A damaged ``race.json`` is never moved over the
previous save: loading says what is wrong and falls back to it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from game.texts import Notice
from rules.record import Record, RecordError, dumps, load, loads, write_atomic

T = TypeVar("T")
CURRENT = "race.json"
PREVIOUS = "race.prev.json"


class SaveProblem(Exception):
    """A save that cannot be resumed, with the notice that tells the player why."""

    def __init__(self, notice: Notice) -> None:
        super().__init__(notice.key)
        self.notice = notice


class SaveSlot:
    def __init__(self, folder: Path) -> None:
        self.current = folder / CURRENT
        self.previous = folder / PREVIOUS
        self._written: str | None = None  # what this slot last wrote or read: known good

    def exists(self) -> bool:
        return self.current.is_file() or self.previous.is_file()

    def save(self, record: Record) -> None:
        """Write the record atomically, keeping the last good save as ``race.prev.json``."""
        text = dumps(record)
        if text == self._written:
            return
        if self._current_is_good():
            os.replace(self.current, self.previous)
        write_atomic(self.current, text)
        self._written = text

    def _current_is_good(self) -> bool:
        if not self.current.is_file():
            return False
        if self._written is not None:
            return True
        try:
            loads(self.current.read_text(encoding="utf-8"), str(self.current))
        except (RecordError, OSError, UnicodeDecodeError):
            return False
        return True

    def peek(self) -> Record | None:
        """The newest readable record, without replaying it (for the menu's summary)."""
        for path in (self.current, self.previous):
            try:
                return load(path)
            except RecordError:
                continue
        return None

    def resume(self, open_race: Callable[[Record], T]) -> tuple[T | None, list[Notice]]:
        """Open the newest save that works with ``open_race``; notices say what was skipped.

        ``open_race`` replays the record and raises ``RecordError`` or ``SaveProblem``
        when it does not replay; the files themselves are never changed here.
        """
        notices: list[Notice] = []
        for path in (self.current, self.previous):
            if not path.is_file():
                continue
            try:
                race = open_race(load(path))
            except RecordError as err:
                notices.append(Notice("notice.save_corrupt", {"detail": str(err)}))
                continue
            except SaveProblem as err:
                notices.append(err.notice)
                continue
            if path == self.current:
                self._written = path.read_text(encoding="utf-8")
            elif notices:
                notices.append(Notice("notice.save_fallback"))
            return race, notices
        if notices:
            notices.append(Notice("notice.save_nothing"))
        return None, notices

    def clear(self) -> None:
        """Forget the race (it is over): both files go."""
        for path in (self.current, self.previous):
            path.unlink(missing_ok=True)
        self._written = None
