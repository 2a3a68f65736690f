"""The autosave: the race (or its qualifying session) after every action, and the last good save before it.

One slot holds either a race record or a qualifying session
(``rules.qualifying.session.QualifyingRecord``, ``"kind": "qualifying"``), so
starting a race or a qualifying replaces whatever was saved before, and the
race that follows a qualifying takes over its slot.

``race.json`` is the current race; before it is overwritten, its known-good
text is written to ``race.prev.json``. Both writes are atomic (a complete,
fsynced temporary file renamed over), and nothing is ever moved away first,
so a ``kill -9`` at any moment leaves a readable ``race.json``. A damaged
``race.json`` is never copied over the previous save: loading says what is
wrong and falls back to it.

The race record and the qualifying session are the rules engine's; they are imported when a
save is read or written, so the menu, which asks first only whether there is a save, shows
without waiting for the engine.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from game.texts import Notice
from rules.files.atomic import write_atomic
from rules.files.filelimits import SAVE, read_bytes, read_text

if TYPE_CHECKING:
    from rules.files.record import Record
    from rules.qualifying.session import QualifyingRecord

    Saved = Record | QualifyingRecord

T = TypeVar("T")
CURRENT = "race.json"
PREVIOUS = "race.prev.json"
DAMAGED = "race.json.damaged"


class SaveProblem(Exception):
    """A save that cannot be resumed, with the notice that tells the player why."""

    def __init__(self, notice: Notice) -> None:
        super().__init__(notice.key)
        self.notice = notice


class BackupFailed(OSError):
    """The race was saved, only its copy of the save before (or of a damaged one) was not."""


class SaveSlot:
    def __init__(self, folder: Path) -> None:
        self.current = folder / CURRENT
        self.previous = folder / PREVIOUS
        self.damaged = folder / DAMAGED
        self._written: str | None = None  # what this slot last wrote or read: known good

    def exists(self) -> bool:
        return self.current.is_file() or self.previous.is_file()

    def save(self, saved: Saved) -> None:
        """Write the race or qualifying atomically, keeping the last good save as ``race.prev.json``.

        The previous copy is written from the good old text and the current file
        replaced after it, so ``race.json`` is never missing; if the previous copy
        cannot be written the current one still is (and ``BackupFailed`` is raised after). A
        damaged ``race.json`` is copied to ``race.json.damaged`` before it is replaced.
        """
        from rules.files.record import Record, dumps

        text = dumps(saved) if isinstance(saved, Record) else saved.model_dump_json(indent=1) + "\n"
        if text == self._written:
            return
        good = self._good_current()
        backup: OSError | None = None
        try:
            if good is not None:
                write_atomic(self.previous, good)
            elif self.current.is_file():  # a damaged save is kept for a look, never just overwritten
                write_atomic(self.damaged, _read_raw(self.current))
        except OSError as err:
            backup = err
        write_atomic(self.current, text)
        self._written = text
        if backup is not None:
            raise BackupFailed(backup.errno or 0, backup.strerror or str(backup)) from backup

    def _good_current(self) -> str | None:
        """The text of ``race.json`` if it is a good save (what this slot wrote, or a readable one)."""
        if not self.current.is_file():
            return None
        if self._written is not None:
            return self._written
        from rules.files.record import RecordError

        try:
            text = _read(self.current)
            _parse(text, str(self.current))
        except RecordError:
            return None
        return text

    def peek(self) -> Saved | None:
        """The newest readable save, without replaying it (for the menu's summary)."""
        from rules.files.record import RecordError

        for path in (self.current, self.previous):
            try:
                return _parse(_read(path), str(path))
            except RecordError:
                continue
        return None

    def resume(self, open_race: Callable[[Saved], T]) -> tuple[T | None, list[Notice]]:
        """Open the newest save that works with ``open_race``; notices say what was skipped.

        ``open_race`` replays the race or qualifying and raises ``RecordError`` or
        ``SaveProblem`` when it does not replay; the files themselves are never changed here.
        """
        from rules.files.record import RecordError

        notices: list[Notice] = []
        for path in (self.current, self.previous):
            if path.exists() and not path.is_file():
                notices.append(Notice("notice.save_not_a_file", {"path": str(path)}))
            if not path.is_file():
                continue
            try:
                text = _read(path)
                race = open_race(_parse(text, str(path)))
            except RecordError as err:
                notices.append(Notice("notice.save_corrupt", {"detail": str(err)}))
                continue
            except SaveProblem as err:
                notices.append(err.notice)
                continue
            if path == self.current:
                self._written = text
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


def _parse(text: str, source: str) -> Saved:
    """A qualifying session if the JSON says ``"kind": "qualifying"``, else a race record."""
    from rules.files.record import loads
    from rules.qualifying.session import loads_qualifying

    try:
        raw = json.loads(text)
    except (ValueError, RecursionError):
        raw = None  # the race record's reader says what is wrong
    if isinstance(raw, dict) and raw.get("kind") == "qualifying":
        return loads_qualifying(text, source)
    return loads(text, source)


def _read_raw(path: Path) -> str:
    """A damaged save's text to keep: bounded like any save, bytes that are not UTF-8 as U+FFFD."""
    return read_bytes(path, SAVE).decode("utf-8", errors="replace")


def _read(path: Path) -> str:
    """A save file's text (the one place saves are read); RecordError when it cannot be read."""
    from rules.files.record import RecordError

    try:
        return read_text(path, SAVE)
    except (OSError, UnicodeDecodeError) as err:
        raise RecordError(f"{path}: cannot read ({err})") from None
