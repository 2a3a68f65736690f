"""The steward's stopwatch for qualifying laps, with a clock that can be injected.

It counts only the player's time: the screen pauses it while a die tumbles
or a car drives and resumes it when the player must decide again, so slow
animations or a slow machine never cost a driver time. ``now`` returns
seconds (``time.monotonic`` in the game, a fake clock in tests).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from game import texts


class Stopwatch:
    """Start, pause/resume, stop; ``elapsed_ms`` at any moment."""

    def __init__(self, now: Callable[[], float] = time.monotonic, resumed_ms: int | None = None) -> None:
        """A watch at zero, or (``resumed_ms``) a started one standing where a saved lap stopped;
        it runs again on ``resume``, when the driver has to decide."""
        self._now = now
        self._resumed_ms = resumed_ms or 0  # whole ms counted before the game was closed
        self._banked = 0.0  # seconds counted before the current run
        self._since: float | None = None  # when the current run began; None = not running
        self.started = resumed_ms is not None
        self.stopped = False

    @property
    def running(self) -> bool:
        return self._since is not None

    def start(self) -> None:
        """Start counting from zero; a second start is ignored (the steward presses once)."""
        if self.started:
            return
        self.started = True
        self._since = self._now()

    def pause(self) -> None:
        if self._since is not None:
            self._banked += self._now() - self._since
            self._since = None

    def resume(self) -> None:
        if self.started and not self.stopped and self._since is None:
            self._since = self._now()

    def stop(self) -> int:
        """Stop for good (the car crossed the line); returns the lap time in ms."""
        self.pause()
        self.stopped = True
        return self.elapsed_ms

    @property
    def elapsed_ms(self) -> int:
        running = self._now() - self._since if self._since is not None else 0.0
        return self._resumed_ms + int((self._banked + running) * 1000)


def clock_text(ms: int, tenths: bool = True) -> str:
    """``m:ss.t`` as a stopwatch shows it (4:22.0, with the language's decimal sign: 4:22,0 in
    French); without tenths ``m:ss``."""
    minutes, rest = divmod(ms, 60_000)
    seconds, millis = divmod(rest, 1000)
    if not tenths:
        return f"{minutes}:{seconds:02d}"
    return f"{minutes}:{seconds:02d}{texts.decimal_sign()}{millis // 100}"
