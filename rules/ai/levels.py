"""The computer drivers' levels a player picks per seat: Rookie, Racer and Champion.

Every level values a position the same way, in spaces: the spaces driven, less
the WP spent at prices that rise as WP run short for the corners still ahead
(this lap and the later ones), less the expected cost of the black-die checks
the move owes, plus the next turns as ``rules.ai.lookahead`` sees them (the best
gear over each face of each die the car can reach from there). They differ in
how far and how exactly they look:

* **Champion** ranks its legal gears by the lane's view, then plays every face of
  the three best through the engine's legal moves (blocking, lanes, slipstream it
  takes, cars it may hit), takes the best destination of each face and the gear
  of the best expectation: an expectimax over this turn's die and the two turns
  after it. Its prices are
  ``TUNED``, the base prices found by self-play duels (``bench/tune_drivers.py``), moved by
  self-play 10-car fields (``FIELD_TUNED``, ``--cars 10``).
* **Racer**, the default, sees this turn along its lane as the look-ahead does
  (no legal-move enumeration for the gear, so a 10-car race simulates in a few
  seconds) unless a car races a few rows ahead, or two a few more (a block,
  CORE-BLOCK-1): then it plays out its two best gears and its lowest exactly. It picks the destination of its roll
  exactly. It is steady (``STEADY``): it keeps more WP for the corners ahead
  than the Champion. Each Racer has a temper of its own, read from its car: some pay a
  little more for safety, some less, so a grid of Racers does not drive as one.
* **Rookie** looks one turn ahead, pays too much for its WP, so it brakes early
  and rarely skips a gear, and has a timid temper: of the gears worth nearly as
  much as its best (``timid`` spaces) it takes the lowest, so it arrives at corners
  early and leaves them slowly, the way a beginner drives: a driver a new player
  can beat (``bench/newcomer.py`` wins about a third of its duels).

The field's prices (the blocks' price, the reserve for the last WP) count only the cars within
``REACH_ROWS`` rows, those that can block the car or be in its way, and they fade over the
second-last lap: on the last one the WP need last only to the flag, and a block next turn
(``boxed``) or a car ending beside it (``exposed``) risks only the race's last spaces. Over the last
``LAST_CORNERS`` corners every WP price falls to nothing, since a WP left at the flag is worth
nothing. Stopping where a slipstream is on offer does not count the slipstream it declines.

Every level counts the rain's slide after a stop in a corner (TYRE-2: the stop
counts where the slide ends), the street race's tunnels and windows (STREET-7,
STREET-5), and the black-die checks at their exact odds (CORE-DANGER-2,
CORE-COLL-2, FD08-COLL-1: the cars it stops beside and the cars close behind it
that may end beside it; CORE-DANGER-2/3: the markers it drives over and those of
the next rows it cannot get round, so braking short of a wall of markers buys
nothing). A retirement costs the race still to drive; the last WP
of the body and road holding is that (CORE-DANGER-4, CORE-COLL-3), and the last
but one the chance that the checks still ahead, counted from the cars and markers
racing, fail once more, so a car in a field of ten keeps clear of markers and
neighbours. It stops for repairs from the reserve when the retirement they take
away is worth the long stop's round (PIT-A-1, PIT-A-4). Near the pit entry it plays
every gear out: a move into the box is worth the stop (``stop_value``: new tyres, the
pit roll's fast or slow stop, PIT-B-4), one short of the entry the chance of turning in
next turn (PIT-B-2: a roll must reach the box), one past it the stop lost (``missed``). The
engine boost and the nitro (ENG-D-3, STREET-3) it judges by the exact look, so the
finish line counts. Its other choices (pit announcements, karma,
bids, tyres, T-car, the WP won) are ``rules.drivers.Driver``'s, with the level's
temper. All levels are deterministic: the same race replays and re-plays the same.
"""

from __future__ import annotations

import collections
import math
import zlib
from dataclasses import dataclass, replace
from fractions import Fraction

from rules.ai.lookahead import Lookahead, Prices, _harmonic, lookahead, odds
from rules.drivers import (
    AGGRESSIVE, CAREFUL, MISSED_STOP, NITRO_GAIN, Driver, _model, _pit_progress, entry_lane, stop_chance, street_shots,
    tunnel_gain,
)
from rules.engine import gear_options, moves, multiplier, repairs_at, rolled, slide_spaces, slipstream_from, stops_allowed, wet
from rules.car import Area, WearPoints, validate_setup
from rules.gears import ShiftCost
from rules.modules import boost, driver_profiles, nitro, tyres as tyre_rules
from rules.modules.damage import neighbours
from rules.modules.pits import pit_lap
from rules.modules.qualifying_lap import standstill
from rules.moves import Move
from rules.state import CarState, RaceState
from rules.tables.checks import BlockCost, CheckKind, block_cost, check_threshold
from rules.track import Track

FATAL = (Area.ENGINE, Area.BODY, Area.ROAD_HOLDING)  # CORE-WEAR-2: their last WP ends the race
PIT_NEAR = 30  # spaces to the pit entry from which a car that wants a stop heads for it
MOVES_JUDGED = 4  # per face of a gear played out exactly, the moves valued (the cheapest look picks them; 8 won
# no more 1-lap fields against the Pro bot, 24 on two circuits, and took a fifth longer)


@dataclass(frozen=True)
class Level(Driver):
    """A level: how exactly and how far it looks, and what it pays for WP and risk."""

    exact: bool = False  # every face of every gear through the engine's legal moves
    exact_near: int = 0  # ... or only when a car races this many rows ahead or fewer (blocks, CORE-BLOCK-1)
    crowd_near: int = 0  # ... or two cars this many rows ahead or fewer (a field that may box it in)
    depth: int = 2  # turns the look-ahead plays after this one
    brake: float = 0.6  # spaces a brake WP is worth with WP to spare ...
    tyre: float = 0.6  # ... and a tyre WP
    scarcity: float = 0.35  # ... the k-th WP left of an area costs this for each corner ahead / k on top
    rain: float = 1.0  # ... times this in rain in a race started by a full field (less in a smaller one), where slides
    # (TYRE-2) and the rain's tyre table spend WP faster and a car without them meets the field's blocks and markers
    reserve: float = 3.0  # ... and this / k: the last WP pay for a block (CORE-BLOCK-3) or a spin
    crowd: float = 0.5  # ... and this per other car racing per brake and tyre WP left together (blocks)
    out: float = 60.0  # spaces an elimination costs
    spin: float = 12.0
    skip: float = 1.5  # spaces a WP paid for a skipped gear costs
    slip: float = 1.5  # spaces a slipstream at the end of a move is worth (CORE-SLIP-2: up to 3)
    field_reserve: float = 0.0  # ... and this more in a full field (``FULL_FIELD``), less in a smaller one
    race: float = 0.0  # ... or, if more, this per row of the race still to drive in a full field: a retirement loses the race left
    exposure: float = 0.3  # black-die checks a lap the car expects per other car (body) or per dangerous space (road holding)
    boxed: float = 0.0  # the share of ``boxed_odds`` (a block next turn it cannot pay) it counts as a retirement
    exposed: float = 0.0  # the chance that a car a few rows behind ends beside or behind the car this round
    missed: float = MISSED_STOP  # spaces a wanted basic stop lost costs (another lap on the worn set)
    pit_cost: float = 15.0  # spaces a long stop costs (the box, a game round standing, 4th gear out: PIT-A-4)
    finish: float = 100.0  # finishing now beats any turn after it (the look-ahead counts none beyond the flag)
    temper: float = 0.0  # how far a car's own temper moves its prices (0: all alike)
    timid: float = 0.0  # spaces of value it gives up for a lower gear: it takes the lowest gear this close to the best
    exact_gears: int = 3  # the exact look plays out only the gears the lane's view ranks best

    def prices(self, track: Track, state: RaceState, car: CarState) -> Prices:
        """What this car pays now: WP dearer the fewer are left for the corners ahead (rounded,
        so the look-ahead remembers positions across turns)."""
        ahead = corners_ahead(track, state, car)
        bold = 1.0 + self.temper * _draw(car.id, 0, 3, -1)
        near = within_reach(track, state, car)  # the cars that can block it or be in its way, not all
        # the blocks still to meet once this lap is over: none on the last lap (its WP need last to the flag)
        later = laps_after(track, state, car)
        blocks = self.crowd * later * near / (car.wp.brakes + car.wp.tyres + 1)
        reserve = self.reserve + self.field_reserve * later * min(1.0, max(0, near - 1) / (FULL_FIELD - 2))
        others = sum(1 for c in state.cars if c.id != car.id and c.status == "racing")
        field = min(1.0, max(0, others - 1) / (FULL_FIELD - 2))  # a retirement loses more places in a field
        grid = min(1.0, max(0, len(state.cars) - 2) / (FULL_FIELD - 2))  # the field that started: its markers stay
        scarcity = self.scarcity * (1.0 + (self.rain - 1.0) * grid if wet(state) else 1.0)
        spent = min(1.0, ahead / LAST_CORNERS)  # a WP left at the flag is worth nothing: spend it at the last

        def half(x: float) -> float:
            return round(2 * spent * x / bold) / 2

        return Prices(
            brake=half(self.brake + blocks), tyre=half(self.tyre + blocks),
            scarce=_coarse(spent * (scarcity * ahead + reserve) / bold),
            out=round(max(self.out, _coarse(self.race * field * rows_ahead(track, state, car))) / bold), spin=self.spin,
            skip=half(self.skip + (scarcity * ahead + reserve) / (car.wp.gearbox + 1)),
        )

    def skip_cost(self, car: CarState, opt: ShiftCost, prices: Prices) -> float:
        """What the WP a skip strikes cost (CORE-GEAR-7): dearer the fewer the area has left; the
        last WP of the engine (or of the body or road holding) ends the race (CORE-WEAR-2)."""
        total = 0.0
        for area, n in opt.cost.items():
            left = car.wp[area]
            if n >= left and area in FATAL:
                return prices.out
            total += self.skip * n + prices.scarce * (_harmonic(left) - _harmonic(left - n))
        return total

    # --- the gear ---------------------------------------------------------------------

    def choose_gear(self, track: Track, state: RaceState) -> int:
        car = state.car(state.active or "")
        legal = {g: o for g, o in gear_options(track, state).items() if isinstance(o, ShiftCost)}
        if len(legal) == 1:  # no choice (a roll-out, FUEL-2, OUT-D-2)
            return next(iter(legal))
        if car.space is None or track.space(car.space).in_pit:
            return Driver.choose_gear(self, track, state)  # the pit lane: the careful plan
        prices = self.prices(track, state, car)
        near = _car_ahead(track, state, car, self.exact_near) or _car_ahead(track, state, car, self.crowd_near, 2)
        judge = self if self.exact or not near else replace(self, exact=True)
        approach = self._pitting(track, state, car)
        basic = approach and not state.rules.pit_points
        if basic:  # a basic stop near (PIT-B-2): the lane's view knows no pit lane, every gear is played out
            judge = replace(self, exact=True)
        # a stop by points near, the pit entry within this roll's reach: the careful plan of the pit entry (not
        # in rain: it plays every slide through the engine, seconds in a field; the exact look judges then)
        reach = state.rules.gear_dice.die(max(legal)).highest
        pitting = approach and not basic and _model(track).to_pit_entry(car.space) <= reach
        if pitting and slide_spaces(state, car):
            pitting, judge = False, replace(self, exact=True)
        if (judge.exact or pitting) and not basic and len(legal) > self.exact_gears:  # the lane's view first: the few best are played out
            lane = replace(self, exact=False)
            order = sorted(legal, key=lambda g: (lane.gear_value(track, state, car, g, legal[g], prices), -g), reverse=True)
            # and the lowest gear: the lane's view sees no markers nor cars, the safe crawl it ranks last
            legal = {g: legal[g] for g in sorted({*order[: self.exact_gears], min(legal)})}
        if pitting:
            return Driver.choose_gear(self, track, state, tuple(legal))
        ranked = sorted(((judge.gear_value(track, state, car, g, o, prices), -g, g) for g, o in legal.items()), reverse=True)
        if self.timid:  # a beginner's caution: the slower gear when it costs little, arriving early
            return min(g for v, _, g in ranked if v >= ranked[0][0] - self.timid)
        return ranked[0][2]

    def gear_value(self, track: Track, state: RaceState, car: CarState, gear: int, opt: ShiftCost, prices: Prices) -> float:
        """The expected value of declaring ``gear``: over the faces of its die, the best move."""
        skip = self.skip_cost(car, opt, prices)
        paid_car = car.model_copy(update={"gear": gear, "wp": car.wp.pay(opt.cost)})
        skip += self.engine_risk(track, state, paid_car, gear, prices)
        if not self.exact:
            return self._lane_gear_value(track, state, paid_car, gear, prices) - skip
        paid = state.with_car(paid_car)
        total = 0.0
        moved = False
        for face, p in state.rules.gear_dice.die(gear).outcomes():
            after = rolled(track, paid, face)
            found = moves(track, after)
            if not found:
                continue
            best = max(self.move_value(track, after, m, prices) for m in _promising(_distinct(found)))
            moved = moved or any(m.path for m in found)
            total += float(p) * best
        if not moved:  # no face moves the car: choosing it again and again, the race would stand still
            return total - prices.out
        return total - skip

    def engine_risk(self, track: Track, state: RaceState, car: CarState, gear: int, prices: Prices) -> float:
        """What declaring 5th or 6th costs in engine checks (CORE-ENGINE-1..3): the chance that this
        car or another one in 5th or 6th rolls the trigger (a 20 in 5th, a 30 in 6th), times the
        check's failure (1-4, in rain 1-3), times an engine WP at ``_loss``'s price."""
        if gear < 5 or car.wp.engine <= 0:
            return 0.0
        quiet = 1.0
        for c in state.cars:
            if c.status == "racing" and c.space is not None and not track.space(c.space).in_pit:
                g = gear if c.id == car.id else c.gear
                if g >= 5:
                    faces = state.rules.gear_dice.die(g).faces
                    quiet *= 1 - faces.count(ENGINE_TRIGGER[g]) / len(faces)
        return (1 - quiet) * _fail(CheckKind.ENGINE, state) * self._loss(track, state, car, Area.ENGINE, prices)

    def _lane_gear_value(
        self, track: Track, state: RaceState, car: CarState, gear: int, prices: Prices, extra: int = 0,
    ) -> float:
        """The lane's view of ``gear``: each face driven along the lane, the slide in rain
        included (TYRE-2), ``extra`` spaces on every roll (a boost or a nitro: ENG-D-3, STREET-3),
        the street race's tunnels and windows where a roll ends (STREET-5, STREET-7)."""
        la = lookahead(track)
        dice = odds(state.rules.gear_dice)
        mult, spin_max = multiplier(state, car), state.rules.spin_max_overshoot
        slide = slide_spaces(state, car)
        space = car.space or ""
        total = 0.0
        for face, p in dice[gear - 1]:
            spaces = driver_profiles.roll_spaces(track, state, car, tyre_rules.roll_spaces(state, car, face)) + extra
            s = la.turn(space, spaces, car.corner, car.stops, car.wp.brakes, car.wp.tyres, mult, spin_max, prices, slide)
            v = s.value
            if not s.out and s.end is not None:
                if state.rules.street:
                    v += self._street_value(track, state, car, Move(path=(s.end,)), prices)
                if self.depth > 0:
                    v += la.value(dice, s.end, gear, s.corner, s.stops, s.brakes, s.tyres, mult, spin_max, prices, self.depth, slide)
            total += p * v
        return total

    def _street_value(self, track: Track, state: RaceState, car: CarState, m: Move, prices: Prices) -> float:
        """The street race's spaces for a move: the rows a free tunnel gains (STREET-7), less the
        residents' expected shots at the body (STREET-5; the last body WP ends the race)."""
        shots = street_shots(track, state, m)
        return tunnel_gain(track, state, m) - (shots * self._loss(track, state, car, Area.BODY, prices) if shots else 0.0)

    # --- the destination --------------------------------------------------------------

    def move_value(self, track: Track, state: RaceState, m: Move, prices: Prices) -> float:
        """What ending this segment with ``m`` is worth, in spaces, the next turns included."""
        if m.out is not None or standstill(state, m):
            return -prices.out
        car = state.car(state.active or "")
        value = len(m.path) - prices.brakes(car.wp.brakes, m.brakes) - prices.tyres(car.wp.tyres, m.tyres)
        value -= self._hazard(track, state, car, m, prices)
        if m.spin:
            return value - prices.spin
        if self.boxed and m.end is not None and laps_after(track, state, car) and not m.finishes and not track.space(m.end).in_pit:
            value -= self.boxed * laps_after(track, state, car) * prices.out * boxed_odds(track, state, car, m.end, car.wp.brakes - m.brakes, car.wp.tyres - m.tyres)
        basic = stop_chance(track, state, m, self, m.end or car.space)  # a basic stop wanted: valued below
        if basic is None:
            value += _pit_progress(track, state, m, state.moves_left or len(m.path), self)
        elif m.in_box:
            return value + self.stop_value(track, state, car, car.wp.brakes - m.brakes, prices, self.depth)
        if m.finishes:
            return value + self.finish
        end = m.end or car.space
        if end is None or track.space(end).in_pit:
            return value
        if state.rules.street:
            value += self._street_value(track, state, car, m, prices)
        value += self._slip_option(track, state, m, end)
        mult, spin_max = multiplier(state, car), state.rules.spin_max_overshoot
        la: Lookahead = lookahead(track)
        slide = slide_spaces(state, car)
        corner, stops, brakes, tyres = m.corner, m.stops, car.wp.brakes - m.brakes, car.wp.tyres - m.tyres
        if slide and _slides_after(track, state, m, end):  # TYRE-2: the slide the stop goes on with, along the lane
            s = la.step(end, slide, corner, stops - 1, brakes, tyres, mult, spin_max, prices)
            if s.out or s.end is None:
                return value - prices.out
            value += s.value
            end, corner, stops, brakes, tyres = s.end, s.corner, s.stops, s.brakes, s.tyres
        ahead = la.value(odds(state.rules.gear_dice), end, car.gear, corner, stops, brakes, tyres, mult, spin_max, prices, self.depth, slide)
        if basic is not None:  # PIT-B-2: the stop lost, or next turn the box (the turn it takes)
            kept = (basic if end == (m.end or car.space) else stop_chance(track, state, m, self, end)) or 0.0  # moved on by a slide
            lane = _model(track)
            if kept and lane.corner_ahead(end)[0] > lane.to_pit_entry(end) and track.space(end).corner is None:
                box = lane.to_box(end, car.box or "") + self.stop_value(track, state, car, brakes, prices, self.depth - 1)
                ahead = kept * box + (1 - kept) * (ahead - self.missed)
            else:  # a corner before the entry: the lane's view counts it, the box is beyond it
                ahead -= (1 - kept) * self.missed
        return value + ahead

    def _slip_option(self, track: Track, state: RaceState, m: Move, end: str) -> float:
        """What ending behind a car is worth: the slipstream it may take then (CORE-SLIP-2; AMB-15:
        not after braking; none offered right after the soft-tyre bonus)."""
        braked = m.brakes > 0 or (state.movement is not None and state.movement.braked)
        if not braked and m.via != "bonus" and slipstream_from(track, state, end) is not None:
            return self.slip
        return 0.0

    def stop_value(self, track: Track, state: RaceState, car: CarState, brakes: int, prices: Prices, depth: int) -> float:
        """What a basic stop at the box is worth over the next ``depth`` turns, in spaces as a
        move's look-ahead: the tyres new (CORE-PIT-1, the set this level picks), then a fast stop
        (TAB-PIT-B: 1-10) drives ceil(r/2) spaces out in 4th and races on from the pit exit, a
        slow one stands a game round first (PIT-B-4, CORE-PIT-3)."""
        rules, pit = state.rules, track.pit
        if pit is None:
            return 0.0
        tyre = self.choose_tyre(state) if rules.tyres is not None and car.tyre is not None else car.tyre
        setup = car.setup or rules.default_wear
        fresh = car.model_copy(update={"tyre": tyre, "tyre_from": car.crossings + 1, "wp": car.wp.model_copy(update={"tyres": setup.tyres})})
        la, dice = lookahead(track), odds(rules.gear_dice)
        mult, slide = multiplier(state, fresh), slide_spaces(state, fresh)

        def on(turns: int) -> float:
            if turns <= 0:
                return 0.0
            return la.value(dice, pit.exit, rules.pit_exit_gear, None, 0, brakes, setup.tyres, mult, rules.spin_max_overshoot, prices, turns, slide)

        fast = min(20, rules.pit_fast_max)
        out = sum(math.ceil(r / 2) for r in range(1, fast + 1)) / fast if fast else 0.0
        return fast / 20 * (out + on(depth)) + (1 - fast / 20) * on(depth - 1)

    def _hazard(self, track: Track, state: RaceState, car: CarState, m: Move, prices: Prices) -> float:
        """The expected price of the black-die checks ``m`` owes at their exact odds: a road-holding
        check per dangerous space (CORE-DANGER-2: 1-4, in rain 1-5), those it drives over and those
        it cannot get round later in the next ``DANGER_ROWS`` rows (``dangers_ahead``: a move that
        stops short of a wall of markers only puts the check off), and a collision check per car
        beside or ahead of where it stops (CORE-COLL-1, CORE-COLL-2, FD08-COLL-1, AMB-4: 1, in rain
        1-2), and the checks the cars close behind bring when they end beside it (FD08-COLL-1: each
        of them rolls once for it too, ``exposed`` the chance one does); each failure costs a WP at
        ``_loss``'s price."""
        risk = 0.0
        dangers = m.dangers
        end = m.end or car.space  # a car braking to a stand still ends its movement where it stands
        if end is None or m.finishes or track.space(end).in_pit:
            end = None
        if state.markers and end is not None and car.space is not None:
            dangers += dangers_ahead(track, state, track.space(car.space).row, end)
        if dangers:
            risk = dangers * _fail(CheckKind.ROAD_HOLDING, state) * self._loss(track, state, car, Area.ROAD_HOLDING, prices)
        if end is not None:
            near = neighbours(track, state, end)
            crowd = sum(1 for c in state.cars if c.id != car.id and c.status == "racing" and c.space in near)
            exposed = self.exposed * laps_after(track, state, car)
            behind = _cars_behind(track, state, car, end) if exposed else 0
            if crowd or behind:
                hit = _fail(CheckKind.COLLISION, state) * self._loss(track, state, car, Area.BODY, prices)
                risk += (crowd + exposed * behind) * hit
        return risk

    def _loss(self, track: Track, state: RaceState, car: CarState, area: Area, prices: Prices) -> float:
        """What losing one WP of the body or road holding costs (CORE-WEAR-2, CORE-DANGER-4,
        CORE-COLL-3): the whole race (``prices.out``) times the chance that the checks still ahead
        take the WP that would be left, with the black die's exact odds (``retire_odds``); the last
        WP ends the race at once. At least what a tyre WP costs at that scarcity."""
        left = car.wp[area]
        if left <= 1:
            return prices.out
        share = retire_odds(left - 1, self.failures_ahead(track, state, car, area))
        return max(share * prices.out, prices.tyre + prices.scarce / (left - 1))

    def failures_ahead(self, track: Track, state: RaceState, car: CarState, area: Area) -> float:
        """The failed checks of ``area`` the car expects in the rest of the race: ``exposure``
        checks a lap for each other car racing (collisions, FD08-COLL-1) or for each dangerous
        space on the track and one more for those still to come (CORE-DANGER-1..2), at the black
        die's exact odds (the engine's checks, CORE-ENGINE-2, as many as the collisions)."""
        laps = rows_ahead(track, state, car) / track.rows
        if area is Area.ROAD_HOLDING:
            return self.exposure * (len(state.markers) + 1) * laps * _fail(CheckKind.ROAD_HOLDING, state)
        others = sum(1 for c in state.cars if c.id != car.id and c.status == "racing")
        kind = CheckKind.ENGINE if area is Area.ENGINE else CheckKind.COLLISION
        return self.exposure * others * laps * _fail(kind, state)

    def choose_move(self, track: Track, state: RaceState, moves: list[Move]) -> Move:
        """The move of the highest value (in rain its slide included, TYRE-2; a basic stop by its
        value, ``move_value``); a car that wants a stop by points keeps the careful driver's plan
        near the pit entry (keep to the lane of the pit entry and turn in), as does one in the pit lane."""
        car = state.car(state.active or "")
        if self._pitting(track, state, car) and (state.rules.pit_points or track.space(car.space or "").in_pit):
            return Driver.choose_move(self, track, state, moves)
        prices = self.prices(track, state, car)
        # ties (the look-ahead's horizon often hides a space's worth) go to the longer move
        return max(((_tie(self.move_value(track, state, m, prices)), len(m.path), m.path, m) for m in moves), key=lambda t: t[:3])[3]

    def choose_setup(self, state: RaceState) -> WearPoints | None:
        """CAR-C-2, OPT-CAR-1: where the crew builds the car (and no box reserve or fuel per lap is
        at stake), one WP more for road holding, in rain two, taken from the fuel (only skips burn
        it, FUEL-4) or the gearbox: the default's two road-holding WP are one failed check from the
        end among the markers of a full field (CORE-DANGER-4), and in rain a check fails on 1-5
        (CORE-WEATHER-2) while the field leaves more markers."""
        car = state.car(state.active or "")
        rules = state.rules.car_setup
        if rules.reserve or state.rules.fuel_per_lap or Area.ROAD_HOLDING not in rules.areas:
            return None
        extra = 2 if wet(state) else 1
        donor = next((a for a in (Area.FUEL, Area.GEARBOX) if a in rules.areas and car.wp[a] > extra), None)
        if donor is None or car.wp.road_holding >= car.wp.body:
            return None
        wp = car.wp.model_copy(update={donor.value: car.wp[donor] - extra, "road_holding": car.wp.road_holding + extra})
        return wp if not validate_setup(rules, wp) else None

    def choose_boost(self, track: Track, state: RaceState, gear: int) -> bool:
        """ENG-D-3: boost when the gear's extra spaces, played out exactly over the faces of the
        die, are worth more than the engine WP at this level's price; never the last engine WP
        (the rules refuse it) and only with one to spare, except on the last lap below 5th gear."""
        car = state.car(state.active or "")
        opt = gear_options(track, state).get(gear)
        if not isinstance(opt, ShiftCost) or car.space is None or track.space(car.space).in_pit:
            return False
        paid = car.model_copy(update={"gear": gear, "wp": car.wp.pay(opt.cost)})
        engine, last_lap = paid.wp.engine, car.crossings >= state.laps
        if boost.refusal(state, paid) is not None or not (engine >= 3 or (engine == 2 and gear <= 4 and last_lap)):
            return False
        exact, prices = replace(self, exact=True), self.prices(track, state, car)
        plain = exact.gear_value(track, state, car, gear, opt, prices)
        spent = car.model_copy(update={"wp": car.wp.spend(Area.ENGINE)})
        boosted = exact.gear_value(track, state.with_car(spent).model_copy(update={"boost": True}), spent, gear, opt, prices)
        return boosted - self.skip - prices.scarce / (engine - 1) > plain

    def choose_nitro(self, track: Track, state: RaceState, gear: int) -> bool:
        """STREET-3: the lap's nitro when, played out exactly over the faces of the die, it is
        expected to gain at least half its spaces (not thrown away on a corner it would brake for)."""
        car = state.car(state.active or "")
        opt = gear_options(track, state).get(gear)
        if not isinstance(opt, ShiftCost) or nitro.refusal(state, car) is not None or car.space is None:
            return False
        if track.space(car.space).in_pit:
            return False
        exact, prices = replace(self, exact=True), self.prices(track, state, car)
        plain = exact.gear_value(track, state, car, gear, opt, prices)
        injected = exact.gear_value(track, nitro.with_nitro(state, True), car, gear, opt, prices)
        return injected - plain >= NITRO_GAIN * gear

    def _pitting(self, track: Track, state: RaceState, car: CarState) -> bool:
        """The car wants a stop at the end of this lap and the pit entry is near (two rolls at
        most) or the car is in the pit lane: every gear is played out exactly for a basic stop,
        the careful plan takes a car to a stop by points. Further away the lane's view is enough."""
        if car.space is None or self.pit_lane(track, state, car) is None:
            return False
        return track.space(car.space).in_pit or _model(track).to_pit_entry(car.space) <= PIT_NEAR

    def pit_lane(self, track: Track, state: RaceState, car: CarState) -> int | None:
        """The pit entry's lane when the car wants a stop at the end of this lap: the older
        drivers' reasons (worn tyres, tyres for the other weather, a stop by points), or repairs
        from the reserve that are worth the long stop (PIT-A-1, PIT-A-4: ``repair_gain`` against
        ``pit_cost``)."""
        lane = Driver.pit_lane(self, track, state, car)
        if lane is not None or state.rules.pit_points or repairs_at(state.rules) == "none" or track.pit is None:
            return lane
        if car.pit_stops >= stops_allowed(state) or not pit_lap(state, car):
            return None
        wanted = Driver.choose_repairs(self, track, state.model_copy(update={"active": car.id}))
        return entry_lane(track, car) if self.repair_gain(track, state, car, wanted) >= self.pit_cost else None

    def repair_gain(self, track: Track, state: RaceState, car: CarState, repairs: dict[Area, int]) -> float:
        """What ``repairs`` are worth in spaces: for the body, engine and road holding the race
        (``prices.out``) times the chance of retirement they take away (``retire_odds``, the black
        die's odds of the checks still ahead), for the other areas their WP at this level's prices."""
        prices = self.prices(track, state, car)
        gain = 0.0
        for area, n in repairs.items():
            left = car.wp[area]
            if area in FATAL:
                expected = self.failures_ahead(track, state, car, area)
                gain += prices.out * (retire_odds(left, expected) - retire_odds(left + n, expected))
            else:
                gain += n * prices.brake + prices.scarce * (_harmonic(left + n) - _harmonic(left))
        return gain

    def choose_repairs(self, track: Track, state: RaceState) -> dict[Area, int]:
        """PIT-A-4: where repairs keep the car standing a game round (a long stop), only those
        worth the round (``repair_gain`` against ``pit_cost``); at a stop that repairs for free
        (a team's stock, TEAM-B-2) whatever the reserve allows."""
        repairs = Driver.choose_repairs(self, track, state)
        if repairs and repairs_at(state.rules) == "long_stop":
            car = state.car(state.active or "")
            if self.repair_gain(track, state, car, repairs) < self.pit_cost:
                return {}
        return repairs

    def choose_extra(self, track: Track, state: RaceState, moves: list[Move]) -> Move | None:
        """An optional extra (soft-tyre bonus, slipstream) if it is worth at least as much as
        stopping here (TYRE-3, CORE-SLIP-2): the spaces are the only sure thing beyond the horizon."""
        car = state.car(state.active or "")
        prices = self.prices(track, state, car)
        stay = Move(path=(), corner=car.corner, stops=car.stops)
        # stopping here declines the slipstream on offer now: its option is not the stay's to count
        kept = self.move_value(track, state, stay, prices)
        kept -= self._slip_option(track, state, stay, car.space or "")
        best: tuple[float, int, Move | None] = (_tie(kept), 0, None)
        for m in moves:
            v = (_tie(self.move_value(track, state, m, prices)), len(m.path))
            if v > best[:2]:
                best = (*v, m)
        return best[2]


def retire_odds(left: int, expected: float) -> float:
    """The chance that the failures still to come, ``expected`` on average (a Poisson count: many
    checks, each failing rarely), are ``left`` or more: an area with ``left`` WP is then gone."""
    if left <= 0:
        return 1.0
    term = total = math.exp(-expected)
    for k in range(1, left):
        term *= expected / k
        total += term
    return max(0.0, 1.0 - total)


def _fail(kind: CheckKind, state: RaceState) -> float:
    """The chance that one check of ``kind`` fails: its highest failing face of the black d20,
    higher in rain (CORE-WEATHER-2, TAB-RAIN)."""
    return check_threshold(kind, wet(state)) / 20


def _slides_after(track: Track, state: RaceState, m: Move, end: str) -> bool:
    """Does ``m`` go on with a slide (TYRE-2: after a stop in a corner; VAR-28's B reading: after
    a movement through any corner space), once a turn (AMB-48)?"""
    if m.via == "slide" or m.out is not None or state.phase != "move" or (state.movement is not None and state.movement.slid):
        return False
    if state.rules.rain_slide == "any_corner_space":
        return any(track.space(n).corner is not None for n in m.path)
    return track.space(end).corner is not None


def boxed_odds(track: Track, state: RaceState, car: CarState, end: str, brakes: int, tyres: int) -> float:
    """The chance that next turn, in the gear one below this one (the lowest without a skip), the
    cars ahead leave the car fewer free spaces than it rolls and the rest is a block it cannot pay
    (CORE-BLOCK-1..3, TAB-BLOCK: 1-3 spaces in brakes, 4-6 in brakes and tyres, 7 or more out).
    The free spaces are those of the freest of its lane and the lanes beside it up to the first car
    there, plus the lowest roll of that car's gear (it moves first)."""
    here = track.space(end)
    room: int | None = None
    for lane in (here.lane - 1, here.lane, here.lane + 1):
        if not 0 <= lane < track.lanes:
            continue
        free = BOX_ROWS
        for c in state.cars:
            if c.id == car.id or c.status != "racing" or c.space is None:
                continue
            sp = track.space(c.space)
            if sp.lane == lane and not sp.in_pit:
                ahead = (sp.row - here.row) % track.rows
                if 0 < ahead < BOX_ROWS:
                    free = min(free, ahead - 1 + (state.rules.gear_dice.die(c.gear).lowest if c.gear else 0))
        room = free if room is None else max(room, free)
    if room is None or room >= BOX_ROWS:
        return 0.0
    fatal = 0.0
    for face, p in state.rules.gear_dice.die(max(1, car.gear - 1)).outcomes():
        cost = block_cost(face - room) if face > room else BlockCost(0, 0)
        if cost is None or cost.brakes > brakes or cost.tyres > tyres:
            fatal += float(p)
    return fatal


FULL_FIELD = 10  # cars: the field in which the reserve and the race's share of a retirement count whole
REACH_ROWS = 15  # rows ahead or behind within which another car counts for the field's prices
LAST_CORNERS = 2  # corners before the flag from which a level's WP prices fall to nothing
BOX_ROWS = 10  # rows ahead within which a car can box another in for its next turn
ENGINE_TRIGGER = {5: 20, 6: 30}  # CORE-ENGINE-1: the rolls that make every car in 5th or 6th check its engine
EXPOSED_ROWS = 12  # the rows behind a car from which the next roll can end beside it


def dangers_ahead(track: Track, state: RaceState, start_row: int, end: str) -> int:
    """The fewest dangerous spaces (CORE-DANGER-2) a car standing on ``end`` must still drive over
    to get ``DANGER_ROWS`` rows beyond ``start_row``, round the others by another lane where the
    track has one (CORE-DANGER-3); 0 once there. Kept per position and markers: a level asks it
    of every move it values."""
    key = (id(track), state.markers, start_row, end)
    found = _DANGERS_AHEAD.get(key)
    if found is not None:
        return found
    markers, rows = set(state.markers), track.rows
    best: dict[str, int] = {end: 0}
    todo = collections.deque([end])
    found = 0
    while todo:
        here = todo.popleft()
        cost = best[here]
        if (track.space(here).row - start_row) % rows >= DANGER_ROWS:
            found = cost
            break
        for nxt in track.successors(here):
            if track.space(nxt).in_pit:
                continue
            c = cost + (nxt in markers)
            if c < best.get(nxt, 1 << 30):
                best[nxt] = c
                todo.appendleft(nxt) if c == cost else todo.append(nxt)
    if len(_DANGERS_AHEAD) > 50_000:
        _DANGERS_AHEAD.clear()
    _DANGERS_AHEAD[key] = found
    return found


DANGER_ROWS = 12  # rows past its start within which a level counts the markers it cannot get round
_DANGERS_AHEAD: dict[tuple, int] = {}


def _cars_behind(track: Track, state: RaceState, car: CarState, space: str) -> int:
    """The other racing cars 1 to ``EXPOSED_ROWS`` rows behind ``space`` on the track: they move
    after a car standing there and may end beside it (FD08-COLL-1)."""
    here = track.space(space).row
    n = 0
    for c in state.cars:
        if c.id != car.id and c.status == "racing" and c.space is not None and not track.space(c.space).in_pit:
            if 0 < (here - track.space(c.space).row) % track.rows <= EXPOSED_ROWS:
                n += 1
    return n


def within_reach(track: Track, state: RaceState, car: CarState) -> int:
    """The other racing cars on the track within ``REACH_ROWS`` rows ahead of the car or behind it:
    those that can block it (CORE-BLOCK-1), end beside it or meet it at the next corners. A car
    alone on the road pays no field's prices, whatever the field's size."""
    if car.space is None:
        return 0
    here, rows = track.space(car.space).row, track.rows
    n = 0
    for c in state.cars:
        if c.id != car.id and c.status == "racing" and c.space and not track.space(c.space).in_pit:
            gap = (track.space(c.space).row - here) % rows
            if min(gap, rows - gap) <= REACH_ROWS:
                n += 1
    return n


def _car_ahead(track: Track, state: RaceState, car: CarState, rows: int, cars: int = 1) -> bool:
    """Do ``cars`` other racing cars or more stand 1 to ``rows`` rows ahead on the track (0: never asked)?"""
    if rows <= 0 or car.space is None:
        return False
    here = track.space(car.space).row
    found = 0
    for c in state.cars:
        if c.id != car.id and c.status == "racing" and c.space is not None and not track.space(c.space).in_pit:
            if 0 < (track.space(c.space).row - here) % track.rows <= rows:
                found += 1
                if found >= cars:
                    return True
    return False


def _tie(value: float) -> float:
    """``value`` without the last bits of float rounding: two moves the look-ahead values the same
    by different sums are a tie (which the longer move wins), not a choice by rounding noise."""
    return round(value, 9)


def _coarse(x: float) -> float:
    """``x`` on a grid of steps of a quarter (1, 1.25, 1.56, ...): the look-ahead remembers a
    position's value for each price it saw, so fewer prices mean fewer values to work out."""
    return round(1.25 ** round(math.log(x, 1.25)), 3) if x > 0 else 0.0


def _promising(found: list[Move]) -> list[Move]:
    """The ``MOVES_JUDGED`` moves of a face that look best at a glance (staying in the race, spaces
    less WP and checks): a 5th or 6th gear in a wide field has hundreds, and the worst decision
    must stay under a second."""
    if len(found) <= MOVES_JUDGED:
        return found
    return sorted(found, key=lambda m: (m.out is None, len(m.path) - m.brakes - m.tyres - 2 * m.dangers, m.path), reverse=True)[:MOVES_JUDGED]


def _distinct(found: list[Move]) -> list[Move]:
    """One move for each way of ending that a level values differently (many paths reach the
    same space at the same cost)."""
    seen: dict[tuple, Move] = {}
    for m in found:
        seen.setdefault((m.end, len(m.path), m.brakes, m.tyres, m.dangers, m.corner, m.stops, m.spin, m.out is None, m.finishes, m.in_box, m.via), m)
    return list(seen.values())


def rows_ahead(track: Track, state: RaceState, car: CarState) -> int:
    """The rows of the race the car still has to drive: the rest of this lap and every later lap."""
    laps_after = max(0, state.laps - car.crossings)
    row = track.space(car.space).row if car.space is not None else 0
    return laps_after * track.rows + (track.rows - row if car.crossings > 0 else 0)


def laps_after(track: Track, state: RaceState, car: CarState) -> float:
    """The share of a lap still to drive after this one, up to one: 0 on the last lap, where a block
    next turn or a car ending beside it risks only the race's last spaces, not laps of it."""
    return min(1.0, max(0.0, rows_ahead(track, state, car) / track.rows - 1.0))


def corners_ahead(track: Track, state: RaceState, car: CarState) -> int:
    """The corners the car still has to drive: the rest of this lap's and every later lap's."""
    laps_after = max(0, state.laps - car.crossings)
    row = track.space(car.space).row if car.space is not None else 0
    this_lap = sum(1 for c in track.corners if c.first_row >= row) if car.crossings > 0 else 0
    return laps_after * len(track.corners) + this_lap


def _draw(car_id: str, round_: int, n: int, offset: int = 0) -> int:
    """A number in ``offset .. offset + n - 1`` read from the car and the game round: the same in
    every run (Python's own string hash changes between runs)."""
    return zlib.crc32(f"{car_id}/{round_}".encode()) % n + offset


#: the Rookie's timid temper (``timid=1.5``) was set against ``bench/newcomer.py`` (``bench/drivers.py
#: --match racer:rookie --match rookie:newcomer --duels 4 --fields 0``, 7 circuits, 1 and 3 laps, fd-basic
#: and fde-advanced: the newcomer won 38 of 112 duels, the Racer 93 of 112); its random slip-ups of
#: before (one gear choice in four the second best) cost it races by crashes, not by a beginner's caution
ROOKIE = Level(
    name="rookie", max_out=Fraction(0), wear_weight=5.0, foresight=1.0,
    depth=1, brake=2.0, tyre=2.0, scarcity=0.6, out=80.0, skip=4.0, timid=1.5,
)
#: the prices ``bench/tune_drivers.py --level racer --rounds 2 --duels 4`` found (self-play duels on
#: the shipped tracks, 1 and 3 laps, fd-basic), re-tuned after the slide, the street race and the
#: brink came in (crowd 0.75 won 9 of 16 paired duels); the field's prices (field_reserve, race,
#: exposure, exposed, boxed) were set from 10-car 3-lap fields against the bench opponent
#: (``bench/drivers.py --match champion:bench --fields 2 --duels 0 --laps 3``: reserve 3 -> 8 in a
#: full field and exposure 0.3 -> 0.6 took the Champion's retirements on the seven circuits from 31 %
#: to 10 %); the Racer keeps those, the Champion takes ``FIELD_TUNED``'s, found by self-play fields
TUNED = {"brake": 1.05, "tyre": 0.9, "scarcity": 0.275, "reserve": 3.0, "field_reserve": 5.0, "crowd": 0.75, "out": 80.0, "race": 0.5, "exposure": 0.6, "exposed": 0.08, "boxed": 0.5, "skip": 0.75, "slip": 2.25}
#: the Racer's steady temper: WP twice as dear for each corner still ahead and a larger reserve
#: in a duel (the Champion's 8.5 in a full field, so its field retirements do not grow; 8 before the
#: Champion's field tuning):
#: it keeps WP for later and leaves the Champion the duels' close calls (``bench/drivers.py --match
#: champion:racer --duels 4 --fields 0``, 7 circuits, 1 and 3 laps: the Champion's 55 % -> 66 % of 56
#: duels under fd-basic, 75 % under fde-advanced; 10-car 3-lap races against the bench opponent, 2 per
#: circuit: 27 % -> 23 % of 70 Racers retired under fd-basic, 50 % -> 44 % under fde-advanced)
STEADY = {"scarcity": 0.55, "reserve": 5.0, "field_reserve": 3.5}
RACER = Level(
    name="racer", max_out=Fraction(1, 6), wear_weight=2.0, foresight=0.75, depth=1, exact_near=3, crowd_near=6, temper=0.2,
    exact_gears=2,
    **{**TUNED, **STEADY},
)
#: the Champion's prices as ``bench/tune_drivers.py --level champion --cars 10 --laps 3 --preset fde-advanced
#: --duels 1 --rounds 1`` moved them from ``TUNED`` (self-play 10-car fields on the seven circuits, 5 against
#: 5, a race won by the better mean finishing position: 14 races a step; dearer brakes, tyres and scarcity,
#: less reserve in a duel and more in a full field, fewer checks expected per car and more from the cars
#: behind; ``race``, ``boxed`` and the other prices stayed)
FIELD_TUNED = {"brake": 1.35, "tyre": 1.2, "scarcity": 0.425, "reserve": 1.5, "field_reserve": 7.0, "exposure": 0.5, "exposed": 0.12}
#: the Champion's scarcity in rain in a race a full field started: six times the dry one (10-car 3-lap
#: fde-advanced fields against the bench opponent in rain, 49 races on the seven circuits: 35 % of the
#: Champions retired with the dry scarcity, 23 % with twice it, 8.4 % with six times; of 26 of those
#: races 2.5, 3.5, 4.5 and 8 times left 17, 14, 11 and 9 % out); in a duel once: six times there won
#: 28 of 98 3-lap rain duels against the Racer, once 66 of 98
RAIN = {"rain": 6.0}
#: the Champion's prices against the port of GP Online's Pro bot (``bench/gponline_pro.py``), tuned on
#: adlerjoch and kranzfeld with seeds from 1000 (1-lap 10-car fields, fd-basic and fde-advanced, 24 races
#: a step): with the block and neighbour prices counted only before the last lap (``laps_after``) it won
#: 8 of 24 instead of 6; a slipstream's option worth 3.5 spaces, cheaper brakes, tyres and scarcity 10 of 24,
#: its mean place 5.28 against the Pro bot's 5.72, fewer retirements, fewer WP left at the flag
#: its two best gears by the lane's view played out exactly (and its lowest), not three: as many wins, the
#: same mean place, a 10-car 3-lap race on hohenau in 9 s instead of 11
PRO_TUNED = {"slip": 3.5, "brake": 0.8, "tyre": 0.7, "scarcity": 0.3, "exact_gears": 2}
CHAMPION = Level(name="champion", max_out=Fraction(1, 6), wear_weight=1.5, foresight=0.75, exact=True, **{**TUNED, **FIELD_TUNED, **RAIN, **PRO_TUNED})
LEVELS: tuple[Level, ...] = (ROOKIE, RACER, CHAMPION)
DEFAULT = RACER
#: Every computer driver a race may name: the levels, and the drivers of older records and saves.
DRIVERS: dict[str, Driver] = {d.name: d for d in (*LEVELS, CAREFUL, AGGRESSIVE)}
