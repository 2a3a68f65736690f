"""The price a level puts on the black-die checks a move owes and on those still ahead.

Every level counts the rain's slide after a stop in a corner (TYRE-2: the stop
counts where the slide ends), the street race's tunnels and windows (STREET-7,
STREET-5), and the black-die checks at their exact odds (CORE-DANGER-2,
CORE-COLL-2, FD08-COLL-1: the cars it stops beside and the cars close behind it
that may end beside it; CORE-DANGER-2/3: the markers it drives over and those of
the next rows it cannot get round, so braking short of a wall of markers buys
nothing). A retirement costs the race still to drive; the last WP
of the body and road holding is that (CORE-DANGER-4, CORE-COLL-3), and the last
but one the chance that the checks still ahead, counted from the cars and markers
racing, fail once more, so a car in a field of ten keeps clear of markers and
neighbours. It stops for repairs from the reserve when the retirement they take
away is worth the long stop's round (PIT-A-1, PIT-A-4).
"""

from __future__ import annotations

from rules.ai.prices import Prices
from rules.ai.race_ahead import fail, field_of, laps_after, laps_ahead, retire_odds
from rules.car import Area
from rules.moves import Move
from rules.state import CarState, RaceState
from rules.tables.checks import CheckKind
from rules.track import Track


def hazard(
    track: Track, state: RaceState, car: CarState, m: Move, prices: Prices, exposure: float, exposed: float
) -> float:
    """The expected price of the black-die checks ``m`` owes at their exact odds: a road-holding
    check per dangerous space (CORE-DANGER-2: 1-4, in rain 1-5), those it drives over and those
    it cannot get round later in the next ``DANGER_ROWS`` rows (``dangers_ahead``: a move that
    stops short of a wall of markers only puts the check off), and a collision check per car
    beside or ahead of where it stops (CORE-COLL-1, CORE-COLL-2, FD08-COLL-1, AMB-4: 1, in rain
    1-2), and the checks the cars close behind bring when they end beside it (FD08-COLL-1: each
    of them rolls once for it too, ``exposed`` the chance one does); each failure costs a WP at
    ``loss``'s price."""
    return Risk(track, state, car, prices, exposure, exposed).of(m)


def risk_of(track: Track, state: RaceState, car: CarState, prices: Prices, exposure: float, exposed: float) -> Risk:
    """The ``Risk`` of ``car``'s moves in ``state``: the last one made while the car, the other
    cars, the markers, the weather, the rules and the prices are the same objects and the laps and
    the exposures the same (all it reads): the faces of one gear share it. One assignment replaces
    it, so a window's thread and a driver's thread may both ask."""
    last = _LAST_RISK[0]
    if (
        last is not None
        and last.car is car
        and last.state.cars is state.cars
        and last.state.markers is state.markers
        and last.state.weather is state.weather
        and last.state.rules is state.rules
        and last.state.laps == state.laps
        and last.track is track
        and last.prices is prices
        and last.exposure == exposure
        and last.exposed_share == exposed
    ):
        return last
    risk = Risk(track, state, car, prices, exposure, exposed)
    _LAST_RISK[0] = risk
    return risk


class Risk:
    """``hazard`` for the moves of one car from one position: the odds of a failed check, the
    price of the WP it costs and the cars near each end (``Field``) are the same for all of
    them, so each is worked out once, and the sums are ``hazard``'s, in its order."""

    def __init__(
        self, track: Track, state: RaceState, car: CarState, prices: Prices, exposure: float, exposed: float
    ) -> None:
        self.track, self.state, self.car, self.prices, self.exposure = track, state, car, prices, exposure
        self.field = field_of(track, state, car)
        self.laps_after = laps_after(track, state, car)
        self.exposed_share = exposed
        self.exposed = exposed * self.laps_after
        self.row = track.space(car.space).row if car.space is not None else None
        self._road: tuple[float, float] | None = None  # a road-holding check's failure and the WP's price
        self._hit: float | None = None  # a collision check's failure times the body WP's price

    def of(self, m: Move) -> float:
        """``hazard`` of ``m``."""
        track, state, car = self.track, self.state, self.car
        risk = 0.0
        dangers = m.dangers
        end = m.end or car.space  # a car braking to a stand still ends its movement where it stands
        if end is None or m.finishes or track.space(end).in_pit:
            end = None
        if state.markers and end is not None and self.row is not None:
            dangers += self.field.dangers_ahead(track, state, self.row, end)
        if dangers:
            if self._road is None:
                area = Area.ROAD_HOLDING
                self._road = (fail(CheckKind.ROAD_HOLDING, state), self._loss(area))
            risk = dangers * self._road[0] * self._road[1]
        if end is not None:
            crowd = self.field.crowd(track, state, car, end)
            behind = self.field.cars_behind(track, state, car, end) if self.exposed else 0
            if crowd or behind:
                if self._hit is None:
                    self._hit = fail(CheckKind.COLLISION, state) * self._loss(Area.BODY)
                risk += (crowd + self.exposed * behind) * self._hit
        return risk

    def _loss(self, area: Area) -> float:
        return loss(self.track, self.state, self.car, area, self.prices, self.exposure)


def loss(track: Track, state: RaceState, car: CarState, area: Area, prices: Prices, exposure: float) -> float:
    """What losing one WP of the body or road holding costs (CORE-WEAR-2, CORE-DANGER-4,
    CORE-COLL-3): the whole race (``prices.out``) times the chance that the checks still ahead
    take the WP that would be left, with the black die's exact odds (``retire_odds``); the last
    WP ends the race at once. At least what a tyre WP costs at that scarcity."""
    left = car.wp[area]
    if left <= 1:
        return prices.out
    share = retire_odds(left - 1, failures_ahead(track, state, car, area, exposure))
    return max(share * prices.out, prices.tyre + prices.scarce / (left - 1))


def failures_ahead(track: Track, state: RaceState, car: CarState, area: Area, exposure: float) -> float:
    """The failed checks of ``area`` the car expects in the rest of the race: ``exposure``
    checks a lap for each other car racing (collisions, FD08-COLL-1) or for each dangerous
    space on the track and one more for those still to come (CORE-DANGER-1..2), at the black
    die's exact odds (the engine's checks, CORE-ENGINE-2, with the exposure the level gives them)."""
    laps = laps_ahead(track, state, car)
    if area is Area.ROAD_HOLDING:
        return exposure * (len(state.markers) + 1) * laps * fail(CheckKind.ROAD_HOLDING, state)
    others = sum(1 for c in state.cars if c.id != car.id and c.status == "racing")
    kind = CheckKind.ENGINE if area is Area.ENGINE else CheckKind.COLLISION
    return exposure * others * laps * fail(kind, state)


_LAST_RISK: list[Risk | None] = [None]
