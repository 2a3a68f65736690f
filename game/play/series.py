"""A championship's races as the game plays them: the next race's line-up and header, and the
results recomputed from the stored race records (``rules.league.championship`` does the counting).

Replaying a record gives its final state, the state its classification, grid and karma pools:
the standings follow from the records alone. That outcome is kept beside each record, so a long
season's standings need not replay every race each time; a race without a readable one is replayed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, ValidationError

from game.play.record_error import record_said
from game.storage.lineup import Driver, Lineup
from game.tracks.drawing import Part, Said, say
from rules.classify import Place, classification
from rules.files.record import Header, Record, RecordError, SeriesRace, replay
from rules.league import championship as ch
from rules.ruleset import preset
from rules.state import RaceState
from rules.track import Track

TrackFor = Callable[[str], Track | None]  # a championship's track file -> the loaded track


def lineup_for(champ: ch.Championship, index: int) -> Lineup:
    """The line-up of race ``index``: its track, the season's rules and drivers (the profile is
    the season's, DRESDEN-PROFILE-1), and the grid the rules want."""
    grid = "qualifying" if preset(champ.preset).grid == "qualifying" else "roll"
    drivers = tuple(
        Driver(kind=m.driver, name=m.name, colour=m.colour, number=m.number, profile=m.profile) for m in champ.members
    )
    return Lineup(
        track=champ.tracks[index],
        laps=champ.laps,
        preset=champ.preset,
        grid=grid,
        modules=champ.modules,
        drivers=drivers,
    )


def series_header(
    header: Header, champ: ch.Championship, champ_id: int, index: int, pools: dict[str, int | None]
) -> Header:
    """The race's header as the championship's: its drivers by their season ids, each with the
    karma pool it brings (KARMA-1, AMB-41f) and, where the league's team box applies, the team
    whose box it shares (PIT-D-4); elsewhere a championship's team only counts in its standings."""
    box = header.rules.team_box
    entries = tuple(
        e.model_copy(update={"id": m.id, "team": m.team if box else None, "karma": pools.get(m.id)})
        for e, m in zip(header.entries, champ.members)
    )
    qualifying = header.rules.qualifying.model_copy(update={"runs": champ.qualifying_runs})  # QUAL-D-13
    return header.model_copy(
        update={
            "entries": entries,
            "rules": header.rules.model_copy(update={"qualifying": qualifying}),
            "series": SeriesRace(championship=champ_id, name=champ.name, race=index),
        }
    )


class Outcome(BaseModel):
    """What a finished race came to, for the standings: derived from its record (its final
    state's classification, grid and karma pools) and kept beside it, so the standings need not
    replay every race of a long season; without it (or when it no longer reads) the race is replayed."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    places: tuple[Place, ...]
    grid: tuple[str, ...] | None = None
    karma: dict[str, int] = {}  # the pools at the flag, where the rules have karma


def outcome_of(track: Track, state: RaceState, header: Header) -> Outcome:
    karma = {c.id: c.league.karma for c in state.cars} if state.rules.karma else {}
    return Outcome(places=tuple(classification(track, state)), grid=header.grid, karma=karma)


@dataclass(frozen=True)
class Played:
    """The races counted: each race's outcome (None where it no longer replays) and scores."""

    outcomes: tuple[Outcome | None, ...]
    scores: tuple[dict[str, ch.Score], ...]
    problems: tuple[Said, ...]  # "race 2 (Hohenau): why" for each race left out


def replayed(
    champ: ch.Championship, records: Sequence[Record], track_for: TrackFor, kept: Mapping[int, str] | None = None
) -> Played:
    """Every stored race scored (SEASON-4/5, OPEN-2, QUAL-D-14): from the outcome kept beside it
    (``kept``, by race index) or else replayed on its track. A race whose track changed since, or
    whose record does not replay, scores nothing and is named."""
    outcomes: list[Outcome | None] = []
    problems: list[Said] = []
    for i, record in enumerate(records):
        index = record.header.series.race if record.header.series else i
        outcome = _kept(kept or {}, index)
        if outcome is None:
            outcome, problem = _replay(champ.tracks[index], record, track_for)
            if problem:
                problems.append(say("series.left_out", n=i + 1, track=record.header.track_name, why=problem))
        outcomes.append(outcome)
    scores = tuple({} if o is None else ch.score_race(champ.scheme, o.places, o.grid) for o in outcomes)
    return Played(tuple(outcomes), scores, tuple(problems))


def _kept(kept: Mapping[int, str], index: int) -> Outcome | None:
    try:
        return Outcome.model_validate_json(kept[index]) if index in kept else None
    except ValidationError:
        return None  # replayed instead


def _replay(file: str, record: Record, track_for: TrackFor) -> tuple[Outcome | None, Part]:
    """The race's outcome replayed on its track, or None and why not."""
    track = track_for(file)
    if track is None or track.content_hash() != record.header.track_hash:
        return None, say("series.other_track", file=file)
    try:
        return outcome_of(track, replay(track, record), record.header), ""
    except RecordError as err:
        return None, record_said(err)


def pools(champ: ch.Championship, played: Played) -> dict[str, int | None]:
    """The karma each driver brings to the next race (KARMA-1/2, AMB-41e/f): None before the
    first race (a fresh pool of 30), else the pool at the last flag plus the points income."""
    out: dict[str, int | None] = {m.id: None for m in champ.members}
    for outcome, scores in zip(played.outcomes, played.scores):
        if outcome is None:
            continue
        for member_id, pool in outcome.karma.items():
            if member_id in out:
                out[member_id] = ch.karma_after(champ.scheme, pool, scores.get(member_id))
    return out


@dataclass(frozen=True)
class NextRace:
    """The championship race about to be set up and started (carried through the set-up screens)."""

    champ_id: int
    champ: ch.Championship
    index: int
    pools: dict[str, int | None]

    def header(self, header: Header) -> Header:
        return series_header(header, self.champ, self.champ_id, self.index, self.pools)
