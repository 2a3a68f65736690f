"""The messages of a race between homes, the same online (Matrix events) and by email (race files).

A race is opened once (``RaceOpen``: the record's header, the seed's commitment, who sits in
which car, the deadline per decision); players send ``Decision``s (and, for head-to-head
bids, ``BidSeal`` then ``BidOpen``); only the referee sends ``Applied`` actions, numbered by
their place in the record (``seq``), and at the flag ``SeedReveal``. The record is the
``Applied`` actions in ``seq`` order, so every client replays the same race.

``parse`` turns untrusted content into one of these models or a ``ProtocolError`` that says
what is wrong and where: nothing a stranger sends reaches the rules unvalidated.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from rules.actions import Action, Roll
from rules.files.record import COMPUTER_KINDS, Header
from rules.remote.referee_notes import Note

HEX64 = r"^[0-9a-f]{64}$"
PREFIX = "org.formula_d."
RACE = PREFIX + "race"
DECISION = PREFIX + "decision"
BID_SEAL = PREFIX + "bid_seal"
BID_OPEN = PREFIX + "bid_open"
APPLIED = PREFIX + "applied"
SEED = PREFIX + "seed"


class ProtocolError(ValueError):
    """Content that is not a valid message of the race; the text says what and where."""


class _Message(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class RaceOpen(_Message):
    """The race as opened by the referee: a room's state event, or a race file's head."""

    header: Header
    commitment: str = Field(pattern=HEX64)  # SHA-256 of the referee's secret seed
    seats: dict[str, str]  # car id -> the account (or player name) that decides for it
    referee: str
    deadline: int = Field(ge=1)  # seconds a player has for one decision
    fallback: str = "racer"  # the computer level that decides for a player who missed the deadline

    @model_validator(mode="after")
    def _seats_fit(self) -> RaceOpen:
        cars = {e.id: e.driver for e in self.header.entries}
        wrong = sorted(set(self.seats) - set(cars))
        if wrong:
            raise ValueError(f"seats: car(s) {', '.join(wrong)} are not in the race")
        computers = sorted(c for c in self.seats if cars[c] != "human")
        if computers:
            raise ValueError(f"seats: car(s) {', '.join(computers)} are driven by a computer, not by a player")
        empty = sorted(c for c, d in cars.items() if d == "human" and c not in self.seats)
        if empty:
            raise ValueError(f"seats: the human car(s) {', '.join(empty)} have no player")
        if self.fallback not in COMPUTER_KINDS:
            raise ValueError(f"fallback: {self.fallback!r} is not a computer level ({', '.join(COMPUTER_KINDS)})")
        return self


class Decision(_Message):
    """A player's decision for the record's action number ``seq`` (0-based)."""

    seq: int = Field(ge=0)
    action: Action

    @model_validator(mode="after")
    def _not_a_roll(self) -> Decision:
        if isinstance(self.action, Roll):
            raise ValueError("action: a player never rolls; the referee rolls every die")
        return self


class BidSeal(_Message):
    """H2H-2: a sealed bid, the SHA-256 of car, amount and nonce (``rules.remote.fair_dice``)."""

    seq: int = Field(ge=0)
    car: str
    seal: str = Field(pattern=HEX64)


class BidOpen(_Message):
    """H2H-2: the sealed bid revealed, once every bidder's seal is in."""

    seq: int = Field(ge=0)
    car: str
    amount: int = Field(ge=0)
    nonce: str = Field(min_length=16, max_length=128)


class Applied(_Message):
    """An action of the record as the referee applied it: who decided (the seat's player, the
    dice, a computer seat, or the fallback level after a missed deadline) and any notice."""

    seq: int = Field(ge=0)
    action: Action
    by: Literal["player", "dice", "computer", "deadline"]
    notice: str = ""
    note: Note | None = None  # the notice as a key and values, for each player's language


class SeedReveal(_Message):
    """At the flag: the secret seed, to check against the commitment and every die."""

    seed: str = Field(min_length=1, max_length=256)


KINDS: dict[str, type[_Message]] = {
    RACE: RaceOpen,
    DECISION: Decision,
    BID_SEAL: BidSeal,
    BID_OPEN: BidOpen,
    APPLIED: Applied,
    SEED: SeedReveal,
}


def parse(kind: str, content: Any) -> _Message:
    """Validate one message's content (a dict, or JSON text) as message type ``kind``."""
    model = KINDS.get(kind)
    if model is None:
        raise ProtocolError(f"{kind!r} is not a message of the race (known: {', '.join(KINDS)})")
    try:
        data = json.loads(content) if isinstance(content, str) else content
        text = json.dumps(data)
    except (TypeError, ValueError, RecursionError) as err:
        raise ProtocolError(f"{kind}: not readable JSON ({err})") from None
    try:
        return model.model_validate_json(text, strict=True)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        more = f" (and {err.error_count() - 1} more)" if err.error_count() > 1 else ""
        raise ProtocolError(f"{kind}: {where + ': ' if where else ''}{first['msg']}{more}") from None


def kind_of(message: _Message) -> str:
    """The message type name of a message model."""
    return next(k for k, m in KINDS.items() if isinstance(message, m))


def content(message: _Message) -> dict[str, Any]:
    """The message as JSON-ready content (a Matrix event's content, a file's entry)."""
    return message.model_dump(mode="json")
