"""What the race session asks of a computer driver: one action for the car to act now.

The session takes its drivers by kind (the name a record's entry gives) and knows
nothing of how they choose; ``rules.ai.registry`` holds the game's drivers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from rules.actions import Action
from rules.state import RaceState
from rules.track import Track


class Driver(Protocol):
    """A computer driver: whatever the phase, the action it takes for the car to act now."""

    def act(self, track: Track, state: RaceState) -> Action: ...


#: the computer drivers a race may name, by kind
Drivers = Mapping[str, Driver]


class NoDriver(LookupError):
    """A computer's car must act, but no driver of its kind was given."""


def driver_for(drivers: Drivers, kind: str) -> Driver:
    """The driver of ``kind`` among ``drivers``; NoDriver if there is none."""
    found = drivers.get(kind)
    if found is None:
        raise NoDriver(f"no computer driver {kind!r} was given ({', '.join(drivers) or 'none'})")
    return found
