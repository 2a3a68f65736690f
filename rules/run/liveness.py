"""How long a qualifying lap and a race may last at most: the bounds the rules justify.

A game that loops for ever is a broken rule, never a slow one, so the soak and the liveness
bench hold every lap and race to these bounds.

* A qualifying lap: every turn of it moves the car at least one space on, or the lap ends
  (AMB-70: a turn that ends where it began ends the lap; missed stops end it, QUAL-4,
  QUAL-B-5). Moves only go forward and a lap visits a space at most once, so it takes at most
  as many turns as the track has spaces.
* A race: in every game round some racing car can move on (a car is blocked only by a car
  ahead of it, CORE-BLOCK; wrecks that block the track restart the race, RESTART-1/2), and a
  car that stands still while it could move pays a brake or tyre WP a space (CORE-BRAKE-1).
  So each round spends a space of some car's race distance, a WP, or one of the rounds a pit
  stop or a spin stands the car still (PIT-B-4, CORE-PIT-3, CORNER-7). Repairs at a stop give
  at most a car's whole set-up back (PIT-D-*), and a T-car (TCAR-1) starts a second race for
  the seat, so every seat counts twice.
"""

from __future__ import annotations

from rules.files.record import Header
from rules.track import Track


def lap_bound(track: Track) -> int:
    """The most turns (gear-die rolls) a qualifying lap can take (AMB-70, QUAL-4)."""
    return len(track.spaces)


def race_bound(track: Track, header: Header) -> int:
    """The most game rounds a race of ``header`` on ``track`` can take (see the module doc)."""
    rules = header.rules
    stops = rules.pit_stops
    seats = 0
    for entry in header.entries:
        wear = entry.wear.total()
        distance = header.laps * len(track.spaces)
        seats += distance + (stops + 1) * wear + 2 * stops + 1
    return 2 * seats
