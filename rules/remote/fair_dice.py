"""Provably fair dice for races between homes: a committed secret seed, and sealed bids.

The referee (a bot online, the steward's game by email) draws a secret seed and publishes
only its SHA-256 (the commitment) before the first roll. Every die is then a function of the
seed and the roll's number alone (HMAC-SHA256, rejection sampling, so every face is equally
likely), never of ``random``'s internals: once the seed is revealed at the flag, anyone
replays the record and checks every die, and a seed that does not match its commitment, or
a roll the seed does not give, marks the race unverified.

Head-to-head bids (H2H-2) are sealed the same way: each bidder publishes the SHA-256 of bid
and nonce, and reveals both only when every bidder's commitment is in, so nobody (the
referee included) bids after seeing a bid.

This module stands alone (stdlib only): the race record keeps the faces rolled, so any
record, local or remote, can be checked against a seed with ``check_rolls``.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable
from typing import NamedTuple

from rules.dice import Die

SEED_BYTES = 32


def new_seed() -> str:
    """A fresh secret seed: 64 hex digits from the OS's cryptographic source."""
    return secrets.token_hex(SEED_BYTES)


def commitment(seed: str) -> str:
    """The seed's public commitment: its SHA-256 in hex."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def seed_matches(seed: str, committed: str) -> bool:
    """The revealed ``seed`` is the one committed to before the first roll."""
    return hmac.compare_digest(commitment(seed), committed.lower())


def face(seed: str, number: int, die: Die) -> int:
    """The face of roll ``number`` (0-based, counted over the whole race) of ``die``.

    A 32-bit draw from HMAC-SHA256(seed, "roll:<number>:<try>") picks a face index; draws in
    the incomplete top range are rejected and redrawn, so every face has the same chance."""
    n = len(die.faces)
    limit = (1 << 32) - ((1 << 32) % n)
    for attempt in range(1_000):
        digest = hmac.new(seed.encode("utf-8"), f"roll:{number}:{attempt}".encode(), hashlib.sha256).digest()
        value = int.from_bytes(digest[:4], "big")
        if value < limit:
            return die.faces[value % n]
    raise RuntimeError("a fair roll was rejected 1000 times: the HMAC is broken")  # probability < 2**-1000


class FairDice:
    """The referee's dice: roll k is ``face(seed, k, die)``; ``rolled`` says where it stands, so a
    referee restarted later goes on from the number of rolls in the record."""

    def __init__(self, seed: str, rolled: int = 0) -> None:
        self.seed = seed
        self.rolled = rolled

    def roll(self, die: Die) -> int:
        value = face(self.seed, self.rolled, die)
        self.rolled += 1
        return value


class BadRoll(NamedTuple):
    """A recorded roll the seed does not give: its 0-based roll number, what was recorded and what
    the seed gives."""

    number: int
    recorded: int
    expected: int


def check_rolls(seed: str, rolls: Iterable[tuple[Die, int]]) -> list[BadRoll]:
    """Every recorded roll, as (the die rolled, the face recorded) in race order, checked against
    the seed; an empty list means every die is fair."""
    bad = []
    for number, (die, recorded) in enumerate(rolls):
        expected = face(seed, number, die)
        if expected != recorded:
            bad.append(BadRoll(number, recorded, expected))
    return bad


def new_nonce() -> str:
    """A bid's nonce: 32 hex digits, so a bid cannot be guessed from its hash (bids are small)."""
    return secrets.token_hex(16)


def bid_commitment(car: str, amount: int, nonce: str) -> str:
    """H2H-2: the sealed bid, SHA-256 of car, amount and nonce (the car is in it, so a
    commitment cannot be copied for another car)."""
    return hashlib.sha256(f"bid:{car}:{amount}:{nonce}".encode()).hexdigest()


def bid_matches(committed: str, car: str, amount: int, nonce: str) -> bool:
    """The revealed bid is the one sealed earlier."""
    return hmac.compare_digest(bid_commitment(car, amount, nonce), committed.lower())
