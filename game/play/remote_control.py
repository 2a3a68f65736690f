"""The race screen's model for a race between homes: the referee's record drives the race.

The screen plays a remote race as it plays a local one; only where the actions come from
differs. This player's decisions are checked by the rules (an illegal one is refused at once
with its reason) and sent to the referee, not applied: the race waits (``Wait.REMOTE``) until
the referee's record brings them back, with every die and every other player's decision, and
each is then played as a step of its own. Players seated elsewhere are people, never
labelled computers; the referee's notices and the room's chat come as lines to show.
"""

from __future__ import annotations

from typing import Protocol

from game.play.race_control import RaceControl, Step, Wait, _actor
from rules.actions import Action, Roll
from rules.engine import apply, chance, to_move
from rules.files.record import FairSeed
from rules.remote.race_view import RaceView
from rules.remote.referee import bidders
from rules.remote.referee_protocol import Decision
from rules.run.session import RaceSession
from rules.state import Phase
from rules.track import Track


class RemoteLink(Protocol):
    """Where a remote race comes from and where this player's decisions go (Matrix, email)."""

    account: str

    @property
    def view(self) -> RaceView:
        """The race as this player's client has replayed it so far."""
        ...

    def pump(self) -> list[str]:
        """Take what has arrived into ``view``; returns new lines to show (notices, chat)."""
        ...

    def send(self, message: Decision) -> str:
        """Send one decision; returns a line to show ('' for none)."""
        ...

    chats: bool  # the race has a room to chat in

    def say(self, text: str) -> None:
        """Chat in the race's room."""
        ...

    def seal_bid(self, car: str, amount: int) -> str:
        """H2H-2: send a sealed bid (it opens once every bid is sealed); a line to show."""
        ...

    def sealed(self) -> set[str]:
        """The cars whose bid this player has sealed and not yet opened."""
        ...


def _caught_up(session: RaceSession, actions: list[Action], mine: set[str]) -> list[Step]:
    """Play into ``session`` the record up to this player's last decision (seen when it was made),
    as the race log's steps; what came after it the screen shows step by step."""
    last = max((i + 1 for i, a in enumerate(actions) if not isinstance(a, Roll) and a.car in mine), default=0)
    history = []
    for action in actions[:last]:
        before = session.state
        c = chance(before) if isinstance(action, Roll) else None
        events = session.act(action)
        history.append(Step(action, tuple(events), _actor(before, c), c, before, session.state))
    return history


class RemoteControl(RaceControl):
    def __init__(self, track: Track, link: RemoteLink) -> None:
        opening = link.view.opening
        fair = FairSeed(commitment=opening.commitment)  # CORE-DICE-1: the record's dice are the referee's
        # a championship's race is kept by its referee's game (game.scenes.remote.series), where the
        # championship lives: a player's results screen must not store it in a season of its own
        header = opening.header.model_copy(update={"dice": "fair", "fair": fair, "series": None})
        session = RaceSession(track, header)
        history = _caught_up(session, link.view.actions, set(link.view.mine(link.account)))
        super().__init__(track, session)
        self.history = history
        self.link = link
        self.mine = set(link.view.mine(link.account))
        self.sent: int | None = None  # the action number of a decision sent and not yet back
        self.lines: list[str] = []  # notices and chat not yet shown
        self.transcript: list[str] = link.pump()  # the room's chat and notices so far, for the chat panel

    def human(self, car_id: str | None) -> bool:
        """Every seated player is a person; only this screen's player decides here."""
        return car_id is not None and car_id in self.link.view.opening.seats

    def mine_to_move(self) -> bool:
        return to_move(self.state) in self.mine

    def seat(self, car_id: str | None) -> str:
        """The account seated in the car ('' for a computer car)."""
        return self.link.view.opening.seats.get(car_id or "", "")

    def wait(self) -> Wait:
        """Not kept per state: what arrives from the referee changes it while the state stands."""
        return self._wait()

    def _wait(self) -> Wait:
        state = self.state
        if state.finished:  # the referee reveals its seed after the flag: the record keeps it
            return Wait.DONE if self.link.view.verified is not None else Wait.REMOTE
        behind = len(self.link.view.actions) > len(self.session.actions)
        if behind or self.sent is not None or chance(state) is not None or not self.mine_to_move():
            return Wait.REMOTE
        if state.phase == Phase.BID:  # H2H-2: bids are sealed through the referee, not from this screen
            return Wait.REMOTE
        return super()._wait()

    def _act(self, action: Action) -> Step:
        """Check the decision by the rules (IllegalAction with the reason if refused) and send it;
        the race does not change until the referee's record brings it back."""
        before = self.state
        car = to_move(before)
        action = action.model_copy(update={"car": car})
        apply(self.track, before, action)
        seq = len(self.session.actions)
        self._tell_lines([self.link.send(Decision(seq=seq, action=action))])
        self.sent = seq
        self._cache, self._cached_for = {}, None
        return Step(action=action, events=(), car=car, chance=None, before=before, after=before)

    def remote_step(self) -> Step | None:
        """The referee's next action as a step to play, or None while none has come."""
        self.poll()
        view = self.link.view
        self._keep_seed()
        at = len(self.session.actions)
        if at >= len(view.actions):
            return None
        action = view.actions[at]
        before = self.state
        c = chance(before) if isinstance(action, Roll) else None
        events = self.session.act(action)
        if self.sent is not None and self.sent <= at:
            self.sent = None
        return Step(
            action=action,
            events=tuple(events),
            car=_actor(before, c),
            chance=c,
            before=before,
            after=self.state,
        )

    def _keep_seed(self) -> None:
        """The seed the referee revealed goes into the record's header, so ``replay`` checks every
        die of the saved race against it (CORE-DICE-1)."""
        seed = self.link.view.revealed
        fair = self.session.header.fair
        if seed and fair is not None and not fair.seed:
            header = self.session.header.model_copy(update={"fair": fair.model_copy(update={"seed": seed})})
            self.session.header = header

    def bids_asked(self) -> list[str]:
        """H2H-2: this player's cars that must send a sealed bid now (the race waits for it)."""
        if self.behind():
            return []
        sealed = self.link.sealed()
        return [c for c in bidders(self.state) if c in self.mine and c not in sealed]

    def behind(self) -> bool:
        """The referee's record holds actions this screen has not played yet."""
        return len(self.link.view.actions) > len(self.session.actions)

    def seal_bid(self, car: str, amount: int) -> None:
        """H2H-2: seal this player's bid (0 to the car's karma: KARMA-1) for the referee."""
        pool = self.state.car(car).league.karma
        if car not in self.bids_asked() or not 0 <= amount <= pool:
            raise ValueError(f"a bid for {car} is 0 to {pool} karma, asked once per head-to-head")
        self._tell_lines([self.link.seal_bid(car, amount)])

    def poll(self) -> None:
        """Take what has arrived (the screen plays the referee's actions in ``remote_step``)."""
        self._tell_lines(self.link.pump())

    def _tell_lines(self, lines: list[str]) -> None:
        lines = [line for line in lines if line]
        self.lines += lines
        self.transcript += lines

    def take_lines(self) -> list[str]:
        lines, self.lines = self.lines, []
        return lines
