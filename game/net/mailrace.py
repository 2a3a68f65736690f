"""A league race by email: the steward's game referees, the players' games decide, files carry it.

The steward's game keeps the secret seed and the authoritative record in its own folder; each
round it writes the newest race file for every player (``send``). A player's game opens the
file it received, shows the race through the same engine (``RaceView``) and, when one of its
cars must decide, writes a reply file with that one decision (``reply``); the steward's game
takes the reply (``take``), applies it through the referee (turn order, legality, deadlines,
sealed bids) and writes the next files. Nothing is lost: every state is saved atomically
before a file is written, and a refused reply changes nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

from game.net.notes import shown
from game.net.racefile import SUFFIX, RaceFile, RaceFileError, extends, read, write
from game.net.said_error import os_detail
from game.texts import en, tr
from game.tracks.drawing import Part, say
from rules.ai.registry import DRIVERS
from rules.files.filelimits import SAVE, read_text
from rules.files.record import FairSeed, Header, Record, write_atomic
from rules.remote.fair_dice import bid_commitment, commitment, new_nonce, new_seed
from rules.remote.race_view import RaceView
from rules.remote.referee import Notice as Say
from rules.remote.referee import Referee, RefereeError
from rules.remote.referee_notes import Note, english, note
from rules.remote.referee_protocol import Applied, BidOpen, BidSeal, Decision, RaceOpen, SeedReveal
from rules.track import Track

STEWARD_FILE = "steward.json"


class StewardState(BaseModel):
    """What the steward's game keeps: the race, its secret seed and the record so far."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    race: RaceOpen
    seed: str
    applied: tuple[Applied, ...] = ()
    asked_at: float = 0.0
    notices: tuple[Note, ...] = ()  # not yet sent
    revealed: bool = False


def _load_json(path: Path, model: type[BaseModel], what: str) -> BaseModel:
    """One of the game's own files of the race; ``what`` names it (``mail.<what>.unreadable``)."""
    try:
        return model.model_validate_json(read_text(path, SAVE), strict=True)
    except OSError as err:
        raise RaceFileError(say(f"mail.{what}.unreadable", path=str(path), detail=os_detail(err))) from None
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(map(str, first["loc"]))
        raise RaceFileError(say(f"mail.{what}.damaged", path=str(path), where=where, detail=first["msg"])) from None


def _note(n: Note) -> Part:
    """A referee's notice as a phrase of a message; one this game has no text for in its English."""
    return say(f"referee.{n.key}", **n.args) if f"referee.{n.key}" in en.STRINGS else english(n)


class Steward:
    """The steward's game for one race, kept in ``folder``."""

    def __init__(self, folder: Path, track: Track) -> None:
        self.folder = folder
        self.track = track
        state = _load_json(folder / STEWARD_FILE, StewardState, "steward")
        assert isinstance(state, StewardState)
        self.state = state
        try:
            self.referee = Referee(track, state.race, state.seed, state.applied, now=state.asked_at, drivers=DRIVERS)
        except RefereeError as err:
            raise RaceFileError(say("mail.referee_refuses", path=str(folder / STEWARD_FILE), detail=str(err))) from None
        self.referee.revealed = state.revealed
        self.told: list[Note] = []  # the notices since ``news`` was last asked

    @staticmethod
    def peek(folder: Path) -> StewardState:
        """The race kept in ``folder``, not refereed (to find its track first)."""
        state = _load_json(folder / STEWARD_FILE, StewardState, "steward")
        assert isinstance(state, StewardState)
        return state

    @classmethod
    def open_race(
        cls,
        folder: Path,
        track: Track,
        header: Header,
        seats: dict[str, str],
        steward: str,
        deadline: int,
        now: float,
    ) -> Steward:
        """A new race: a fresh secret seed, its commitment in the race, the first dice rolled."""
        seed = new_seed()
        race = RaceOpen(header=header, commitment=commitment(seed), seats=seats, referee=steward, deadline=deadline)
        folder.mkdir(parents=True, exist_ok=True)
        cls._save(folder, StewardState(race=race, seed=seed, asked_at=now))
        made = cls(folder, track)
        made._record(made.referee.step(now))
        return made

    @staticmethod
    def _save(folder: Path, state: StewardState) -> None:
        write_atomic(folder / STEWARD_FILE, json.dumps(state.model_dump(mode="json"), indent=1) + "\n")

    def _record(self, out: list) -> list[str]:
        """Keep the referee's output in the saved state; returns the notices in English."""
        applied = [m for m in out if isinstance(m, Applied)]
        notes = [m.note.model_copy(update={"to": m.to or ""}) for m in out if isinstance(m, Say)]
        notes += [m.note for m in applied if m.note]
        self.state = self.state.model_copy(
            update={
                "applied": self.state.applied + tuple(applied),
                "asked_at": self.referee.asked_at,
                "notices": self.state.notices + tuple(notes),
                "revealed": self.referee.revealed,
            }
        )
        self._save(self.folder, self.state)
        self.told += notes
        return [(f"to {n.to}: " if n.to else "") + english(n) for n in notes]

    def news(self) -> list[str]:
        """The notices since the last call in the steward's language, for the window (``take`` and
        ``tick`` give them in English, for the command's log)."""
        lines = [tr("referee.to", name=n.to, text=shown(n)) if n.to else shown(n) for n in self.told]
        self.told = []
        return lines

    def take(self, path: Path, now: float) -> list[str]:
        """A player's reply: applied, or refused with a notice that says why (nothing changes)."""
        file = read(path)
        if file.race != self.state.race:
            raise RaceFileError(say("mail.other_race", path=str(path), theirs=file.race_id(), ours=self.race_id()))
        if file.message is None:
            raise RaceFileError(say("mail.no_decision", path=str(path)))
        mine, theirs = self.state.applied, file.applied
        if theirs != mine:
            first = next((i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b), None)
            if first is not None:
                raise RaceFileError(say("mail.record_differs", path=str(path), n=first + 1))
            if len(theirs) > len(mine):
                raise RaceFileError(say("mail.record_longer", path=str(path)))
            return self._record(
                [
                    Say(
                        note("older_file", sender=file.sender, n=len(theirs) + 1, at=self.referee.seq + 1),
                        file.sender,
                    )
                ]
            )
        return self._record(self.referee.receive(file.sender, file.message, now))

    def tick(self, now: float) -> list[str]:
        """Deadlines: a player who has not answered in time is driven by the fallback level."""
        return self._record(self.referee.step(now))

    def race_id(self) -> str:
        return self.state.race.commitment[:12]

    def record(self) -> Record:
        """The race so far as a record whose dice are the steward's: the seed in it once revealed,
        so ``replay`` checks every die (CORE-DICE-1)."""
        race = self.state.race
        fair = FairSeed(commitment=race.commitment, seed=self.state.seed if self.state.revealed else "")
        header = race.header.model_copy(update={"dice": "fair", "fair": fair})
        return Record(header=header, actions=tuple(a.action for a in self.state.applied))

    def send(self, outbox: Path) -> list[Path]:
        """The newest race file for every player, named race-action-player."""
        seed = SeedReveal(seed=self.state.seed) if self.state.revealed else None
        file = RaceFile(
            race=self.state.race,
            applied=self.state.applied,
            seed=seed,
            notices=self.state.notices,
            sender=self.state.race.referee,
        )
        paths = [
            write(file, outbox / f"{self.race_id()}-{len(self.state.applied):04d}-{player}{SUFFIX}")
            for player in sorted(set(self.state.race.seats.values()))
        ]
        self.state = self.state.model_copy(update={"notices": ()})
        self._save(self.folder, self.state)
        return paths


class PlayerSeen(BaseModel):
    """What a player's game keeps of a race: the last file it opened and its sealed bids' nonces."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    file: RaceFile
    nonces: dict[str, str] = {}
    bids: dict[str, int] = {}


class MailPlayer:
    """One player's game in email races; ``folder`` keeps what it has seen of each race."""

    def __init__(self, folder: Path, name: str) -> None:
        self.folder = folder
        self.name = name
        self.news: list[Note] = []  # the steward's notices in the file opened last

    def _seen_path(self, race_id: str) -> Path:
        return self.folder / f"{race_id}.json"

    def _seen(self, race_id: str) -> PlayerSeen | None:
        path = self._seen_path(race_id)
        if not path.exists():
            return None
        seen = _load_json(path, PlayerSeen, "seen")
        assert isinstance(seen, PlayerSeen)
        return seen

    def _keep(self, seen: PlayerSeen) -> None:
        write_atomic(self._seen_path(seen.file.race_id()), json.dumps(seen.model_dump(mode="json"), indent=1) + "\n")

    def open(self, path: Path, track: Track) -> RaceView:
        """The race as the steward's file shows it, checked against what this game saw before."""
        file = read(path)
        if file.message is not None or file.sender != file.race.referee:
            raise RaceFileError(say("mail.not_steward", path=str(path), steward=file.race.referee))
        seen = self._seen(file.race_id())
        if seen is not None:
            if seen.file.race != file.race:
                raise RaceFileError(say("mail.setup_differs", path=str(path)))
            changed = extends(seen.file.applied, file.applied)
            if changed is not None:
                raise RaceFileError(say("mail.history_differs", path=str(path), n=changed + 1))
        view = RaceView(track, file.race)
        for applied in file.applied:
            if view.add(file.race.referee, applied):
                raise RaceFileError(say("mail.does_not_replay", path=str(path), problem=_note(view.problems[-1])))
        if file.seed is not None:
            view.add(file.race.referee, file.seed)
        self.news = list(file.notices)
        self._keep(PlayerSeen(file=file, nonces=seen.nonces if seen else {}, bids=seen.bids if seen else {}))
        return view

    def reply(self, view: RaceView, message: Decision | BidSeal | BidOpen, outbox: Path) -> Path:
        """The reply file with one message for the steward."""
        seen = self._seen(view.opening.commitment[:12])
        assert seen is not None, "open the steward's file first"
        file = seen.file.model_copy(update={"sender": self.name, "message": message, "seed": None, "notices": ()})
        kind = type(message).__name__.lower()
        return write(file, outbox / f"{file.race_id()}-{len(view.actions):04d}-{self.name}-{kind}{SUFFIX}")

    def seal_bid(self, view: RaceView, car: str, amount: int, outbox: Path) -> Path:
        """H2H-2: send the sealed bid; the amount and nonce stay in this game's folder."""
        seen = self._seen(view.opening.commitment[:12])
        assert seen is not None, "open the steward's file first"
        nonce = new_nonce()
        self._keep(seen.model_copy(update={"nonces": {**seen.nonces, car: nonce}, "bids": {**seen.bids, car: amount}}))
        return self.reply(
            view, BidSeal(seq=len(view.actions), car=car, seal=bid_commitment(car, amount, nonce)), outbox
        )

    def open_bid(self, view: RaceView, car: str, outbox: Path) -> Path:
        """H2H-2: open the bid sealed earlier, once the steward says every bid is sealed."""
        seen = self._seen(view.opening.commitment[:12])
        if seen is None or car not in seen.nonces:
            raise RaceFileError(say("mail.no_sealed_bid", car=car, folder=str(self.folder)))
        message = BidOpen(seq=len(view.actions), car=car, amount=seen.bids[car], nonce=seen.nonces[car])
        path = self.reply(view, message, outbox)
        nonces = {c: n for c, n in seen.nonces.items() if c != car}  # opened once: a later bid seals anew
        self._keep(seen.model_copy(update={"nonces": nonces, "bids": {c: seen.bids[c] for c in nonces}}))
        return path


class MailLink:
    """An email race in the window: the steward's file opened is the race; this player's decision
    becomes a reply file beside it, to send to the steward."""

    chats = False  # the players write their own mails

    def __init__(self, player: MailPlayer, path: Path, track: Track) -> None:
        self.player = player
        self.account = player.name
        self.outbox = path.parent
        self.view = player.open(path, track)
        self.news = list(player.news)
        self._shown = 0
        self.lines: list[str] = []
        if any(n.key == "bids_sealed" for n in self.news):  # H2H-2: every bid is sealed: open ours
            for car in sorted(self.sealed() & set(self.view.mine(self.account))):
                self.lines.append(tr("email.reply", path=str(player.open_bid(self.view, car, self.outbox))))

    def pump(self) -> list[str]:
        """The steward's notices of the file opened, once, in the player's language."""
        lines = [tr("referee.to", name=n.to, text=shown(n)) if n.to else shown(n) for n in self.news[self._shown :]]
        self._shown = len(self.news)
        lines += self.lines
        self.lines = []
        return lines

    def send(self, message: Decision) -> str:
        return tr("email.reply", path=str(self.player.reply(self.view, message, self.outbox)))

    def seal_bid(self, car: str, amount: int) -> str:
        """H2H-2: the sealed bid as a reply file; the steward's next file says when to open it."""
        return tr("email.reply", path=str(self.player.seal_bid(self.view, car, amount, self.outbox)))

    def sealed(self) -> set[str]:
        seen = self.player._seen(self.view.opening.commitment[:12])
        return set(seen.nonces) if seen is not None else set()

    def say(self, text: str) -> None:
        """Email races have no room to chat in: the players write their mails."""
