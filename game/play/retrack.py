"""A race in progress moved onto its track's new version, after the designer saved the map.

The race goes on on the new track only if nothing it stands on went away and it would have
gone exactly the same there: every space its cars, boxes, markers, movement and record name
still exists, and its whole record replays on the new track to the very same position. Then
the record names the new track (hash and name), so the autosave resumes and ``replay``
verifies it against the map as it is now. Otherwise the race stays on the track it has and
the caller says why (docs/track-format.md, "Hot reload").
"""

from __future__ import annotations

from dataclasses import dataclass

from game.play.race_control import RaceControl
from rules.actions import Action, Drive, Roll
from rules.engine import IllegalAction, chance
from rules.session import RaceSession
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
    cars = (*state.cars, *state.t_wrecks)
    names = {c.space for c in cars if c.space} | {c.box for c in cars if c.box}
    names |= set(state.markers)
    if state.movement is not None:
        names |= {state.movement.start, *state.movement.path}
    for action in control.session.actions:
        if isinstance(action, Drive):
            names |= set(action.path)
    return names


def retrack(control: RaceControl, track: Track) -> Refused | None:
    """Move the race onto ``track`` (None), or leave it as it is and say why (``Refused``)."""
    gone = sorted(n for n in needed_spaces(control) if not track.has_space(n))
    if gone:
        return Refused(gone=tuple(gone))
    digest = track.content_hash()
    header = control.header.model_copy(update={"track_hash": digest, "track_name": track.name})
    new, old = RaceSession(track, header), RaceSession(control.track, control.header)
    if _plain(new.state) != _plain(old.state):
        return Refused(differs_at=0)
    for i, action in enumerate(control.session.actions, start=1):
        try:
            _replay(new, action)
        except IllegalAction:
            return Refused(differs_at=i)
        _replay(old, action)
        if _plain(new.state) != _plain(old.state):
            return Refused(differs_at=i)
    control.session = new
    control.track = track
    control.retracked()
    return None


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
