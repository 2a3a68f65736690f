"""Race positions on the shipped oval and the moves that play them, for the rules tests and the
screens' tests that start from a set position.

The oval (``maps/oval.tmx``): 3 lanes, 70 rows, lane A is the inside of both left-hand
corners; Lindenkehre, 2 stops, rows 11-21; Seekurve, 1 stop, rows 46-56; the pit lane turns
off at C59 and rejoins at C6. Positions are built directly as ``RaceState``s, and every chance
outcome is an explicit ``Roll``, so each test forces its dice.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from game.tracks.load import load_track
from rules.actions import Action, ChooseGear, Drive, EndMove, Event, Roll
from rules.car import WearPoints
from rules.engine import IllegalAction, apply, chance, gear_options, moves, new_lap, positions
from rules.gears import ShiftCost
from rules.moves import Move
from rules.order import Sweep
from rules.ruleset import D_DEFAULT_WEAR, DRESDEN_2006, FORMULA_D_BASIC, RuleSet
from rules.state import CarState, LeagueCar, RaceState, SweepState
from rules.tables.tyres import Tyre
from rules.tables.weather import Weather
from rules.track import PitLane, Track

R = FORMULA_D_BASIC
W = R.default_wear  # tyres 6, brakes 3, gearbox 3, body 3, engine 3, road holding 2 (AMB-30)
OVAL: Track = load_track("maps/oval.tmx")


def pit_of(track: Track) -> PitLane:
    """The pit lane of a test track that has one (the oval's: C59 in, C6 out)."""
    assert track.pit is not None
    return track.pit


def gear_choice(action: Action) -> ChooseGear:
    """A computer driver's answer in the gear phase, for its gear, boost and pit plan."""
    assert isinstance(action, ChooseGear), action
    return action


# --- building positions ------------------------------------------------------------


def wear(**areas: int) -> WearPoints:
    """The basic set-up with some areas changed."""
    return W.model_copy(update=areas)


def car(car_id: str, space: str, gear: int = 3, crossings: int = 1, **kw: Any) -> CarState:
    """A racing car on ``space``; ``crossings`` 1 = in lap 1 (the grid is behind the line). The
    keywords that name a field of the league slice (``LeagueCar``: ``karma``, ``profile``, ...) go
    into it, so a test of a league rule sets them as plainly as the car's own."""
    kw.setdefault("wp", W)
    league = LeagueCar(**{k: kw.pop(k) for k in list(kw) if k in LeagueCar.model_fields})
    return CarState(id=car_id, space=space, gear=gear, crossings=crossings, league=league, **kw)


def position(
    cars: Iterable[CarState],
    active: str | None = None,
    *,
    track: Track = OVAL,
    rules: RuleSet = R,
    laps: int = 3,
    rnd: int = 2,
    markers: Iterable[str] = (),
    phase: str = "gear",
) -> RaceState:
    """A race in game round ``rnd`` >= 2 with ``active`` to act (phase "gear" by default).

    The round's ``SweepState`` is the one the engine would hold: the sweep starts at the
    leader and activates cars in turn until it reaches ``active``; the cars it passes on the
    way count as having moved this round. ``active=None`` is the first car of a fresh round.
    """
    state = RaceState(
        track_hash=track.content_hash(),
        rules=rules,
        laps=laps,
        cars=tuple(cars),
        phase=phase,
        round=rnd,
        markers=tuple(markers),
    )
    sweep = Sweep(positions(track, state), track.rows, rules.tie_break)
    while True:
        nxt = sweep.next_car(positions(track, state))
        assert nxt is not None, f"the sweep never reaches {active}"
        if active is None or nxt == active:
            break
    return state.model_copy(update={"active": nxt, "sweep": SweepState(**sweep.snapshot())})


# --- playing ---------------------------------------------------------------------------


def act(state: RaceState, *actions, track: Track = OVAL) -> tuple[RaceState, list[Event]]:
    """Apply the actions in order; the events of all of them."""
    events: list[Event] = []
    for a in actions:
        state, ev = apply(track, state, a)
        events += ev
    return state, events


def rolls(state: RaceState, *values: int, track: Track = OVAL) -> tuple[RaceState, list[Event]]:
    return act(state, *(Roll(value=v) for v in values), track=track)


def move_to(state: RaceState, end: str | None, track: Track = OVAL, **want) -> Move:
    """The cheapest legal move of the active car that ends on ``end`` (and matches ``want``)."""
    found = [m for m in moves(track, state) if m.end == end and all(getattr(m, k) == v for k, v in want.items())]
    assert found, f"no legal move to {end} with {want}: {sorted({m.end or '-' for m in moves(track, state)})}"
    return min(found, key=lambda m: (m.out is not None, m.brakes + m.tyres, m.path))


def drive(state: RaceState, end: str | None, track: Track = OVAL, **want) -> tuple[RaceState, list[Event]]:
    return act(state, Drive(path=move_to(state, end, track, **want).path), track=track)


def turn(state: RaceState, gear: int, roll: int, end: str | None, track: Track = OVAL, **want):
    """Declare ``gear``, roll ``roll`` and drive to ``end``: one whole turn up to its checks."""
    state, ev = act(state, ChooseGear(gear=gear), Roll(value=roll), track=track)
    state, ev2 = drive(state, end, track, **want)
    return state, ev + ev2


def settle(state: RaceState, value: int = 20, track: Track = OVAL) -> tuple[RaceState, list[Event]]:
    """Roll every pending black-die check with ``value`` (20 never fails a check)."""
    events: list[Event] = []
    while state.phase not in ("gear", "move", "done") and chance(state) is not None:
        state, ev = apply(track, state, Roll(value=value))
        events += ev
    return state, events


def quiet_turn(state: RaceState, track: Track = OVAL) -> tuple[RaceState, list[Event]]:
    """The active car's least eventful turn: its gear (1st from gear 0 or a wait in the box),
    the lowest face, the cheapest full move; then every check passes (a pit roll of 20 is slow)."""
    c = state.car(state.active or "")
    options = gear_options(track, state)
    gear = (
        c.gear
        if isinstance(options.get(c.gear), ShiftCost)
        else min(g for g, o in options.items() if isinstance(o, ShiftCost))
    )
    state, ev = act(state, ChooseGear(gear=gear), track=track)
    state, ev2 = act(state, Roll(value=chance(state).die.lowest), track=track)  # type: ignore[union-attr]
    best = min(moves(track, state), key=lambda m: (m.out is not None, m.brakes + m.tyres, -len(m.path), m.path))
    state, ev3 = act(state, Drive(path=best.path), track=track)
    state, ev4 = settle(state, track=track)
    return state, ev + ev2 + ev3 + ev4


def turn_order(state: RaceState, turns: int, track: Track = OVAL) -> tuple[list[str], RaceState]:
    """Who moves, for ``turns`` quiet turns; ``"|"`` marks where a new game round begins."""
    order: list[str] = []
    for _ in range(turns):
        order.append(state.active or "?")
        state, ev = quiet_turn(state, track)
        order += ["|" for e in ev if e.kind == "round"]
    return order, state


def pending(state: RaceState) -> list[tuple[str, str, str | None]]:
    return [(c.purpose.value, c.car, c.other) for c in state.pending]


def kinds(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def illegal(state: RaceState, action, track: Track = OVAL) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        apply(track, state, action)
    return err.value


# --- positions for the rule modules ---------------------------------------------------


def at_pit_entry(crossings: int = 1, laps: int = 2, rules=R, **kw):
    """Car m on C58, two spaces before the pit entry, with box 1; in lap ``crossings``."""
    cars = [car("m", "C58", gear=3, crossings=crossings, box="P4", **kw), car("far", "A30")]
    return position(cars, "m", laps=laps, rules=rules)


def behind(gear: int = 4, front_gear: int = 4, rules=R, roll: int = 7, end: str = "B28", brakes: int = 0, **kw):
    """m (gear ``gear``) drives from B21 to ``end``; f (``front_gear``) stands on B29."""
    cars = [car("m", "B21", gear=gear, **kw), car("f", "B29", gear=front_gear)]
    state = position(cars, "m", rules=rules)
    state, _ = act(state, ChooseGear(gear=gear), Roll(value=roll))
    path = next(m.path for m in moves(OVAL, state) if m.end == end and m.brakes == brakes)
    return act(state, Drive(path=path))


def offer(state) -> tuple[str, ...]:
    """The extras (slipstream, slide, soft-tyre bonus) the movement offers now."""
    return state.movement.offer if state.phase == "move" and state.movement else ()


WEATHER = FORMULA_D_BASIC.model_copy(update={"weather": True})


def in_weather(condition: str, rules=WEATHER, **kw):
    """m (4th) on B21 behind f (4th) on B29, in ``condition``."""
    cars = [car("m", "B21", gear=4, **kw), car("f", "B29", gear=4)]
    state = position(cars, "m", rules=rules)
    return state.model_copy(update={"weather": Weather(condition=condition)})


TYRES = FORMULA_D_BASIC.model_copy(update={"weather": True, "tyres": "C"})


def corner_stop(condition: str, tyre: Tyre, rules=TYRES, **kw):
    """m drives from B33 to B44, the Seekurve's first space (row 46)."""
    state = in_weather(condition, rules=rules, tyre=tyre, **kw)
    state = state.with_car(state.car("m").model_copy(update={"space": "B33"})).with_car(
        state.car("f").model_copy(update={"space": "A5"})
    )
    state, _ = act(state, ChooseGear(gear=4), Roll(value=11))
    path = next(m.path for m in moves(OVAL, state) if m.end == "B44" and not m.brakes)
    return act(state, Drive(path=path))


PIT_C = FORMULA_D_BASIC.model_copy(update={"tyres": "C", "pit_repairs": "long_stop", "pit_reserve": 2})


def at_box(rules=PIT_C, **kw):
    """m has driven from C58 into box 1 (P4) on soft tyres with the rules' reserve: the crew's turn."""
    kw.setdefault("tyre", Tyre.SOFT)
    kw.setdefault("reserve", rules.pit_reserve)
    state = at_pit_entry(rules=rules, **kw)
    state, _ = act(state, ChooseGear(gear=3), Roll(value=5))
    return act(state, Drive(path=("C59", "P1", "P2", "P3", "P4")))


def lap_to(rules, tyre=None, wet=False):
    """A qualifying lap of car q on the oval."""
    return new_lap(OVAL, rules, "q", tyre=tyre, wet=wet)


def overshoot_lap(rules, tyre):
    """q is in the Seekurve (1 stop) without a stop and drives 2 spaces past its end."""
    state = lap_to(rules, tyre=tyre)
    q = state.car("q").model_copy(update={"space": "A45", "gear": 3, "crossings": 1})
    state = state.with_car(q)
    state, _ = act(state, ChooseGear(gear=3), Roll(value=8))
    m = max((m for m in moves(OVAL, state) if m.overshoot and not m.brakes), key=lambda m: m.overshoot)
    state, _ = act(state, Drive(path=m.path, via=m.via))
    if state.phase == "move":
        state, _ = act(state, EndMove())
    return state, m.overshoot


# --- the Dresden league's cars ----------------------------------------------------------

D = DRESDEN_2006
DW: WearPoints = D_DEFAULT_WEAR  # tyres 6, brakes 3, fuel 4, body 3, engine 2, road holding 3


def dcar(car_id: str, space: str, gear: int = 3, **kw) -> CarState:
    """A racing car with the Dresden set-up."""
    kw.setdefault("wp", DW)
    return car(car_id, space, gear, **kw)
