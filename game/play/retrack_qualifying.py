"""A qualifying session or time trial moved onto its track's new version, after the map was saved.

As a race (``game.play.retrack``): the session goes on on the new track only if every space
its laps start from, drive through and stand on still exists, and every lap so far (the one
being driven too) replays there to the very same position under the same weather. Then the
session is the one replayed on the new track, so its laps, its autosave and the lap records
name the map as it is now. Otherwise the session stays on the track it has and the caller says
why (docs/track-format.md, "Hot reload").
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import zip_longest

from game.play.retrack import Refused
from rules.actions import Drive, Roll
from rules.engine import IllegalAction, chance
from rules.files.record import RecordError
from rules.qualifying.session import QualifyingSession
from rules.state import RaceState
from rules.track import Track


def needed_spaces(session: QualifyingSession) -> set[str]:
    """Every space the session's laps start from, drove through or stand on."""
    names = {session.track.qualifying_start}
    for lap in session.laps():
        for step in lap.steps:
            if isinstance(step.action, Drive):
                names |= set(step.action.path)
    if session.lap is not None:
        names |= {c.space for c in session.lap.state.cars if c.space}
    return names


def requalify(session: QualifyingSession, track: Track) -> QualifyingSession | Refused:
    """The session replayed on ``track`` if it goes exactly as it went, else why not (``Refused``)."""
    gone = sorted(n for n in needed_spaces(session) if not track.has_space(n))
    if gone:
        return Refused(gone=tuple(gone))
    try:
        new = QualifyingSession.replay(
            track, session.rules, session.entries, session.seed, session.laps(), session.drivers
        )
    except RecordError:
        return Refused(differs_at=_first_difference(session, track))
    lap = session.lap
    if lap is not None and not lap.actions:  # a lap begun (its countdown runs) but not driven yet
        new.start_lap(lap.tyre)
    if new.results != session.results or new.barometers != session.barometers or _where(new) != _where(session):
        return Refused(differs_at=_first_difference(session, track))
    return new


def _where(session: QualifyingSession) -> RaceState | None:
    """The position of the lap being driven, without the track's hash (which differs by design)."""
    return session.lap.state.model_copy(update={"track_hash": ""}) if session.lap is not None else None


def _first_difference(session: QualifyingSession, track: Track) -> int:
    """The first action (1-based, counted over every lap; 0: the weather) after which the
    session goes differently on ``track`` than on its own."""
    for i, (old, new) in enumerate(zip_longest(_course(session, session.track), _course(session, track))):
        if old != new:
            return i
    return sum(len(lap.steps) for lap in session.laps())


def _course(session: QualifyingSession, track: Track) -> Iterator[object]:
    """The session's laps driven again on ``track``: the weather, then after each action the
    lap's position and the weather (None where an action does not replay there)."""
    again = QualifyingSession(track, session.rules, session.entries, session.seed, drivers=session.drivers)
    yield tuple(again.barometers)
    for driven in session.laps():
        if again.next_entry is None or again.next_entry.id != driven.driver:
            yield None
            return
        lap = again.start_lap(driven.tyre)
        for step in driven.steps:
            c = chance(lap.state) if isinstance(step.action, Roll) else None
            if c is not None:
                again.dice.roll(c.die)
            try:
                lap.act(step.action, step.at_ms)
            except IllegalAction:
                yield None
                return
            yield (lap.state.model_copy(update={"track_hash": ""}), tuple(again.barometers))
        if driven.time_ms is not None:
            if not lap.done:
                yield None
                return
            again.finish_lap(driven.time_ms)
