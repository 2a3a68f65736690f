"""A race's record replayed for watching: the states at every turn, the log with where each line
happened, and the cars' drives, without drawing.

The actions are applied through ``rules.files.record.replayed``, the path the ``replay`` command
verifies a record by, a slice at a time (``build``) so a screen stays responsive while a long race
is read. A state is kept at the start of every turn (a ``turn`` event), so stepping back by a turn
or a round is a look-up; a moment inside a turn is the turn's state with its first actions applied
again. A moment is an action count: 0 is the race before its first action, ``k`` the race after
its ``k``-th.
"""

from __future__ import annotations

import time
from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from game.play.race_control import RaceControl, Step
from game.play.racelog import LogLine, describe
from game.play.record_error import record_text
from game.play.standings import lap_of, running_order
from rules.actions import Roll
from rules.dice import Chance, Purpose
from rules.engine import chance, to_move
from rules.files.record import Record, RecordError, replayed, start_state
from rules.run.session import RaceSession
from rules.state import RaceState
from rules.track import Track


@dataclass(frozen=True)
class Line:
    """A log line and where it happened: after action ``at``, in game round ``round``."""

    line: LogLine
    at: int
    round: int


@dataclass(frozen=True)
class Drive:
    """A car's drive made by action ``at``: the spaces from where it stood to where it stopped."""

    at: int
    car: str
    spaces: tuple[str, ...]


class Replay:
    """The record of a finished or running race, read into turns; RecordError if its header does
    not fit the track. Actions that do not replay end the race there, with ``error`` saying why."""

    def __init__(self, track: Track, record: Record) -> None:
        self.track = track
        self.record = record
        start = start_state(track, record.header)
        # names, colours and the running order of the moment shown: a race control whose state is set
        self.control = RaceControl(track, RaceSession(track, record.header))
        self.turns: list[int] = [0]  # the moments a turn starts (and the start)
        self.rounds: list[int] = [start.round]  # the game round at each of them
        self._states: list[RaceState] = [start]
        self.lines: list[Line] = []
        self.drives: list[Drive] = []
        self._line_at: list[int] = []  # each line's moment, for bisecting
        self.built = 0
        self.error: str | None = None  # why the record stops replaying, in English
        self._failure: RecordError | None = None
        self._state = start
        self._moves = replayed(track, start, record.actions)
        self._cached: tuple[int, RaceState] = (0, start)

    # --- reading the record --------------------------------------------------------------

    def error_text(self) -> str:
        """Why the record stops replaying, in the player's language ('' while it replays)."""
        return record_text(self._failure) if self._failure is not None else ""

    @property
    def total(self) -> int:
        """The last moment: every action, or as far as they replayed."""
        return self.built if self.error is not None else len(self.record.actions)

    @property
    def done(self) -> bool:
        return self.built >= self.total

    def build(self, seconds: float | None = None) -> None:
        """Replay further actions: all of them, or as many as fit in ``seconds``."""
        started = time.monotonic()
        while not self.done:
            self._next()
            if seconds is not None and time.monotonic() - started >= seconds:
                return

    def _next(self) -> None:
        before = self._state
        action = self.record.actions[self.built]
        c = chance(before) if isinstance(action, Roll) else None
        try:
            _, _, after, events = next(self._moves)
        except RecordError as err:
            self.error, self._failure = str(err), err
            return
        self.built += 1
        k = self.built
        step = Step(action, tuple(events), _actor(before, c), c, before, after)
        for line in describe(self.control, step):
            if line.key != "log.round":  # a new round is a heading of the log, not a line
                self.lines.append(Line(line, k, before.round))
                self._line_at.append(k)
        for e in events:
            path = e.data.get("path")
            if e.kind == "moved" and e.car and isinstance(path, list) and path:
                self.drives.append(Drive(k, e.car, (str(e.data.get("from")), *path)))
        if any(e.kind == "turn" for e in events):
            self.turns.append(k)
            self.rounds.append(after.round)
            self._states.append(after)
        self._state = after

    # --- moments -------------------------------------------------------------------------

    def state_at(self, k: int) -> RaceState:
        """The race after ``k`` actions (of those read so far): the turn's kept state, and the
        turn's actions up to ``k`` applied again."""
        k = max(0, min(k, self.built))
        if self._cached[0] == k:
            return self._cached[1]
        i = bisect_right(self.turns, k) - 1
        state = self._states[i]
        for step in replayed(self.track, state, self.record.actions[self.turns[i] : k], self.turns[i] + 1):
            state = step.after
        self._cached = (k, state)
        return state

    def show(self, k: int) -> RaceState:
        """Set the race control to moment ``k`` (what the board, the running order and the
        dashboard draw) and return its state."""
        state = self.state_at(k)
        self.control.session.state = state
        return state

    def last(self) -> int:
        """The newest moment read so far."""
        return self.built

    def next_turn(self, k: int) -> int:
        """The start of the turn after the one at ``k`` (the last moment after the last turn)."""
        i = bisect_right(self.turns, k)
        return self.turns[i] if i < len(self.turns) else self.built

    def previous_turn(self, k: int) -> int:
        """The start of the turn at ``k``, or of the one before if ``k`` is a turn's start."""
        i = bisect_left(self.turns, k) - 1
        return self.turns[max(0, i)]

    def next_round(self, k: int) -> int:
        """The first turn of the next game round (the last moment if there is none)."""
        now = self.round_at(k)
        return next((t for t, r in zip(self.turns, self.rounds) if t > k and r > now), self.built)

    def previous_round(self, k: int) -> int:
        """The first turn of this game round, or of the one before if ``k`` is already there."""
        now = self.round_at(k)
        first = self._round_start(now)
        return first if first < k else self._round_start(max(0, now - 1))

    def _round_start(self, rnd: int) -> int:
        return next((t for t, r in zip(self.turns, self.rounds) if r >= rnd), 0)

    def round_at(self, k: int) -> int:
        return self.rounds[bisect_right(self.turns, k) - 1]

    def turn_number(self, k: int) -> int:
        """Which turn ``k`` lies in (0 = before the first)."""
        return bisect_right(self.turns, k) - 1

    def lines_until(self, k: int) -> list[LogLine]:
        """The log as it stood at moment ``k``."""
        return [line.line for line in self.lines[: bisect_right(self._line_at, k)]]

    def moment_of(self, line: LogLine) -> int | None:
        """The moment a line of ``lines_until`` was written at (the very line, not an equal one)."""
        return next((x.at for x in reversed(self.lines) if x.line is line), None)

    def drives_between(self, a: int, b: int) -> list[Drive]:
        """The drives made after moment ``a`` up to moment ``b``."""
        return [d for d in self.drives if a < d.at <= b]

    def leader_lap(self, state: RaceState) -> int:
        """The lap the leader is on (0 before the start)."""
        order = [c for c in running_order(self.track, state) if c.space is not None]
        return lap_of(order[0], state.laps) if order else 0


def _actor(state: RaceState, c: Chance | None) -> str | None:
    """The car a die is rolled for (the active car's gear die, else the first pending check's
    car), or with no die the car that decides."""
    if c is None:
        return to_move(state)
    if c.purpose == Purpose.GEAR:
        return state.active
    return state.pending[0].car if state.pending else None
