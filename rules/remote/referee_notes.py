"""What the referee and a player's view of a remote race say, as a key and its values.

A notice travels between homes (a Matrix event, a race file), so it is kept as a key and its
values: each player's game shows it in its own language (``game.texts``, keys ``referee.<key>``),
and ``english`` gives the sentence for a log, an error message, or any Matrix client's chat.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from rules.reasons import FORMAT

#: Every notice in English; the game's texts have the same keys (``referee.<key>``) with the
#: same placeholders, in every language.
ENGLISH: dict[str, str] = {
    "deadline_move": "{name} missed the deadline: the {level} level decided for this move",
    "deadline_bid": "{name} missed the deadline: the {level} level bid",
    "bids_sealed": "every bid is sealed: open your bids now",
    "bid_mismatch": "the bid opened for {car} does not match its seal: open the bid you sealed",
    "refused": "action {n} refused: {reason}",
    "no_seat": "{sender} has no seat in this race: only seated players decide",
    "copy_ignored": "action {n} was applied already: the copy is ignored",
    "decided_already": "action {n} was decided already: the race is at action {at}",
    "not_yet": "the race is at action {at}, not yet at action {n}",
    "race_over": "the race is over",
    "seal_first": "head-to-head bids are sealed first: send a sealed bid, not a decision",
    "not_your_turn": "it is not your turn: the race waits for {name}",
    "not_your_turn_dice": "it is not your turn: the race waits for the dice",
    "wrong_car": "the decision is for car {car}, but car {moving} is to move",
    "no_bidding": "no head-to-head bidding is open now",
    "not_your_car": "car {car} is not yours",
    "not_bidding": "car {car} does not bid now",
    "sealed_already": "the bid of {car} is sealed already",
    "open_already": "the bid of {car} is open already",
    "seal_before_open": "seal the bid of {car} before opening it",
    "wait_for_seals": "wait until every bid is sealed before opening yours",
    "referee_only": "{sender} sent {kind}, which only the referee sends: ignored",
    "malformed": "refused: {reason}",
    "older_file": "{sender} answered an older file (action {n}); the race is at action {at}",
    "not_referee": "a race message from {sender}, who is not the referee ({referee}), was ignored",
    "sent_again": "action {n} was sent again with a different content: the first one stands",
    "no_replay": "the referee's action {n} does not replay here: {reason}",
    "unverified": "UNVERIFIED RACE: {problems}",
    "unreadable": "{sender}: {reason}",
}


class Note(BaseModel):
    """One notice: its key in ``ENGLISH`` and the values of its placeholders."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str = Field(pattern=r"^[a-z_]{1,40}$")
    args: dict[str, str | int] = {}
    to: str = ""  # the one player it is for; '' for everyone


def note(key: str, **args: str | int) -> Note:
    """A notice; KeyError at once for a key no language has (a typo must not reach a player)."""
    ENGLISH[key]
    return Note(key=key, args=args)


def english(n: Note) -> str:
    """The notice in English; a key this game does not know (a newer referee's) shows its values."""
    template = ENGLISH.get(n.key)
    if template is None:
        return f"{n.key}: " + ", ".join(f"{k}={v}" for k, v in n.args.items())
    try:
        return FORMAT.format(template, **n.args)
    except (KeyError, IndexError, ValueError):
        return f"{n.key}: " + ", ".join(f"{k}={v}" for k, v in n.args.items())
