"""What a level's move is worth, for all the moves of one position at once.

A level values the moves of one position together: the few of each face of each gear it plays
out (``Level.gear_value``), then every move of the roll it got (``Level.choose_move``). What those
values share is read once for the position: the moving car, its checks' odds and prices and the
share of a lap left after this one (``check_risk.Risk``), the cars near each end (``race_ahead.Field``,
shared by every position of one decision), whether a basic stop is at stake (``stop_at_stake``),
the tyres' multiplier and slide and the look-ahead. Each is the same function's answer as a move
alone gets, added in the same order, so a value is ``Level.move_value``'s to the last bit.
"""

from __future__ import annotations

from typing import Protocol

from rules.ai.check_risk import risk_of
from rules.ai.flag_order import FlagOrder
from rules.ai.judging import slides_after
from rules.ai.lane import lane_model
from rules.ai.lookahead import lookahead, odds
from rules.ai.pit_stops import kept_chance, pit_progress, stop_at_stake
from rules.ai.prices import Prices
from rules.ai.race_ahead import room_odds
from rules.engine import multiplier, slide_spaces
from rules.modules import pits
from rules.modules.qualifying_lap import standstill
from rules.moves import Move
from rules.state import CarState, RaceState
from rules.track import Track


class Level(Protocol):
    """What a position reads of the level that values its moves (``rules.ai.levels.Level``)."""

    @property
    def exposure(self) -> float: ...
    @property
    def exposed(self) -> float: ...
    @property
    def boxed(self) -> float: ...
    @property
    def depth(self) -> int: ...
    @property
    def finish(self) -> float: ...
    @property
    def missed(self) -> float: ...
    @property
    def flag(self) -> float: ...

    def pit_lane(self, track: Track, state: RaceState, car: CarState) -> int | None: ...
    def stop_value(
        self, track: Track, state: RaceState, car: CarState, brakes: int, prices: Prices, depth: int
    ) -> float: ...
    def _street_value(self, track: Track, state: RaceState, car: CarState, m: Move, prices: Prices) -> float: ...
    def _slip_option(self, track: Track, state: RaceState, m: Move, end: str) -> float: ...


class Position:
    """A level's view of the active car's moves in ``state`` at ``prices``."""

    def __init__(self, level: Level, track: Track, state: RaceState, prices: Prices) -> None:
        self.level, self.track, self.state, self.prices = level, track, state, prices
        self.car = car = state.car(state.active or "")
        self.risk = risk_of(track, state, car, prices, level.exposure, level.exposed)
        self.basic = stop_at_stake(track, state, level)  # else no move's stop_chance is asked
        self.mult, self.spin_max = multiplier(state, car), state.rules.spin_max_overshoot
        self.slide = slide_spaces(state, car)
        self.la = lookahead(track)
        self.dice = odds(state.rules.gear_dice)
        self.order = FlagOrder(track, state, car, self.dice) if level.flag else None

    def value(self, m: Move) -> float:
        """What ending this segment with ``m`` is worth, in spaces, the next turns included."""
        level, track, state, prices, car = self.level, self.track, self.state, self.prices, self.car
        if m.out is not None or standstill(state, m):
            return -prices.out
        tyres = car.wp.tyres - m.tyres
        value = len(m.path) - prices.brakes(car.wp.brakes, m.brakes)
        if pits.enters(track, state, m):  # PIT-B-8: the tyres restored on entry, those worn on the way in free
            tyres = pits.start_tyres(state, car)
        else:
            value -= prices.tyres(car.wp.tyres, m.tyres)
        value -= self.risk.of(m)
        if m.spin:
            return value - prices.spin
        laps_after = self.risk.laps_after
        if level.boxed and m.end is not None and laps_after and not m.finishes and not track.space(m.end).in_pit:
            room = self.risk.field.box_room(track, state, car, m.end)
            value -= (
                level.boxed
                * laps_after
                * prices.out
                * room_odds(state, car, room, car.wp.brakes - m.brakes, car.wp.tyres - m.tyres)
            )
        if m.in_box and not state.rules.pit_points:  # PIT-B-4: at the box the stop is made, wanted or not
            return value + level.stop_value(track, state, car, car.wp.brakes - m.brakes, prices, level.depth)
        # a basic stop wanted: valued below
        basic = kept_chance(track, state, m, m.end or car.space) if self.basic else None
        if basic is None:
            # by points (PIT-D-11); a basic stop's progress is 0 where its chance is None
            value += (
                pit_progress(track, state, m, state.moves_left or len(m.path), level) if state.rules.pit_points else 0.0
            )
        if m.finishes:  # CORE-END-1: ahead of every rival that has not crossed yet
            return value + level.finish + (level.flag * self.order.finishing() if self.order is not None else 0.0)
        end = m.end or car.space
        if end is None:
            return value
        if track.space(end).in_pit:
            return value + self._out_of_pit(end, car.wp.brakes - m.brakes, tyres)
        if state.rules.street:
            value += level._street_value(track, state, car, m, prices)
        value += level._slip_option(track, state, m, end)
        if self.order is not None:  # CORE-END-1: ahead of the rivals that can cross next turn
            value += level.flag * self.order.stake(end, car.gear, m.corner, m.stops)
        mult, spin_max, la, slide = self.mult, self.spin_max, self.la, self.slide
        corner, stops, brakes, tyres = m.corner, m.stops, car.wp.brakes - m.brakes, car.wp.tyres - m.tyres
        if slide and slides_after(track, state, m, end):  # TYRE-2: the slide the stop goes on with, along the lane
            s = la.step(end, slide, corner, stops - 1, brakes, tyres, mult, spin_max, prices)
            if s.out or s.end is None:
                return value - prices.out
            value += s.value
            end, corner, stops, brakes, tyres = s.end, s.corner, s.stops, s.brakes, s.tyres
        ahead = la.value(
            self.dice, end, car.gear, corner, stops, brakes, tyres, mult, spin_max, prices, level.depth, slide
        )
        if basic is not None:  # PIT-B-2: the stop lost, or next turn the box (the turn it takes)
            kept = (
                basic if end == (m.end or car.space) else kept_chance(track, state, m, end)
            ) or 0.0  # moved on by a slide
            lane = lane_model(track)
            if kept and lane.corner_ahead(end)[0] > lane.to_pit_entry(end) and track.space(end).corner is None:
                box = lane.to_box(end, car.box or "") + level.stop_value(
                    track, state, car, brakes, prices, level.depth - 1
                )
                ahead = kept * box + (1 - kept) * (ahead - level.missed)
            else:  # a corner before the entry: the lane's view counts it, the box is beyond it
                ahead -= (1 - kept) * level.missed
        return value + ahead

    def _out_of_pit(self, end: str, brakes: int, tyres: int) -> float:
        """What a move that ends in the pit lane past the box leads to (PIT-B-2: no speed limit): the
        look-ahead from the pit exit, less the pit lane's spaces still to drive to it; nothing under stops
        by points, where the careful plan drives the pit lane (PIT-D-4)."""
        pit = self.track.pit
        if pit is None or end not in pit.spaces or self.state.rules.pit_points:
            return 0.0
        left = len(pit.spaces) - pit.spaces.index(end)
        return -left + self.la.value(
            self.dice,
            pit.exit,
            self.car.gear,
            None,
            0,
            brakes,
            tyres,
            self.mult,
            self.spin_max,
            self.prices,
            self.level.depth,
            self.slide,
        )
