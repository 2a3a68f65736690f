"""Race records (like PGN): headers plus every action and chance outcome.

A record never depends on the random generator's internals: every die
result is stored as a ``Roll`` action, so replaying is applying the actions
in order. Loading a record *is* replaying it, which also verifies it: the
first action that does not replay is named in the error.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from rules.actions import Action
from rules.car import WearPoints
from rules.engine import IllegalAction, apply, new_race
from rules.ruleset import RuleSet
from rules.state import RaceState
from rules.track import Track

SCHEMA_VERSION = 1


class RecordError(Exception):
    """A record that cannot be read or does not replay; the message says where."""


class Entry(BaseModel):
    """One driver of the race: who, which car, and who decides for it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    driver: Literal["human", "careful", "aggressive"] = "careful"
    colour: str = "#d03030"
    number: int = 1
    wear: WearPoints


class Header(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: int = SCHEMA_VERSION
    track_name: str
    track_hash: str
    rules: RuleSet
    laps: int = Field(ge=1, le=3)
    seed: int
    entries: tuple[Entry, ...]


class Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    header: Header
    actions: tuple[Action, ...] = ()


def start_state(track: Track, header: Header) -> RaceState:
    if header.track_hash != track.content_hash():
        raise RecordError(
            f"the record was played on track {header.track_name!r} with hash {header.track_hash[:12]}, "
            f"but this track file has hash {track.content_hash()[:12]}; use the same track version"
        )
    return new_race(track, header.rules, [(e.id, e.wear) for e in header.entries], header.laps)


def replay(track: Track, record: Record) -> RaceState:
    """The state after every action of the record; RecordError names the first that fails."""
    state = start_state(track, record.header)
    for i, action in enumerate(record.actions, start=1):
        try:
            state, _ = apply(track, state, action)
        except IllegalAction as err:
            raise RecordError(f"action {i} ({action.model_dump_json()}) does not replay: {err}") from None
        except (ValueError, KeyError) as err:
            raise RecordError(f"action {i} ({action.model_dump_json()}) does not replay: {err}") from None
    return state


def dumps(record: Record) -> str:
    return json.dumps(record.model_dump(mode="json"), indent=1, sort_keys=True) + "\n"


def loads(text: str, source: str = "record") -> Record:
    """Parse a record; RecordError with what is wrong and where, never a traceback."""
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(f"{source}: not JSON (line {err.lineno}, column {err.colno}: {err.msg})") from None
    version = raw.get("header", {}).get("schema_version") if isinstance(raw, dict) else None
    if version != SCHEMA_VERSION:
        raise RecordError(f"{source}: schema_version {version!r} is not supported (this game writes {SCHEMA_VERSION})")
    try:
        return TypeAdapter(Record).validate_python(raw)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise RecordError(f"{source}: {where}: {first['msg']}") from None


def save(record: Record, path: str | Path) -> None:
    """Write atomically: a crash mid-write never leaves a half-written record."""
    write_atomic(Path(path), dumps(record))


def load(path: str | Path) -> Record:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise RecordError(f"{p}: cannot read ({err})") from None
    return loads(text, str(p))


def write_atomic(path: Path, text: str) -> None:
    """Write to a temporary file in the same folder, flush it to disk, then rename over."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
