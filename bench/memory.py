"""Print the game's resident memory with 20 tracks in its maps folder: menu, gallery, set-up, race.

Builds a temporary maps folder holding the shipped tracks and copies of them
under other names (every other copy without its ``-preview.png``, as an
imported board would come), starts the game headless (SDL's dummy video
driver, a 1600x900 window) on that folder and walks through it as a player
would: the main menu once every track has loaded, the gallery after paging
through all 20 boards, the race set-up after choosing each track in turn, and
a 10-car race on Hohenau after some rounds, zoomed in (and panned) as far as
the view goes, and zoomed back out. The figure is the process's resident set
(VmRSS from /proc) after each step, against the targets (menu under
150 MB, race under 250 MB).

    python bench/memory.py [--tracks 20] [--track hohenau.tmx]
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.app.loop import App  # noqa: E402
from game.scenes.launch import race_on_grid  # noqa: E402
from game.scenes.menus.gallery import GalleryScene  # noqa: E402
from game.scenes.menus.menu import MenuScene  # noqa: E402
from game.scenes.race.scene import RaceScene  # noqa: E402
from game.scenes.setup.lineup import SetupScene  # noqa: E402
from game.storage.paths import MAPS  # noqa: E402
from rules.files.record import same_drivers  # noqa: E402
from rules.ruleset import PRESETS  # noqa: E402

SIZE = (1600, 900)
TARGETS = {"menu": 150, "race": 250}  # MB, the targets


def rss_mb() -> float:
    """The process's resident set size now, in MB (VmRSS of /proc/self/status)."""
    status = Path("/proc/self/status").read_text(encoding="ascii")
    match = re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE)
    return int(match.group(1)) / 1024 if match else float("nan")


def maps_folder(count: int) -> Path:
    """A temporary maps folder: the shipped tracks and copies of them up to ``count`` tracks."""
    folder = Path(tempfile.mkdtemp(prefix="fd-bench-maps-"))
    for f in MAPS.iterdir():
        if f.is_file():
            shutil.copy2(f, folder / f.name)
    shipped = sorted(MAPS.glob("*.tmx"))
    for i in range(count - len(shipped)):
        src = shipped[i % len(shipped)]
        copy = folder / f"{src.stem}-{i + 2:02d}.tmx"
        text = src.read_text(encoding="utf-8")
        text = re.sub(r'(name="circuit_name" value=")([^"]*)"', rf'\g<1>\g<2> {i + 2}"', text)
        copy.write_text(text, encoding="utf-8")
        preview = MAPS / f"{src.stem}-preview.png"
        if i % 2 == 0 and preview.is_file():
            shutil.copy2(preview, folder / f"{copy.stem}-preview.png")
    return folder


def frames(app: App, n: int) -> None:
    for _ in range(n):
        app.frame(1 / 60)
        pygame.display.flip()


def settle(app: App, seconds: float) -> None:
    """Frames for ``seconds`` of wall time, so a zoom settles and its sharp board is drawn."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        frames(app, 1)
        time.sleep(1 / 60)


def quiet(app: App) -> None:
    """Wait until no board is being laid out ahead in the background."""
    while app.tracks.preparing():
        time.sleep(0.05)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tracks", type=int, default=20, help="tracks in the maps folder")
    ap.add_argument("--track", default="hohenau.tmx", help="the race's track")
    args = ap.parse_args()

    maps = maps_folder(args.tracks)
    data = Path(tempfile.mkdtemp(prefix="fd-bench-data-"))
    figures: list[tuple[str, float]] = []

    def measure(label: str) -> None:
        gc.collect()
        figures.append((label, rss_mb()))

    pygame.display.init()
    pygame.font.init()
    app = App(data, maps=maps)
    app.screen = pygame.display.set_mode(SIZE)
    measure("started")
    menu = MenuScene(app)
    app.push(menu)
    app.tracks.preload()
    while any(not e.loaded for e in app.tracks.entries):
        frames(app, 1)
        time.sleep(0.05)
    quiet(app)
    menu.backdrop = None  # drawn again with every track's picture at hand
    frames(app, 5)
    measure("menu")

    gallery = GalleryScene(app)
    app.push(gallery)
    for _ in app.tracks.entries:
        frames(app, 2)
        gallery.turn(1)
    settle(app, 0.5)
    quiet(app)
    measure("gallery")
    app.pop()

    setup = SetupScene(app)
    app.push(setup)
    for listed in app.tracks.entries:
        setup.choose_track(listed)
        frames(app, 2)
    quiet(app)
    measure("set-up")
    app.pop()

    entry = app.tracks.get(args.track)
    if entry is None or entry.track is None:
        print(f"no loadable track {args.track} in maps/", file=sys.stderr)
        return 1
    race_on_grid(app, entry, same_drivers(entry.track, PRESETS["fd-basic"], cars=10, laps=3, seed=1))
    race = app.scene
    assert isinstance(race, RaceScene), race
    for _ in range(40):  # the computers' first rounds, with their animations
        race.control.session.advance()
        frames(app, 3)
    settle(app, 0.5)
    measure("race")
    view = race.view
    for factor in (1.6, 1.6, 1.6):  # to the closest zoom, and a pan there
        view.zoom(view.viewport.center, factor)
        settle(app, 0.4)
    for _ in range(3):
        view.camera.pan(-SIZE[0] / 2, 0)
        settle(app, 0.1)
    measure("zoomed in")
    for factor in (1 / 1.6, 1 / 1.6, 1 / 1.6):
        view.zoom(view.viewport.center, factor)
        settle(app, 0.4)
    measure("zoomed out")

    print(f"{len(app.tracks.entries)} tracks in the maps folder, window {SIZE[0]}x{SIZE[1]}")
    for label, mb in figures:
        target = TARGETS.get("race" if label.startswith("zoomed") else label)
        verdict = "" if target is None else f"   target < {target} MB: {'met' if mb < target else 'MISSED'}"
        print(f"{label:10} {mb:7.1f} MB{verdict}")
    shutil.rmtree(maps, ignore_errors=True)
    shutil.rmtree(data, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
