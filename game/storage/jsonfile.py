"""The player's small JSON files (settings, line-up, key map): read field by field, a damaged file kept aside.

One bad value costs only that value: every other field is kept, the notice
names the bad one, and the damaged file is copied to ``NAME.damaged`` at once,
before the game next writes the file over it. A later, different damage goes
to ``NAME.damaged-2`` and so on, so an older copy is never overwritten; the
same damage read again reuses its copy.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from game.texts import Notice, refused_text
from rules.files import filelimits

M = TypeVar("M", bound=BaseModel)


def read_model(
    path: Path, kind: str, salvage: Callable[[dict[str, object]], tuple[M, list[str]]], default: Callable[[], M]
) -> tuple[M, list[Notice]]:
    """The file's model, or as much of it as is valid, with notices ``notice.{kind}_...`` saying what was wrong.

    ``salvage`` turns the file's JSON object into the model and the names of the
    fields it had to reset; a missing file is simply the default.
    """
    try:
        data = _read(path, kind)
    except FileNotFoundError:
        return default(), []
    except OSError as err:
        detail = refused_text(err) if isinstance(err, filelimits.FileRefused) else str(err)
        return default(), [Notice(f"notice.{kind}_unreadable", {"path": str(path), "detail": detail})]
    try:
        raw = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError) as err:  # not UTF-8, not JSON, absurd nesting or numbers
        return default(), [
            Notice(f"notice.{kind}_not_json", {"path": str(path), "detail": str(err)}),
            *_keep_aside(path, data),
        ]
    model, bad = salvage(raw) if isinstance(raw, dict) else (default(), ["-"])
    if not bad:
        return model, []
    return model, [
        Notice(f"notice.{kind}_invalid", {"path": str(path), "field": ", ".join(bad)}),
        *_keep_aside(path, data),
    ]


def salvage(model: type[M], raw: object, default: M) -> tuple[M, list[str]]:
    """``raw`` as ``model``, each field that fails taken from ``default``; the failing fields' names.

    Unknown fields are dropped (and named). If the fields are valid one by one
    but not together, the whole default comes back, with the names.
    """
    if not isinstance(raw, dict):
        return default, ["-"]
    try:
        return model.model_validate(raw), []
    except ValidationError as err:
        errors = err.errors()
    bad = list(dict.fromkeys(".".join(str(p) for p in e["loc"]) or "-" for e in errors))
    wrong = {e["loc"][0] for e in errors if e["loc"]}
    kept = {k: v for k, v in raw.items() if k not in wrong}
    kept.update({k: getattr(default, k) for k in wrong if isinstance(k, str) and k in model.model_fields})
    try:
        return model.model_validate(kept), bad
    except ValidationError:
        return default, bad


#: How big each kind of file may be (a settings file is a few hundred bytes).
_LIMITS = {"settings": filelimits.SETTINGS, "lineup": filelimits.LINEUP, "keys": filelimits.SETTINGS}


def _read(path: Path, kind: str) -> bytes:
    """The one place these files are read: a regular file within its size limit (FileRefused,
    an OSError, for a device, a pipe or a huge file)."""
    return filelimits.read_bytes(path, _LIMITS[kind])


def _keep_aside(path: Path, data: bytes) -> list[Notice]:
    """Copy the damaged file next to it (the first free ``.damaged`` name, or the one holding the same bytes)."""
    n = 1
    while True:
        copy = path.with_name(f"{path.name}.damaged" + (f"-{n}" if n > 1 else ""))
        try:
            if not copy.exists():
                copy.write_bytes(data)
            elif not copy.is_file() or copy.read_bytes() != data:
                n += 1
                continue
        except OSError:
            return []  # a folder we cannot write: the next save fails too, and says so
        return [Notice("notice.damaged_kept", {"copy": str(copy)})]
