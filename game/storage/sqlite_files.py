"""What the game's SQLite stores (lap records, championships) share about their files: telling a
damaged file from one that is only busy, and setting a damaged one aside instead of losing it."""

from __future__ import annotations

import sqlite3
from pathlib import Path


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
