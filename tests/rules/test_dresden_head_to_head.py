"""The Dresden turn order and the head-to-head through the engine: ORDER-D-1, ORDER-D-2,
H2H-1..3 (AMB-42); computer drivers' karma in whole races (KARMA-3, H2H-2).

Positions on the shipped oval (``maps/oval.tmx``, see fixtures.py): row 44 holds A40, B42
and C45 side by side, so cars there are level (same lap, same row: ORDER-D-2). In most tests
"x" leads alone from C60 (row 59) and moves first; when it has moved the sweep reaches row
44, where the level cars' order is about to be decided: a head-to-head (when a head-to-head
is asked: rules/modules/head_to_head.py).
"""

from __future__ import annotations

import pytest

from game.tracks.load import load_track
from rules.actions import Bid, Karma
from rules.ai.classic import AGGRESSIVE, CAREFUL
from rules.ai.registry import DRIVERS
from rules.engine import karma_offers, positions, to_move
from rules.files.record import dumps, loads, replay, same_drivers
from rules.reasons import Code
from rules.ruleset import DRESDEN_2006
from rules.run.session import RaceSession
from rules.run.simulation import play, qualifying
from rules.state import HeadToHead, RaceState
from tests.conftest import REPO
from tests.rules.fixtures import OVAL, act, car, illegal, kinds, position, quiet_turn, turn_order

D = DRESDEN_2006
DW = D.default_wear
TRACKS = sorted((REPO / "maps").glob("*.tmx"))


def level(*cars, karma: int = 30) -> RaceState:
    """x leads from C60 and is about to move; ``cars`` are (id, space, gear, arrival) on row 44,
    each with ``karma``; "t" trails on A10."""
    field = (
        [car("x", "C60", gear=3, arrival=1, wp=DW)]
        + [car(cid, space, gear=gear, arrival=arrival, karma=karma, wp=DW) for cid, space, gear, arrival in cars]
        + [car("t", "A10", arrival=0, wp=DW)]
    )
    return position(field, "x", rules=D)


def after_leader(state: RaceState) -> tuple[RaceState, list]:
    """x's quiet turn; the sweep then comes to row 44."""
    assert state.active == "x"
    return quiet_turn(state)


def bids(state: RaceState, *amounts: tuple[str, int]):
    return act(state, *(Bid(car=c, amount=n) for c, n in amounts))


# --- ORDER-D-1, ORDER-D-2 -----------------------------------------------------------------


@pytest.mark.rules("ORDER-D-1")
def test_ORDER_D_1_the_leader_first_then_the_others_by_their_place_on_the_track():
    cars = [car("c", "A10", wp=DW), car("a", "B50", wp=DW), car("b", "C31", wp=DW)]
    order, _ = turn_order(position(cars, None, rules=D), 3)
    assert order == ["a", "b", "c", "|"]


@pytest.mark.rules("ORDER-D-2")
@pytest.mark.parametrize(
    "a,b,first",
    [
        ((3, 2), (4, 5), "b"),  # ORDER-D-2: the higher gear first
        ((3, 2), (3, 5), "a"),  # the same gear: the car that reached the row first
        ((3, 7), (3, 5), "b"),
    ],
)
def test_ORDER_D_2_level_cars_higher_gear_first_then_first_arrival(a, b, first):
    """Without karma nobody bids: the level cars go by gear, then arrival."""
    state, _ = after_leader(level(("a", "A40", *a), ("b", "B42", *b), karma=0))
    assert state.phase == "gear" and state.active == first and state.league.bids is None


# --- H2H-1..3 -----------------------------------------------------------------------------


@pytest.mark.rules("H2H-1")
def test_H2H_1_level_cars_the_sweep_is_about_to_order_bid_first():
    state, ev = after_leader(level(("a", "A40", 3, 2), ("b", "B42", 3, 5)))
    assert state.phase == "bid" and state.league.bids == HeadToHead(cars=("a", "b"))
    assert to_move(state) == "a"  # in the order the level-car rules give: a arrived first
    assert not kinds(ev, "bid")


@pytest.mark.rules("H2H-2")
def test_H2H_2_AMB_42_secret_bids_all_pay_and_the_larger_bid_moves_first():
    state, _ = after_leader(level(("a", "A40", 3, 2), ("b", "B42", 3, 5)))
    state, ev = bids(state, ("a", 2))
    assert not kinds(ev, "bid") and not kinds(ev, "karma")  # nothing shows a's bid to b
    assert to_move(state) == "b" and state.car("a").league.karma == 30
    state, ev = bids(state, ("b", 5))
    assert [(e.car, e.data) for e in kinds(ev, "bid")] == [
        ("a", {"amount": 2, "left": 28, "place": 2}),
        ("b", {"amount": 5, "left": 25, "place": 1}),
    ]
    assert (state.car("a").league.karma, state.car("b").league.karma) == (28, 25)  # AMB-42: all pay
    assert state.phase == "gear" and state.active == "b" and state.league.bids is None


@pytest.mark.rules("ORDER-D-2", "H2H-3")
@pytest.mark.parametrize(
    "a,b,amounts,first",
    [
        ((3, 2), (4, 5), (2, 2), "b"),  # equal bids: the higher gear
        ((3, 2), (3, 5), (1, 1), "a"),  # equal bids and gears: the first arrival
        ((3, 2), (4, 5), (0, 0), "b"),  # all bid 0: the normal order (ORDER-D-2)
        ((5, 2), (3, 5), (0, 1), "b"),
    ],  # the larger bid beats the higher gear
)
def test_H2H_3_larger_bid_then_higher_gear_then_first_arrival(a, b, amounts, first):
    state, _ = after_leader(level(("a", "A40", *a), ("b", "B42", *b)))
    state, _ = bids(state, *zip(state.league.bids.cars, amounts))
    assert state.active == first


@pytest.mark.rules("H2H-1")
def test_H2H_1_once_per_game_round_and_group_the_order_holds_until_each_car_has_moved():
    """Three level cars bid 0, 2, 1: b, d, a. When b has moved, d and a are not asked again;
    a bid counts for the sweep only until its car has moved (CarPosition.bid)."""
    state, _ = after_leader(level(("a", "A40", 3, 2), ("b", "B42", 3, 5), ("d", "C45", 3, 6)))
    assert state.league.bids.cars == ("a", "b", "d")
    state, _ = bids(state, ("a", 0), ("b", 2), ("d", 1))
    assert state.active == "b"
    order = []
    for _ in range(3):
        order.append(state.active)
        state, _ = quiet_turn(state)
        assert state.phase == "gear", state.phase
    assert order == ["b", "d", "a"] and state.active == "t"
    assert {p.id: p.bid for p in positions(OVAL, state)} == {"x": 0, "a": 0, "b": 0, "d": 0, "t": 0}


@pytest.mark.rules("H2H-2")
def test_H2H_2_a_driver_without_karma_bids_0_unasked():
    state = level(("a", "A40", 3, 2), ("b", "B42", 3, 5))
    state = state.with_car(state.car("a").with_league(karma=0))
    state, _ = after_leader(state)
    assert state.league.bids == HeadToHead(cars=("a", "b"), bids=(0,)) and to_move(state) == "b"
    state, _ = bids(state, ("b", 1))
    assert state.active == "b" and state.car("b").league.karma == 29


@pytest.mark.rules("H2H-2")
def test_H2H_2_AMB_42_a_bid_is_0_up_to_the_pool_by_the_driver_whose_turn_it_is():
    state, _ = after_leader(level(("a", "A40", 3, 2), ("b", "B42", 3, 5)))
    assert illegal(state, Bid(car="a", amount=31)).reason.code == Code.BID_TOO_HIGH
    assert illegal(state, Bid(car="b", amount=1)).reason.code == Code.NOT_YOUR_TURN
    assert illegal(level(("a", "A40", 3, 2)), Bid(car="x", amount=1)).reason.code == Code.NOT_NOW
    with pytest.raises(ValueError):
        Bid(car="a", amount=-1)


@pytest.mark.rules("RACE-D-6", "ORDER-D-2", "H2H-1")
def test_H2H_1_no_head_to_head_in_game_round_1_nor_where_the_rules_have_none():
    """Game round 1 runs in grid order (RACE-D-6); without the switch the level cars go by
    ORDER-D-2 whatever their pools."""
    state = level(("a", "A40", 3, 2), ("b", "B42", 3, 5))
    off, _ = after_leader(state.model_copy(update={"rules": D.model_copy(update={"head_to_head": False})}))
    assert off.phase == "gear" and off.active == "a"
    first = state.model_copy(update={"round": 1, "queue": ("a", "b"), "sweep": None})
    first, _ = quiet_turn(first)
    assert first.phase == "gear" and first.active == "a"


# --- computer drivers ---------------------------------------------------------------------


@pytest.mark.rules("H2H-2")
def test_H2H_2_computer_drivers_bid_small_and_keep_a_raise():
    """The aggressive driver bids 2 and the careful one 1 only when the normal order puts it
    behind; neither lets its pool drop below a raise (20)."""
    state, _ = after_leader(level(("a", "A40", 3, 2), ("b", "B42", 3, 5)))
    second, _ = bids(state, ("a", 0))  # b arrived later: behind in the normal order
    assert (AGGRESSIVE.choose_bid(state), CAREFUL.choose_bid(state)) == (2, 0)
    assert (AGGRESSIVE.choose_bid(second), CAREFUL.choose_bid(second)) == (2, 1)
    poor = second.with_car(second.car("b").with_league(karma=21))
    broke = second.with_car(second.car("b").with_league(karma=20))
    assert AGGRESSIVE.choose_bid(poor) == 1 and AGGRESSIVE.choose_bid(broke) == 0


def mixed(track, seed: int, **entry):
    """A 10-car 3-lap Dresden race of careful and aggressive drivers, its grid qualified."""
    header = same_drivers(track, D, cars=10, laps=3, seed=seed)
    header = header.model_copy(
        update={
            "entries": tuple(
                e.model_copy(update={"driver": ("careful", "aggressive")[i % 2], **entry})
                for i, e in enumerate(header.entries)
            )
        }
    )
    return qualifying(track, header, DRIVERS).race(header)


@pytest.mark.rules("KARMA-3", "H2H-2")
def test_KARMA_3_H2H_2_ten_cars_three_laps_on_every_track_finish_with_karma_spent_and_bids_made():
    spent = 0
    for path in TRACKS:
        track = load_track(path)
        session = play(track, mixed(track, seed=3), DRIVERS)
        assert session.state.finished, path.name
        assert any(isinstance(a, Bid) and a.amount for a in session.actions), path.name
        spent += sum(1 for a in session.actions if isinstance(a, Karma) and a.spend != "accept")
        assert all(c.league.karma >= 0 for c in session.state.cars)
    assert spent


@pytest.mark.rules("KARMA-1", "KARMA-3", "H2H-2")
def test_KARMA_3_H2H_2_a_race_with_a_reroll_and_a_bid_replays_exactly():
    """Drivers with a carried pool of 100 (KARMA-1); the first re-roll on offer is taken."""
    session = RaceSession(OVAL, mixed(OVAL, seed=5, karma=100), drivers=DRIVERS)
    rerolled = False
    while not session.state.finished:
        s = session.state
        if not rerolled and s.phase == "karma" and "reroll" in karma_offers(OVAL, s, s.league.held):
            session.act(Karma(spend="reroll"))
            rerolled = True
        else:
            session.advance()
    assert rerolled and any(isinstance(a, Bid) and a.amount for a in session.actions)
    record = loads(dumps(session.record()))
    assert replay(OVAL, record).model_dump_json() == session.state.model_dump_json()
    resumed = RaceSession(OVAL, record.header, actions=record.actions, drivers=DRIVERS)
    assert resumed.state == session.state
