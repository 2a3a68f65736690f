"""Property-based tests: random legal play never breaks the race's invariants.

On every shipped track (``maps/*.tmx``, collected when the tests load, so a
new track is covered without touching this file) hypothesis plays whole
races in which every decision is drawn uniformly from what the engine calls
legal: a gear among ``gear_options`` values that are ``ShiftCost`` and a move
among ``moves``; the dice come from the seeded ``DiceSource`` of the session.
After every action:

* no wear-point area is negative;
* no two cars that occupy the track stand on one space;
* no car goes backwards: its (line crossings, progress on the lap) never decreases;
* only a racing car is asked to choose a gear or a move;
* no area holds more WP than the car's set-up (repairs, AMB-31; new tyres, CORE-PIT-1);
* a movement in progress exists only while a car has to drive (CORE-TURN-2).

Random play also covers every preset (the rule modules: set-ups, weather, tyres,
extras that may be declined, pit-stop choices) on the oval.

And at the end: the race ends within a bounded number of actions, every car
is classified exactly once (finished or out, none still racing), the record
replays to the exact final state, and the same seeds give a byte-identical
record file.

Each test stays well under ~20 s on a 2-core machine: 2-5 cars, 1-2 laps and
a limited number of examples. CI derandomizes hypothesis (tests/conftest.py).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.tracks.load import load_track
from rules.actions import Bid, ChooseGear, Drive, EndMove, FreeWP, Karma, PitStop, SetUp, TCar
from rules.ai.registry import DRIVERS
from rules.car import Area
from rules.classify import classification
from rules.engine import (
    chance,
    free_wp_amount,
    free_wp_room,
    gear_options,
    karma_offers,
    moves,
    nitro_refusal,
    on_track,
    repairs_at,
    t_car_proposal,
    to_move,
)
from rules.files.record import Header, dumps, loads, replay, same_drivers
from rules.gears import ShiftCost
from rules.ruleset import PRESETS
from rules.run.session import RaceSession
from rules.state import RaceState
from rules.tables.tyres import Tyre
from rules.track import Track
from tests.conftest import REPO

TRACKS = sorted((REPO / "maps").glob("*.tmx"))
_loaded: dict[Path, Track] = {}

#: a generous bound: a car in 1st gear needs ~70 turns a lap, a turn is at most a dozen actions
MAX_ACTIONS = 20_000


def track_at(path: Path) -> Track:
    if path not in _loaded:
        _loaded[path] = load_track(path)
    return _loaded[path]


def header(track: Track, seed: int, cars: int, laps: int, driver: str = "human", rules: str = "fd-basic") -> Header:
    return same_drivers(track, PRESETS[rules], cars, laps, seed, driver)


def check_invariants(track: Track, before: RaceState, after: RaceState) -> None:
    for car in after.cars:
        for area in Area:
            assert car.wp[area] >= 0, f"{car.id} has {car.wp[area]} {area.value} WP"
    spaces = [c.space for c in after.cars if on_track(after, c) and c.space is not None]
    assert len(spaces) == len(set(spaces)), f"two cars on one space: {sorted(spaces)}"
    assert sorted(c.id for c in before.cars) == sorted(c.id for c in after.cars)
    for new in after.cars:
        old = before.car(new.id)  # the grid roll reorders ``cars``: match them by id
        if old.space is None or new.space is None:
            assert new.space is not None or old.space is None, f"{new.id} left the board"
            continue
        was = (old.crossings, track.space(old.space).progress)
        now = (new.crossings, track.space(new.space).progress)
        # RESTART-2 puts the field back on the grid; TCAR-1's T-car comes out of the box
        moved_back = after.league.restarts > before.league.restarts or (new.league.t_car and not old.league.t_car)
        assert now >= was or moved_back, f"{new.id} went backwards: {old.space} -> {new.space} ({was} -> {now})"
    mover = to_move(after)
    if mover is not None:
        car = after.car(mover)
        # OUT-D-2: an engine failure's roll-out drives on, out; TCAR-1: an early retirement's driver chooses
        acts_out = car.league.rolling_out == "engine" or after.phase == "tcar"
        assert car.status == "racing" or acts_out, f"{mover} must {after.phase} but is {car.status}"
    for car in after.cars:
        setup = car.setup or after.rules.default_wear
        assert all(car.wp[a] <= setup[a] for a in Area), f"{car.id} has more WP than its set-up"
    assert (after.movement is not None) == (after.phase == "move"), f"movement in phase {after.phase!r}"


def random_play(
    track: Track, dice_seed: int, choice_seed: int, cars: int, laps: int, rules: str = "fd-basic"
) -> RaceSession:
    """A whole race, every decision uniform among the legal ones, invariants checked throughout."""
    session = RaceSession(track, header(track, dice_seed, cars, laps, rules=rules), drivers=DRIVERS)
    rng = random.Random(choice_seed)
    for _ in range(MAX_ACTIONS):
        state = session.state
        if state.finished:
            return session
        if chance(state) is not None:
            session.roll()
        elif state.phase == "gear":
            gears = sorted(g for g, o in gear_options(track, state).items() if isinstance(o, ShiftCost))
            assert gears, f"no legal gear for {state.active}"
            nitro = nitro_refusal(state, state.car(state.active or "")) is None and rng.random() < 0.3  # STREET-3
            session.act(ChooseGear(gear=rng.choice(gears), nitro=nitro))
        elif state.phase == "move":
            legal = moves(track, state)
            assert legal, f"no legal move for {state.active}"
            optional = state.movement is not None and set(state.movement.offer) <= {"bonus", "slip"}
            pick = rng.choice(legal + ([None] if optional else []))
            session.act(EndMove() if pick is None else Drive(path=pick.path, via=pick.via))
        elif state.phase == "setup":
            session.act(SetUp(tyre=rng.choice(list(Tyre)) if state.rules.tyres else None))
        elif state.phase == "pit":
            long = repairs_at(state.rules) == "long_stop" and rng.random() < 0.5
            session.act(PitStop(tyre=rng.choice(list(Tyre)) if state.rules.tyres else None, long=long))
        elif state.phase == "karma" and state.league.held is not None:  # KARMA-3
            session.act(Karma(spend=rng.choice(karma_offers(track, state, state.league.held))))
        elif state.phase == "bid":  # H2H-2: 0 up to the pool
            session.act(Bid(amount=rng.randint(0, state.car(to_move(state) or "").league.karma)))
        elif state.phase == "tcar":  # TCAR-1: race on in the T-car, or not
            take = rng.random() < 0.5
            session.act(TCar(wp=t_car_proposal(state, state.car(state.active or "")) if take else None))
        elif state.phase == "wp":  # STREET-7, STREET-8: the WP won, one by one into an area with room
            car = state.car(to_move(state) or "")
            room, put = free_wp_room(state, car), dict[Area, int]()
            for _ in range(free_wp_amount(state, car)):
                area = rng.choice(sorted(a for a in room if room[a] > put.get(a, 0)))
                put[area] = put.get(area, 0) + 1
            session.act(FreeWP(wp=put))
        else:
            raise AssertionError(f"nobody can act in phase {state.phase!r}: the race is stuck")
        check_invariants(track, state, session.state)
    raise AssertionError(f"the race did not end within {MAX_ACTIONS} actions")


def check_end(track: Track, session: RaceSession) -> None:
    state = session.state
    assert state.finished
    places = classification(track, state)
    assert sorted(p.car for p in places) == sorted(c.id for c in state.cars)
    assert [p.position for p in places] == list(range(1, len(state.cars) + 1))
    assert all(p.status in ("finished", "out") for p in places), places
    finished = sorted(c.place for c in state.cars if c.place is not None)
    assert finished == list(range(1, len(finished) + 1))
    assert replay(track, loads(dumps(session.record()))).model_dump_json() == state.model_dump_json()


@pytest.mark.parametrize("path", TRACKS, ids=lambda p: p.name)
@settings(max_examples=20, suppress_health_check=[HealthCheck.too_slow])
@given(
    cars=st.integers(2, 5),
    laps=st.integers(1, 2),
    dice_seed=st.integers(0, 2**32 - 1),
    choice_seed=st.integers(0, 2**32 - 1),
)
def test_random_legal_play_keeps_the_invariants(path, cars, laps, dice_seed, choice_seed):
    track = track_at(path)
    session = random_play(track, dice_seed, choice_seed, cars, laps)
    check_end(track, session)
    again = random_play(track, dice_seed, choice_seed, cars, laps)
    assert dumps(again.record()).encode() == dumps(session.record()).encode()


@pytest.mark.parametrize("path", TRACKS, ids=lambda p: p.name)
@settings(max_examples=3, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), driver=st.sampled_from(["careful", "aggressive"]))
def test_computer_drivers_keep_the_invariants(path, seed, driver):
    """The computer drivers only ever pick what the engine offers, and their races end too."""
    track = track_at(path)
    session = RaceSession(track, header(track, seed, cars=2, laps=1, driver=driver), drivers=DRIVERS)
    for _ in range(MAX_ACTIONS):
        before = session.state
        if before.finished:
            break
        session.advance()  # UnfinishedRace if nobody can act
        check_invariants(track, before, session.state)
    check_end(track, session)


@pytest.mark.parametrize("preset", sorted(PRESETS))
@settings(max_examples=6, suppress_health_check=[HealthCheck.too_slow])
@given(
    cars=st.integers(2, 4),
    dice_seed=st.integers(0, 2**32 - 1),
    choice_seed=st.integers(0, 2**32 - 1),
)
def test_random_legal_play_under_every_preset_keeps_the_invariants(preset, cars, dice_seed, choice_seed):
    track = track_at(REPO / "maps" / "oval.tmx")
    session = random_play(track, dice_seed, choice_seed, cars, 2, preset)
    check_end(track, session)


def test_every_shipped_track_is_covered():
    assert any(p.name == "oval.tmx" for p in TRACKS)
