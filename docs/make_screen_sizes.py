"""Screenshots of the race screen in the real window at the smallest and the largest size the
README shows (1024x640 and 3840x2160, fullscreen at the UI scale the game chooses).

    python docs/make_screen_sizes.py [OUT_DIR]   (default docs/images; needs Xvfb, xdotool, imagemagick)

The game is set up and raced by keys through a virtual desktop (``tests.e2e.desktop``) to the
third move decision of a 1-lap race on Hohenau with one human and four computers.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.e2e import desktop as virtual  # noqa: E402
from tests.e2e.test_keyboard_race_e2e import press, press_until_changed  # noqa: E402
from tests.e2e.test_race_e2e import choose_gear  # noqa: E402

SIZES = ((1024, 640), (3840, 2160))
MOVES = 3  # the decision shown: a few turns in, the cars spread out


def set_up(d: virtual.Desktop) -> None:
    """Hohenau, 1 lap, one human and four computers, started by keys."""
    d.wait(lambda s: s.get("scene") == "menu", what="the main menu")
    s = press(d, "new_race", lambda s: s.get("scene") == "setup")
    while "track.hohenau" not in s["buttons"]:
        s = press_until_changed(d, s, "tracks.next", lambda t: sorted(t["buttons"]))
    s = press(d, "track.hohenau", lambda s: s.get("track") == "hohenau.tmx")
    while s["laps"] > 1:
        s = press_until_changed(d, s, "laps.minus", lambda t: t["laps"])
    while len(s["drivers"]) > 5:
        s = press_until_changed(d, s, f"driver{len(s['drivers'])}.remove", lambda t: len(t["drivers"]))
    while len(s["drivers"]) < 5:
        s = press_until_changed(d, s, "add", lambda t: len(t["drivers"]))
    for i in range(5):
        while (s["drivers"][i] == "human") != (i == 0):
            s = press_until_changed(d, s, f"driver{i + 1}.kind", lambda t: t["drivers"])
    s = press(d, "next", lambda s: s.get("scene") == "carsetup")
    press(d, "start", lambda s: s.get("scene") == "race")


def to_a_move(d: virtual.Desktop) -> virtual.Status:
    """Drive by keys (the furthest safe gear, Tab-picked destinations) to the ``MOVES``-th move decision."""
    moves = 0
    while True:
        s = d.wait(
            lambda s: (
                s.get("scene") == "race"
                and not s.get("busy")
                and (s.get("banner") or s.get("wait") in ("gear", "roll", "move"))
            ),
            timeout=120,
            what="a decision",
        )
        if s["banner"]:
            d.key("Return")
        elif s["wait"] == "gear":
            d.key(choose_gear(s))
        elif s["wait"] == "roll":
            d.key("space")
        else:
            moves += 1
            if moves == MOVES:
                d.key("Tab")  # a destination picked by keys, with its cost and the keys beside it
                return d.wait(lambda s: s.get("picked"), what="a picked destination")
            d.key("Tab")
            d.wait(lambda s: s.get("picked"), what="a picked destination")
            d.key("Return")
        d.changed(s)


def shoot(size: tuple[int, int], out: Path) -> Path:
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        data = home / "data" / "formula-d"
        data.mkdir(parents=True)
        (data / "settings.json").write_text(
            json.dumps({"language": "en", "animation_speed": 3, "mute": True, "fullscreen": True})
        )
        virtual.SCREEN = size
        d = virtual.Desktop(home)
        d.start()
        try:
            set_up(d)
            d.shown(to_a_move(d), frames=4)
            return d.screenshot(out / f"screen-race-{size[0]}x{size[1]}.png")
        finally:
            d.stop()


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else REPO / "docs" / "images"
    for size in SIZES:
        print(shoot(size, out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
