"""What the results and the race history say of each car beyond its place: its gap to the
winner as the game measures it (game rounds between finishers, spaces for a car still on the
track), the WP it used, its pit stops, and the points a league race or a championship gives.

Counted from the race's record (``game.play.statistics``), so a finished race on the results
screen and the same race opened from the history say the same.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game.play.standings import gap
from game.play.statistics import RaceStats
from rules.car import Area
from rules.choice import preset_of
from rules.classify import Place
from rules.files.record import Header
from rules.league.championship import Scheme, Score, default_scheme, score_race
from rules.state import RaceState
from rules.track import Track

#: The presets whose races score the league's points on their own (SEASON-4, OPEN-2, QUAL-D-14).
LEAGUE_PRESETS = ("dresden-2006", "dresden-open")


@dataclass(frozen=True)
class Gap:
    """How far behind the winner: ``rounds`` game rounds later across the line (0 = the same
    round), or ``spaces`` rows behind for a car still racing; neither for the winner or a retired car."""

    rounds: int | None = None
    spaces: int | None = None


@dataclass(frozen=True)
class CarSummary:
    place: Place
    gap: Gap
    used: dict[Area, int]  # WP used per area of the rule set
    pit_stops: int

    @property
    def wp_used(self) -> int:
        return sum(self.used.values())


def summarise(track: Track, state: RaceState, stats: RaceStats) -> list[CarSummary]:
    """Every car in the classification's order, with its gap, WP used and pit stops."""
    first = stats.cars[0] if stats.cars else None
    winner = first if first is not None and first.place.status == "finished" else None
    out = []
    for c in stats.cars:
        if winner is None or c.car == winner.car or c.place.status == "out":
            g = Gap()
        elif c.place.status == "finished":
            g = Gap(rounds=max(0, (c.ended or 0) - (winner.ended or 0)))
        else:
            car = state.car(c.car)
            g = Gap(spaces=gap(track, state.car(winner.car), car)) if car.space is not None else Gap()
        out.append(CarSummary(place=c.place, gap=g, used=dict(c.used), pit_stops=c.pit_stops))
    return out


def league_scheme(header: Header) -> Scheme | None:
    """The points table a single race scores by: the league's, for a race of its presets; None otherwise."""
    preset = preset_of(header.rules)
    return default_scheme(preset) if preset in LEAGUE_PRESETS else None


def race_points(header: Header, places: list[Place], scheme: Scheme | None) -> Mapping[str, Score]:
    """Each car's points by ``scheme`` (a championship's, else the league's for a league race);
    none for a race that scores nothing."""
    scheme = scheme or league_scheme(header)
    return score_race(scheme, places, header.grid) if scheme is not None else {}


def human_places(header: Header, places: list[Place]) -> list[tuple[str, int, str]]:
    """Each human driver's name, place and status (finished, out, racing), in entry order."""
    by_car = {p.car: p for p in places}
    return [
        (e.name, by_car[e.id].position, by_car[e.id].status)
        for e in header.entries
        if e.driver == "human" and e.id in by_car
    ]
