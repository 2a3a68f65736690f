"""The computer drivers' levels a player picks per seat: Rookie, Racer and Champion.

Every level values a position the same way, in spaces: the spaces driven, less
the WP spent at prices that rise as WP run short for the corners still ahead
(this lap and the later ones), less the expected cost of the black-die checks
the move owes, plus the next turns as ``rules.ai.lookahead`` sees them (the best
gear over each face of each die the car can reach from there). They differ in
how far and how exactly they look:

* **Champion** ranks its legal gears by the lane's view, then plays every face of
  the two best and its lowest through the engine's legal moves (blocking, lanes,
  slipstream it takes, cars it may hit), takes the best destination of each face
  and the gear of the best expectation: an expectimax over this turn's die and the
  two turns after it. In a pack in a one-lap race it plays every gear out and is bold:
  of the gears worth nearly as much as its best (``bold`` spaces, fewer with fewer
  cars around) it takes the highest, since the look-ahead, which sees no other car,
  does not see the free road ahead of a pack nor the blocks inside it. Its prices are
  ``TUNED``, the base prices found by self-play duels (``bench/tune_drivers.py``), moved by
  self-play 10-car fields (``FIELD_TUNED``, ``--cars 10``). On the last lap it races the rivals that have
  moved for the lead of the next round (``flag``, ``rules.ai.flag_order``): of two cars crossing the
  line in one round, the one ahead when it starts wins (CORE-END-1).
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

Every level counts the rain's slide after a stop in a corner (TYRE-2: the stop counts where the
slide ends), the street race's tunnels and windows (STREET-7, STREET-5), and the black-die checks
at their exact odds (``rules.ai.check_risk``). It stops for repairs from the reserve when the
retirement they take away is worth the long stop's round (PIT-A-1, PIT-A-4). Near the pit entry it plays
every gear out: a move into the box is worth the stop (``stop_value``: new tyres, the
pit roll's fast or slow stop, PIT-B-4), one short of the entry the chance of turning in
next turn (PIT-B-2: a roll must reach the box), one past it the stop lost (``missed``); past
the box it drives the pit lane out by the exact look, from the pit exit on (PIT-B-2: no speed
limit). Its look-ahead counts no skip where the car has no WP left to pay one (AMB-64). The
engine boost and the nitro (ENG-D-3, STREET-3) it judges by the exact look, so the
finish line counts. Its other choices (pit announcements, karma,
bids, tyres, T-car, the WP won) are the careful and aggressive drivers' (``rules.ai.careful``'s
``Style``, ``rules.ai.pit_stops``), in the level's style. All levels are deterministic: the
same race replays and re-plays the same.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from rules.actions import Action
from rules.ai import dispatch
from rules.ai.careful import Style, careful_gear, careful_move
from rules.ai.check_risk import failures_ahead, loss
from rules.ai.judging import ENGINE_TRIGGER, coarse, distinct, draw, promising, tie
from rules.ai.lane import lane_model
from rules.ai.lookahead import lookahead, odds
from rules.ai.pit_stops import (
    MISSED_STOP,
    announcement,
    entry_lane,
    pit_entry_lane,
    reserve_repairs,
)
from rules.ai.position import Position
from rules.ai.prices import Prices, harmonic
from rules.ai.race_ahead import (
    LAST_CORNERS,
    car_ahead,
    corners_ahead,
    fail,
    field_share,
    laps_after,
    laps_ahead,
    retire_odds,
    sprint_pack,
    within_reach,
)
from rules.ai.street import NITRO_GAIN, street_shots, tunnel_gain
from rules.car import Area, CarSetupRules, WearPoints, validate_setup
from rules.engine import (
    gear_options,
    moves,
    multiplier,
    repairs_at,
    rolled,
    slide_spaces,
    slipstream_from,
    stops_allowed,
    wet,
)
from rules.gears import ShiftCost
from rules.modules import boost, driver_profiles, nitro
from rules.modules import tyres as tyre_rules
from rules.modules.pits import pit_lap
from rules.moves import Move
from rules.state import CarState, Phase, RaceState
from rules.tables import karma
from rules.tables.checks import CheckKind
from rules.tables.pit_points import PitPlan
from rules.tables.tyres import Tyre
from rules.track import Track

FATAL = (Area.ENGINE, Area.BODY, Area.ROAD_HOLDING)  # CORE-WEAR-2: their last WP ends the race
PIT_NEAR = 30  # spaces to the pit entry from which a car that wants a stop heads for it


@dataclass(frozen=True)
class Level:
    """A level: how exactly and how far it looks, and what it pays for WP and risk; its style
    makes the choices that need no look-ahead and drives the careful plan it falls back on."""

    name: str
    style: Style
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
    gearbox: float | None = None  # ... a gearbox WP, which buys nothing but skips (CORE-GEAR-7); None: ``skip``
    slip: float = 1.5  # spaces a slipstream at the end of a move is worth (CORE-SLIP-2: up to 3)
    field_reserve: float = 0.0  # ... and this more in a full field (``FULL_FIELD``), less in a smaller one
    # ... or, if more, this per lap of the race still to drive in a full field: a retirement loses the race left
    race: float = 0.0
    # black-die checks a lap the car expects per other car (body) or per dangerous space (road holding)
    exposure: float = 0.3
    engine_exposure: float | None = None  # ... and engine checks a lap per other car (CORE-ENGINE-2); None: exposure
    boxed: float = 0.0  # the share of ``boxed_odds`` (a block next turn it cannot pay) it counts as a retirement
    exposed: float = 0.0  # the chance that a car a few rows behind ends beside or behind the car this round
    missed: float = MISSED_STOP  # spaces a wanted basic stop lost costs (another lap on the worn set)
    pit_cost: float = 15.0  # spaces a long stop costs (the box, a game round standing, 4th gear out: PIT-A-4)
    finish: float = 100.0  # finishing now beats any turn after it (the look-ahead counts none beyond the flag)
    flag: float = 0.0  # ending ahead of a rival that has moved, both likely to cross next turn (``flag_order``)
    temper: float = 0.0  # how far a car's own temper moves its prices (0: all alike)
    timid: float = 0.0  # spaces of value it gives up for a lower gear: it takes the lowest gear this close to the best
    bold: float = 0.0  # ... for a higher gear in a pack in a one-lap race: the highest this close (``sprint_pack``)
    duel_tyres: bool = False  # in a race of two cars, builds its car with the WP few checks need on the tyres
    exact_gears: int = 3  # the exact look plays out only the gears the lane's view ranks best

    def prices(self, track: Track, state: RaceState, car: CarState) -> Prices:
        """What this car pays now: WP dearer the fewer are left for the corners ahead (rounded,
        so the look-ahead remembers positions across turns)."""
        ahead = corners_ahead(track, state, car)
        bold = 1.0 + self.temper * draw(car.id, 0, 3, -1)
        near = within_reach(track, state, car)  # the cars that can block it or be in its way, not all
        # the blocks still to meet once this lap is over: none on the last lap (its WP need last to the flag)
        later = laps_after(track, state, car)
        blocks = self.crowd * later * near / (car.wp.brakes + car.wp.tyres + 1)
        reserve = self.reserve + self.field_reserve * later * field_share(near)
        others = sum(1 for c in state.cars if c.id != car.id and c.status == "racing")
        field = field_share(others)  # a retirement loses more places in a field
        grid = field_share(len(state.cars) - 1)  # the field that started: its markers stay
        scarcity = self.scarcity * (1.0 + (self.rain - 1.0) * grid if wet(state) else 1.0)
        spent = min(1.0, ahead / LAST_CORNERS)  # a WP left at the flag is worth nothing: spend it at the last
        area = state.rules.downshift.first_area
        skip = self._skip(area)
        out = round(max(self.out, coarse(self.race * field * laps_ahead(track, state, car))) / bold)

        def half(x: float) -> float:
            return round(2 * spent * x / bold) / 2

        return Prices(
            brake=half(self.brake + blocks),
            tyre=half(self.tyre + blocks),
            scarce=coarse(spent * (scarcity * ahead + reserve) / bold),
            out=out,
            spin=self.spin,
            # a skip's WP is paid from the gearbox, or fuel (CORE-GEAR-7, FUEL-4), dearer the fewer it has left;
            # without one no skip slows the car later (AMB-64): the look-ahead's skip costs the race
            skip=out if car.wp[area] <= 0 else half(skip + (scarcity * ahead + reserve) / (car.wp[area] + 1)),
        )

    def skip_cost(self, car: CarState, opt: ShiftCost, prices: Prices) -> float:
        """What the WP a skip strikes cost (CORE-GEAR-7): dearer the fewer the area has left; the
        last WP of the engine (or of the body or road holding) ends the race (CORE-WEAR-2)."""
        total = 0.0
        for area, n in opt.cost.items():
            left = car.wp[area]
            if n >= left and area in FATAL:
                return prices.out
            total += self._skip(area) * n + prices.scarce * (harmonic(left) - harmonic(left - n))
        return total

    def _skip(self, area: Area) -> float:
        """The price of a WP of ``area`` paid for a skip, before its scarcity."""
        return self.gearbox if area is Area.GEARBOX and self.gearbox is not None else self.skip

    def act(self, track: Track, state: RaceState) -> Action:
        """What this level does for the car to act now (``rules.ai.dispatch``)."""
        return dispatch.act(self, track, state)

    # --- the gear ---------------------------------------------------------------------

    def choose_gear(self, track: Track, state: RaceState) -> int:
        car = state.car(state.active or "")
        legal = {g: o for g, o in gear_options(track, state).items() if isinstance(o, ShiftCost)}
        if len(legal) == 1:  # no choice (a roll-out, FUEL-2, OUT-D-2)
            return next(iter(legal))
        if car.space is None:
            return careful_gear(self, track, state)
        approach = self._pitting(track, state, car)
        in_pit = track.space(car.space).in_pit
        if in_pit and (approach or state.rules.pit_points):
            return careful_gear(self, track, state)  # on its way to the box: the careful plan
        prices = self.prices(track, state, car)
        near = car_ahead(track, state, car, self.exact_near) or car_ahead(track, state, car, self.crowd_near, 2)
        judge = self if self.exact or not near else replace(self, exact=True)
        basic = (approach or in_pit) and not state.rules.pit_points
        if basic:  # a basic stop near (PIT-B-2) or the way out of the box (PIT-B-4): the lane's view knows no
            judge = replace(self, exact=True)  # pit lane, every gear is played out
        # a stop by points near, the pit entry within this roll's reach: the careful plan of the pit entry (not
        # in rain: it plays every slide through the engine, seconds in a field; the exact look judges then)
        reach = state.rules.gear_dice.die(max(legal)).highest
        pitting = approach and not basic and lane_model(track).to_pit_entry(car.space) <= reach
        if pitting and slide_spaces(state, car):
            pitting, judge = False, replace(self, exact=True)
        bold = self.bold * sprint_pack(track, state, car) if self.exact else 0.0
        if (
            (judge.exact or pitting) and not basic and not bold and len(legal) > self.exact_gears
        ):  # the lane's view first: the few best are played out
            lane = replace(self, exact=False)
            order = sorted(
                legal, key=lambda g: (lane.gear_value(track, state, car, g, legal[g], prices), -g), reverse=True
            )
            # and the lowest gear: the lane's view sees no markers nor cars, the safe crawl it ranks last
            legal = {g: legal[g] for g in sorted({*order[: self.exact_gears], min(legal)})}
        if pitting:
            return careful_gear(self, track, state, tuple(legal))
        ranked = sorted(
            ((judge.gear_value(track, state, car, g, o, prices), -g, g) for g, o in legal.items()), reverse=True
        )
        if self.timid:  # a beginner's caution: the slower gear when it costs little, arriving early
            return min(g for v, _, g in ranked if v >= ranked[0][0] - self.timid)
        if bold:  # in a pack: the faster gear when it costs little, ahead of the cars around
            return max(g for v, _, g in ranked if v >= ranked[0][0] - bold)
        return ranked[0][2]

    def gear_value(
        self, track: Track, state: RaceState, car: CarState, gear: int, opt: ShiftCost, prices: Prices
    ) -> float:
        """The expected value of declaring ``gear``: over the faces of its die, the best move."""
        skip = self.skip_cost(car, opt, prices)
        paid_car = car.model_copy(update={"gear": gear, "wp": car.wp.pay(opt.cost)})
        skip += self.engine_risk(track, state, paid_car, gear, prices)
        if not self.exact:
            return self._lane_gear_value(track, state, paid_car, gear, prices) - skip
        paid = state.with_car(paid_car).model_copy(update={"phase": Phase.ROLL})  # each face is rolled from it
        total = 0.0
        moved = False
        for face, p in state.rules.gear_dice.die(gear).outcomes():
            after = rolled(track, paid, face)
            found = moves(track, after)
            if not found:
                continue
            position = Position(self, track, after, prices)
            best = max(position.value(m) for m in promising(distinct(found)))
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
        exposure = self.exposure if self.engine_exposure is None else self.engine_exposure
        return (1 - quiet) * fail(CheckKind.ENGINE, state) * loss(track, state, car, Area.ENGINE, prices, exposure)

    def _lane_gear_value(
        self,
        track: Track,
        state: RaceState,
        car: CarState,
        gear: int,
        prices: Prices,
        extra: int = 0,
    ) -> float:
        """The lane's view of ``gear``: each face driven along the lane, the slide in rain
        included (TYRE-2), ``extra`` spaces on every roll (a boost or a nitro: ENG-D-3, STREET-3),
        the street race's tunnels and windows where a roll ends (STREET-5, STREET-7). On the last
        lap a roll that reaches the line finishes (CORE-END-1), as the exact look values it: the
        corners of a lap after the flag cost it nothing."""
        la = lookahead(track)
        dice = odds(state.rules.gear_dice)
        mult, spin_max = multiplier(state, car), state.rules.spin_max_overshoot
        slide = slide_spaces(state, car)
        space = car.space or ""
        line = la.lane.to_line(space) if car.crossings == state.laps else None
        total = 0.0
        for face, p in dice[gear - 1]:
            spaces = driver_profiles.roll_spaces(track, state, car, tyre_rules.roll_spaces(state, car, face)) + extra
            if line is not None and spaces >= line:
                total += p * (line + self.finish)
                continue
            s = la.turn(
                space, spaces, car.corner, car.stops, car.wp.brakes, car.wp.tyres, mult, spin_max, prices, slide
            )
            v = s.value
            if not s.out and s.end is not None:
                if state.rules.street:
                    v += self._street_value(track, state, car, Move(path=(s.end,)), prices)
                if self.depth > 0:
                    v += la.value(
                        dice,
                        s.end,
                        gear,
                        s.corner,
                        s.stops,
                        s.brakes,
                        s.tyres,
                        mult,
                        spin_max,
                        prices,
                        self.depth,
                        slide,
                    )
            total += p * v
        return total

    def _street_value(self, track: Track, state: RaceState, car: CarState, m: Move, prices: Prices) -> float:
        """The street race's spaces for a move: the rows a free tunnel gains (STREET-7), less the
        residents' expected shots at the body (STREET-5; the last body WP ends the race)."""
        shots = street_shots(track, state, m)
        return tunnel_gain(track, state, m) - (
            shots * loss(track, state, car, Area.BODY, prices, self.exposure) if shots else 0.0
        )

    # --- the destination --------------------------------------------------------------

    def move_value(self, track: Track, state: RaceState, m: Move, prices: Prices) -> float:
        """What ending this segment with ``m`` is worth, in spaces, the next turns included
        (``Position``: the moves of one position are valued together)."""
        return Position(self, track, state, prices).value(m)

    def _slip_option(self, track: Track, state: RaceState, m: Move, end: str) -> float:
        """What ending behind a car is worth: the slipstream it may take then (CORE-SLIP-2; AMB-15:
        not after braking; none offered right after the soft-tyre bonus)."""
        braked = m.brakes > 0 or (state.movement is not None and state.movement.braked)
        if not braked and m.via != "bonus" and slipstream_from(track, state, end) is not None:
            return self.slip
        return 0.0

    def stop_value(
        self, track: Track, state: RaceState, car: CarState, brakes: int, prices: Prices, depth: int
    ) -> float:
        """What a basic stop at the box is worth over the next ``depth`` turns, in spaces as a
        move's look-ahead: the tyres new (CORE-PIT-1, the set this level picks), then a fast stop
        (TAB-PIT-B: 1-10) drives ceil(r/2) spaces out in 4th and races on from the pit exit, a
        slow one stands a game round first (PIT-B-4, CORE-PIT-3)."""
        rules, pit = state.rules, track.pit
        if pit is None:
            return 0.0
        tyre = self.choose_tyre(state) if rules.tyres is not None and car.tyre is not None else car.tyre
        setup = car.setup or rules.default_wear
        fresh = car.model_copy(
            update={
                "tyre": tyre,
                "tyre_from": car.crossings + 1,
                "wp": car.wp.model_copy(update={"tyres": setup.tyres}),
            }
        )
        la, dice = lookahead(track), odds(rules.gear_dice)
        mult, slide = multiplier(state, fresh), slide_spaces(state, fresh)

        def on(turns: int) -> float:
            if turns <= 0:
                return 0.0
            return la.value(
                dice,
                pit.exit,
                rules.pit_exit_gear,
                None,
                0,
                brakes,
                setup.tyres,
                mult,
                rules.spin_max_overshoot,
                prices,
                turns,
                slide,
            )

        fast = min(20, rules.pit_fast_max)
        out = sum(math.ceil(r / 2) for r in range(1, fast + 1)) / fast if fast else 0.0
        return fast / 20 * (out + on(depth)) + (1 - fast / 20) * on(depth - 1)

    def choose_move(self, track: Track, state: RaceState, moves: list[Move]) -> Move:
        """The move of the highest value (in rain its slide included, TYRE-2; a basic stop by its
        value, ``move_value``); a car that wants a stop by points keeps the careful driver's plan
        near the pit entry (keep to the lane of the pit entry and turn in), as does one in the pit lane."""
        car = state.car(state.active or "")
        if self._pitting(track, state, car) and (state.rules.pit_points or track.space(car.space or "").in_pit):
            return careful_move(self, track, state, moves)
        position = Position(self, track, state, self.prices(track, state, car))
        # ties (the look-ahead's horizon often hides a space's worth) go to the longer move
        return max(
            ((tie(position.value(m)), len(m.path), m.path, m) for m in moves),
            key=lambda t: t[:3],
        )[3]

    def choose_karma(self, track: Track, state: RaceState) -> karma.Spend:
        return self.style.choose_karma(track, state)

    def choose_bid(self, state: RaceState) -> int:
        return self.style.choose_bid(state)

    def choose_tyre(self, state: RaceState) -> Tyre:
        return self.style.choose_tyre(state)

    def announce(self, track: Track, state: RaceState) -> PitPlan | None:
        """PIT-D-6: the stop by points it announces with the gear (``announcement``)."""
        return announcement(track, state, self.choose_tyre(state))

    def choose_setup(self, state: RaceState) -> WearPoints | None:
        """CAR-C-2, OPT-CAR-1: where the crew builds the car (and no box reserve or fuel per lap is
        at stake), one WP more for road holding, in rain two, taken from the fuel (only skips burn
        it, FUEL-4) or the gearbox: the default's two road-holding WP are one failed check from the
        end among the markers of a full field (CORE-DANGER-4), and in rain a check fails on 1-5
        (CORE-WEATHER-2) while the field leaves more markers. In a field's race of more than one lap
        one WP more for the brakes, from the tyres: its blocks are paid in brakes (CORE-BLOCK-1..3,
        TAB-BLOCK; over one lap the tyres' overshoots cost more). In a duel a ``duel_tyres`` level
        builds ``duel_setup``'s car."""
        car = state.car(state.active or "")
        rules = state.rules.car_setup
        if rules.reserve or state.rules.fuel_per_lap or Area.ROAD_HOLDING not in rules.areas:
            return None
        if self.duel_tyres and len(state.cars) == 2:
            return duel_setup(rules, car.wp, wet(state))
        extra = 2 if wet(state) else 1
        donor = next((a for a in (Area.FUEL, Area.GEARBOX) if a in rules.areas and car.wp[a] > extra), None)
        if donor is None or car.wp.road_holding >= car.wp.body:
            return None
        wp = car.wp.model_copy(update={donor.value: car.wp[donor] - extra, "road_holding": car.wp.road_holding + extra})
        if len(state.cars) > 2 and state.laps > 1 and Area.BRAKES in rules.areas and wp.tyres > 1:
            wp = wp.model_copy(update={"tyres": wp.tyres - 1, "brakes": wp.brakes + 1})
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
        boosted = exact.gear_value(track, state.with_car(spent).with_league(boost=True), spent, gear, opt, prices)
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
        return track.space(car.space).in_pit or lane_model(track).to_pit_entry(car.space) <= PIT_NEAR

    def pit_lane(self, track: Track, state: RaceState, car: CarState) -> int | None:
        """The pit entry's lane when the car wants a stop at the end of this lap: the older
        drivers' reasons (worn tyres, tyres for the other weather, a stop by points), or repairs
        from the reserve that are worth the long stop (PIT-A-1, PIT-A-4: ``repair_gain`` against
        ``pit_cost``)."""
        lane = pit_entry_lane(track, state, car, self.choose_tyre(state))
        if lane is not None or state.rules.pit_points or repairs_at(state.rules) == "none" or track.pit is None:
            return lane
        if car.pit_stops >= stops_allowed(state) or not pit_lap(state, car):
            return None
        wanted = reserve_repairs(track, state.model_copy(update={"active": car.id}))
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
                expected = failures_ahead(track, state, car, area, self.exposure)
                gain += prices.out * (retire_odds(left, expected) - retire_odds(left + n, expected))
            else:
                gain += n * prices.brake + prices.scarce * (harmonic(left + n) - harmonic(left))
        return gain

    def choose_repairs(self, track: Track, state: RaceState) -> dict[Area, int]:
        """PIT-A-4: where repairs keep the car standing a game round (a long stop), only those
        worth the round (``repair_gain`` against ``pit_cost``); at a stop that repairs for free
        (a team's stock, TEAM-B-2) whatever the reserve allows."""
        repairs = reserve_repairs(track, state)
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
        position = Position(self, track, state, prices)
        stay = Move(path=(), corner=car.corner, stops=car.stops)
        # stopping here declines the slipstream on offer now: its option is not the stay's to count
        kept = position.value(stay) - self._slip_option(track, state, stay, car.space or "")
        best: tuple[float, int, Move | None] = (tie(kept), 0, None)
        for m in moves:
            v = (tie(position.value(m)), len(m.path))
            if v > best[:2]:
                best = (*v, m)
        return best[2]


def duel_setup(rules: CarSetupRules, wp: WearPoints, rain: bool) -> WearPoints | None:
    """CAR-C-2/3: a car for a race of two, where the other car brings few collision checks
    (CORE-COLL-2) and damage markers (CORE-DANGER-4) and few 20s and 30s check the engine
    (CORE-ENGINE-1): body and engine one WP lower, fuel (burnt only by skipped gears, FUEL-4) at
    1, road holding as given (one more in rain, CORE-WEATHER-2), the WP saved on the tyres, whose
    spaces out of a corner cost double on soft tyres (TYRE-3). None where the rules refuse it."""
    lower = {Area.BODY: wp.body - 1, Area.ENGINE: wp.engine - 1, Area.FUEL: 1}
    update = {a.value: n for a, n in lower.items() if a in rules.areas and n < wp[a]}
    update["road_holding"] = wp.road_holding + (1 if rain else 0)
    saved = sum(wp[Area(a)] for a in update) - sum(update.values())
    built = wp.model_copy(update={**update, "tyres": wp.tyres + saved})
    return built if saved > 0 and not validate_setup(rules, built) else None
