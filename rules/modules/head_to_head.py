"""Head-to-head: level cars bid karma for their turn order (H2H-1..3, AMB-42).

When it is asked: in a game round after the first, when the sweep (``rules.order.Sweep``) is
about to take the next car from two or more level cars (same lap, same row, on the track:
ORDER-D-2, ``Sweep.level``), and at least one of their drivers has karma to bid. Each such
group is asked once per game round: when the first of them has moved, the rest keep the
order the bids gave them. Game round 1 runs in grid order (RACE-D-6), so it has no
head-to-head. The rules let any level driver call it (H2H-1); the engine asks every
level driver with karma, and a bid of 0 is "no call": if all bid 0, the normal order stands.

The bidding (phase "bid", ``LeagueRace.bids``): the drivers bid one after the other in the
order the level-car rules would give them, each an integer from 0 to their pool (``Bid``);
a driver with no karma bids 0 without being asked. The bids stay in the state, where only
the engine reads them: no event shows a bid before the last one is in. Then every bidder
pays the bid (all-pay, AMB-42), each bid is shown (event "bid"), and the group moves by
the larger bid, then the higher gear, then the first arrival (H2H-3, ``rules.tables.karma.
head_to_head``): the sweep reads each car's bid (``CarPosition.bid``) until that car has
moved this game round.

Rules here: H2H-1..3, AMB-42, KARMA-3 (the "XX" karma of a head-to-head).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.actions import Bid, Event
from rules.modules.base import IllegalAction
from rules.reasons import Code, Reason
from rules.state import HeadToHead, Phase, RaceState
from rules.tables import karma


def call(state: RaceState, level: Sequence[str], events: list[Event]) -> RaceState:
    """H2H-1: the level cars the sweep is about to order bid for it, unless they did this
    round already or none of their drivers has karma; else the state unchanged."""
    if not state.rules.head_to_head or len(level) < 2 or _decided(state, level):
        return state
    if not any(state.car(c).league.karma for c in level):
        return state
    return _next_bidder(
        state.with_league(bids=HeadToHead(cars=tuple(level))).model_copy(update={"phase": Phase.BID}), events
    )


def _decided(state: RaceState, level: Sequence[str]) -> bool:
    """Were these cars ordered by a head-to-head this game round already (once per group)?"""
    return any(set(level) <= set(h.cars) for h in state.league.head_to_heads)


def bidder(state: RaceState) -> str | None:
    """The driver to bid now (phase "bid")."""
    h = state.league.bids
    if state.phase != Phase.BID or h is None:
        return None
    return h.cars[len(h.bids)]


def on_bid(state: RaceState, action: Bid, events: list[Event]) -> RaceState:
    """H2H-2: one driver's secret bid, 0 up to the pool (AMB-42, AMB-41d)."""
    h = state.league.bids
    if h is None:  # a position in the bid phase with no head-to-head
        raise IllegalAction(Reason(rule="H2H-2", code=Code.NOT_NOW, values={"action": "bid"}))
    pool = state.car(h.cars[len(h.bids)]).league.karma
    if action.amount > pool:
        raise IllegalAction(
            Reason(rule="H2H-2", code=Code.BID_TOO_HIGH, values={"amount": action.amount, "karma": pool})
        )
    return _next_bidder(state.with_league(bids=h.model_copy(update={"bids": h.bids + (action.amount,)})), events)


def _next_bidder(state: RaceState, events: list[Event]) -> RaceState:
    """Drivers without karma bid 0 unasked; when every bid is in, the head-to-head is decided."""
    h = state.league.bids
    assert h is not None
    while len(h.bids) < len(h.cars) and not state.car(h.cars[len(h.bids)]).league.karma:
        h = h.model_copy(update={"bids": h.bids + (0,)})
    if len(h.bids) < len(h.cars):
        return state.with_league(bids=h)
    return _decide(state, h, events)


def _decide(state: RaceState, h: HeadToHead, events: list[Event]) -> RaceState:
    """All-pay (AMB-42): every bidder pays; the bids are shown with the order they give (H2H-3)."""
    bids = dict(zip(h.cars, h.bids))
    cars = {c: state.car(c) for c in h.cars}
    order = karma.head_to_head(bids, {c: cars[c].gear for c in h.cars}, {c: cars[c].arrival for c in h.cars})
    for car_id in h.cars:
        car = cars[car_id].with_league(karma=cars[car_id].league.karma - bids[car_id])
        state = state.with_car(car)
        events.append(
            Event(
                kind="bid",
                car=car_id,
                data={"amount": bids[car_id], "left": car.league.karma, "place": order.index(car_id) + 1},
            )
        )
    return state.with_league(bids=None, head_to_heads=state.league.head_to_heads + (h,)).model_copy(
        update={"phase": Phase.CHECK}
    )


def bid_of(state: RaceState, car_id: str) -> int:
    """H2H-3: the car's bid for its place among level cars this game round, until it has moved."""
    if state.sweep is not None and car_id in state.sweep.moved:
        return 0
    return next((b for h in state.league.head_to_heads for c, b in zip(h.cars, h.bids) if c == car_id), 0)


def new_round(state: RaceState) -> RaceState:
    """A new game round: last round's head-to-heads are over."""
    return state.with_league(head_to_heads=()) if state.league.head_to_heads else state
