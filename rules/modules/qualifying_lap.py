"""A qualifying lap in the engine: one car alone on the track, driven with ``apply`` like a
race, that strikes no WP and rolls no checks but counts its rolls and penalties instead.

The engine's steps read ``state.mode``: in qualifying the gear's skip cost and braking strike
nothing (QUAL-1, QUAL-B-2; ``QUALIFYING_WP``), downshifts are free (AMB-57, QUAL-D-7) and
braking may be off (QUAL-D-7); the tally and the end of the lap are here. The score and the
grid it gives are ``rules.qualifying.grid``; the session of laps is ``rules.qualifying.session``.

Rules here: QUAL-1..4, QUAL-8, QUAL-B-2..5, QUAL-D-3, QUAL-D-7, WEATHER-3 (the weather of a lap
is fixed), AMB-70 (a lap that stands still ends).
"""

from __future__ import annotations

from rules.actions import Event
from rules.car import WearPoints
from rules.modules.base import close
from rules.moves import Move
from rules.ruleset import RuleSet
from rules.state import CarState, LapTally, LeagueCar, Movement, Phase, RaceState
from rules.tables import tyres
from rules.tables.profiles import Profile
from rules.tables.weather import race_weather
from rules.track import Track

QUALIFYING_WP = 10**6  # no WP are struck in qualifying, so none can run out (QUAL-1, QUAL-B-2)


def new_lap(
    track: Track,
    rules: RuleSet,
    car_id: str = "car1",
    wp: WearPoints | None = None,
    tyre: str | None = None,
    wet: bool = False,
    profile: Profile = Profile.NORMALO,
) -> RaceState:
    """A qualifying lap: one car alone, from the qualifying start (QUAL-2, QUAL-D-3), until it
    crosses the line after a full lap or its missed stops end the lap (QUAL-4, QUAL-B-5).

    It is driven with ``apply`` like a race, but no WP are struck and no checks are rolled
    (QUAL-1, QUAL-B-2): ``state.lap`` counts the rolls and the penalty instead (QUAL-3).
    The driver's ``profile`` changes the movement as in the race (AMB-39e), where the rules
    have profiles; a qualifying lap is no launch (DRESDEN-PROFILE-3/4 name the race start).
    """
    car = CarState(
        id=car_id,
        space=track.qualifying_start,
        wp=wp or rules.default_wear,
        setup=wp or rules.default_wear,
        tyre=tyres.Tyre(tyre) if tyre else None,
        gear=0,
        # DRESDEN-PROFILE-5..8 in qualifying too
        league=LeagueCar(profile=profile if rules.profiles else Profile.NORMALO),
    )
    weather = race_weather("rain" if wet else "sun", "dry")  # WEATHER-3: fixed for the lap
    state = RaceState(
        track_hash=track.content_hash(),
        rules=rules,
        laps=1,
        cars=(car,),
        mode="qualifying",
        lap=LapTally(),
        weather=weather,
        round=1,
    )
    return state.model_copy(update={"phase": Phase.GEAR, "active": car_id})


def as_played(state: RaceState, move: Move) -> Move:
    """In qualifying braking strikes no WP (QUAL-1, QUAL-B-2): the move costs no brakes."""
    return move.model_copy(update={"brakes": 0}) if state.mode == "qualifying" and move.brakes else move


def count_roll(state: RaceState) -> RaceState:
    """QUAL-3 (2): the steward counts every roll of the lap; a race counts none."""
    if state.lap is None:
        return state
    return state.model_copy(update={"lap": state.lap.model_copy(update={"rolls": state.lap.rolls + 1})})


def tallied(lap: LapTally, rules: RuleSet, move: Move) -> LapTally:
    """QUAL-3 (3), QUAL-8, QUAL-B-3: the spaces a segment flew out of a corner are penalty rolls,
    times the tyre multiplier or (QUAL-B-3) once each."""
    added = move.tyres if rules.qualifying.tyre_multiplier else move.overshoot
    return lap.model_copy(update={"overshoot": lap.overshoot + move.overshoot, "penalty": lap.penalty + added})


def end_of_segment(state: RaceState, move: Move, events: list[Event]) -> RaceState:
    """The lap ends at the line (QUAL-3 (5)) or when missed stops end it (QUAL-4: 2-stop corner
    without a stop, 3-stop corner with at most one; QUAL-B-5: a 2- or 3-stop corner without any
    stop): then the movement is closed. Otherwise the state is unchanged."""
    lap = state.lap
    if lap is None:
        return state
    if move.out is not None and move.out.rule == "CORNER-5":
        made = int(move.out.values.get("stops", 0))
        if state.rules.qualifying.failure == "corner_5" or made == 0:
            label = str(move.out.values.get("corner"))
            events.append(
                Event(
                    kind="out",
                    car=state.active,
                    data={"rule": "QUAL-4", "code": move.out.code.value, "space": move.end},
                )
            )
            return close(state.model_copy(update={"lap": lap.model_copy(update={"failed": label})}))
    if move.finishes:
        events.append(Event(kind="finish", car=state.active, data={"place": 1}))
        return close(state.model_copy(update={"lap": lap.model_copy(update={"finished": True})}))
    return state


def standstill(state: RaceState, move: Move) -> bool:
    """A qualifying move that leaves the car where its turn began: AMB-70 ends the lap with it,
    unless a slide still moves the car on."""
    return state.lap is not None and not move.path and state.movement is not None and not state.movement.path


def stood_still(state: RaceState, mv: Movement, events: list[Event]) -> RaceState:
    """AMB-70: a turn of the lap that ends where it began (braked to a standstill: braking is
    free in qualifying, QUAL-1) ends the lap, not finished (AMB-45c). The sources are silent;
    without this a car could stand for ever, and a lap must move on to end."""
    if state.lap is None or mv.path:
        return state
    events.append(Event(kind="out", car=state.active, data={"rule": "AMB-70", "space": mv.start}))
    return state.model_copy(update={"lap": state.lap.model_copy(update={"stood_still": True})})
