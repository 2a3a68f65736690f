"""The look-ahead's memos (``rules.ai.lookahead``) change no value, stay out of the garbage
collector's way and stay bounded (the slowest decision and the window's animation).

The look-ahead shares a gear's expectation between every gear it is reached from, works out the
price-free part of a step once per space and roll, and keeps its memos as plain tuples of plain
values. The reference below is the look-ahead as plain recursion, without any memo: every value
must be the same to the last bit, or a driver's decision could change.
"""

from __future__ import annotations

import gc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules.ai.lookahead as la_module
from rules.ai.lookahead import Lookahead, Priced, lookahead, odds
from rules.ai.overshoot import flights
from rules.ai.prices import Prices
from rules.ruleset import FORMULA_D_BASIC
from tests.rules.test_odds import TRACK

DICE = odds(FORMULA_D_BASIC.gear_dice)
SPACES = sorted(s.name for s in TRACK.spaces if not s.in_pit)


def _ref_choose(over, fatal, roll, brakes, tyres, mult, spin_max, p: Prices) -> tuple[float, int, int]:
    """CORNER-6, CORNER-7: the best (value, brake WP, tyre WP lost) of braking and flying out of
    ``over`` spaces, each mix's sums for this roll compared (the first of equal ones wins)."""
    best: tuple[float, int, int] | None = None
    for braked in range(min(brakes, over) + 1):
        flown = over - braked
        if flown and fatal:
            continue
        loss = flown * mult
        value = roll - braked - p.brakes(brakes, braked) - p.tyres(tyres, loss)
        if flown and loss >= tyres:
            if loss > tyres or flown > spin_max:  # CORNER-6, FD08-SPIN-2
                continue
            value -= p.spin  # CORNER-7
        if best is None or value > best[0]:
            best = (value, braked, loss)
    return best or (-p.out, -1, 0)


def _ref_corner_walks(track, space: str) -> list[tuple[str, ...]]:
    """Every walk on from ``space`` that stays inside its corner (CORNER-3), step by step."""
    corner = track.space(space).corner
    walks: list[tuple[str, ...]] = [()]
    for nxt in track.successors(space):
        sp = track.space(nxt)
        if sp.corner == corner and not sp.in_pit and not track.crosses_line(space, nxt):
            walks += [(nxt, *w) for w in _ref_corner_walks(track, nxt)]
    return walks


def _ref_step(la: Lookahead, space, roll, corner, stops, brakes, tyres, mult, spin_max, p: Prices) -> tuple:
    """CORNER-4..7, CORE-BRAKE-1 as the look-ahead reads them, worked out from scratch: along the lane,
    and where the lane's room in the corner is too short, the corner's longest walk (the first found)."""
    track, lane = la.track, la.lane
    brakes, tyres = min(brakes, 4), min(tyres, 5)
    here = track.space(space).corner
    if here is not None and corner == here and stops < track.corners[here].stops:
        room, need, made, target = lane.left_in_corner(space), track.corners[here].stops, stops, here
        before, inside = 0, space
    else:
        dist, c, length = lane.corner_ahead(space)
        if c < 0 or roll < dist:
            return (float(roll), False, lane.walk(space, roll), None, 0, brakes, tyres)
        room, need, made, target = dist + length - 1, track.corners[c].stops, 0, c
        before, inside = dist, lane.walk(space, dist)
    at_room, at_roll = lane.walk(space, room), lane.walk(space, roll)
    if roll > room and inside is not None:
        walks = _ref_corner_walks(track, inside)
        longest = max(walks, key=len)  # the first of the longest
        if len(longest) > room - before:
            room = before + len(longest)
            at_room = longest[-1]
            at_roll = longest[roll - before - 1] if roll <= room else lane.walk(at_room, roll - room)
    if roll <= room:
        return (float(roll), False, at_roll, target, made + 1, brakes, tyres)
    over = roll - room
    fatal = (need == 2 and made == 0) or (need == 3 and made <= 1)  # CORNER-5
    value, braked, loss = _ref_choose(over, fatal, roll, brakes, tyres, mult, spin_max, p)
    if braked < 0:
        return (-p.out, True, None, None, 0, brakes, tyres)
    if loss:  # flown out
        return (value, False, at_roll, None, 0, brakes - braked, tyres - loss)
    return (value, False, at_room, target, made + 1, brakes - braked, tyres)


def _ref_turn(la, space, roll, corner, stops, brakes, tyres, mult, spin_max, p, slide) -> tuple:
    """TYRE-2: the roll, then the slide after a stop in a corner."""
    s = _ref_step(la, space, roll, corner, stops, brakes, tyres, mult, spin_max, p)
    if not slide or s[1] or s[2] is None or s[3] is None:
        return s
    after = _ref_step(la, s[2], slide, s[3], s[4] - 1, s[5], s[6], mult, spin_max, p)
    if after[1]:
        return after
    return (s[0] + after[0], False, *after[2:])


def _ref_value(la, space, gear, corner, stops, brakes, tyres, mult, spin_max, p, depth, slide) -> float:
    brakes, tyres = min(brakes, 4), min(tyres, 5)
    best = -p.out
    for nxt in range(max(1, gear - 3), min(6, gear + 1) + 1):  # CORE-GEAR-2..4: up one, down by up to three
        skips = max(0, gear - nxt - 1)
        b = brakes - 1 if skips == 2 else brakes  # TAB-DOWNSHIFT: two skipped gears cost a brake WP too
        if skips == 2 and brakes < 1:
            continue
        total = -p.skip * skips if skips else 0.0
        for face, q in DICE[nxt - 1]:
            s = _ref_turn(la, space, face, corner, stops, b, tyres, mult, spin_max, p, slide)
            total += q * s[0]
            if depth > 1 and not s[1] and s[2] is not None:
                total += q * _ref_value(la, s[2], nxt, s[3], s[4], s[5], s[6], mult, spin_max, p, depth - 1, slide)
        best = max(best, total)
    return best


prices = st.builds(
    Prices,
    brake=st.sampled_from([0.5, 1.05, 2.0]),
    tyre=st.sampled_from([0.6, 0.9, 2.0]),
    scarce=st.sampled_from([0.0, 1.25, 3.05]),
    out=st.sampled_from([60.0, 80.0]),
    spin=st.sampled_from([12.0]),
    skip=st.sampled_from([0.75, 4.0]),
)


@st.composite
def positions(draw: st.DrawFn) -> tuple:
    space = draw(st.sampled_from(SPACES))
    here = TRACK.space(space).corner
    corner = draw(st.sampled_from([None, here])) if here is not None else None
    stops = draw(st.integers(0, TRACK.corners[corner].stops)) if corner is not None else 0
    return (
        space,
        draw(st.integers(1, 6)),
        corner,
        stops,
        draw(st.integers(-2, 6)),  # fewer than none: a qualifying lap strikes no WP, its moves may cost more
        draw(st.integers(-3, 7)),
        draw(st.integers(1, 2)),
        draw(st.integers(1, 2)),
        draw(prices),
        draw(st.integers(1, 2)),
        draw(st.sampled_from([0, 3])),
    )


@pytest.mark.rules("CORNER-4", "CORNER-5", "CORNER-6", "CORNER-7", "TYRE-2")
@settings(max_examples=60, deadline=None)
@given(st.lists(positions(), min_size=1, max_size=6))
def test_CORNER_4_to_7_and_TYRE_2_the_remembered_lookahead_values_are_the_plain_expectimax_to_the_bit(
    found: list[tuple],
) -> None:
    """Positions asked one after another (the memos shared between them, as in a race, where a
    gear's expectation reached from another gear is taken from the memo) value exactly as the
    plain recursion does, each step (its overshoot, braking, spin, CORNER-4..7) and each value."""
    la = lookahead(TRACK)
    for space, gear, corner, stops, brakes, tyres, mult, spin_max, p, depth, slide in found:
        got = la.value(DICE, space, gear, corner, stops, brakes, tyres, mult, spin_max, p, depth, slide)
        assert got == _ref_value(la, space, gear, corner, stops, brakes, tyres, mult, spin_max, p, depth, slide)
        for roll in (1, 4, 9, 15):
            assert tuple(la.turn(space, roll, corner, stops, brakes, tyres, mult, spin_max, p, slide)) == _ref_turn(
                la, space, roll, corner, stops, brakes, tyres, mult, spin_max, p, slide
            )


def test_the_memos_hold_nothing_the_garbage_collector_walks() -> None:
    """Once a collection has seen them, no key or value of a memo is tracked by the garbage collector
    (a Prices object or a named tuple in them would be, and every full pass would walk them all:
    the slowest decisions were those passes); the memos by price are never tracked at all."""
    la = Lookahead(TRACK)
    p = Prices(brake=1.0, tyre=1.0, scarce=2.0, out=50.0, spin=10.0, skip=1.0)
    for space in SPACES[:40]:
        la.value(DICE, space, 4, None, 0, 3, 4, 1, 1, p, 2, 3)
        la.value(DICE, space, 5, None, 0, 3, 4, 1, 1, p, 2, 0)  # no slide: the last two turns by their shape
    gc.collect()
    priced = [getattr(memos, name) for memos in la._priced.values() for name in Priced.__slots__]
    memos = (la._steps, la._values, la._gears, la.shapes.ways, *priced)
    assert all(memos)
    tracked = [x for memo in memos for item in memo.items() for x in item if gc.is_tracked(x)]
    assert tracked == []
    for space in SPACES[40:60]:  # more values after the collector's pass: its memos stay out of its view
        la.value(DICE, space, 5, None, 0, 3, 4, 1, 1, p, 2, 0)
    by_shape = la._priced[(1, 1, p.pid)]
    assert not any(gc.is_tracked(memo) for memo in (by_shape.leaves, by_shape.sums, by_shape.turns, by_shape.gears))


def test_a_full_memo_starts_afresh_and_the_values_stay_the_same(monkeypatch) -> None:
    """Past MEMO_LIMIT positions the model forgets (bounded memory and collector passes), and what
    it works out again is the same."""
    ps = [Prices(brake=1.05, tyre=0.9, scarce=scarce, out=80.0, spin=12.0, skip=0.75) for scarce in (1.25, 2.0, 3.05)]
    kept = Lookahead(TRACK)
    want = [kept.value(DICE, s, 3, None, 0, 2, 3, 1, 1, p, 2, 0) for s in SPACES[:30] for p in ps]
    monkeypatch.setattr(la_module, "MEMO_LIMIT", 0)
    small = Lookahead(TRACK)
    got = [small.value(DICE, s, 3, None, 0, 2, 3, 1, 1, p, 2, 0) for s in SPACES[:30] for p in ps]
    assert got == want
    assert len(kept._priced) == 3 and len(small._priced) == 1  # only the prices of the last look are kept


@pytest.mark.rules("CORNER-6", "CORNER-7")
@settings(max_examples=60, deadline=None)
@given(
    prices,
    st.integers(1, 9),
    st.booleans(),
    st.integers(-2, 4),  # fewer than none after a qualifying lap's move (no WP struck)
    st.integers(-3, 5),
    st.integers(1, 2),
    st.integers(1, 2),
)
def test_CORNER_6_7_the_way_out_chosen_once_for_every_roll_is_each_roll_s_best_to_the_bit(
    p: Prices, over: int, fatal: bool, brakes: int, tyres: int, mult: int, spin_max: int
) -> None:
    """The cheapest mix of braking and flying out is chosen once for an overshoot and the WP left,
    whatever the roll, unless two mixes are within the rounding of each other: each roll then gets
    what the plain comparison of that roll's sums gets."""
    memos = Priced()
    for roll in range(over, 41):
        want = _ref_choose(over, fatal, roll, brakes, tyres, mult, spin_max, p)
        assert Lookahead._choose(memos, over, fatal, roll, brakes, tyres, mult, spin_max, p) == want


def test_CORNER_6_7_two_ways_out_as_dear_are_chosen_roll_by_roll() -> None:
    """A brake WP that costs exactly what the tyre WP of the space flown costs: no mix is the
    cheapest for sure, so each roll compares its own sums (the first of equal ones wins)."""
    p = Prices(brake=1.0, tyre=2.0, scarce=0.0, out=60.0, spin=12.0, skip=1.0)
    ways = flights(1, False, 2, 5, 1, 1, p)
    assert ways == (0, 0.0, 2.0, None, 1, 1, 1.0, 0.0, None, 0)  # both mixes, five fields each
    memos = Priced()
    assert [Lookahead._choose(memos, 1, False, roll, 2, 5, 1, 1, p) for roll in (3, 7)] == [(1.0, 0, 1), (5.0, 0, 1)]
    assert flights(3, True, 2, 5, 1, 1, p) == ()  # a missed stop flying out, too few brake WP
    dear = Prices(brake=1.0, tyre=5.0, scarce=0.0, out=60.0, spin=12.0, skip=1.0)
    assert flights(2, False, 2, 5, 1, 1, dear) == (2, 2.0, 0.0, None, 0)  # braking is cheaper: only it


def test_positions_of_one_shape_are_numbered_once_and_valued_alike() -> None:
    """The last two turns from positions alike (the same faces' rooms and the same shapes where
    they end) are one shape: worked out once, each position's value the plain recursion's."""
    la = Lookahead(TRACK)
    p = Prices(brake=1.05, tyre=0.9, scarce=1.25, out=80.0, spin=12.0, skip=0.75)
    by_shape: dict[int, list[str]] = {}
    for space in SPACES:
        by_shape.setdefault(la.shapes.turn(DICE, 4, space, None, 0), []).append(space)
    shared = [spaces for spaces in by_shape.values() if len(spaces) > 1]
    assert shared and len(by_shape) < len(SPACES)
    for spaces in shared[:5]:
        for space in spaces[:3]:
            got = la.value(DICE, space, 4, None, 0, 3, 4, 1, 1, p, 2, 0)
            assert got == _ref_value(la, space, 4, None, 0, 3, 4, 1, 1, p, 2, 0)


def test_the_models_of_the_last_two_tracks_are_kept() -> None:
    """One model per track object, and only the last MODELS of them: a bench worker that races
    every track does not keep seven tracks' memos."""
    tracks = [TRACK.model_copy() for _ in range(3)]
    models = [lookahead(t) for t in tracks]
    assert lookahead(tracks[2]) is models[2] and lookahead(tracks[1]) is models[1]
    assert len(la_module._LOOKAHEADS) <= la_module.MODELS
    assert lookahead(tracks[0]) is not models[0]
