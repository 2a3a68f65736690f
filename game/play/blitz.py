"""An FD Blitz match as the game plays it: each heat's race header from the match, and the
match after a heat (``rules.league.blitz`` decides who starts where and who won)."""

from __future__ import annotations

from game.storage.lineup import COLOURS
from rules.dice import DiceSource
from rules.files.record import BlitzHeat, Entry, Header
from rules.league import blitz
from rules.ruleset import FD_BLITZ
from rules.track import Track

HEAT_LAPS = 3  # AMB-46b: the normal race distance

Player = tuple[str, str]  # name, driver kind ("human" or a computer driver)


def heat_header(track: Track, match: blitz.Match, players: dict[str, Player], seed: int) -> Header:
    """The next heat of ``match``: the pole alternating in heats 1 and 2 (BLITZ-3), a third heat
    level with the pole after a black-die roll the heat's seed draws (BLITZ-4, AMB-46f)."""
    heat = len(match.winners)
    if heat < 2:
        grid, level = blitz.heat_grid(match, heat), False
    else:
        grid, level = blitz.level_order(match, DiceSource(seed ^ 0xB117))[0], True
    entries = tuple(
        Entry(
            id=p, name=players[p][0], driver=players[p][1], colour=COLOURS[i], number=i + 1, wear=FD_BLITZ.default_wear
        )
        for i, p in enumerate(match.players)
    )
    return Header(
        track_name=track.name,
        track_hash=track.content_hash(),
        rules=FD_BLITZ,
        laps=HEAT_LAPS,
        seed=seed,
        entries=entries,
        grid=grid,
        level_start=level,
        blitz=BlitzHeat(match=match, heat=heat),
    )
