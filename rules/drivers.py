"""Computer drivers: they choose among the engine's legal gears and moves.

The careful and the aggressive driver here came first; the levels a player picks
(``rules.ai.levels``: Rookie, Racer, Champion) drive with their own gear and move
choices and take every other choice (boost, pit plans, karma, bids, tyres,
repairs) from ``Driver``. The two drivers stay as they were, so records and saves
that name them play on exactly.

A driver looks one turn ahead exactly (every face of every legal gear, the
move it would then pick) and two more turns ahead roughly, along its lane
(``LaneModel``): from where a move ends and in which gear, how much would
the coming corners cost? That is what keeps a careful driver from arriving
at a 2-stop corner in 6th gear. Both drivers are deterministic, so a race
with computer drivers replays exactly from its seed.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Callable

from rules.actions import Drive
from rules.car import Area, WearPoints
from rules.dice import GearDice
from rules.tables import karma
from rules.engine import (
    apply, check_area, gear_options, karma_offers, moves, pit_lap, raises_needed, repairs_at, rolled,
    slide_spaces, slipstream_from, stops_allowed, wet,
)
from rules.gears import ShiftCost
from rules.modules import boost, free_wp, nitro
from rules.moves import Move
from rules.tables.pit_points import FUEL_POINTS, REPAIR_POINTS, TYRE_POINTS, PitPlan
from rules.state import CarState, RaceState
from rules.track import Track
from rules.tables.tyres import Tyre

OUT_COST = 40.0  # an elimination, in WP-equivalents
MISSED_STOP = 20.0  # driving past the pit entry when a stop is wanted, in spaces


def move_cost(move: Move) -> int:
    return move.brakes + move.tyres


class LaneModel:
    """Rough look-ahead along a lane: for a space, the corner ahead and how far it is."""

    def __init__(self, track: Track) -> None:
        self.track = track
        self._ahead: dict[str, tuple[int, int, int]] = {}
        self._future: dict[int, tuple[GearDice, dict[tuple, float]]] = {}  # by the dice's id: hashing them is slow
        self._near: dict[str, tuple[str | None, ...]] = {}
        self._steps: dict[tuple, tuple[float, str | None, int | None, int]] = {}
        self._entry: dict[str, int] = {}
        self._box: dict[tuple[str, str], int] = {}
        self._lane_pos = {
            sp.name: (sp.lane, i) for lane in range(track.lanes) for i, sp in enumerate(track.lane_run(lane))
        }
        self._partial = {run.lane for run in track.partial}

    def walk(self, space: str, n: int) -> str | None:
        """The space ``n`` steps straight ahead in the same lane (None in the pit lane, and past
        the end of a lane that begins and ends)."""
        pos = self._lane_pos.get(space)
        if pos is None:
            return None
        lane = self.track.lane_run(pos[0])
        if pos[0] in self._partial and not 0 <= pos[1] + n < len(lane):
            return None
        return lane[(pos[1] + n) % len(lane)].name

    def corner_ahead(self, space: str) -> tuple[int, int, int]:
        """(spaces to the corner's first space, corner index, corner spaces in this lane)."""
        if space not in self._ahead:
            t = self.track
            name, dist = space, 0
            while True:
                nxt = t.ahead(name)
                if nxt is None or dist > len(t.spaces):
                    self._ahead[space] = (10**6, -1, 0)
                    break
                dist += 1
                sp = t.space(nxt)
                if sp.corner is not None and sp.corner != t.space(space).corner:
                    length, probe = 0, nxt
                    while probe is not None and t.space(probe).corner == sp.corner:
                        length += 1
                        probe = t.ahead(probe)
                    self._ahead[space] = (dist, sp.corner, length)
                    break
                name = nxt
        return self._ahead[space]

    def steps_to(self, space: str, target: str) -> int:
        """Fewest steps from ``space`` to ``target`` along the track, off the pit lane (large when
        more than 40 away)."""
        t = self.track
        frontier, seen = {space}, {space}
        for steps in range(40):
            if target in frontier:
                return steps
            frontier = {n for s in frontier for n in t.successors(s) if n not in seen and not t.space(n).in_pit}
            seen |= frontier
        return 10**6

    def to_pit_entry(self, space: str) -> int:
        """Fewest steps from ``space`` to the nearest pit entry along the track (large when out of
        reach; remembered)."""
        if space not in self._entry:
            pit, t = self.track.pit, self.track
            frontier, seen, found = {space}, {space}, 10**6
            for steps in range(40):
                if pit is None:
                    break
                if frontier & set(pit.entries):  # the nearest entry (PitLane.extra_entries)
                    found = steps
                    break
                frontier = {n for s in frontier for n in t.successors(s) if n not in seen and not t.space(n).in_pit}
                seen |= frontier
            self._entry[space] = found
        return self._entry[space]

    def to_box(self, space: str, box: str) -> int:
        """Fewest steps from ``space`` into the pit box ``box``, through the nearest pit entry
        (large when more than 60 away; remembered)."""
        key = (space, box)
        if key not in self._box:
            frontier, seen, found = {space}, {space}, 10**6
            for steps in range(60):
                if box in frontier:
                    found = steps
                    break
                frontier = {n for s in frontier for n in self.track.successors(s) if n not in seen}
                seen |= frontier
            self._box[key] = found
        return self._box[key]

    def near(self, space: str) -> tuple[str | None, ...]:
        """The spaces beside ``space`` and the one ahead, once each: where a car ending on it meets
        a collision check (remembered)."""
        found = self._near.get(space)
        if found is None:
            found = self._near[space] = tuple({*self.track.beside(space), self.track.ahead(space)})
        return found

    def left_in_corner(self, space: str) -> int:
        """Spaces still ahead inside the corner ``space`` is in, along its lane."""
        t = self.track
        corner, n, probe = t.space(space).corner, 0, t.ahead(space)
        while probe is not None and t.space(probe).corner == corner:
            n += 1
            probe = t.ahead(probe)
        return n


    def future(
        self, dice: GearDice, space: str, gear: int, corner: int | None, stops: int, brakes: int, depth: int,
        slide: int = 0,
    ) -> float:
        """Expected WP cost of the next turns along the lane, best gear each time (rough); ``slide``
        spaces follow every stop in a corner (TYRE-2). Remembered: the same look-ahead comes up
        turn after turn."""
        key = (space, gear, corner, stops, brakes, depth, slide)
        held = self._future.get(id(dice))
        if held is None or held[0] is not dice:
            held = self._future[id(dice)] = (dice, {})
        memo = held[1]
        if key not in memo:
            memo[key] = self._look_ahead(dice, space, gear, corner, stops, brakes, depth, slide)
        return memo[key]

    def _look_ahead(
        self, dice: GearDice, space: str, gear: int, corner: int | None, stops: int, brakes: int, depth: int,
        slide: int,
    ) -> float:
        best = OUT_COST
        for nxt in (gear - 1, gear, gear + 1):
            if not 1 <= nxt <= 6:
                continue
            total = 0.0
            for face, p in _outcomes(dice.die(nxt).faces):
                cost, end, end_corner, end_stops = self.lane_step(space, face, corner, stops, brakes)
                if slide and end is not None and end_corner is not None and cost < OUT_COST:
                    # the slide belongs to the same stop: judged with the stops made before it
                    more, end, end_corner, end_stops = self.lane_step(end, slide, end_corner, end_stops - 1, brakes)
                    cost += more
                if depth > 1 and cost < OUT_COST and end is not None:
                    cost += 0.5 * self.future(dice, end, nxt, end_corner, end_stops, brakes, depth - 1, slide)
                total += p * cost
            best = min(best, total)
        return best

    def lane_step(
        self, space: str, roll: int, corner: int | None, stops: int, brakes: int
    ) -> tuple[float, str | None, int | None, int]:
        """Cost of driving ``roll`` spaces straight along the lane, braking to save a stop (remembered)."""
        key = (space, roll, corner, stops, brakes)
        if key not in self._steps:
            self._steps[key] = self._step(space, roll, corner, stops, brakes)
        return self._steps[key]

    def _step(
        self, space: str, roll: int, corner: int | None, stops: int, brakes: int
    ) -> tuple[float, str | None, int | None, int]:
        track = self.track
        here = track.space(space).corner
        if here is not None and corner == here and stops < track.corners[here].stops:
            room, need, made = self.left_in_corner(space), track.corners[here].stops, stops
        else:
            dist, c, length = self.corner_ahead(space)
            if c < 0 or roll < dist:
                return 0.0, self.walk(space, roll), None, 0
            room, need, made = dist + length - 1, track.corners[c].stops, 0
            if roll <= room:
                return 0.0, self.walk(space, roll), c, 1
        if roll <= room:
            return 0.0, self.walk(space, roll), here, stops + 1
        over = roll - room
        fatal = (need == 2 and made == 0) or (need == 3 and made <= 1)
        if fatal or over > 2:
            return (float(over) if over <= brakes else OUT_COST), self.walk(space, room), here, stops + 1
        return float(over), self.walk(space, roll), None, 0


_MODELS: dict[int, LaneModel] = {}
# the driver, track, state and car of ``Driver._gear_value``'s values, and the values; one tuple,
# replaced whole, so a driver thinking in the window's thread never reads half of another's
_GEAR_VALUES: list[tuple] = [(None, None, None, None, {})]


def _model(track: Track) -> LaneModel:
    """One look-ahead model per track object (keyed by identity: hashing a track is slow)."""
    model = _MODELS.get(id(track))
    if model is None or model.track is not track:
        model = _MODELS[id(track)] = LaneModel(track)
    return model


@dataclass(frozen=True)
class Driver:
    """A driving style: how much risk it takes and how dear its wear points are."""

    name: str
    max_out: Fraction  # the highest chance of elimination it accepts this turn
    wear_weight: float  # spaces of progress one WP is worth giving up
    foresight: float  # weight of the rough look-ahead

    def choose_gear(self, track: Track, state: RaceState, among: tuple[int, ...] | None = None) -> int:
        """The gear of the best value among the legal ones (or those of them in ``among``)."""
        car = state.car(state.active or "")
        legal = {g: o for g, o in gear_options(track, state).items() if isinstance(o, ShiftCost) and (among is None or g in among)}
        if len(legal) == 1:  # no choice (a roll-out, FUEL-2, OUT-D-2)
            return next(iter(legal))
        best: tuple[tuple[bool, float], int] | None = None
        for gear, opt in legal.items():
            out_p, value = self._gear_value(track, state, car, gear, opt)
            key = (out_p <= self.max_out, value)
            if best is None or key > best[0]:
                best = (key, gear)
        assert best is not None, "a car always has a legal gear"
        return best[1]

    def choose_nitro(self, track: Track, state: RaceState, gear: int) -> bool:
        """STREET-3: ``choose_nitro`` below, with this driver's values."""
        return choose_nitro(self, track, state, gear)

    def choose_boost(self, track: Track, state: RaceState, gear: int) -> bool:
        """ENG-D-3: boost when the extra spaces are worth more than a dear engine WP (a stop
        reached, a corner not flown out of); never the last engine WP (the rules refuse it) and
        only with one to spare, except on the last lap below 5th gear, where few engine checks
        are left to fear."""
        car = state.car(state.active or "")
        opt = gear_options(track, state).get(gear)
        if not isinstance(opt, ShiftCost):
            return False
        paid = car.model_copy(update={"gear": gear, "wp": car.wp.pay(opt.cost)})
        engine = paid.wp.engine
        last_lap = car.crossings >= state.laps
        if boost.refusal(state, paid) is not None or not (engine >= 3 or (engine == 2 and gear <= 4 and last_lap)):
            return False
        out_plain, plain = self._gear_value(track, state, car, gear, opt)
        boosted = car.model_copy(update={"wp": car.wp.spend(Area.ENGINE)})
        out_boost, value = self._gear_value(track, state.with_car(boosted), boosted, gear, opt, boost=True)
        dear = self._weight(car) * (1.5 if engine >= 3 else 2.5)
        return out_boost <= max(out_plain, self.max_out) and value - dear > plain

    def _gear_value(
        self, track: Track, state: RaceState, car: CarState, gear: int, opt: ShiftCost, boost: bool = False,
    ) -> tuple[Fraction, float]:
        """The chance of elimination and the expected value of declaring ``gear`` (``_judge_gear``).
        The last state's values are kept: the boost and the nitro (ENG-D-3, STREET-3) weigh the
        chosen gear again against the same state (the objects kept with them, so their ids are
        not reused meanwhile)."""
        memo = _GEAR_VALUES[0]
        if not (memo[0] is self and memo[1] is track and memo[2] is state and memo[3] is car):
            memo = _GEAR_VALUES[0] = (self, track, state, car, {})
        found = memo[4].get((gear, boost))
        if found is None or found[0] != opt:
            found = memo[4][(gear, boost)] = (opt, self._judge_gear(track, state, car, gear, opt, boost))
        return found[1]  # type: ignore[no-any-return]

    def _judge_gear(
        self, track: Track, state: RaceState, car: CarState, gear: int, opt: ShiftCost, boost: bool,
    ) -> tuple[Fraction, float]:
        """Every face of ``gear``'s die played through the engine, the move this driver would pick."""
        paid = state.with_car(car.model_copy(update={"gear": gear, "wp": car.wp.pay(opt.cost)}))
        weight = self._weight(car)
        dice = state.rules.gear_dice
        out_p = Fraction(0)
        value = -weight * sum(opt.cost.values())
        slide = slide_spaces(state, car)  # the tyres' and the profile's (DRESDEN-PROFILE-7/8)
        moved = False
        declared = paid.model_copy(update={"boost": boost})
        for face, p in state.rules.gear_dice.die(gear).outcomes():
            after = rolled(track, declared, face)  # the spaces the engine moves
            found = moves(track, after)
            if not found:  # the roll only works off pit points (PIT-D-11): the car stays
                continue
            move = self.choose_move(track, paid, found)
            if move.out is not None:
                out_p += p
                value -= float(p) * OUT_COST * weight
                continue
            moved = moved or bool(move.path)
            ahead = 0.0
            if move.end is not None and not move.finishes:
                ahead = _model(track).future(dice, move.end, gear, move.corner, move.stops, car.wp.brakes - move.brakes, 2, slide)
            risk = move_cost(move) + _hazard(track, paid, car, move)
            progress = len(move.path) + _pit_progress(track, paid, move, face, self) + tunnel_gain(track, paid, move)
            if slide and move.end is not None and track.space(move.end).corner is not None:
                # TYRE-2: the slide after a stop in a corner, along the lane (rough)
                risk += _model(track).lane_step(move.end, slide, move.corner, move.stops - 1, car.wp.brakes - move.brakes)[0]
            value += float(p) * (progress - weight * risk - self.foresight * weight * ahead)
        if not moved:
            # no face moves the car (a worn soft set's malus, a Tourer's or a Schönwetterfahrer's
            # space less, DRESDEN-PROFILE-6/7): choosing it again and again, the race would stand still
            return Fraction(1), value - OUT_COST * weight
        return out_p, value

    def _weight(self, car: CarState) -> float:
        spare = car.wp.tyres + car.wp.brakes
        return self.wear_weight * (1.0 if spare > 5 else 2.0 if spare > 2 else 4.0)

    def choose_move(self, track: Track, state: RaceState, moves: list[Move]) -> Move:
        """Stay in the race, pit for worn tyres, lose the fewest WP (hazards included), go furthest.

        A car that wants to pit keeps to the lane of the pit entry, so it can turn in. In
        rain it counts the slide that will follow a stop in a corner (TYRE-2).
        """
        car = state.car(state.active or "")
        pit_lane = self.pit_lane(track, state, car)
        slides = state.phase == "move" and slide_spaces(state, car) > 0  # rain, or a Regengott in sun

        def slide_cost(m: Move) -> float:
            return _slide_cost(track, state, m) if slides and m.via != "slide" else 0.0

        braked = state.movement is not None and state.movement.braked
        by_points = state.rules.pit_points  # PIT-D-4: a car may drive to its box over several rolls

        def towed(m: Move) -> str | None:
            """The car whose slipstream ``m`` reaches, if the driver may take it (CORE-SLIP-1, AMB-15)."""
            if m.brakes or braked or m.end is None or m.via == "bonus":
                return None
            return slipstream_from(track, state, m.end)

        def bound(m: Move) -> tuple:
            """The first fields of ``key``, the WP at their least (the hazards and the slide add to them)."""
            return (
                m.out is not None,
                not (pit_lane is not None and (m.in_box or (by_points and m.end is not None and track.space(m.end).in_pit))),
                move_cost(m),
            )

        def key(m: Move, first: tuple) -> tuple:
            front = towed(m)
            # a stop behind a car it can slipstream past: it will pass it, not stay behind it
            gain = 3 if front is not None else 0
            return (
                first[0],
                first[1],
                first[2] + _hazard(track, state, car, m, ignore=front) + slide_cost(m),
                pit_lane is not None and m.end is not None and track.space(m.end).lane not in (pit_lane, -1),
                -len(m.path) - gain - tunnel_gain(track, state, m),
                m.path,
            )

        return _least(moves, bound, key)

    def choose_extra(self, track: Track, state: RaceState, moves: list[Move]) -> Move | None:
        """An optional extra (soft-tyre bonus, slipstream) worth taking, or None to stop here.

        Each choice, staying included, is judged by its cost now and the rough cost of the
        corners ahead from where it ends; a space of progress is worth one unit.
        """
        car = state.car(state.active or "")
        weight = self._weight(car)
        dice = state.rules.gear_dice

        def value(m: Move, corner: int | None, stops: int, gain: int) -> float:
            if m.out is not None:
                return OUT_COST * weight
            risk = move_cost(m) + _hazard(track, state, car, m)
            ahead = 0.0 if m.finishes or m.end is None else _model(track).future(
                dice, m.end, car.gear, corner, stops, car.wp.brakes - m.brakes, 1
            )
            return weight * (risk + self.foresight * ahead) - gain

        stay = Move(path=(car.space or "",))  # stands for ending the movement where the car is
        best: tuple[float, Move | None] = (value(stay, car.corner, car.stops, 0), None)
        for m in moves:
            v = value(m, m.corner, m.stops, len(m.path))
            if v < best[0]:
                best = (v, m)
        return best[1]

    def choose_karma(self, track: Track, state: RaceState) -> karma.Spend:
        """KARMA-3: spend where it saves the car. A failure that would retire it is bought off
        with raises if they cost no more than a re-roll, else re-rolled. A failure by 1 is
        raised by the careful driver, and by the aggressive one (who keeps karma for its bids)
        when the area is nearly gone or the pool keeps a raise for later."""
        held = state.league.held
        assert held is not None, "phase karma holds a roll"
        car = state.car(held.check.car)
        offer = karma_offers(track, state, held)
        need = raises_needed(track, state, held)
        left = car.wp[check_area(held.check)]
        if left <= 1:  # CORE-WEAR-2: this failure would end the race
            if "raise" in offer and (need * karma.RAISE <= karma.REROLL or "reroll" not in offer):
                return "raise"
            return "reroll" if "reroll" in offer else "accept"
        if "raise" in offer and need == 1 and (self.max_out == 0 or left == 2 or car.karma >= 2 * karma.RAISE):
            return "raise"
        return "accept"

    def choose_bid(self, state: RaceState) -> int:
        """H2H-2: small bids, never below a raise's worth of karma kept for a check: the
        aggressive driver bids 2, the careful one 1 and only when the normal order puts it
        behind (a lower gear, or the same gear and a later arrival: ORDER-D-2)."""
        h = state.league.bids
        assert h is not None, "phase bid has its head-to-head"
        me = state.car(h.cars[len(h.bids)])
        spare = me.karma - karma.RAISE
        behind = any((o.gear, -o.arrival) > (me.gear, -me.arrival) for o in map(state.car, h.cars) if o.id != me.id)
        if spare <= 0 or not (behind or self.max_out > 0):
            return 0
        return min(2 if self.max_out > 0 else 1, spare)

    def choose_setup(self, state: RaceState) -> WearPoints | None:
        """The car's WP where the rules let a crew build it (CAR-C-2, OPT-CAR-1): these drivers keep
        the set-up the car was entered with."""
        return None

    def choose_tyre(self, state: RaceState) -> Tyre:
        """Rain tyres in rain; dry: hard for the careful driver, soft for the aggressive one."""
        if wet(state):
            return Tyre.RAIN
        return Tyre.SOFT if self.max_out > 0 else Tyre.HARD

    def announce(self, track: Track, state: RaceState) -> PitPlan | None:
        """The stop by points to announce with the gear (PIT-D-6), if it is new: what the car
        needs at the end of this lap (``stop_plan``); None keeps the last announcement."""
        car = state.car(state.active or "")
        if not state.rules.pit_points or car.pit_points is not None:
            return None
        plan = stop_plan(track, state, car, self.choose_tyre(state))
        return plan if plan is not None and plan != car.pit_plan else None

    def pit_lane(self, track: Track, state: RaceState, car: CarState) -> int | None:
        """The lane of the pit entry to keep to when this driver wants a stop at the end of this
        lap, else None: these drivers pit for worn tyres or tyres for the other weather."""
        return _pit_entry_lane(track, state, car)

    def choose_repairs(self, track: Track, state: RaceState) -> dict[Area, int]:
        """Spend the repair reserve on the dearest areas first: body, engine, road holding, brakes."""
        car = state.car(state.active or "")
        setup = car.setup or state.rules.default_wear
        left, repairs = state.reserve_of(car), {}
        if repairs_at(state.rules) == "none":
            return {}
        for area in (Area.BODY, Area.ROAD_HOLDING, Area.ENGINE, Area.BRAKES, Area.FUEL, Area.GEARBOX):
            if len(repairs) >= state.rules.pit_repair_areas:
                break
            n = min(left, setup[area] - car.wp[area])
            if n > 0:
                repairs[area] = n
                left -= n
        return repairs


def _least(moves: list[Move], bound: Callable[[Move], tuple], key: Callable[[Move, tuple], tuple]) -> Move:
    """``min(moves, key=key)``, the first of equals, with the dear part of ``key`` (the hazards, a
    slide played through the engine) worked out only where it may matter: ``bound`` gives the
    first fields of the key at their least, so a move whose bound is already above the best key
    found cannot be the least (ValueError if there are no moves, as ``min``)."""
    bounds = [bound(m) for m in moves]
    full: dict[int, tuple] = {}
    best: tuple | None = None
    for i in sorted(range(len(moves)), key=bounds.__getitem__):
        if best is not None and bounds[i] > best[: len(bounds[i])]:
            break
        k = full[i] = key(moves[i], bounds[i])
        if best is None or k < best:
            best = k
    return moves[min(full, key=lambda i: (full[i], i))]


def _slide_cost(track: Track, state: RaceState, move: Move) -> float:
    """The cheapest slide after ``move`` if it must slide (TYRE-2), in WP-equivalents."""
    after, _ = apply(track, state, Drive(path=move.path, via=move.via))
    if after.phase != "move" or after.movement is None or after.movement.offer != ("slide",):
        return 0.0
    car = after.car(after.active or "")
    return min(
        (OUT_COST if m.out is not None else move_cost(m) + _hazard(track, after, car, m) for m in moves(track, after)),
        default=OUT_COST,
    )


_ENTRY: list[tuple] = [(None, None, None, None)]  # the track, state and car last asked about, and the answer


def _pit_entry_lane(track: Track, state: RaceState, car: CarState) -> int | None:
    """The lane of the pit entry if the car has worn tyres, or tyres for the other weather
    (TYRE-2, TYRE-5: slicks slide in rain, rain tyres wear in the dry), and may stop at the
    end of this lap. The last answer is kept: a driver asks it of one state for every face of
    a gear's die (the objects kept with it, so their ids are not reused meanwhile)."""
    memo = _ENTRY[0]
    if memo[0] is track and memo[1] is state and memo[2] is car:
        return memo[3]  # type: ignore[no-any-return]
    lane = _entry_lane_wanted(track, state, car)
    _ENTRY[0] = (track, state, car, lane)
    return lane


def _entry_lane_wanted(track: Track, state: RaceState, car: CarState) -> int | None:
    if state.rules.pit_points:
        wanted = stop_plan(track, state, car, Tyre.RAIN if wet(state) else Tyre.HARD) is not None
        return entry_lane(track, car) if wanted else None
    worn = car.wp.tyres < state.rules.default_wear.tyres - 1
    wrong = car.tyre is not None and (car.tyre is Tyre.RAIN) != wet(state)
    if not (worn or wrong) or track.pit is None or car.pit_stops >= stops_allowed(state):
        return None
    if not 1 <= car.crossings < state.laps or (car.crossings > 1 and stops_allowed(state) < 2):
        return None
    return entry_lane(track, car)


def entry_lane(track: Track, car: CarState) -> int | None:
    """The lane of the pit entry nearest ahead of the car (a board may mark more than one:
    ``PitLane.extra_entries``)."""
    pit = track.pit
    if pit is None:
        return None
    if car.space is None or len(pit.entries) == 1 or track.space(car.space).in_pit:
        return track.space(pit.entry).lane
    lane = _model(track)
    return track.space(min(pit.entries, key=lambda e: (lane.steps_to(car.space or "", e), e))).lane


def stop_plan(track: Track, state: RaceState, car: CarState, tyre: Tyre) -> PitPlan | None:
    """What a car needs from a stop by points at the end of this lap, or None when it needs no
    stop or may not make one (PIT-D-7..9, AMB-32).

    A stop is wanted for fuel that will not last the race (FUEL-1: one WP for this lap and each
    later one), worn tyres or tyres for the other weather, or an area one WP from retirement
    that the box reserve can repair. The plan then takes whatever the points of its dearest
    action pay for anyway (PIT-D-8: the crew works in parallel): fuel up to the set-up, new
    tyres from 6 points.
    """
    if track.pit is None or car.box is None or not (car.rolling_out == "fuel" or (car.pit_stops < stops_allowed(state) and pit_lap(state, car))):
        return None
    setup = car.setup or state.rules.default_wear
    room = setup.fuel - car.wp.fuel
    short = max(0, state.laps - car.crossings + 1 - car.wp.fuel) if state.rules.fuel_per_lap else 0
    fuel = min(short, room)
    worn = car.wp.tyres < setup.tyres - 1 or (car.tyre is not None and (car.tyre is Tyre.RAIN) != (tyre is Tyre.RAIN))
    critical = [a for a in (Area.BODY, Area.ENGINE, Area.ROAD_HOLDING) if car.wp[a] <= 1 < setup[a]]
    repairs = {a: 1 for a in critical[: min(car.reserve, max(REPAIR_POINTS))]}
    if not (fuel or worn or repairs):
        return None
    points = max(FUEL_POINTS * fuel, TYRE_POINTS if worn else 0, REPAIR_POINTS.get(len(repairs), 0))
    fuel = max(fuel, min(room, points // FUEL_POINTS))  # PIT-D-8: the fuel the dearest action pays for
    new_tyres = worn or (points >= TYRE_POINTS and car.wp.tyres < setup.tyres)
    return PitPlan(fuel=fuel, tyre=tyre if new_tyres else None, repairs=repairs)


def _pit_progress(track: Track, state: RaceState, move: Move, face: int, driver: Driver) -> float:
    """What a move is worth beyond its spaces for a car that wants a stop at the end of this lap
    (``driver.pit_lane``). By points: the spaces of the roll beyond the box count as worked-off
    points (PIT-D-11); driving past the pit entry loses the stop; ending short of it in a gear
    that cannot come down to the pit-lane gear in time (a free downshift a turn) will lose it
    next turn (PIT-D-2). A basic stop: the chance of missing it (``stop_chance``) times
    ``MISSED_STOP``."""
    car = state.car(state.active or "")
    pit = track.pit
    if pit is None or car.space is None:
        return 0.0
    if not state.rules.pit_points:
        chance = stop_chance(track, state, move, driver)
        return 0.0 if chance is None else -MISSED_STOP * (1.0 - chance)
    if driver.pit_lane(track, state, car) is None:
        return 0.0
    if move.in_box:
        return float(face - len(move.path))
    end = move.end
    if end is None or track.space(end).in_pit:
        return 0.0
    limit = state.rules.pit_lane_gear or 6
    entry_row = track.space(pit.entry).row
    if move.laps or any(track.space(n).row == entry_row for n in move.path):
        return -MISSED_STOP
    if car.gear - 1 > limit and _model(track).to_pit_entry(end) <= state.rules.gear_dice.die(car.gear - 1).highest:
        return -MISSED_STOP / 2
    return 0.0


def stop_chance(track: Track, state: RaceState, move: Move, driver: Driver, end: str | None = None) -> float | None:
    """For a basic stop (not by points) that the car wants at the end of this lap
    (``driver.pit_lane``): the chance that it still makes the stop after ``move`` (ending on
    ``end`` if given: where a slide takes it). A roll short of the box cannot turn in (PIT-B-2),
    so a move into the box has made it (1), a move past the nearest pit entry has lost it (0),
    and a move ending short of it keeps it with ``_turn_in_chance``. None when no such stop is
    at stake (none wanted, the pit out of reach, the car in the pit lane)."""
    car = state.car(state.active or "")
    end = end or move.end
    if state.rules.pit_points or track.pit is None or car.space is None or car.box is None or end is None:
        return None
    if track.space(car.space).in_pit or (track.space(end).in_pit and not move.in_box):
        return None
    lane = _model(track)
    entry = lane.to_pit_entry(end)
    if (entry >= 10**6 and lane.to_pit_entry(car.space) >= 10**6) or driver.pit_lane(track, state, car) is None:
        return None
    if move.in_box:
        return 1.0
    return _turn_in_chance(state, entry, lane.to_box(end, car.box), car.gear)


def _turn_in_chance(state: RaceState, entry: int, box: int, gear: int) -> float:
    """The chance of still making a basic stop from a space ``entry`` steps short of the pit
    entry and ``box`` steps from the car's box, in ``gear`` now, with the best gears of the next
    turns' free shifts (one up, CORE-GEAR-2, or one down, CORE-GEAR-3): a roll of at least the
    box turns in (PIT-B-2), a roll that ends short of the entry or on it tries again from there,
    any other roll drives past. Past the entry (``entry`` large) it is 0."""
    if entry >= 10**6 or box >= 10**6:
        return 0.0
    faces = tuple(tuple(state.rules.gear_dice.die(g).faces) for g in range(1, 7))
    return _kept(faces, entry, box - entry, gear)


@lru_cache(maxsize=4096)
def _kept(faces: tuple[tuple[int, ...], ...], entry: int, depth: int, gear: int) -> float:
    """``_turn_in_chance`` for the dice ``faces`` (per gear) and a box ``depth`` steps into the pit lane."""
    best = 0.0
    for g in range(max(1, gear - 1), min(6, gear + 1) + 1):
        die = faces[g - 1]
        chance = sum(1.0 if f >= entry + depth else _kept(faces, entry - f, depth, g) if f <= entry else 0.0 for f in die)
        best = max(best, chance / len(die))
    return best


def _hazard(track: Track, state: RaceState, car: CarState, move: Move, ignore: str | None = None) -> float:
    """Expected WP-equivalents lost to road-holding and collision checks after ``move``.

    Body and road holding have few WP and the last one ends the race, so each
    point is worth several brake or tyre WP, the more so the fewer are left.
    """
    risk = move.dangers * 0.2 * _dear(car.wp.road_holding)  # dry road holding fails on 1-4
    if move.end is not None and not move.finishes and not track.space(move.end).in_pit:
        at = _racing_at(state)
        crowd = sum(1 for sp in _model(track).near(move.end) for c in at.get(sp, ()) if c not in (car.id, ignore))
        risk += crowd * 0.15 * _dear(car.wp.body)  # a 1 costs body WP, and a marker stays for everyone
    if state.rules.street:
        risk += street_shots(track, state, move) * _dear(car.wp.body)
    return risk


def _dear(left: int) -> float:
    """What one WP of an area with ``left`` WP is worth in ``_hazard``."""
    return OUT_COST if left <= 1 else 6.0 if left == 2 else 3.0


_AT: list[tuple] = [(None, {})]  # the state last asked about and its racing cars by space (``_racing_at``)


def _racing_at(state: RaceState) -> dict[str | None, tuple[str, ...]]:
    """The racing cars' ids by the space they are on: a driver weighs the hazards of every move
    of one state, so the last state's map is kept (the state itself with it: ids are not reused
    while it lives)."""
    memo = _AT[0]
    if memo[0] is not state:
        at: dict[str | None, tuple[str, ...]] = {}
        for c in state.cars:
            if c.status == "racing":
                at[c.space] = (*at.get(c.space, ()), c.id)
        memo = _AT[0] = (state, at)
    return memo[1]  # type: ignore[no-any-return]


@lru_cache(maxsize=64)
def _outcomes(faces: tuple[int, ...]) -> tuple[tuple[int, float], ...]:
    """A die's distinct results with float probabilities (the rough model needs no fractions)."""
    counts: dict[int, int] = {}
    for f in faces:
        counts[f] = counts.get(f, 0) + 1
    return tuple((v, n / len(faces)) for v, n in sorted(counts.items()))


# --- the street race: the nitro and the WP won (STREET-3, STREET-7, STREET-8) --------------

NITRO_GAIN = 0.5  # the share of the gear's extra spaces a nitro must be expected to gain


def choose_nitro(driver: Driver, track: Track, state: RaceState, gear: int) -> bool:
    """STREET-3: inject the lap's nitro when it is expected to gain at least half its spaces
    (not thrown away on a corner it would have to brake for) and risks the car no more."""
    car = state.car(state.active or "")
    opt = gear_options(track, state).get(gear)
    if not isinstance(opt, ShiftCost) or nitro.refusal(state, car) is not None:
        return False
    out_plain, plain = driver._gear_value(track, state, car, gear, opt)
    out_nitro, value = driver._gear_value(track, nitro.with_nitro(state, True), car, gear, opt)
    return out_nitro <= max(out_plain, driver.max_out) and value - plain >= NITRO_GAIN * gear


def tunnel_gain(track: Track, state: RaceState, move: Move) -> int:
    """STREET-7: the rows a move gains by ending on a tunnel entry whose exit is free."""
    gate = track.tunnel_from(move.end) if state.rules.street and move.end and not move.finishes else None
    if gate is None or any(c.space == gate.exit and c.status == "racing" for c in state.cars):
        return 0
    return max(0, track.space(gate.exit).row - track.space(gate.entry).row)


def street_shots(track: Track, state: RaceState, move: Move) -> float:
    """STREET-5: the body WP a move is expected to lose to the residents' shots."""
    if not state.rules.street or move.out is not None:
        return 0.0
    path = move.path if state.rules.shooting == "passing" else move.path[-1:]
    zones = {z.object_id for z in (track.zone_of(n) for n in path) if z is not None and z.kind == "shooting"}
    return len(zones) * state.rules.shooting_fails / 20


# the areas a won WP goes to first when the WP left are level: the ones whose last WP ends the race
FREE_WP_ORDER = (Area.BODY, Area.ROAD_HOLDING, Area.ENGINE, Area.BRAKES, Area.GEARBOX, Area.FUEL, Area.TYRES)


def choose_free_wp(state: RaceState) -> dict[Area, int]:
    """STREET-7/8: the won WP one by one to the area with room that has the fewest WP left."""
    car = state.car(free_wp.owed_car(state) or "")
    room = free_wp.room(state, car)
    wp = {a: car.wp[a] for a in room}
    chosen: dict[Area, int] = {}
    for _ in range(free_wp.amount(state, car)):
        area = min((a for a in room if room[a] > chosen.get(a, 0)), key=lambda a: (wp[a], FREE_WP_ORDER.index(a)))
        chosen[area] = chosen.get(area, 0) + 1
        wp[area] += 1
    return chosen


CAREFUL = Driver(name="careful", max_out=Fraction(0), wear_weight=5.0, foresight=1.0)
AGGRESSIVE = Driver(name="aggressive", max_out=Fraction(1, 6), wear_weight=1.0, foresight=0.5)
DRIVERS = {d.name: d for d in (CAREFUL, AGGRESSIVE)}
