"""Bounded reading of the files the program reads (records, positions, saves, settings,
the line-up and tracks), and the one check before any file is written.

A file is read only if it is a regular file no larger than its kind's limit, and never
more than that limit is read: ``/dev/zero``, a pipe or a multi-gigabyte file given by
mistake is refused with one sentence instead of filling the memory. The limits are far
above what the game writes (a 10-car, 3-lap record is about 0.3 MB, a position 20 kB).
``rules`` only, so the rules, the command-line tools and the game's stores can all use it;
a refusal carries structured reasons the game translates (``game.texts.refused_text``).
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from rules.reasons import TEMPLATES, Code, Reason

_MB = 1 << 20
#: A refusal names no rule of the game: these are the program's own limits.
NO_RULE = ""


@dataclass(frozen=True)
class FileKind:
    """What a file is, for messages ("a race record"), and the most bytes one may have."""

    what: str
    limit: int

    @property
    def name(self) -> str:
        """The kind as a reason's value ("a_race_record"), which the game translates."""
        return self.what.replace(" ", "_")


RECORD = FileKind("a race record", 16 * _MB)
SAVE = FileKind("a saved race", 16 * _MB)
POSITION = FileKind("a position", 1 * _MB)
SETTINGS = FileKind("the settings file", 1 * _MB)
LINEUP = FileKind("the line-up file", 1 * _MB)
TRACK = FileKind("a track file", 16 * _MB)


class FileRefused(OSError):
    """A file that is not read: not a regular file, too large, or not UTF-8 text.

    ``why`` says what is wrong and ``remedy`` what to give instead, as reasons the game
    translates; ``reason``, ``fix`` and the message are their English. It is an OSError, so
    code that already handles an unreadable file handles these too.
    """

    def __init__(self, why: Reason, remedy: Reason) -> None:
        self.why = why
        self.remedy = remedy
        self.reason = why.english().removesuffix(".")
        self.fix = remedy.english().removesuffix(".")
        super().__init__(f"{self.reason}; {self.fix}")


def _refused(why: Code, remedy: Code, **values: int | str) -> FileRefused:
    """A refusal by its codes; each reason takes the values its sentence names."""

    def reason(code: Code) -> Reason:
        wanted = {k: v for k, v in values.items() if "{" + k + "}" in TEMPLATES[code]}
        return Reason(rule=NO_RULE, code=code, values=wanted)

    return FileRefused(reason(why), reason(remedy))


def read_bytes(path: str | Path, kind: FileKind) -> bytes:
    """The file's bytes, at most ``kind.limit`` of them; FileRefused for a folder, a device,
    a pipe or a larger file; other OSErrors (no such file, no permission) as ``open`` raises them."""
    # O_NONBLOCK: a FIFO opens at once (and is then refused) instead of waiting for a writer
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise _refused(Code.FILE_FOLDER, Code.FILE_GIVE_PATH, file=kind.name)
        if not stat.S_ISREG(info.st_mode):
            raise _refused(Code.FILE_DEVICE, Code.FILE_GIVE_PATH, file=kind.name)
        if info.st_size > kind.limit:
            raise _too_large(info.st_size, kind)
        chunks = []
        left = kind.limit + 1  # one byte more than allowed: a file that grew while read is noticed
        while left > 0:
            chunk = os.read(fd, min(left, _MB))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
        if len(data) > kind.limit:
            raise _too_large(len(data), kind, more=True)
        return data
    finally:
        os.close(fd)


def read_text(path: str | Path, kind: FileKind) -> str:
    """The file as UTF-8 text, bounded like ``read_bytes``; FileRefused if it is not UTF-8."""
    data = read_bytes(path, kind)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise _refused(
            Code.FILE_NOT_UTF8, Code.FILE_IS_UTF8, byte=f"{data[err.start]:#04x}", offset=err.start, file=kind.name
        ) from None


def check_writable(path: str | Path) -> None:
    """FileRefused unless ``path`` is missing or a regular file (a link to one included): writing
    a file replaces what is there, and a device (/dev/null), a pipe or a folder must never be
    replaced by a regular file."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return  # nothing there, or a dangling link: the new file takes its place
    except OSError as err:
        raise _refused(Code.FILE_UNLOOKABLE, Code.FILE_OTHER_NAME, detail=str(err.strerror or err)) from None
    if stat.S_ISDIR(info.st_mode):
        raise _refused(Code.FILE_FOLDER, Code.FILE_NAME_IN_FOLDER)
    if not stat.S_ISREG(info.st_mode):
        raise _refused(Code.FILE_NOT_REPLACED, Code.FILE_REGULAR_NAME)


def _too_large(size: int, kind: FileKind, more: bool = False) -> FileRefused:
    return _refused(
        Code.FILE_GREW if more else Code.FILE_TOO_LARGE,
        Code.FILE_RIGHT_ONE,
        size=_size(size),
        file=kind.name,
        limit=_size(kind.limit),
    )


def _size(n: int) -> str:
    for unit, scale in (("GB", 1 << 30), ("MB", _MB), ("kB", 1 << 10)):
        if n >= scale:
            return f"{n / scale:.3g} {unit}"
    return f"{n} bytes"
