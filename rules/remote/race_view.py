"""A player's view of a race between homes: the referee's messages replayed by the same engine.

Every client (a player's game, a spectator, a test) feeds the messages it sees, in any order
and any number of times, into ``RaceView``: only the referee's ``Applied`` actions count, each
seq once, in seq order; a forged one (another sender), a duplicate or one that does not replay
is reported and changes nothing. At the flag the revealed seed is checked against the
commitment and every die; a race that fails is marked unverified, loudly.
"""

from __future__ import annotations

from rules.actions import Action
from rules.engine import IllegalAction, to_move
from rules.remote.referee import verify_race
from rules.remote.referee_notes import Note, english, note
from rules.remote.referee_protocol import Applied, RaceOpen, SeedReveal
from rules.run.session import RaceSession
from rules.state import RaceState
from rules.track import Track


class RaceView:
    def __init__(self, track: Track, opening: RaceOpen) -> None:
        self.track = track
        self.opening = opening
        self.session = RaceSession(track, opening.header)
        self.applied: list[Applied] = []
        self.notices: list[Note] = []  # the referee's notices of applied actions, in order
        self._ahead: dict[int, Applied] = {}  # actions seen before the ones they follow
        self.verified: bool | None = None  # None until the seed is revealed
        self.problems: list[Note] = []
        self._seed: str | None = None  # a seed revealed before the last actions arrived

    @property
    def state(self) -> RaceState:
        return self.session.state

    @property
    def actions(self) -> list[Action]:
        return self.session.actions

    @property
    def revealed(self) -> str:
        """The seed the referee revealed at the flag ('' before)."""
        return self._seed or ""

    def to_move(self) -> str | None:
        return to_move(self.state)

    def mine(self, account: str) -> list[str]:
        """The cars ``account`` decides for."""
        return [car for car, who in self.opening.seats.items() if who == account]

    def add(self, sender: str, message: Applied | SeedReveal) -> str:
        """Take one referee message; returns a problem in English ('' when all is well; every
        problem is also kept in ``problems``, to show in the player's language)."""
        found = self._add(sender, message)
        if found is None:
            return ""
        self.problems.append(found)
        return english(found)

    def _add(self, sender: str, message: Applied | SeedReveal) -> Note | None:
        if sender != self.opening.referee:
            return note("not_referee", sender=sender, referee=self.opening.referee)
        if isinstance(message, SeedReveal):
            self._seed = message.seed
            return self._reveal()
        if message.seq < len(self.applied):
            if self.applied[message.seq] == message:
                return None
            return note("sent_again", n=message.seq + 1)
        self._ahead[message.seq] = message
        while len(self.applied) in self._ahead:
            nxt = self._ahead.pop(len(self.applied))
            try:
                self.session.act(nxt.action)
            except IllegalAction as err:
                return note("no_replay", n=nxt.seq + 1, reason=str(err))
            self.applied.append(nxt)
            if nxt.note is not None:
                self.notices.append(nxt.note)
            elif nxt.notice:  # a referee that sends the sentence only
                self.notices.append(note("unreadable", sender=sender, reason=nxt.notice))
        return self._reveal()

    def _reveal(self) -> Note | None:
        """Check the revealed seed once the race is over (it may arrive before the last actions)."""
        if self._seed is None or not self.state.finished or self.verified is not None:
            return None
        found = verify_race(self.track, self.opening.header, self.actions, self._seed, self.opening.commitment)
        self.verified = not found
        if found:
            shown = "; ".join(found[:3]) + (f" (and {len(found) - 3} more)" if len(found) > 3 else "")
            return note("unverified", problems=shown)
        return None
