"""Hot reload of a qualifying lap in the real window: Tiled saves the map while the human's lap
is driven, the window shows the new board without a click, and the lap goes on to the line
there ("the designer's loop")."""

from __future__ import annotations

import os
import subprocess

from tests.conftest import require_tool
from tests.e2e.test_hot_reload_e2e import maps_desktop  # noqa: F401 (the fixture)
from tests.e2e.test_qualifying_e2e import drive_lap, set_up_qualifying

__all__ = ["maps_desktop"]


def test_a_map_saved_in_tiled_during_a_qualifying_lap_shows_and_the_lap_goes_on(maps_desktop, tmp_path):
    d, track = maps_desktop
    tiled = require_tool("tiled")
    set_up_qualifying(d)
    s = d.wait(lambda s: s.get("scene") == "qualifying" and s.get("phase") == "ready", what="the first driver's card")
    d.key("space")  # ready: the countdown, then the lap waits for the first gear
    s = d.wait(lambda s: s.get("phase") == "driving" and s.get("wait") == "gear", what="the lap's first gear")
    assert s["circuit"] == "Lindenring Oval"
    d.screenshot(tmp_path / "before.png")
    edited = track.with_name("edited.tmx")
    edited.write_text(track.read_text(encoding="utf-8").replace("Lindenring Oval", "Lindenring Neu"), encoding="utf-8")
    subprocess.run(
        [tiled, "--export-map", "tmx", str(edited), str(track)],
        check=True,
        capture_output=True,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
    )
    s = d.wait(lambda s: s.get("circuit") == "Lindenring Neu", timeout=60, what="the saved map in the qualifying lap")
    assert s["scene"] == "qualifying" and s["phase"] == "driving"
    d.shown(s)
    assert d.screenshot(tmp_path / "after.png").is_file()
    s = drive_lap(d)
    assert s["phase"] == "result" and s["results"][:1] == [s["driver"]]
