"""The race screen's model: a ``RaceSession`` plus autosave, undo and what comes next.

The screen never calls the rules' ``apply``: every change goes through the
session (``act``/``roll``/``computer_action``), and after each one the record
is saved. The screen asks ``wait()`` what the race waits for, and reads the
legal gears, odds and destinations from here, so headless tests can check
exactly what the player is offered.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar, cast

from game.net.said_error import os_text
from game.play.clocks import Clocks
from game.storage.saves import BackupFailed, SaveSlot
from game.texts import Notice
from rules.actions import (
    Action,
    Bid,
    ChooseGear,
    Drive,
    EndMove,
    Event,
    FreeWP,
    Karma,
    PitStop,
    Roll,
    SetUp,
    TCar,
    TimeOut,
)
from rules.ai.registry import DRIVERS
from rules.car import Area, WearPoints
from rules.dice import Chance, DiceSource, Purpose
from rules.engine import IllegalAction, chance, gear_options, move_request, moves, optional_offer, to_move
from rules.files.record import Entry, Header, Record, RecordError
from rules.gears import ShiftCost
from rules.moves import Move, Via, check_path
from rules.odds import GearOdds, boost_odds, gear_odds, nitro_odds
from rules.reasons import Reason
from rules.run.session import RaceSession, UnfinishedRace
from rules.run.think_time import ROLL_MS, decision_ms
from rules.state import Phase, RaceState
from rules.tables.pit_points import PitPlan
from rules.tables.tyres import Tyre
from rules.track import Track

T = TypeVar("T")
#: How many of a space's paths are tried to find why it cannot be reached.
WHY_NOT_PATHS = 200


class Wait(StrEnum):
    """What the race waits for now."""

    GEAR = "gear"  # a human declares a gear
    ROLL = "roll"  # a human rolls the gear die (and may still take the gear back)
    MOVE = "move"  # a human picks where to drive (or, with only optional extras offered, may stop)
    SETUP = "setup"  # a human picks tyres (and builds the car) before the start
    PIT = "pit"  # a human's crew works at the box: tyres, long stop, repairs
    KARMA = "karma"  # a human may spend karma on a check roll just made (KARMA-3)
    BID = "bid"  # a human bids karma in a head-to-head (H2H-2)
    TCAR = "tcar"  # a human may race on in the T-car (TCAR-1)
    WP = "wp"  # a human puts the WP its car won where they are needed (STREET-7, STREET-8)
    DICE = "dice"  # a die the game rolls itself: black-die checks, computers' gear dice
    COMPUTER = "computer"  # a computer driver decides
    REMOTE = "remote"  # a race between homes waits for its referee: dice, other players, a decision sent
    DONE = "done"


@dataclass(frozen=True)
class Step:
    """One action and what it did: for the log, the sounds and the animations."""

    action: Action
    events: tuple[Event, ...]
    car: str | None  # whose turn, roll or check it was
    chance: Chance | None  # the die, when the action was a roll
    before: RaceState
    after: RaceState


def by_destination(moves: list[Move], here: str) -> dict[str, list[Move]]:
    """The moves grouped by the space they end on (``here`` for staying), cheapest way first;
    a way that another way there beats in every cost is left out (nobody would choose it)."""
    out: dict[str, list[Move]] = {}
    for m in sorted(moves, key=lambda m: (m.out is not None, m.brakes + m.tyres, m.path)):
        out.setdefault(m.end or here, []).append(m)
    return {space: [m for m in ways if not any(_beats(o, m) for o in ways)] for space, ways in out.items()}


def _beats(a: Move, b: Move) -> bool:
    """Does ``a`` end exactly like ``b`` (stops, spin, box, finish, out) at no higher cost, and lower in one?"""
    same = (
        a.out is None
        and b.out is None
        and a.via == b.via
        and a.corner == b.corner
        and a.stops == b.stops
        and a.spin == b.spin
        and a.in_box == b.in_box
        and a.finishes == b.finishes
        and a.laps == b.laps
    )
    costs = [(a.brakes, b.brakes), (a.tyres, b.tyres), (a.dangers, b.dangers), (a.blocked, b.blocked)]
    return same and all(x <= y for x, y in costs) and any(x < y for x, y in costs)


SAVE_CLOCK_MS = 5_000  # FD Blitz: the save keeps the clocks at least this often while they run


class RaceControl:
    def __init__(self, track: Track, session: RaceSession, saves: SaveSlot | None = None) -> None:
        self.track = track
        self.session = session
        self.saves = saves
        self.notices: list[Notice] = []  # every distinct problem met, in order
        self._told = 0  # how many of them ``new_notices`` has handed out
        self._undo: tuple[RaceState, int] | None = None
        self._cache: dict[str, object] = {}
        self._cached_for: RaceState | None = None
        self.history: list[Step] = []  # the steps replayed on resuming, for the race log
        blitz = session.header.blitz
        self.clocks = Clocks(blitz.match.minutes * 60_000) if blitz is not None else None  # BLITZ-5
        self._thought: tuple[RaceState, threading.Thread, list[Action]] | None = None

    @classmethod
    def start(cls, track: Track, header: Header, saves: SaveSlot | None = None) -> RaceControl:
        control = cls(track, RaceSession(track, header, drivers=DRIVERS), saves)
        control._save()
        return control

    @classmethod
    def resume(cls, track: Track, record: Record, saves: SaveSlot | None = None) -> RaceControl:
        """Replay a saved record through a fresh session, drawing the dice as the game did,
        so the race goes on exactly as if it had never stopped; RecordError if it does not replay."""
        session = RaceSession(track, record.header, dice=DiceSource(record.header.seed), drivers=DRIVERS)
        history: list[Step] = []
        before = session.state
        for i, action in enumerate(record.actions, start=1):
            before = session.state
            c = chance(before) if isinstance(action, Roll) else None
            if c is not None:
                session.dice.roll(c.die)  # keep the seeded source in step with the record
            try:
                events = session.act(action)
            except IllegalAction as err:
                raise RecordError(f"action {i} ({action.model_dump_json()}) does not replay: {err}") from None
            history.append(Step(action, tuple(events), _actor(before, c), c, before, session.state))
        control = cls(track, session, saves)
        control.history = history
        if control.clocks is not None:
            control.clocks.used = dict(record.clocks)
        if record.actions and isinstance(record.actions[-1], ChooseGear) and control.wait() == Wait.ROLL:
            control._undo = (before, len(record.actions) - 1)  # the gear may still be taken back
        return control

    # --- reading ------------------------------------------------------------------

    @property
    def state(self) -> RaceState:
        return self.session.state

    @property
    def header(self) -> Header:
        return self.session.header

    def entry(self, car_id: str) -> Entry:
        return next(e for e in self.header.entries if e.id == car_id)

    def name(self, car_id: str | None) -> str:
        return self.entry(car_id).name if car_id else ""

    def index(self, car_id: str) -> int:
        """The car's place in the entry list: it picks the car's pattern."""
        return next(i for i, e in enumerate(self.header.entries) if e.id == car_id)

    def human(self, car_id: str | None) -> bool:
        return car_id is not None and self.entry(car_id).driver == "human"

    @property
    def humans(self) -> int:
        return sum(1 for e in self.header.entries if e.driver == "human")

    def humans_racing(self) -> bool:
        """Is a human's car still in the race (not out, not finished)?"""
        return any(self.human(c.id) and c.status == "racing" for c in self.state.cars)

    def wait(self) -> Wait:
        return self._cached("wait", self._wait)

    def _wait(self) -> Wait:
        state = self.state
        if state.finished:
            return Wait.DONE
        c = chance(state)
        if c is not None:
            if c.purpose == Purpose.GEAR and self.human(state.active):
                return Wait.ROLL
            return Wait.DICE
        car = to_move(state)
        if car is None:  # CORE-END-1: a race is over only when its state says so; anything else is a bug
            raise UnfinishedRace(f"nobody can act, yet the race is not over ({self.session.where()})")
        if not self.human(car):
            return Wait.COMPUTER
        return Wait(state.phase)  # a driver decides: in each such phase (rules.phases) the same-named wait

    def chance(self) -> Chance | None:
        return chance(self.state)

    def roller(self) -> str | None:
        """The car the next die is rolled for (or that decides next)."""
        return _actor(self.state, chance(self.state))

    def _cached(self, key: str, make: Callable[[], T]) -> T:
        """``make()`` once per state: odds and moves are asked for every frame."""
        if self._cached_for is not self.state:
            self._cache, self._cached_for = {}, self.state
        if key not in self._cache:
            self._cache[key] = make()
        return cast(T, self._cache[key])  # what ``make`` gave for this key: each key has its one maker

    def gear_options(self) -> dict[int, ShiftCost | Reason]:
        if self.state.phase != Phase.GEAR:
            return {}
        return self._cached("gears", lambda: gear_options(self.track, self.state))

    def odds(self, boost: bool = False, nitro: bool = False) -> dict[int, GearOdds]:
        """Each gear's odds; with ``boost`` the gears the car may boost in, counted with it (ENG-D-3);
        with ``nitro`` counted with the lap's nitro (STREET-3)."""
        if self.state.phase != Phase.GEAR:
            return {}
        if nitro:
            return self._cached("nitro_odds", lambda: nitro_odds(self.track, self.state))
        if boost:
            return self._cached("boost_odds", lambda: boost_odds(self.track, self.state))
        return self._cached("odds", lambda: gear_odds(self.track, self.state))

    def moves(self) -> list[Move]:
        return self._cached("moves", lambda: moves(self.track, self.state))

    def offer(self) -> tuple[Via, ...]:
        """The segments the active car may drive now: the roll, a slide, the bonus, slipstream."""
        mv = self.state.movement
        return mv.offer if self.state.phase == Phase.MOVE and mv is not None else ()

    def optional(self) -> bool:
        """Only optional extras are offered (bonus, slipstream): the player may end the move."""
        return optional_offer(self.state)

    def destinations(self) -> dict[str, list[Move]]:
        """Every space a legal move ends on (the car's own space if it cannot move), with its moves."""

        def build() -> dict[str, list[Move]]:
            return by_destination(self.moves(), self.state.car(self.state.active or "").space or "")

        if self.state.phase != Phase.MOVE:
            return {}
        return self._cached("destinations", build)

    def why_not(self, space: str) -> Reason | Notice:
        """Why the active car cannot stop on ``space``: the engine's reason for a path there."""
        state = self.state
        here = state.car(state.active or "").space or ""
        req = move_request(self.track, state)
        roll = req.roll
        paths = self._paths(here, space, roll)
        if not paths:
            return Notice("race.out_of_reach", {"space": space, "value": roll})
        refused = [(p, r) for p, r in ((p, check_path(req, p)) for p in paths) if isinstance(r, Reason)]
        if not refused:
            return Notice("race.out_of_reach", {"space": space, "value": roll})

        def relevance(item: tuple[tuple[str, ...], Reason]) -> tuple[bool, bool, int]:
            """Reasons about the clicked space itself first, then those of paths using the whole roll."""
            path, reason = item
            about_it = space in (reason.values.get("space"), reason.values.get("dst"))
            return (not about_it, len(path) != roll, -len(path))

        return min(refused, key=relevance)[1]

    def _paths(self, start: str, goal: str, limit: int) -> list[tuple[str, ...]]:
        """Forward paths from ``start`` to ``goal`` of at most ``limit`` steps, longest first."""
        found: list[tuple[str, ...]] = []
        stack: list[tuple[str, tuple[str, ...]]] = [(start, ())]
        while stack and len(found) < WHY_NOT_PATHS:
            space, path = stack.pop()
            if path and space == goal:
                found.append(path)
                continue
            if len(path) < limit:
                stack.extend((n, path + (n,)) for n in self.track.successors(space))
        return sorted(found, key=len, reverse=True)

    # --- acting ----------------------------------------------------------------------

    def choose_gear(self, gear: int, boost: bool = False, pit: PitPlan | None = None, nitro: bool = False) -> Step:
        """A human's gear, with the engine boost (ENG-D-3), a pit announcement (PIT-D-6) and the
        nitro (STREET-3) where the rules have them; IllegalAction (with the reason) leaves
        everything as it was."""
        before, count = self.state, len(self.session.actions)
        step = self._act(ChooseGear(gear=gear, boost=boost, pit=pit, nitro=nitro))
        self._undo = (before, count)
        return step

    def retracked(self) -> None:
        """The session now plays on a new version of the track (game.play.retrack): forget what
        was worked out on the old one, keep the gear's undo on the new track, save the record."""
        self._cache, self._cached_for = {}, None
        if self._undo is not None:
            state, count = self._undo
            self._undo = (state.model_copy(update={"track_hash": self.state.track_hash}), count)
        self._save()

    def can_undo(self) -> bool:
        return self._undo is not None and self.wait() == Wait.ROLL

    def undo_gear(self) -> bool:
        """Take back the gear before its die is rolled: the state, the WP and the record as before.

        The gear box is the lever: moving it before the roll returns any WP struck for it
        (MASTERS-LEVER-3); once the die is rolled the turn stands (MASTERS-LEVER-2)."""
        if not self.can_undo():
            return False
        assert self._undo is not None
        state, count = self._undo
        self.session.state = state
        del self.session.actions[count:]
        self._undo = None
        self._save()
        return True

    def roll(self) -> Step:
        """Roll the die the race waits for (decided now, before any animation shows it)."""
        c = chance(self.state)
        if c is None:
            raise RuntimeError("no die to roll now")
        car = _actor(self.state, c)
        active = self.state.active
        if self.clocks is not None and c.purpose == Purpose.GEAR and active is not None and not self.human(active):
            if self.clocks.run(active, ROLL_MS):  # BLITZ-5: a computer's roll takes its time too
                return self._act(TimeOut())
        before = self.state
        events = self.session.roll()
        return self._done(self.session.actions[-1], events, car, c, before)

    def drive(self, move: Move) -> Step:
        return self._act(Drive(path=move.path, via=move.via))

    def end_move(self) -> Step:
        """Decline the optional extras: the car stops where it stands."""
        return self._act(EndMove())

    def set_up(self, tyre: Tyre | None, wp: WearPoints | None = None, reserve: int = 0) -> Step:
        """A human car's tyres and, where the rules allow, its wear points and box reserve
        (AMB-32); IllegalAction if refused."""
        return self._act(SetUp(tyre=tyre, wp=wp, reserve=reserve))

    def pit_stop(
        self, tyre: Tyre | None, long: bool = False, repairs: dict[Area, int] | None = None, fuel: int = 0
    ) -> Step:
        """What the human's crew does at the box (with pit stops by points also the fuel, PIT-D-10);
        IllegalAction (with the reason) if refused."""
        return self._act(
            PitStop(tyre=tyre, long=long, repairs={a: n for a, n in (repairs or {}).items() if n}, fuel=fuel)
        )

    def decide(self, action: Karma | Bid | TCar | FreeWP) -> Step:
        """A human's answer to a league question (karma, a bid, the T-car) or where the WP its car
        won go (STREET-7, STREET-8); IllegalAction if refused."""
        return self._act(action)

    def think(self) -> None:
        """Start the computer driver's decision for the car to act now in a thread of its own, so
        the window animates while a level weighs its options; ``computer`` takes the
        answer. The same state gives the same decision, so the race is the one without it."""
        state = self.state
        if self._thought is not None and self._thought[0] is state:
            return
        answer: list[Action] = []
        driver = self.session.driver()
        thread = threading.Thread(target=lambda: answer.append(driver.act(self.track, state)), daemon=True)
        thread.start()
        self._thought = (state, thread, answer)

    def _answer(self) -> Action:
        """The decision ``think`` started for this state, or one made now."""
        thought, self._thought = self._thought, None
        if thought is not None and thought[0] is self.state:
            thought[1].join()
            if thought[2]:
                return thought[2][0]
        return self.session.computer_action()

    def computer(self) -> Step:
        """The computer driver's decision; against the clock it spends its think time on it and,
        once that runs out, its time is up instead (BLITZ-5, BLITZ-6)."""
        action = self._answer()
        car = to_move(self.state)
        if self.clocks is not None and car is not None and self.state.phase in (Phase.GEAR, Phase.MOVE, Phase.PIT):
            if self.clocks.run(car, decision_ms(action, self._choices(action))):
                return self._act(TimeOut())
        return self._act(action)

    def _choices(self, action: Action) -> int:
        """How many options the decision had (its think time grows with them)."""
        if isinstance(action, ChooseGear):
            return sum(isinstance(o, ShiftCost) for o in self.gear_options().values())
        return len(self.moves()) if self.state.phase == Phase.MOVE else 1

    # --- FD Blitz: the clocks (BLITZ-5..7) ------------------------------------------------------

    def clock_runs(self) -> str | None:
        """Whose clock runs now: the human whose turn waits for a decision (the dice and the
        cars' drives are the game's time, not the player's)."""
        if self.clocks is None or self.wait() not in (Wait.GEAR, Wait.ROLL, Wait.MOVE, Wait.PIT):
            return None
        return self.state.active

    def tick(self, ms: int) -> Step | None:
        """``ms`` of the running clock; the time-out's step when it runs out (BLITZ-6)."""
        car = self.clock_runs()
        if car is None or self.clocks is None:
            return None
        before = self.clocks.used.get(car, 0)
        if not self.clocks.run(car, ms):
            if self.clocks.used[car] // SAVE_CLOCK_MS > before // SAVE_CLOCK_MS:
                self._save()  # a program killed while a player thinks loses at most these seconds
            return None
        self._undo = None
        return self._act(TimeOut())

    def _act(self, action: Action) -> Step:
        before = self.state
        car = to_move(before)
        events = self.session.act(action)
        return self._done(action, events, car, None, before)

    def _done(self, action: Action, events: list[Event], car: str | None, c: Chance | None, before: RaceState) -> Step:
        if not isinstance(action, ChooseGear):
            self._undo = None
        self._save()
        return Step(action=action, events=tuple(events), car=car, chance=c, before=before, after=self.state)

    def _save(self) -> None:
        if self.saves is None:
            return
        record = self.session.record()
        if self.clocks is not None:
            record = record.model_copy(update={"clocks": dict(self.clocks.used)})
        try:
            self.saves.save(record)
        except BackupFailed as err:
            self._tell(Notice("notice.backup_failed", {"detail": err.strerror or str(err)}))
        except OSError as err:
            # the cause, not the message: each failed write names another temporary file
            self._tell(Notice("notice.save_failed", {"detail": os_text(err)}))

    def _tell(self, notice: Notice) -> None:
        """A notice for the player, once per cause however many moves meet it again."""
        if notice not in self.notices:
            self.notices.append(notice)

    def new_notices(self) -> list[Notice]:
        """The notices not handed out yet: the race screen shows them while the race goes on."""
        fresh = self.notices[self._told :]
        self._told = len(self.notices)
        return fresh


def _actor(state: RaceState, c: Chance | None) -> str | None:
    """The car a die is rolled for, or (with no die) the car that decides."""
    if c is None:
        return to_move(state)
    if c.purpose == Purpose.GEAR:
        return state.active
    return state.pending[0].car if state.pending else None
