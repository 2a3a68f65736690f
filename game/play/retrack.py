"""A race in progress moved onto its track's new version, after the designer saved the map.

The race goes on on the new track only if nothing it stands on went away and it would have
gone exactly the same there: every space its cars, boxes, markers, movement and record name
still exists, and its whole record replays on the new track to the very same position. Then
the record names the new track (hash and name), so the autosave resumes and ``replay``
verifies it against the map as it is now. Otherwise the race stays on the track it has and
the caller says why (docs/track-format.md, "Hot reload").

A save that only moved where spaces are drawn (their pixel positions and headings, which the
engine never reads) cannot change how the race went: the race then moves over as it stands,
without the replay, which costs a millisecond an action (a second and more late in a long race).
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic.main import IncEx

from game.play.race_control import RaceControl
from rules.actions import Action, Drive, Roll
from rules.engine import IllegalAction, chance
from rules.files.record import Header, RecordError
from rules.run.session import RaceSession
from rules.state import RaceState
from rules.track import Track


@dataclass(frozen=True)
class Refused:
    """Why the race stays on its old track: the spaces that went away, or the first action
    of the record that goes differently on the new track (1-based; 0 = the start differs)."""

    gone: tuple[str, ...] = ()
    differs_at: int | None = None


def needed_spaces(control: RaceControl) -> set[str]:
    """Every space the race's position and record name."""
    state = control.state
    cars = (*state.cars, *state.league.t_wrecks)
    names = {c.space for c in cars if c.space} | {c.box for c in cars if c.box}
    names |= set(state.markers)
    if state.movement is not None:
        names |= {state.movement.start, *state.movement.path}
    for action in control.session.actions:
        if isinstance(action, Drive):
            names |= set(action.path)
    return names


@dataclass(frozen=True)
class Replayed:
    """The record as far as it went when the map was saved, replayed on the new track: the
    slow part of ``retrack`` (about 1 ms an action), which may run on a worker thread."""

    track: Track
    actions: tuple[Action, ...]
    session: RaceSession | None  # None: the record did not replay there


#: What of a track only its drawing uses: the engine never reads a space's pixels or heading.
DRAWN_ONLY: dict[str, IncEx | bool] = {"name": True, "spaces": {"__all__": {"x", "y", "heading"}}}


def drawn_only(old: Track, new: Track) -> bool:
    """Do the tracks differ only in where their spaces are drawn (and the circuit's name)?"""
    return old.model_dump(exclude=DRAWN_ONLY) == new.model_dump(exclude=DRAWN_ONLY)


def replay_on(control: RaceControl, track: Track) -> Replayed:
    """Replay the race so far on ``track``; reads only the record, never changes the race.
    Nothing to replay where only the drawing moved (``retrack`` moves the race over as it stands)."""
    actions = tuple(control.session.actions)
    if drawn_only(control.track, track):
        return Replayed(track, actions, None)
    try:
        session: RaceSession | None = RaceSession(
            track, _header(control, track), actions=actions, drivers=control.session.drivers
        )
    except RecordError:
        session = None
    return Replayed(track, actions, session)


def retrack(control: RaceControl, track: Track, replayed: Replayed | None = None) -> Refused | None:
    """Move the race onto ``track`` (None), or leave it as it is and say why (``Refused``).

    ``replayed`` is ``replay_on`` done earlier (in the background): the actions taken since
    are replayed on top of it here."""
    gone = sorted(n for n in needed_spaces(control) if not track.has_space(n))
    if gone:
        return Refused(gone=tuple(gone))
    if drawn_only(control.track, track):
        _move_over(control, track)
        return None
    actions = control.session.actions
    if replayed is None or replayed.track is not track or tuple(actions[: len(replayed.actions)]) != replayed.actions:
        replayed = replay_on(control, track)  # nothing prepared, or the record changed under it (an undo)
    new = replayed.session
    if new is not None:
        try:
            for action in actions[len(replayed.actions) :]:
                _replay(new, action)
        except IllegalAction:
            new = None
    if new is None or _plain(new.state) != _plain(control.state):
        return Refused(differs_at=_first_difference(control, track))
    control.session = new
    control.track = track
    control.retracked()
    return None


def _move_over(control: RaceControl, track: Track) -> None:
    """The race as it stands onto ``track``, whose spaces are only drawn elsewhere: its record,
    its dice where they are and its position, naming the new track."""
    old = control.session
    new = RaceSession(track, _header(control, track), dice=old.dice, drivers=old.drivers)
    new.actions = list(old.actions)
    new.state = old.state.model_copy(update={"track_hash": new.header.track_hash})
    control.session = new
    control.track = track
    control.retracked()


def _header(control: RaceControl, track: Track) -> Header:
    """The race's header naming the new track: the record pins the track it replays on."""
    return control.header.model_copy(update={"track_hash": track.content_hash(), "track_name": track.name})


def _first_difference(control: RaceControl, track: Track) -> int:
    """The first action after which the race goes differently on ``track`` (0: the start),
    found by replaying it on both tracks side by side."""
    new, old = RaceSession(track, _header(control, track)), RaceSession(control.track, control.header)
    if _plain(new.state) != _plain(old.state):
        return 0
    for i, action in enumerate(control.session.actions, start=1):
        try:
            _replay(new, action)
        except IllegalAction:
            return i
        _replay(old, action)
        if _plain(new.state) != _plain(old.state):
            return i
    return len(control.session.actions)


def _replay(session: RaceSession, action: Action) -> None:
    """Apply a recorded action, keeping the seeded dice in step as resuming does."""
    if isinstance(action, Roll):
        c = chance(session.state)
        if c is not None:
            session.dice.roll(c.die)
    session.act(action)


def _plain(state: RaceState) -> RaceState:
    """The position without the track's hash, which differs by design."""
    return state.model_copy(update={"track_hash": ""})
