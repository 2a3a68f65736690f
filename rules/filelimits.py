"""Bounded reading of the files the program reads (records, positions, saves, settings,
the line-up and tracks), and the one check before any file is written.

A file is read only if it is a regular file no larger than its kind's limit, and never
more than that limit is read: ``/dev/zero``, a pipe or a multi-gigabyte file given by
mistake is refused with one sentence instead of filling the memory. The limits are far
above what the game writes (a 10-car, 3-lap record is about 0.3 MB, a position 20 kB).
Stdlib only, so ``rules``, the command-line tools and the game's stores can all use it.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

_MB = 1 << 20


@dataclass(frozen=True)
class FileKind:
    """What a file is, for messages ("a race record"), and the most bytes one may have."""

    what: str
    limit: int


RECORD = FileKind("a race record", 16 * _MB)
SAVE = FileKind("a saved race", 16 * _MB)
POSITION = FileKind("a position", 1 * _MB)
SETTINGS = FileKind("the settings file", 1 * _MB)
LINEUP = FileKind("the line-up file", 1 * _MB)
TRACK = FileKind("a track file", 16 * _MB)


class FileRefused(OSError):
    """A file that is not read: not a regular file, too large, or not UTF-8 text.

    ``reason`` says what is wrong and ``fix`` what to give instead; the message is both.
    It is an OSError, so code that already handles an unreadable file handles these too.
    """

    def __init__(self, reason: str, fix: str) -> None:
        super().__init__(f"{reason}; {fix}")
        self.reason = reason
        self.fix = fix


def read_bytes(path: str | Path, kind: FileKind) -> bytes:
    """The file's bytes, at most ``kind.limit`` of them; FileRefused for a folder, a device,
    a pipe or a larger file; other OSErrors (no such file, no permission) as ``open`` raises them."""
    # O_NONBLOCK: a FIFO opens at once (and is then refused) instead of waiting for a writer
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise FileRefused("it is a folder", f"give the path of {kind.what}")
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused("it is a device or a pipe, not a file, and may never end", f"give the path of {kind.what}")
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
        raise FileRefused(
            f"it is not UTF-8 text (byte {data[err.start]:#04x} at offset {err.start})", f"{kind.what} is a UTF-8 text file"
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
        raise FileRefused(f"it cannot be looked at ({err.strerror or err})",
                          "give another file name") from None
    if stat.S_ISDIR(info.st_mode):
        raise FileRefused("it is a folder", "give the name of a file in it")
    if not stat.S_ISREG(info.st_mode):
        raise FileRefused("it is a device or a pipe, not a file, and is never replaced",
                          "give the name of a regular file")


def _too_large(size: int, kind: FileKind, more: bool = False) -> FileRefused:
    at_least = "more than " if more else ""
    return FileRefused(f"it is {at_least}{_size(size)}, but {kind.what} is at most {_size(kind.limit)}", "is it the right file?")


def _size(n: int) -> str:
    for unit, scale in (("GB", 1 << 30), ("MB", _MB), ("kB", 1 << 10)):
        if n >= scale:
            return f"{n / scale:.3g} {unit}"
    return f"{n} bytes"
