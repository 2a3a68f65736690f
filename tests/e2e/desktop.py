"""A virtual desktop for end-to-end tests: Xvfb, the real game, xdotool and screenshots.

The game writes its debug status (``FORMULA_D_STATUS``) after every frame
that changes it; the tests read where the buttons and the highlighted spaces
are from there and act with real mouse clicks and key presses. The tests wait
on what the status says, never for a fixed time: the status's ``frame``
counts the frames shown, so a screenshot waits until a later frame is out.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.conftest import REPO, require_tool

GAME = "from game.main import run; raise SystemExit(run())"
SCREEN = (1280, 800)

Status = dict[str, Any]

#: The status fields that tell what the game waits for; a clock or the frame counter changes by itself.
DECISION = (
    "scene",
    "wait",
    "busy",
    "phase",
    "results",
    "targets",
    "banner",
    "menu",
    "dialog",
    "car",
    "round",
    "driver",
    "grid",
    "laps",
    "drivers",
    "track",
)


def decision(status: Status) -> tuple[Any, ...]:
    """What the player may act on in ``status``."""
    return tuple(status.get(k) for k in DECISION)


def at_decision(s: Status) -> bool:
    """The race waits for a player (a banner, a gear, a roll, destinations or the way menu), or
    the results show."""
    if s.get("scene") == "results":
        return True
    waiting = s.get("banner") or s.get("wait") in ("gear", "roll") or "targets" in s or "menu" in s
    return s.get("scene") == "race" and not s.get("busy") and bool(waiting)


class Desktop:
    """One Xvfb display with the game running on it."""

    def __init__(self, home: Path) -> None:
        self.xvfb_bin = require_tool("Xvfb")
        self.xdotool = require_tool("xdotool")
        self.importer = require_tool("import")
        self.home = home
        self.status_path = home / "status.json"
        self.xvfb: subprocess.Popen[bytes] | None = None
        self.game: subprocess.Popen[bytes] | None = None
        self.window = ""
        self.env: dict[str, str] = {}

    def start(self) -> None:
        read, write = os.pipe()
        self.xvfb = subprocess.Popen(
            [
                self.xvfb_bin,
                "-displayfd",
                str(write),
                "-screen",
                "0",
                f"{SCREEN[0]}x{SCREEN[1]}x24",
                "-nolisten",
                "tcp",
            ],
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as f:
            display = f.readline().strip()
        env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_VIDEODRIVER")}
        env.update(
            DISPLAY=f":{display}",
            XDG_DATA_HOME=str(self.home / "data"),
            SDL_AUDIODRIVER="dummy",
            FORMULA_D_STATUS=str(self.status_path),
            PYTHONPATH=str(REPO),
        )
        self.env = env
        self.launch()

    def launch(self) -> None:
        """Start the game on the display (again, after ``kill_game``: the same data folder)."""
        self.status_path.unlink(missing_ok=True)
        self.window = ""
        self.game = subprocess.Popen(
            [sys.executable, "-c", GAME],
            cwd=REPO,
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=open(self.home / "game.log", "ab"),
        )
        # a loaded machine can take long to start Python and pygame; the first status is written
        # after the first frame is shown, so by then the window the game draws in exists
        self.wait(lambda s: "frame" in s, timeout=90, what="the game's first frame")
        self.find_window()

    def find_window(self) -> None:
        """The game's window id, searched anew: SDL may map a window more than once while it starts."""
        assert self.game is not None
        deadline = time.monotonic() + 30
        self.window = ""
        while time.monotonic() < deadline and not self.window:
            out = subprocess.run(
                [self.xdotool, "search", "--onlyvisible", "--pid", str(self.game.pid)],
                env=self.env,
                capture_output=True,
                text=True,
            ).stdout.split()
            self.window = out[-1] if out else ""
            if self.game.poll() is not None:
                raise AssertionError(f"the game exited: {self.log()}")
            time.sleep(0.1)
        assert self.window, "no game window appeared"

    def kill_game(self) -> None:
        """``kill -9`` the game: no chance to save or clean up anything."""
        assert self.game is not None
        self.game.kill()
        self.game.wait()

    def log(self) -> str:
        return (self.home / "game.log").read_text(errors="replace")[-3000:]

    def stop(self) -> None:
        for proc in (self.game, self.xvfb):
            if proc is not None and proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(5)
                except subprocess.TimeoutExpired:
                    proc.kill()

    # --- reading ------------------------------------------------------------------------

    def status(self) -> Status:
        try:
            return json.loads(self.status_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}

    def wait(self, ok: Callable[[Status], bool], timeout: float = 60.0, what: str = "") -> Status:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            s = self.status()
            if s and ok(s):
                return s
            assert self.game is not None and self.game.poll() is None, f"the game exited: {self.log()}"
            time.sleep(0.03)
        raise AssertionError(f"timed out waiting for {what or ok}; last status: {self.status()}")

    def changed(self, before: Status, timeout: float = 3.0) -> Status:
        """The next status whose decision fields differ from ``before`` (or the last one after ``timeout``,
        for an action the game did not take: the caller simply acts again)."""
        deadline = time.monotonic() + timeout
        s = before
        while time.monotonic() < deadline:
            s = self.status()
            if s and decision(s) != decision(before):
                return s
            time.sleep(0.02)
        return s

    def shown(self, status: Status, frames: int = 2) -> Status:
        """Wait until ``frames`` more frames have been shown after ``status``'s, so the X server
        has the picture ``status`` describes (the status is written right after the flip)."""
        frame = status["frame"]
        return self.wait(lambda s: s.get("frame", -1) >= frame + frames, timeout=10, what=f"frame {frame + frames}")

    def screenshot(self, path: Path) -> Path:
        subprocess.run(
            [self.importer, "-window", self.window, str(path)], env=self.env, check=True, capture_output=True
        )
        return path

    # --- acting --------------------------------------------------------------------------

    def _on_window(self, *args: str) -> None:
        """``xdotool ARG0 --window <id> ARGS...``; once more with the window searched anew if xdotool
        fails (a window id seen while the game started can be gone by the time of the first click)."""
        command = [self.xdotool, args[0], "--window", self.window, *args[1:]]
        if subprocess.run(command, env=self.env, capture_output=True).returncode == 0:
            return
        self.find_window()
        command[3] = self.window
        subprocess.run(command, env=self.env, check=True, capture_output=True)

    def click(self, x: int, y: int) -> None:
        self._on_window("mousemove", str(x), str(y), "click", "1")

    def key(self, name: str) -> None:
        self._on_window("key", name)

    def button(self, status: Status, button_id: str) -> None:
        x, y = status["buttons"][button_id]
        self.click(x, y)
