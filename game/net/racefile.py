"""Race files: an email race's messages, exchanged as small JSON files without any server.

The steward's file carries the race as opened (header, seed commitment, seats), every action
applied so far and, at the flag, the seed; a player's reply carries the same plus one message
(a decision, a sealed or an opened bid). A digest over the rest detects a file edited by hand
or damaged in the mail; the steward also refuses a reply whose record is not exactly its own,
and a player's game one whose record does not extend what it had seen: tampering is named,
never applied.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game.net.said_error import SaidError, os_detail
from game.tracks.drawing import say
from rules.files.filelimits import FileKind, read_text
from rules.files.record import write_atomic
from rules.remote.referee_notes import Note
from rules.remote.referee_protocol import Applied, BidOpen, BidSeal, Decision, RaceOpen, SeedReveal

FORMAT = "formula-d race file"
VERSION = 1
SUFFIX = ".fdrace"
RACE_FILE = FileKind("a race file", 16 << 20)


class RaceFileError(SaidError):
    """A race file that cannot be used; the message says which file, what is wrong and what to do."""


class RaceFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    format: str = FORMAT
    version: int = VERSION
    race: RaceOpen
    applied: tuple[Applied, ...] = ()
    seed: SeedReveal | None = None
    notices: tuple[Note, ...] = ()  # the steward's notices since the last file
    sender: str = Field(min_length=1)  # the steward, or the player who replies
    message: Decision | BidSeal | BidOpen | None = None  # a player's reply
    digest: str = ""

    def race_id(self) -> str:
        """Short name of the race: the start of its seed commitment."""
        return self.race.commitment[:12]


def digest(file: RaceFile) -> str:
    """SHA-256 of the file's content without its digest."""
    body = file.model_dump(mode="json", exclude={"digest"})
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode("utf-8")).hexdigest()


def write(file: RaceFile, path: Path) -> Path:
    """Write the file atomically, with its digest."""
    sealed = file.model_copy(update={"digest": digest(file)})
    write_atomic(path, json.dumps(sealed.model_dump(mode="json"), indent=1) + "\n")
    return path


def read(path: Path) -> RaceFile:
    """Read and check a race file: RaceFileError with one clear message, never a traceback."""
    try:
        text = read_text(path, RACE_FILE)
        raw: Any = json.loads(text)
    except OSError as err:
        raise RaceFileError(say("racefile.unreadable", path=str(path), detail=os_detail(err))) from None
    except (ValueError, RecursionError) as err:
        raise RaceFileError(say("racefile.not_json", path=str(path), detail=str(err))) from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise RaceFileError(say("racefile.not_ours", path=str(path), format=repr(FORMAT)))
    if raw.get("version") != VERSION:
        raise RaceFileError(say("racefile.version", path=str(path), version=repr(raw.get("version")), ours=VERSION))
    try:
        file = RaceFile.model_validate_json(text, strict=True)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "file"
        raise RaceFileError(say("racefile.invalid", path=str(path), where=where, detail=first["msg"])) from None
    if file.digest != digest(file):
        raise RaceFileError(say("racefile.changed", path=str(path)))
    return file


def extends(old: tuple[Applied, ...], new: tuple[Applied, ...]) -> int | None:
    """The first action (0-based) where ``new`` does not keep ``old``'s record, or None if it does."""
    for i, applied in enumerate(old):
        if i >= len(new) or new[i] != applied:
            return i
    return None
