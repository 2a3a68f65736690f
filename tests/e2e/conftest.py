"""The real game in a virtual window, shared by the end-to-end tests."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.desktop import Desktop


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[Desktop]:
    data = tmp_path / "data" / "formula-d"
    data.mkdir(parents=True)
    # fastest animations and no sound, so a race takes seconds
    (data / "settings.json").write_text(json.dumps({"language": "en", "animation_speed": 5, "mute": True}))
    d = Desktop(tmp_path)
    d.start()
    yield d
    d.stop()
