"""The levels' short cuts change no value, so no decision (``rules.ai.position``, ``check_risk.Risk``,
``race_ahead.Field``, ``pit_stops.stop_at_stake``).

A level values the moves of one position together (``Position``): what they share is read once,
and the cars near an end once per decision. Every value a Champion works out in a race is
compared here with ``Level.move_value`` as it was written for one move alone (``_ref_move_value``),
to the last bit, in races that reach each of its branches: a basic stop at stake (PIT-B-2), stops
by points (PIT-D-11), the street race (STREET-5, STREET-7) and the rain's slide (TYRE-2).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.tracks.load import load_track
from rules.actions import ChooseGear, Roll
from rules.ai import position
from rules.ai.check_risk import risk_of
from rules.ai.flag_order import FlagOrder
from rules.ai.judging import slides_after
from rules.ai.lane import lane_model
from rules.ai.lookahead import lookahead, odds
from rules.ai.pit_stops import pit_progress, stop_at_stake, stop_chance
from rules.ai.presets import CHAMPION
from rules.ai.prices import Prices
from rules.ai.race_ahead import (
    boxed_odds,
    cars_behind,
    dangers_ahead,
    fail,
    field_of,
    laps_after,
)
from rules.ai.registry import DRIVERS
from rules.car import Area
from rules.engine import moves, multiplier, slide_spaces
from rules.modules.damage import neighbours
from rules.modules.qualifying_lap import standstill
from rules.moves import Move
from rules.ruleset import PRESETS
from rules.run.simulation import play, race_header
from rules.state import CarState, RaceState
from rules.tables.checks import CheckKind
from rules.track import Track
from tests.conftest import REPO
from tests.rules.fixtures import OVAL, act, at_pit_entry, behind, wear


def _ref_hazard(track: Track, state: RaceState, car: CarState, m: Move, prices: Prices, level: position.Level) -> float:
    """``check_risk.hazard`` for one move alone."""
    from rules.ai.check_risk import loss

    risk = 0.0
    dangers = m.dangers
    end = m.end or car.space
    if end is None or m.finishes or track.space(end).in_pit:
        end = None
    if state.markers and end is not None and car.space is not None:
        dangers += dangers_ahead(track, state, track.space(car.space).row, end)
    if dangers:
        road = loss(track, state, car, Area.ROAD_HOLDING, prices, level.exposure)
        risk = dangers * fail(CheckKind.ROAD_HOLDING, state) * road
    if end is not None:
        near = neighbours(track, state, end)
        crowd = sum(1 for c in state.cars if c.id != car.id and c.status == "racing" and c.space in near)
        exposed = level.exposed * laps_after(track, state, car)
        behind = cars_behind(track, state, car, end) if exposed else 0
        if crowd or behind:
            hit = fail(CheckKind.COLLISION, state) * loss(track, state, car, Area.BODY, prices, level.exposure)
            risk += (crowd + exposed * behind) * hit
    return risk


def _ref_move_value(level: position.Level, track: Track, state: RaceState, m: Move, prices: Prices) -> float:
    """``Level.move_value`` as it was written for one move alone, every helper asked afresh."""
    if m.out is not None or standstill(state, m):
        return -prices.out
    car = state.car(state.active or "")
    value = len(m.path) - prices.brakes(car.wp.brakes, m.brakes)
    tyres_left = car.wp.tyres - m.tyres
    from_track = car.space is not None and not track.space(car.space).in_pit
    if not state.rules.pit_points and from_track and any(track.space(n).in_pit for n in m.path):
        tyres_left = (car.setup or state.rules.default_wear).tyres  # PIT-B-8: new on entry, the way in free
    else:
        value -= prices.tyres(car.wp.tyres, m.tyres)
    value -= _ref_hazard(track, state, car, m, prices, level)
    if m.spin:
        return value - prices.spin
    if (
        level.boxed
        and m.end is not None
        and laps_after(track, state, car)
        and not m.finishes
        and not track.space(m.end).in_pit
    ):
        value -= (
            level.boxed
            * laps_after(track, state, car)
            * prices.out
            * boxed_odds(track, state, car, m.end, car.wp.brakes - m.brakes, car.wp.tyres - m.tyres)
        )
    if m.in_box and not state.rules.pit_points:  # PIT-B-4: the stop made, wanted or not
        return value + level.stop_value(track, state, car, car.wp.brakes - m.brakes, prices, level.depth)
    basic = stop_chance(track, state, m, level, m.end or car.space)
    if basic is None:
        value += pit_progress(track, state, m, state.moves_left or len(m.path), level)
    order = FlagOrder(track, state, car, odds(state.rules.gear_dice))
    if m.finishes:
        return value + level.finish + level.flag * order.finishing()
    end = m.end or car.space
    if end is None:
        return value
    pit = track.pit
    if track.space(end).in_pit:
        if pit is None or end not in pit.spaces or state.rules.pit_points:
            return value
        out = lookahead(track).value(
            odds(state.rules.gear_dice),
            pit.exit,
            car.gear,
            None,
            0,
            car.wp.brakes - m.brakes,
            tyres_left,
            multiplier(state, car),
            state.rules.spin_max_overshoot,
            prices,
            level.depth,
            slide_spaces(state, car),
        )
        return value + (-(len(pit.spaces) - pit.spaces.index(end)) + out)
    if state.rules.street:
        value += level._street_value(track, state, car, m, prices)
    value += level._slip_option(track, state, m, end)
    value += level.flag * order.stake(end, car.gear, m.corner, m.stops)
    mult, spin_max = multiplier(state, car), state.rules.spin_max_overshoot
    la = lookahead(track)
    slide = slide_spaces(state, car)
    corner, stops, brakes, tyres = m.corner, m.stops, car.wp.brakes - m.brakes, car.wp.tyres - m.tyres
    if slide and slides_after(track, state, m, end):
        s = la.step(end, slide, corner, stops - 1, brakes, tyres, mult, spin_max, prices)
        if s.out or s.end is None:
            return value - prices.out
        value += s.value
        end, corner, stops, brakes, tyres = s.end, s.corner, s.stops, s.brakes, s.tyres
    dice = odds(state.rules.gear_dice)
    ahead = la.value(dice, end, car.gear, corner, stops, brakes, tyres, mult, spin_max, prices, level.depth, slide)
    if basic is not None:
        kept = (basic if end == (m.end or car.space) else stop_chance(track, state, m, level, end)) or 0.0
        lane = lane_model(track)
        if kept and lane.corner_ahead(end)[0] > lane.to_pit_entry(end) and track.space(end).corner is None:
            box = lane.to_box(end, car.box or "") + level.stop_value(track, state, car, brakes, prices, level.depth - 1)
            ahead = kept * box + (1 - kept) * (ahead - level.missed)
        else:
            ahead -= (1 - kept) * level.missed
    return value + ahead


@pytest.mark.rules("PIT-B-2", "PIT-D-11", "STREET-5", "STREET-7", "TYRE-2", "CORE-COLL-1", "CORE-BLOCK-1")
@pytest.mark.parametrize(
    ("name", "preset", "cars", "laps", "seed", "branch"),
    [
        ("oval", "fd-basic", 4, 2, 2, "basic"),  # worn tyres: a basic stop wanted at the end of lap 1
        ("kranzfeld", "dresden-2006", 4, 1, 9, "pit_points"),
        ("hafenstadt", "street", 4, 1, 3, "street"),
        ("oval", "fde-advanced", 4, 1, 2, "slide"),  # rain from the start
    ],
)
def test_a_position_values_every_move_as_the_level_values_one_move_alone(
    monkeypatch, name: str, preset: str, cars: int, laps: int, seed: int, branch: str
) -> None:
    """Every value of a Champion's race, to the bit: each face of each gear it plays out, each move
    of the rolls it got; the race reaches the branch it is played for."""
    track = load_track(REPO / "maps" / f"{name}.tmx")
    reached = {"values": 0, "basic": 0, "pit_points": 0, "street": 0, "slide": 0}
    plain = position.Position.value

    def checked(self: position.Position, m: Move) -> float:
        got = plain(self, m)
        assert got == _ref_move_value(self.level, self.track, self.state, m, self.prices)
        reached["values"] += 1
        reached["basic"] += self.basic
        reached["pit_points"] += self.state.rules.pit_points
        reached["street"] += self.state.rules.street
        reached["slide"] += self.slide > 0
        return got

    monkeypatch.setattr(position.Position, "value", checked)
    header, _ = race_header(track, PRESETS[preset], cars, laps, seed, "champion", DRIVERS)
    assert play(track, header, DRIVERS).state.finished
    assert reached["values"] > 1000 and reached[branch] > 100


@pytest.mark.rules("PIT-B-2")
def test_PIT_B_2_a_basic_stop_is_at_stake_only_where_a_move_may_make_it() -> None:
    """``stop_at_stake``: where it says no (fresh tyres), ``stop_chance`` is None for every move and
    end, so a position asks no move; worn tyres at the pit entry put the stop at stake."""
    for tyres, wanted in ((6, False), (1, True)):
        state, _ = act(at_pit_entry(wp=wear(tyres=tyres)), ChooseGear(gear=3), Roll(value=5))
        found = moves(OVAL, state)
        assert stop_at_stake(OVAL, state, CHAMPION) is wanted and found
        chances = [stop_chance(OVAL, state, m, CHAMPION, end) for m in found for end in (None, m.end, "A1")]
        assert any(c is not None for c in chances) is wanted


def test_the_cars_near_an_end_are_shared_while_the_other_cars_stand_alike() -> None:
    """One decision's positions share a ``Field`` (the moving car's own gear and WP do not matter);
    another car moved, or a marker laid, makes a new one."""
    state, _ = behind()
    track = OVAL
    car = state.car(state.active or "")
    field = field_of(track, state, car)
    shifted = car.model_copy(update={"gear": car.gear + 1})
    assert field_of(track, state.with_car(shifted), shifted) is field
    other = next(c for c in state.cars if c.id != car.id)
    moved = state.with_car(other.model_copy(update={"space": next(s.name for s in track.spaces if not s.in_pit)}))
    assert field_of(track, moved, car) is not field
    marked = state.model_copy(update={"markers": (*state.markers, "A1")})
    assert field_of(track, marked, car) is not field


def test_the_faces_of_a_gear_share_the_prices_of_their_checks() -> None:
    """``risk_of`` hands the faces of one gear (the same car, cars, markers, weather and prices) one
    ``Risk``; another car, another prices or a marker laid make a new one, valued as ``hazard``."""
    state, _ = behind()
    car = state.car(state.active or "")
    prices = CHAMPION.prices(OVAL, state, car)
    risk = risk_of(OVAL, state, car, prices, CHAMPION.exposure, CHAMPION.exposed)
    rolled_on = state.model_copy(update={"roll": 5, "moves_left": 5})
    assert risk_of(OVAL, rolled_on, car, prices, CHAMPION.exposure, CHAMPION.exposed) is risk
    marked = state.model_copy(update={"markers": (*state.markers, "B30")})
    other = risk_of(OVAL, marked, car, prices, CHAMPION.exposure, CHAMPION.exposed)
    assert other is not risk
    for m in moves(OVAL, marked):
        assert other.of(m) == _ref_hazard(OVAL, marked, car, m, prices, CHAMPION)
    dearer = replace(prices, out=prices.out + 1)
    assert risk_of(OVAL, state, car, dearer, CHAMPION.exposure, CHAMPION.exposed) is not risk
