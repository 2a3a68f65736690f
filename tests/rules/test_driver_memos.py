"""The careful and aggressive drivers' short cuts (``rules.ai.careful``, ``rules.ai.hazards``,
``rules.ai.pit_stops``) change no decision
(those drivers race in many tests, so their speed is the suite's).

The legal moves are built without pydantic's validation (``rules.moves._move``): each is
compared with the validated one. ``choose_move`` works out the hazards only for moves whose WP
alone do not rule them out (``least``); ``hazard`` counts the cars near a move from a map of the racing cars; the
pit-entry lane wanted and a gear's value are kept for the last state asked about. Each is
checked here against the plain computation, decision by decision, through races of both
drivers (``bench/same_races.py`` checks whole records commit to commit).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules.ai.careful as careful
from game.tracks.load import load_track
from rules.ai.careful import gear_value, judge_gear, least
from rules.ai.classic import AGGRESSIVE, CAREFUL
from rules.ai.hazards import hazard
from rules.ai.lane import OUT_COST
from rules.ai.pit_stops import entry_lane_wanted, pit_entry_lane
from rules.ai.registry import DRIVERS, computer_action
from rules.ai.street import street_shots
from rules.engine import chance, gear_options, moves, to_move
from rules.files.record import same_drivers
from rules.gears import ShiftCost
from rules.moves import Move
from rules.ruleset import DRESDEN_2006, FORMULA_D_BASIC, RuleSet
from rules.run.session import RaceSession
from rules.run.simulation import qualifying
from tests.conftest import REPO


def _ref_hazard(track, state, car, move, ignore=None) -> float:
    """``hazard`` as it was written first: every car of the state tested against the spaces near."""

    def dear(left: int) -> float:
        return OUT_COST if left <= 1 else 6.0 if left == 2 else 3.0

    risk = move.dangers * 0.2 * dear(car.wp.road_holding)
    if move.end is not None and not move.finishes and not track.space(move.end).in_pit:
        near = set(track.beside(move.end)) | {track.ahead(move.end)}
        crowd = sum(1 for c in state.cars if c.id not in (car.id, ignore) and c.status == "racing" and c.space in near)
        risk += crowd * 0.15 * dear(car.wp.body)
    return risk + street_shots(track, state, move) * dear(car.wp.body)


def _same_as_validated(m: Move) -> None:
    """A move the enumeration built without validation is the validated one: the same fields, of
    the same types (True == 1, so the types are compared), the same JSON, hash (without a Reason) and fields set."""
    ref = Move(**m.__dict__)
    assert m == ref and m.model_dump_json() == ref.model_dump_json()
    assert m.out is not None or hash(m) == hash(ref)  # a Reason's values are a dict: no hash either way
    assert [type(v) for v in m.__dict__.values()] == [type(v) for v in ref.__dict__.values()]
    assert m.model_fields_set == ref.model_fields_set and m.model_copy(update={"brakes": 1}).brakes == 1


def _race(name: str, rules: RuleSet, laps: int, seed: int) -> RaceSession:
    """A race of careful and aggressive drivers, alternating on the grid."""
    track = load_track(REPO / "maps" / f"{name}.tmx")
    header = same_drivers(track, rules, cars=6, laps=laps, seed=seed)
    header = header.model_copy(
        update={
            "entries": tuple(
                e.model_copy(update={"driver": ("careful", "aggressive")[i % 2]}) for i, e in enumerate(header.entries)
            )
        }
    )
    if rules.grid == "qualifying":
        header = qualifying(track, header, DRIVERS).race(header)
    return RaceSession(track, header, drivers=DRIVERS)


def _check_race(session: RaceSession, monkeypatch) -> int:
    """Play ``session`` to the flag; at every decision compare the short cuts with the plain way.
    Returns the decisions checked."""
    track = session.track
    checked = 0
    while not session.state.finished:
        state = session.state
        if chance(state) is not None:
            session.roll()
            continue
        who = to_move(state)
        assert who is not None
        driver = {"careful": CAREFUL, "aggressive": AGGRESSIVE}[session.driver_kind(who)]
        car = state.car(who)
        tyre = driver.choose_tyre(state)
        assert pit_entry_lane(track, state, car, tyre) == entry_lane_wanted(track, state, car, tyre)
        if state.phase == "move":
            found = moves(track, state)
            for m in found:
                _same_as_validated(m)
                assert hazard(track, state, car, m) == _ref_hazard(track, state, car, m)
                assert hazard(track, state, car, m, ignore="car2") == _ref_hazard(track, state, car, m, ignore="car2")
            if found and state.movement is not None and state.movement.offer[0] == "roll":
                fast = driver.choose_move(track, state, found)
                with monkeypatch.context() as mp:  # every key worked out whole, then the plain min
                    mp.setattr(
                        careful, "least", lambda ms, bound, key: min(ms, key=lambda move: key(move, bound(move)))
                    )
                    assert driver.choose_move(track, state, found) == fast
                checked += 1
        if state.phase == "gear":
            for gear, opt in gear_options(track, state).items():
                if isinstance(opt, ShiftCost):
                    assert gear_value(driver, track, state, car, gear, opt) == judge_gear(
                        driver, track, state, car, gear, opt, False
                    )
            checked += 1
        session.act(computer_action(track, state, session.driver_kind(who)))
    return checked


def test_the_older_drivers_short_cuts_pick_what_the_plain_computation_picks_basic(monkeypatch):
    """fd-basic on the oval: hazards, the least move, the pit-entry lane and the gears' values
    decision by decision, and the race is played to the flag."""
    assert _check_race(_race("oval", FORMULA_D_BASIC, laps=1, seed=3), monkeypatch) > 50


@pytest.mark.rules("ENG-D-3", "PIT-D-6", "PIT-D-7", "PIT-D-8", "PIT-D-9")
def test_the_older_drivers_short_cuts_pick_what_the_plain_computation_picks_dresden(monkeypatch):
    """dresden-2006 (stops by points, PIT-D-6..9; the boost, ENG-D-3) on Kranzfeld."""
    assert _check_race(_race("kranzfeld", DRESDEN_2006, laps=1, seed=5), monkeypatch) > 50


_KEYS = st.lists(
    st.tuples(
        st.booleans(), st.booleans(), st.integers(0, 3), st.sampled_from([0.0, 0.15, 0.45, 1.0]), st.integers(0, 2)
    ),
    min_size=1,
    max_size=12,
)


@settings(max_examples=200, deadline=None)
@given(_KEYS)
def test_least_is_the_first_of_the_least_keys_as_min_finds_it(rows):
    """``least`` is ``min(moves, key=...)`` whenever the key's dear part only adds to its bound,
    ties going to the first move, as ``min`` does."""
    ms = [Move(path=(f"S{i}",)) for i in range(len(rows))]
    by = {m.path: r for m, r in zip(ms, rows)}

    def bound(m: Move) -> tuple:
        out, pit, wp, _, _ = by[m.path]
        return (out, pit, wp)

    def key(m: Move, first: tuple) -> tuple:
        _, _, _, extra, tail = by[m.path]
        return (first[0], first[1], first[2] + extra, tail)

    assert least(ms, bound, key) is min(ms, key=lambda m: key(m, bound(m)))
