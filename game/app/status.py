"""A debug status file for end-to-end tests: what the window shows, as JSON.

Written only when the environment variable ``FORMULA_D_STATUS`` names a
file, and only when the content changes; replaced atomically, so a reader
never sees half of it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

ENV = "FORMULA_D_STATUS"


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
