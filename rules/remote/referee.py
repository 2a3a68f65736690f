"""The referee of a race between homes: the one who rolls, applies and keeps the race moving.

Pure logic, no network and no clock of its own (``now`` is passed in, in seconds), so the
Matrix bot, the email steward and the tests drive the same code. The referee
* rolls every die from its committed seed (``rules.remote.fair_dice``) and reveals the seed at the flag;
* accepts a decision only from the player seated in the car to move, for the action the race is
  at (``seq``), and only a legal one; anything else gets one notice and changes nothing;
* plays computer seats itself, and a player's decision when its deadline has passed, by the
  race's fallback level, with a notice;
* keeps head-to-head bids sealed (H2H-2): seals first, openings only when every seal is in, the
  bids applied only when every bid is open;
* resumes from the history of applied actions when restarted.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rules.actions import Action, Bid, Roll
from rules.driver import Driver, Drivers, driver_for
from rules.engine import IllegalAction, chance, to_move
from rules.files.record import Header, RecordError, replayed, start_state
from rules.remote.fair_dice import FairDice, bid_matches, check_rolls, seed_matches
from rules.remote.referee_notes import Note, english, note
from rules.remote.referee_protocol import Applied, BidOpen, BidSeal, Decision, RaceOpen, SeedReveal
from rules.run.session import RaceSession, UnfinishedRace
from rules.state import Phase, RaceState
from rules.track import Track


class RefereeError(Exception):
    """The referee cannot run this race (a seed that does not match, a history that does not
    replay); the message says what."""


class Notice(NamedTuple):
    """A message for the players: ``to`` one account, or everyone when None."""

    note: Note
    to: str | None = None

    @property
    def text(self) -> str:
        return english(self.note)


Out = Applied | Notice | SeedReveal


def history_actions(history: Sequence[Applied]) -> tuple[Action, ...]:
    """The record's actions from applied messages in any order, each seq once (a message seen
    twice is the same message); RefereeError on a gap or two different actions for one seq."""
    by_seq: dict[int, Action] = {}
    for a in history:
        if a.seq in by_seq and by_seq[a.seq] != a.action:
            raise RefereeError(f"two different actions were applied as action {a.seq + 1}")
        by_seq[a.seq] = a.action
    missing = sorted(set(range(len(by_seq))) - set(by_seq))
    if missing:
        raise RefereeError(f"the history lacks action {missing[0] + 1} (it has {len(by_seq)} actions)")
    return tuple(by_seq[i] for i in range(len(by_seq)))


def bidders(state: RaceState) -> list[str]:
    """H2H-2: the cars still to bid that have karma (the others bid 0 unasked): the bids the
    referee waits for, and a player's game asks its player for."""
    h = state.league.bids
    if state.phase != Phase.BID or h is None:
        return []
    return [c for c in h.cars[len(h.bids) :] if state.car(c).league.karma]


class Referee:
    def __init__(
        self,
        track: Track,
        opening: RaceOpen,
        seed: str,
        history: Sequence[Applied] = (),
        now: float = 0.0,
        *,
        drivers: Drivers,
    ):
        """A new race, or one resumed from its ``history`` (the deadline of the decision asked
        now counts from ``now``); ``drivers`` drive the computer seats and the fallback level."""
        if not seed_matches(seed, opening.commitment):
            raise RefereeError("this seed is not the one the race committed to: it cannot referee this race")
        self.opening = opening
        self.seed = seed
        actions = history_actions(history)
        rolls = sum(isinstance(a, Roll) for a in actions)
        try:
            self.session = RaceSession(
                track, opening.header, dice=FairDice(seed, rolls), actions=actions, drivers=drivers
            )
        except RecordError as err:
            raise RefereeError(f"the race's history does not replay: {err}") from None
        self.asked_at = now
        self.revealed = False
        self._bid_seq: int | None = None  # the seq at which the current sealed bidding began
        self._seals: dict[str, str] = {}
        self._bids: dict[str, int] = {}
        self._bid_notices: dict[str, Note] = {}

    @property
    def seq(self) -> int:
        """The number of the action the race waits for (0-based)."""
        return len(self.session.actions)

    def seats(self, account: str) -> set[str]:
        return {car for car, who in self.opening.seats.items() if who == account}

    def waiting_for(self) -> tuple[str, ...]:
        """The cars whose players must decide now (several while bids are sealed)."""
        s = self.session.state
        if s.finished or chance(s) is not None:
            return ()
        if s.phase == Phase.BID:
            return tuple(c for c in self._bidders() if c in self.opening.seats and c not in self._bids)
        car = to_move(s)
        return (car,) if car in self.opening.seats else ()

    def step(self, now: float) -> list[Out]:
        """Everything that needs no player: dice, computer seats, missed deadlines, and the seed's
        reveal at the flag. Stops where a player must decide in time."""
        out: list[Out] = []
        while not self.session.state.finished:
            s = self.session.state
            due = chance(s)
            if due is not None:
                out.append(self._apply(Roll(value=self.session.dice.roll(due.die)), "dice", now))
                continue
            car = to_move(s)
            if car is None:
                raise UnfinishedRace(f"nobody can act, yet the race is not over ({self.session.where()})")
            if s.phase == Phase.BID:
                applied = self._bidding(now, out)
                if not applied:
                    break
                continue
            if car not in self.opening.seats:
                out.append(self._apply(self.session.driver(car).act(self.session.track, s), "computer", now))
                continue
            if now - self.asked_at < self.opening.deadline:
                break
            said = note("deadline_move", name=self._name(car), level=self.opening.fallback)
            out.append(self._apply(self._fallback().act(self.session.track, s), "deadline", now, said))
        if self.session.state.finished and not self.revealed:
            self.revealed = True
            out.append(SeedReveal(seed=self.seed))
        return out

    def receive(self, sender: str, message: Decision | BidSeal | BidOpen, now: float) -> list[Out]:
        """A player's message: applied (and the race moved on) or refused with one notice."""
        refusal = self._refusal(sender, message)
        if refusal is not None:
            return [Notice(refusal, sender)]
        if isinstance(message, Decision):
            try:
                applied = self._apply(message.action, "player", now)
            except IllegalAction as err:
                return [Notice(note("refused", n=message.seq + 1, reason=str(err)), sender)]
            return [applied, *self.step(now)]
        if isinstance(message, BidSeal):
            self._seals[message.car] = message.seal
            if self._all_sealed():
                self.asked_at = now
                return [Notice(note("bids_sealed")), *self.step(now)]
            return self.step(now)
        if not bid_matches(self._seals[message.car], message.car, message.amount, message.nonce):
            return [Notice(note("bid_mismatch", car=message.car), sender)]
        self._bids[message.car] = message.amount
        return self.step(now)

    def _refusal(self, sender: str, message: Decision | BidSeal | BidOpen) -> Note | None:
        """Why the message cannot be taken now, or None."""
        mine = self.seats(sender)
        n, at = message.seq + 1, self.seq + 1
        if not mine:
            return note("no_seat", sender=sender)
        if message.seq < self.seq:
            done = self.session.actions[message.seq]
            if (
                isinstance(message, Decision)
                and not isinstance(done, Roll)
                and message.action.model_copy(update={"car": done.car}) == done
            ):
                return note("copy_ignored", n=n)
            return note("decided_already", n=n, at=at)
        if message.seq > self.seq:
            return note("not_yet", n=n, at=at)
        s = self.session.state
        if s.finished:
            return note("race_over")
        if isinstance(message, Decision):
            car = to_move(s)
            if s.phase == Phase.BID:
                return note("seal_first")
            if chance(s) is not None or car not in mine:
                return note("not_your_turn", name=self._name(car)) if car else note("not_your_turn_dice")
            action = message.action  # never a Roll: a Decision refuses one
            if not isinstance(action, Roll) and action.car not in (None, car):
                return note("wrong_car", car=action.car, moving=car)
            return None
        if s.phase != Phase.BID:
            return note("no_bidding")
        if message.car not in mine:
            return note("not_your_car", car=message.car)
        if message.car not in self._bidders():
            return note("not_bidding", car=message.car)
        if isinstance(message, BidSeal):
            return note("sealed_already", car=message.car) if message.car in self._seals else None
        if message.car in self._bids:
            return note("open_already", car=message.car)
        if message.car not in self._seals:
            return note("seal_before_open", car=message.car)
        return None if self._all_sealed() else note("wait_for_seals")

    def _bidders(self) -> list[str]:
        return bidders(self.session.state)

    def _fallback(self) -> Driver:
        """The level that decides for a player who missed the deadline."""
        return driver_for(self.session.drivers, self.opening.fallback)

    def _bid(self, driver: Driver, state: RaceState) -> int:
        """H2H-2: the sealed bid ``driver`` makes from the state before any bid is open."""
        action = driver.act(self.session.track, state)
        assert isinstance(action, Bid), "phase bid asks for a bid"
        return action.amount

    def _all_sealed(self) -> bool:
        return all(c in self._seals or c in self._bids for c in self._bidders())

    def _bidding(self, now: float, out: list[Out]) -> bool:
        """One round of sealed bids: computer seats bid at once from the state before any bid;
        a player who misses the deadline gets the fallback level's bid; when every bid is open,
        they are applied in the engine's order. True if bids were applied."""
        s = self.session.state
        if self._bid_seq != self.seq:
            self._bid_seq, self._seals, self._bids = self.seq, {}, {}
            for car in self._bidders():
                if car not in self.opening.seats:
                    self._bids[car] = self._bid(self.session.driver(car), s)
            self.asked_at = now
        if now - self.asked_at >= self.opening.deadline:
            unsealed = [c for c in self._bidders() if c not in self._bids and c not in self._seals]
            for car in unsealed or [c for c in self._bidders() if c not in self._bids]:
                self._bids[car] = self._bid(self._fallback(), s)
                self._bid_notices[car] = note("deadline_bid", name=self._name(car), level=self.opening.fallback)
            if unsealed and not all(c in self._bids for c in self._bidders()):
                self.asked_at = now  # the sealed bids are opened in a deadline of their own
                out.append(Notice(note("bids_sealed")))
        if any(c not in self._bids for c in self._bidders()):
            return False
        while self.session.state.phase == Phase.BID and to_move(self.session.state) in self._bids:
            bidder = to_move(self.session.state)
            assert bidder is not None
            car = bidder
            by = "deadline" if car in self._bid_notices else ("player" if car in self.opening.seats else "computer")
            out.append(self._apply(Bid(car=car, amount=self._bids[car]), by, now, self._bid_notices.pop(car, None)))
        return True

    def _apply(self, action: Action, by: str, now: float, said: Note | None = None) -> Applied:
        seq = self.seq
        self.session.act(action)
        self.asked_at = now
        done = self.session.actions[-1]
        text = english(said) if said else ""
        return Applied(seq=seq, action=done, by=by, notice=text, note=said)

    def _name(self, car: str) -> str:
        return next(e.name for e in self.session.header.entries if e.id == car)


def verify_race(track: Track, header: Header, actions: Sequence[Action], seed: str, committed: str) -> list[str]:
    """Every problem with a finished race's dice: a seed that is not the committed one, a recorded
    die the seed does not give. An empty list means every die was fair."""
    if not seed_matches(seed, committed):
        return ["the revealed seed does not match the commitment made before the first roll"]
    rolls = []
    for step in replayed(track, start_state(track, header), actions):
        if isinstance(step.action, Roll):
            c = chance(step.before)
            assert c is not None
            rolls.append((c.die, step.action.value))
    return [
        f"roll {b.number + 1} shows {b.recorded}, but the seed gives {b.expected}" for b in check_rolls(seed, rolls)
    ]
