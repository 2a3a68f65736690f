"""A championship's races as the game plays them: the next race's line-up and header, and the
results recomputed from the stored race records (``rules.championship`` does the counting).

Nothing but the races is kept: replaying a record gives its final state, the state its
classification, grid and karma; so the standings follow from the records alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.storage.lineup import Driver, Lineup
from rules import championship as ch
from rules.classify import classification
from rules.record import Header, Record, RecordError, SeriesRace, replay
from rules.ruleset import preset
from rules.state import RaceState
from rules.track import Track

TrackFor = Callable[[str], Track | None]  # a championship's track file -> the loaded track


def lineup_for(champ: ch.Championship, index: int) -> Lineup:
    """The line-up of race ``index``: its track, the season's rules and drivers (the profile is
    the season's, DRESDEN-PROFILE-1), and the grid the rules want."""
    grid = "qualifying" if preset(champ.preset).grid == "qualifying" else "roll"
    drivers = tuple(Driver(kind=m.driver, name=m.name, colour=m.colour, number=m.number, profile=m.profile)  # type: ignore[arg-type]
                    for m in champ.members)
    return Lineup(track=champ.tracks[index], laps=champ.laps, preset=champ.preset, grid=grid, modules=champ.modules,
                  drivers=drivers)


def series_header(header: Header, champ: ch.Championship, champ_id: int, index: int,
                  pools: dict[str, int | None]) -> Header:
    """The race's header as the championship's: its drivers by their season ids, each with the
    karma pool it brings (KARMA-1, AMB-41f) and, where the league's team box applies, the team
    whose box it shares (PIT-D-4); elsewhere a championship's team only counts in its standings."""
    box = header.rules.team_box
    entries = tuple(e.model_copy(update={"id": m.id, "team": m.team if box else None, "karma": pools.get(m.id)})
                    for e, m in zip(header.entries, champ.members))
    qualifying = header.rules.qualifying.model_copy(update={"runs": champ.qualifying_runs})  # QUAL-D-13
    return header.model_copy(update={"entries": entries, "rules": header.rules.model_copy(update={"qualifying": qualifying}),
                                      "series": SeriesRace(championship=champ_id, name=champ.name, race=index)})


@dataclass(frozen=True)
class Played:
    """The races replayed: each race's final state (None where it no longer replays) and scores."""

    states: tuple[RaceState | None, ...]
    scores: tuple[dict[str, ch.Score], ...]
    problems: tuple[str, ...]  # "race 2 (Hohenau): why" for each race left out


def replayed(champ: ch.Championship, records: Sequence[Record], track_for: TrackFor) -> Played:
    """Every stored race replayed on its track and scored (SEASON-4/5, OPEN-2, QUAL-D-14). A
    race whose track changed since, or whose record does not replay, scores nothing and is named."""
    states: list[RaceState | None] = []
    scores: list[dict[str, ch.Score]] = []
    problems: list[str] = []
    for i, record in enumerate(records):
        file = champ.tracks[record.header.series.race if record.header.series else i]
        track = track_for(file)
        state = None
        if track is None or track.content_hash() != record.header.track_hash:
            problems.append(f"race {i + 1} ({record.header.track_name}): {file} is not the track it was raced on")
        else:
            try:
                state = replay(track, record)
            except RecordError as err:
                problems.append(f"race {i + 1} ({record.header.track_name}): {err}")
        states.append(state)
        scores.append({} if state is None or track is None else
                      ch.score_race(champ.scheme, classification(track, state), record.header.grid))
    return Played(tuple(states), tuple(scores), tuple(problems))


def pools(champ: ch.Championship, played: Played) -> dict[str, int | None]:
    """The karma each driver brings to the next race (KARMA-1/2, AMB-41e/f): None before the
    first race (a fresh pool of 30), else the pool at the last flag plus the points income."""
    out: dict[str, int | None] = {m.id: None for m in champ.members}
    for state, scores in zip(played.states, played.scores):
        if state is None or not state.rules.karma:
            continue
        for m in champ.members:
            car = next((c for c in state.cars if c.id == m.id), None)
            if car is not None:
                out[m.id] = ch.karma_after(champ.scheme, car.karma, scores.get(m.id))
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
