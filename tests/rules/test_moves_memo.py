"""The remembered legal moves (``rules.moves.legal_moves`` keeps the lists of its last requests,
and the exploration goes on from the states a shorter roll from the same start reached): a
request differing in any field, or on another track or rule set, is worked out anew, and a
remembered list is the list the enumeration makes."""

from __future__ import annotations

import dataclasses
import sys
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import moves as moves_module
from rules.moves import MoveRequest, legal_moves
from rules.ruleset import FORMULA_D_BASIC
from tests.rules.test_moves import TRACK_SPACES, oval, position_request, positions, request


@pytest.mark.rules("CORE-BLOCK-1")
def test_CORE_BLOCK_1_the_remembered_moves_are_the_enumerations_including_a_blocked_roll() -> None:
    """Asked twice, the same moves; and the same as a fresh enumeration, for an open roll and for
    one a wall of cars blocks (CORE-BLOCK-1: the blocked move and its cost)."""
    track = oval()
    open_roll = request("B1", 6, brakes=3, tyres=4)
    row = track.space("B1").row
    wall = [s.name for s in track.row_spaces(row + 3)]
    blocked = request("B1", 6, wall, brakes=3, tyres=4)
    for req in (open_roll, blocked):
        moves_module.forget()
        first = legal_moves(req)
        assert legal_moves(req) == first == moves_module._legal_moves(req)
    assert any(m.blocked for m in legal_moves(blocked)) and not any(m.blocked for m in legal_moves(open_roll))


@pytest.mark.parametrize("name", [f.name for f in dataclasses.fields(MoveRequest) if f.name not in ("track", "rules")])
def test_every_field_of_a_request_keys_its_remembered_moves(name: str) -> None:
    """A new field of MoveRequest that the key forgot would hand one request another's moves."""
    req = request("B1", 6)
    # a value of no field's type on purpose: it differs from any request's own
    changed = dataclasses.replace(req, **{name: object()})  # type: ignore[arg-type]
    assert moves_module._request_key(changed) != moves_module._request_key(req)


def test_another_track_or_rule_set_is_not_handed_the_remembered_moves() -> None:
    """The track and the rules are compared by identity: a copy on other terms is enumerated."""
    req = request("B1", 7, brakes=2, tyres=3)
    legal_moves(req)
    strict = FORMULA_D_BASIC.model_copy(update={"spin_max_overshoot": 0})
    other = dataclasses.replace(req, rules=strict)
    assert legal_moves(other) == moves_module._legal_moves(other)
    copy = dataclasses.replace(req, track=oval().model_copy())
    assert legal_moves(copy) == moves_module._legal_moves(copy)
    assert moves_module._LEGAL[moves_module._request_key(req)][0] is copy.track


def test_only_the_last_requests_are_kept() -> None:
    moves_module.forget()
    for roll in range(1, 11):
        for brakes in range(10):
            legal_moves(request("B1", roll, brakes=brakes))
    assert len(moves_module._LEGAL) <= moves_module._LEGAL_KEPT


@pytest.mark.rules("CORE-MOVE-4", "CORE-BLOCK-1")
@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(TRACK_SPACES),
    st.lists(st.sampled_from(TRACK_SPACES), max_size=6, unique=True),
    st.lists(st.integers(0, 30), min_size=2, max_size=6),
    st.integers(0, 4),
    st.sampled_from([1, 99]),
)
def test_CORE_BLOCK_1_CORE_MOVE_4_rolls_asked_in_any_order_from_one_start_give_the_fresh_enumerations_moves(
    start: str,
    cars: list[str],
    rolls: list[int],
    brakes: int,
    laps_to_go: int,
) -> None:
    """Longer and shorter rolls from one start, asked one after another (the
        exploration of one goes on from the other's states), make exactly the moves each makes alone:
        the same paths, costs, blocks (CORE-BLOCK-1) and shortest-way refusals (CORE-MOVE-4), and a roll
    that crosses the finish line ends there whatever a longer one asked before it reached."""
    cars = [c for c in cars if c != start]
    fields = (cars, cars[:1])  # every other request among fewer cars: it must not be handed the others' states
    reqs = [
        request(start, roll, fields[i % 2], brakes=brakes, tyres=3, laps_to_go=laps_to_go)
        for i, roll in enumerate(rolls)
    ]
    alone = []
    for req in reqs:
        moves_module.forget()
        alone.append(legal_moves(req))
    moves_module.forget()
    assert [legal_moves(req) for req in reqs] == alone


def test_the_window_and_a_thinking_driver_may_ask_for_moves_at_once() -> None:
    """RaceControl.think asks in a thread of its own while the window asks for the moves it shows:
    threads switching every microsecond, each asking past the kept limit, all get the
    enumeration's moves and none breaks the remembered lists (their eviction once raised
    "dictionary changed size during iteration")."""
    moves_module.forget()
    reqs = [request("B1", roll, brakes=b) for roll in range(1, 12) for b in range(8)]
    errors: list[str] = []
    wrong: list[MoveRequest] = []

    def ask(offset: int) -> None:
        try:
            for i in range(1500):
                req = reqs[(i * 7 + offset) % len(reqs)]
                if legal_moves(req) != moves_module._legal_moves(req):
                    wrong.append(req)
        except Exception as e:  # noqa: BLE001 - any error in a thread is the failure
            errors.append(repr(e))

    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=ask, args=(k,)) for k in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(before)
    assert errors == [] and wrong == []
    assert len(moves_module._LEGAL) <= moves_module._LEGAL_KEPT


def _every_walk_judged(req: MoveRequest) -> list:
    """``_legal_moves`` judging every walk of every layer (``_outcome``), none passed over."""
    ctx = moves_module.Ctx(req)
    layers, full = moves_module._explore(ctx)
    found: dict = {}
    for k, layer in enumerate(layers):
        for walk, path in layer.items():
            o = moves_module._outcome(ctx, walk, not full and k == len(layers) - 1)
            if type(o) is tuple:
                found.setdefault((walk.space if path else None, o), path)
    return [moves_module._move(req, path, o) for (_, o), path in found.items()]


@pytest.mark.rules("CORE-BRAKE-1", "PIT-B-6")
@settings(max_examples=150, deadline=None)
@given(positions())
def test_CORE_BRAKE_1_walks_too_short_to_brake_to_are_passed_over_as_the_outcome_refuses_them(kw: dict) -> None:
    """The enumeration judges a walk more spaces short of the roll than the brake WP left only if it
    finished or waits in the pit lane (CORE-BRAKE-1, PIT-B-6): the same moves, in the same order,
    as judging every walk."""
    req = position_request(kw)
    assert moves_module._legal_moves(req) == _every_walk_judged(req)


def test_the_board_of_a_request_is_the_state_s_own() -> None:
    """``move_request`` keeps the occupied spaces and markers of the last cars and markers asked
    about: another car's move or a new marker gives the new sets, the same ones the same."""
    from rules.turn import move_request
    from tests.rules.fixtures import OVAL, behind

    state, _ = behind()
    first = move_request(OVAL, state)
    assert move_request(OVAL, state.model_copy()).occupied is first.occupied
    other = next(c for c in state.cars if c.id != state.active)
    moved = state.with_car(other.model_copy(update={"space": "A40"}))
    assert move_request(OVAL, moved).occupied == (first.occupied - {other.space}) | {"A40"}
    marked = state.model_copy(update={"markers": (*state.markers, "A41")})
    assert move_request(OVAL, marked).markers == first.markers | {"A41"}
    assert move_request(OVAL, state).occupied == first.occupied and move_request(OVAL, state).markers == first.markers


def test_CORE_MOVE_5_the_rows_of_the_cars_are_the_request_s_own() -> None:
    """``obstacle_rows`` (CORE-MOVE-5) is kept for the last occupied spaces and markers: requests
    among the same sets share it, another set of cars gets its own rows."""
    track = oval()
    cars = frozenset({"A10", "B12", "C30"})
    first = request("B1", 6, cars).obstacle_rows
    assert request("B3", 9, cars).obstacle_rows is first
    moved = request("B1", 6, cars - {"C30"} | {"C31"}).obstacle_rows
    assert moved == {
        lane: tuple(sorted(track.space(n).row for n in cars - {"C30"} | {"C31"} if track.space(n).lane == lane))
        for lane in {track.space(n).lane for n in cars - {"C30"} | {"C31"}}
    }
    assert request("B1", 6, cars).obstacle_rows == first
