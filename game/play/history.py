"""A finished race into the race history (``game.storage.history``), with its winner's name and
where each human driver finished: what the race screen does when a race ends, single race or
championship race alike."""

from __future__ import annotations

from pathlib import Path

from game.play.race_control import RaceControl
from game.play.race_summary import human_places
from game.storage.history import HumanPlace, RaceHistory
from game.texts import Notice
from rules.classify import classification


def winner(control: RaceControl) -> str | None:
    """The first driver home; None if nobody finished."""
    places = classification(control.track, control.state)
    first = places[0] if places else None
    return control.name(first.car) if first is not None and first.status == "finished" else None


def humans(control: RaceControl) -> tuple[HumanPlace, ...]:
    """Each human driver's place and status, in entry order."""
    places = classification(control.track, control.state)
    return tuple(
        HumanPlace(name, place, status) for name, place, status in human_places(control.session.header, places)
    )


def keep_race(folder: Path, control: RaceControl) -> list[Notice]:
    """Store the race's record in the history of ``folder``; the notices of anything that went wrong."""
    history = RaceHistory(folder)
    history.add(control.session.record(), winner(control), humans=humans(control))
    history.close()
    return history.notices
