"""A debug status file for end-to-end tests: what the window shows, as JSON.

Written only when the environment variable ``FORMULA_D_STATUS`` names a
file, and only when the content changes; replaced atomically, so a reader
never sees half of it. Its points are window pixels, where a person or
xdotool clicks, whatever the UI scale the screens are drawn at.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

ENV = "FORMULA_D_STATUS"
#: The fields that map names to points (``[x, y]``): the buttons of a scene or dialog, the standings' cells.
POINT_MAPS = ("buttons", "cells")
#: The fields that list points: the way menu's choices.
POINT_LISTS = ("menu",)
Point = tuple[float, float]


def in_window(status: Any, place: Callable[[Point], Point]) -> Any:
    """``status`` with every point a scene reports (in its own coordinates) moved by ``place`` to
    window pixels: the fields of ``POINT_MAPS`` and ``POINT_LISTS``, and the ``x`` and ``y`` of
    every entry that has them (the highlighted spaces, the log's rows)."""
    if isinstance(status, list):
        return [in_window(v, place) for v in status]
    if not isinstance(status, dict):
        return status
    out: dict[str, Any] = {}
    for key, value in status.items():
        if key in POINT_MAPS and isinstance(value, dict):
            out[key] = {k: list(place(p)) for k, p in value.items()}
        elif key in POINT_LISTS and isinstance(value, list):
            out[key] = [list(place(p)) for p in value]
        else:
            out[key] = in_window(value, place)
    if isinstance(out.get("x"), int) or isinstance(out.get("y"), int):
        x, y = place((out.get("x", 0), out.get("y", 0)))
        out.update({k: v for k, v in (("x", x), ("y", y)) if isinstance(out.get(k), int)})
    return out


class StatusFile:
    def __init__(self, path: str | None) -> None:
        self.path = Path(path) if path else None
        self._last = ""

    @classmethod
    def from_env(cls) -> StatusFile:
        return cls(os.environ.get(ENV))

    def write(self, status: dict[str, Any]) -> None:
        if self.path is None:
            return
        text = json.dumps(status, sort_keys=True)
        if text == self._last:
            return
        tmp = self.path.with_name(self.path.name + ".tmp")
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, self.path)
        self._last = text
