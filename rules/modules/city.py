"""The city circuit's special places in a street race: the danger zone, the residents' windows,
the police station and the tunnels (``Track.zones``, ``Track.tunnels``).

* STREET-6: the danger zone's black spaces are dangerous spaces from the start
  (``opening_markers``), so driving over or stopping on them is a road-holding check.
* STREET-5 (AMB-52, the game's reading): the residents shoot from their windows. A movement that
  drives into a shooting zone (``RuleSet.shooting`` "passing"; "stopping": only a car that stands
  in it) rolls the black die once per zone when the car stands, with its road-holding checks
  (MASTERS-TURN-9); a roll up to ``RuleSet.shooting_fails`` (1-4, like a dry road-holding check)
  hits the body: 1 body WP, which marks the car's space like every body WP lost (FD08-DANGER-1).
  It is no driving error, so neither rain nor a driver's ability changes it.
* STREET-7, the tunnel: a car whose movement ends on a numbered entry space is moved to the exit
  space with the same number, before its collision checks, and stands there as if it had stopped
  there; driving over an entry does nothing (the source moves cars "from a numbered space"). An
  exit taken by another car keeps the car at the entry.
* STREET-7, the police station: each movement that drives past it (any space of the movement in
  the police zone) is noted with its gear-die roll (``police_pass``); ``free_wp.police_payout``
  pays the fastest at the end of the game round.

Without ``RuleSet.street`` (or on a track without zones and tunnels) nothing here changes a race.

Rules here: STREET-5, STREET-6, STREET-7, AMB-52.
"""

from __future__ import annotations

from rules.actions import Event
from rules.car import Area
from rules.dice import Purpose
from rules.modules import damage
from rules.modules.base import on_track
from rules.state import Check, PolicePass, RaceState
from rules.track import Track, Zone


def opening_markers(track: Track, state: RaceState) -> RaceState:
    """STREET-6: the danger zones' black spaces are dangerous spaces from the start (not without
    road holding, ROAD-1)."""
    if not state.rules.street or not state.rules.markers:
        return state
    black = tuple(n for z in track.zones if z.kind == "danger" for n in z.black if n not in state.markers)
    return state.model_copy(update={"markers": state.markers + black}) if black else state


def _zones_driven(track: Track, path: tuple[str, ...], kind: str) -> list[Zone]:
    """The zones of ``kind`` that spaces of ``path`` lie in, each once, in the order driven into."""
    found: list[Zone] = []
    for name in path:
        zone = track.zone_of(name)
        if zone is not None and zone.kind == kind and zone not in found:
            found.append(zone)
    return found


def shooting_checks(track: Track, state: RaceState, car_id: str) -> tuple[Check, ...]:
    """STREET-5 (AMB-52): one check per shooting zone the movement drove into, or the one the car
    stands in (``RuleSet.shooting``)."""
    if not state.rules.street or state.movement is None:
        return ()
    car = state.car(car_id)
    path = state.movement.path if state.rules.shooting == "passing" else (car.space or "",)
    return tuple(Check(purpose=Purpose.SHOOTING, car=car_id) for _ in _zones_driven(track, path, "shooting"))


def on_shooting(track: Track, state: RaceState, check: Check, value: int, events: list[Event]) -> RaceState:
    """STREET-5: a roll up to ``shooting_fails`` costs 1 body WP (the last one ends the race)."""
    if value <= state.rules.shooting_fails:
        return damage.lose(state, check.car, Area.BODY, events)
    return state


def police_pass(track: Track, state: RaceState, car_id: str) -> RaceState:
    """STREET-7: a movement that drove past the police station is noted with its gear-die roll
    (the natural face: nitro, a boost or a profile do not make a car faster here)."""
    if not state.rules.street or state.movement is None or state.roll is None:
        return state
    if not _zones_driven(track, state.movement.path, "police"):
        return state
    police = state.street.police + (PolicePass(car=car_id, roll=state.roll),)
    return state.model_copy(update={"street": state.street.model_copy(update={"police": police})})


def tunnel(track: Track, state: RaceState, car_id: str, events: list[Event]) -> RaceState:
    """STREET-7: a car that ends its movement on a tunnel entry is moved to its exit, unless
    another car stands there."""
    car = state.car(car_id)
    gate = track.tunnel_from(car.space or "") if state.rules.street else None
    if gate is None:
        return state
    if any(c.id != car_id and c.space == gate.exit and on_track(state, c) for c in state.cars):
        events.append(
            Event(
                kind="tunnel",
                car=car_id,
                data={"number": gate.number, "from": gate.entry, "to": gate.exit, "blocked": True},
            )
        )
        return state
    corner = track.space(gate.exit).corner
    stops = 0 if corner is None else car.stops if corner == car.corner else 1
    seq = state.seq + 1
    car = car.model_copy(update={"space": gate.exit, "corner": corner, "stops": stops, "arrival": seq})
    events.append(
        Event(
            kind="tunnel",
            car=car_id,
            data={"number": gate.number, "from": gate.entry, "to": gate.exit, "blocked": False},
        )
    )
    return state.with_car(car).model_copy(update={"seq": seq})
