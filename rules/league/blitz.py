"""An FD Blitz match: two players race heats on a board of their choice until one has won two
(BLITZ-1, BLITZ-3, BLITZ-4, BLITZ-8, AMB-46b/d/f).

Pure: who takes the pole in a heat, when a heat is decided and who won it, and who won the
match. The heats themselves are races under ``rules.ruleset.FD_BLITZ`` (9 WP a car, the
clocks of ``rules.modules.clock``).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.dice import Roller
from rules.qualifying.grid import black_die_order
from rules.state import CarState, RaceState
from rules.track import Track

WINS = 2  # BLITZ-3: the first to win 2 heats


class Match(BaseModel):
    """Two players, the board, the agreed time per player and heat (AMB-46c), the heats' winners."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    players: tuple[str, str]  # BLITZ-1: two players (car ids)
    track: str
    minutes: int = Field(default=10, ge=1, le=120)
    winners: tuple[str, ...] = ()  # each finished heat's winner, in order

    @model_validator(mode="after")
    def _winners_play(self) -> Match:
        if self.players[0] == self.players[1] or any(w not in self.players for w in self.winners):
            raise ValueError("a match has two different players, and only they win heats")
        if len(self.winners) > 2 * WINS - 1:
            raise ValueError(f"a match ends after at most {2 * WINS - 1} heats")
        return self

    def wins(self, player: str) -> int:
        return self.winners.count(player)

    @property
    def winner(self) -> str | None:
        """BLITZ-3: the first player to win two heats."""
        return next((p for p in self.players if self.wins(p) >= WINS), None)

    def won(self, player: str) -> Match:
        """The match after a heat ``player`` won."""
        if self.winner is not None:
            raise ValueError("the match is already decided")
        return self.model_copy(update={"winners": self.winners + (player,)})


def heat_grid(match: Match, heat: int) -> tuple[str, str]:
    """BLITZ-3: in the first two heats each player starts once from the pole, the other from
    grid slot 2 (the first player named takes the pole in heat 1)."""
    if heat not in (0, 1):
        raise ValueError("the first two heats have a fixed grid; a third one starts level")
    first, second = match.players
    return (first, second) if heat == 0 else (second, first)


def level_order(match: Match, dice: Roller) -> tuple[tuple[str, str], dict[str, tuple[int, ...]]]:
    """BLITZ-4, AMB-46f: a third heat starts level with the pole; each player rolls the black die,
    the higher roll begins (ties roll again). The order, and each player's rolls."""
    order, rolls = black_die_order(list(match.players), dice)
    return (order[0], order[1]), rolls


def _distance(track: Track, car: CarState) -> tuple[int, float]:
    """AMB-46d: how far a car got: laps, then its place on the lap (a finisher is furthest)."""
    if car.status == "finished":
        return (10**6 - (car.place or 0), 0.0)
    return (car.crossings, track.space(car.space).progress if car.space else -1.0)


def decided(state: RaceState) -> bool:
    """AMB-46b: a heat is over once a car has finished the distance or neither car can drive on
    (both out of time, or out)."""
    return any(c.status == "finished" for c in state.cars) or all(c.status != "racing" for c in state.cars)


def heat_winner(track: Track, state: RaceState) -> str:
    """BLITZ-8, AMB-46d: the car that drove furthest; at the same distance the one that got there
    first (it arrived earlier)."""
    return max(state.cars, key=lambda c: (_distance(track, c), -c.arrival)).id
