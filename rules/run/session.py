"""A race in progress: the only caller of ``apply``, owner of the dice and the record.

The window, the simulator and the tests all drive a race through a session,
so the record is always complete and a race replays exactly from it.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Literal

from rules.actions import Action, Event, Roll
from rules.dice import DiceSource, Roller
from rules.driver import Driver, Drivers, driver_for
from rules.engine import IllegalAction, apply, chance, to_move
from rules.files.record import Header, Record, RecordError, start_state
from rules.run.liveness import race_bound
from rules.state import RaceState
from rules.track import Track


class UnfinishedRace(RuntimeError):
    """A race stopped before the state says it is over: always a bug, never a result."""


class RaceSession:
    def __init__(
        self,
        track: Track,
        header: Header,
        dice: Roller | None = None,
        actions: tuple[Action, ...] = (),
        drivers: Drivers = MappingProxyType({}),
    ) -> None:
        """A new race, or one resumed from its recorded ``actions`` (RecordError if they do not replay).

        ``drivers`` are the computer drivers by kind (``rules.ai.registry.DRIVERS`` in the game):
        a session that only replays or waits for its players needs none."""
        self.track = track
        self.header = header
        self.drivers = drivers
        self.dice = dice or DiceSource(header.seed)
        seeded = isinstance(self.dice, DiceSource) and self.dice.seed == header.seed
        self._dice_kind: Literal["seed", "given"] = "seed" if seeded else "given"
        self.actions: list[Action] = []
        self.state: RaceState = start_state(track, header)
        for i, action in enumerate(actions, start=1):
            if isinstance(action, Roll) and dice is None:
                c = chance(self.state)
                if c is not None:
                    self.dice.roll(c.die)  # keep the seeded source where the original race left it
            try:
                self.act(action)
            except IllegalAction as err:
                raise RecordError(f"action {i} ({action.model_dump_json()}) does not replay: {err}") from None

    def record(self) -> Record:
        """The race so far; its header says whether the dice were drawn from its seed."""
        header = self.header if self.header.dice else self.header.model_copy(update={"dice": self._dice_kind})
        return Record(header=header, actions=tuple(self.actions))

    def act(self, action: Action) -> list[Event]:
        """Apply a player's or the dice's action; IllegalAction leaves everything unchanged.

        A choice is recorded with the car it is for, so the record names who decided what."""
        if not isinstance(action, Roll) and action.car is None:
            action = action.model_copy(update={"car": to_move(self.state)})
        self.state, events = apply(self.track, self.state, action)
        self.actions.append(action)
        return events

    def roll(self) -> list[Event]:
        """Draw the die the state asks for from the seeded source and apply it."""
        c = chance(self.state)
        if c is None:
            raise RuntimeError("no die to roll now")
        return self.act(Roll(value=self.dice.roll(c.die)))

    def driver_kind(self, car_id: str | None = None) -> str:
        car_id = car_id or to_move(self.state)
        return next(e.driver for e in self.header.entries if e.id == car_id)

    def driver(self, car_id: str | None = None) -> Driver:
        """The computer driver of ``car_id`` (the car to act now if None); NoDriver if the session
        has none of its kind."""
        return driver_for(self.drivers, self.driver_kind(car_id))

    def computer_action(self) -> Action:
        """The computer driver's choice for the car to move now."""
        return self.driver().act(self.track, self.state)

    def human_to_move(self) -> bool:
        """A human player must decide now: no die to roll, and the car to act is a human's."""
        car = to_move(self.state)
        return chance(self.state) is None and car is not None and self.driver_kind(car) == "human"

    def advance(self) -> list[Event]:
        """One step that needs no human: a die roll or a computer driver's choice.

        Progress is read from the state, never from the events (declining the extras
        has none). A race that is not over with nobody to act is stuck: UnfinishedRace."""
        if chance(self.state) is not None:
            return self.roll()
        if self.human_to_move() or self.state.finished:
            return []
        if to_move(self.state) is None:
            raise UnfinishedRace(f"nobody can act, yet the race is not over ({self.where()})")
        return self.act(self.computer_action())

    def where(self) -> str:
        """Where the race stands, for a message."""
        s = self.state
        return f"phase {s.phase}, game round {s.round}, car {s.active or '-'}, after {len(self.actions)} actions"

    def run_computers(self, max_steps: int = 1_000_000) -> None:
        """Play until a human must decide or the race is over (UnfinishedRace if neither comes,
        or the race runs past the rounds ``rules.run.liveness.race_bound`` allows)."""
        bound = race_bound(self.track, self.header)
        for _ in range(max_steps):
            if self.state.finished or self.human_to_move():
                return
            if self.state.round > bound:
                raise UnfinishedRace(f"the race ran past its bound of {bound} game rounds ({self.where()})")
            self.advance()
        raise UnfinishedRace(f"the race did not end in {max_steps} steps ({self.where()})")

    def run_to_end(self) -> RaceState:
        """Play a race of computer drivers to the flag. A race is over only when the state says
        so: stopping anywhere else (a human to ask, a stuck state) raises UnfinishedRace."""
        self.run_computers()
        if not self.state.finished:
            raise UnfinishedRace(f"the race stopped before its end: a human must decide ({self.where()})")
        return self.state
