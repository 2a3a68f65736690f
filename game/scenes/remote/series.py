"""A championship's race run between homes (online or by email): set up like a local one of the
season, and its result kept in the championship like a local one.

The championship lives in the organiser's game (its data folder); the organiser's referee (the
steward's game, or the hosted referee) opens the season's next race with the season's drivers,
their karma pools and the championship's name in the header, seats the human members' players,
and at the flag stores the record in the championship, after checking every die against the
revealed seed (CORE-DICE-1). The standings then count it as any race of the season (SEASON-4..6).
The grid is rolled (FD08-GRID-1): a qualifying session needs every driver at one table.
"""

from __future__ import annotations

import random
from pathlib import Path

from game.net.said_error import SaidError
from game.play.record_error import record_said
from game.play.series import NextRace, TrackFor, lineup_for, outcome_of, pools, replayed
from game.scenes.launch import header_for
from game.storage.championships import ChampionshipStore
from game.storage.paths import MAPS, data_dir
from game.tracks.drawing import TrackError, say
from game.tracks.load import load_track
from rules.files.record import Header, Record, RecordError, replay
from rules.track import Track


class SeriesError(SaidError):
    """The championship's race cannot be set up or kept; the message says why."""


def next_race_header(data: Path, champ_id: int, track_for: TrackFor) -> tuple[Header, str]:
    """The championship's next race as a remote race's header (the season's drivers by their ids,
    their karma, the championship's name) and its track file."""
    store = ChampionshipStore(data)
    try:
        champ = store.get(champ_id)
        if champ is None:
            raise SeriesError(say("series.no_championship", id=champ_id, folder=str(data)))
        records = store.races(champ_id)
        played = replayed(champ, records, track_for, store.outcomes(champ_id))
    finally:
        store.close()
    index = len(played.scores)
    if index >= len(champ.tracks):
        raise SeriesError(say("series.over", name=repr(champ.name), n=index))
    file = champ.tracks[index]
    track = track_for(file)
    if track is None:
        raise SeriesError(say("series.track_unloadable", n=index + 1, file=file))
    lineup = lineup_for(champ, index).model_copy(update={"grid": "roll"})
    header = header_for(lineup, track.name, track.content_hash(), random.SystemRandom().randrange(2**31))
    next_race = NextRace(champ_id, champ, index, pools(champ, played))
    return next_race.header(header).model_copy(update={"grid": None}), file


def keep_result(data: Path, track: Track, record: Record) -> str:
    """A finished remote race of a championship into its store; the line to show. SeriesError if
    the race is not over, its dice do not check, or it is no championship's race."""
    series = record.header.series
    if series is None:
        raise SeriesError(say("series.not_a_series_race"))
    try:
        state = replay(track, record)
    except RecordError as err:
        raise SeriesError(say("series.not_kept", why=record_said(err))) from None
    if not state.finished:
        raise SeriesError(say("series.not_over"))
    store = ChampionshipStore(data)
    try:
        if store.get(series.championship) is None:
            raise SeriesError(say("series.no_championship", id=series.championship, folder=str(data)))
        store.add_race(
            series.championship,
            series.race,
            record,
            outcome_of(track, state, record.header).model_dump_json(),
        )
    finally:
        store.close()
    return f"race {series.race + 1} of {series.name} is in the championship"


def maps_track(file: str) -> Track | None:
    """A championship's track file (by its name in maps/) loaded, or None."""
    try:
        return load_track(MAPS / file)
    except (OSError, TrackError):
        return None


def seated_race(
    data: Path, champ_id: int, seats: dict[str, str], track_for: TrackFor = maps_track
) -> tuple[Header, Track]:
    """The championship's next race (header and track) with each human driver seated once."""
    header, file = next_race_header(data, champ_id, track_for)
    track = track_for(file)
    assert track is not None, "next_race_header loaded it"
    humans = sorted(e.id for e in header.entries if e.driver == "human")
    if sorted(seats) != humans:
        raise SeriesError(say("series.seats", drivers=", ".join(humans)))
    return header, track


def data_folder(data: str | None) -> Path:
    """The game's data folder: the one given, or this computer's."""
    return Path(data) if data else data_dir()
