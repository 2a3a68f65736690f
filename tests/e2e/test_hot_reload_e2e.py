"""Hot reload in the real window: the gallery shows a map, Tiled saves a change to it, and the
window shows the new board without a click ("the designer's loop")."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import REPO, require_tool
from tests.e2e import desktop as desktop_module
from tests.e2e.desktop import Desktop

# the game with its maps folder in the test's own folder, so the test may change a map
GAME = (
    "import os; from pathlib import Path; import game.storage.paths as paths; "
    "paths.MAPS = Path(os.environ['FD_TEST_MAPS']); from game.main import run; raise SystemExit(run())"
)


@pytest.fixture
def maps_desktop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Desktop, Path]]:
    maps = tmp_path / "maps"
    maps.mkdir()
    for name in ("oval.tmx", "circuit.tsx", "circuit-tiles.png"):
        shutil.copy(REPO / "maps" / name, maps / name)
    data = tmp_path / "data" / "formula-d"
    data.mkdir(parents=True)
    (data / "settings.json").write_text(json.dumps({"language": "en", "animation_speed": 5, "mute": True}))
    monkeypatch.setenv("FD_TEST_MAPS", str(maps))
    monkeypatch.setattr(desktop_module, "GAME", GAME)
    d = Desktop(tmp_path)
    d.start()
    yield d, maps / "oval.tmx"
    d.stop()


def test_a_map_saved_in_tiled_shows_in_the_gallery(maps_desktop, tmp_path):
    d, track = maps_desktop
    tiled = require_tool("tiled")
    s = d.wait(lambda s: s.get("scene") == "menu", what="the main menu")
    d.button(s, "gallery")
    s = d.wait(lambda s: s.get("scene") == "gallery" and s.get("circuit") == "Lindenring Oval", what="the gallery")
    before = s["board"]
    d.screenshot(tmp_path / "before.png")
    edited = track.with_name("edited.tmx")  # beside the tileset it names, as a designer keeps them
    text = track.read_text(encoding="utf-8").replace("Lindenring Oval", "Lindenring Neu")
    edited.write_text(
        text.replace('name="surroundings" value="grass"', 'name="surroundings" value="walls"'), encoding="utf-8"
    )
    subprocess.run(
        [tiled, "--export-map", "tmx", str(edited), str(track)],
        check=True,
        capture_output=True,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
    )
    # the name shows first; the board picture, drawn again for the new surroundings, a moment later
    s = d.wait(
        lambda s: s.get("circuit") == "Lindenring Neu" and s.get("board") != before,
        timeout=60,
        what="the saved map in the gallery",
    )
    assert s["scene"] == "gallery"
    d.shown(s)
    assert d.screenshot(tmp_path / "after.png").is_file()
