"""Computer drivers: they choose among the engine's legal gears and moves.

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

from rules.actions import Drive
from rules.car import Area
from rules.dice import GearDice
from rules.engine import apply, gear_options, moves, repairs_at, rolled, slide_spaces, slipstream_from, stops_allowed, wet
from rules.gears import ShiftCost
from rules.moves import Move
from rules.state import CarState, RaceState
from rules.track import Track
from rules.tyres import Tyre

OUT_COST = 40.0  # an elimination, in WP-equivalents


def move_cost(move: Move) -> int:
    return move.brakes + move.tyres


class LaneModel:
    """Rough look-ahead along a lane: for a space, the corner ahead and how far it is."""

    def __init__(self, track: Track) -> None:
        self.track = track
        self._ahead: dict[str, tuple[int, int, int]] = {}
        self._future: dict[GearDice, dict[tuple, float]] = {}
        self._steps: dict[tuple, tuple[float, str | None, int | None, int]] = {}
        self._lane_pos = {
            sp.name: (sp.lane, i) for lane in range(track.lanes) for i, sp in enumerate(track.lane_spaces(lane))
        }

    def walk(self, space: str, n: int) -> str | None:
        """The space ``n`` steps straight ahead in the same lane (None in the pit lane)."""
        pos = self._lane_pos.get(space)
        if pos is None:
            return None
        lane = self.track.lane_spaces(pos[0])
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
        memo = self._future.setdefault(dice, {})
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

    def choose_gear(self, track: Track, state: RaceState) -> int:
        car = state.car(state.active or "")
        best: tuple[tuple[bool, float], int] | None = None
        for gear, opt in gear_options(track, state).items():
            if not isinstance(opt, ShiftCost):
                continue
            out_p, value = self._gear_value(track, state, car, gear, opt)
            key = (out_p <= self.max_out, value)
            if best is None or key > best[0]:
                best = (key, gear)
        assert best is not None, "a car always has a legal gear"
        return best[1]

    def _gear_value(self, track: Track, state: RaceState, car: CarState, gear: int, opt: ShiftCost) -> tuple[Fraction, float]:
        paid = state.with_car(car.model_copy(update={"gear": gear, "wp": car.wp.pay(opt.cost)}))
        weight = self._weight(car)
        dice = state.rules.gear_dice
        out_p = Fraction(0)
        value = -weight * sum(opt.cost.values())
        slide = slide_spaces(state, car)  # the tyres' and the profile's (DRESDEN-PROFILE-7/8)
        moved = False
        for face, p in state.rules.gear_dice.die(gear).outcomes():
            after = rolled(track, paid, face)  # the spaces the engine moves (profiles, tyre malus)
            move = self.choose_move(track, paid, moves(track, after))
            if move.out is not None:
                out_p += p
                value -= float(p) * OUT_COST * weight
                continue
            moved = moved or bool(move.path)
            ahead = 0.0
            if move.end is not None and not move.finishes:
                ahead = _model(track).future(dice, move.end, gear, move.corner, move.stops, car.wp.brakes - move.brakes, 2, slide)
            risk = move_cost(move) + _hazard(track, paid, car, move)
            if slide and move.end is not None and track.space(move.end).corner is not None:
                # TYRE-2: the slide after a stop in a corner, along the lane (rough)
                risk += _model(track).lane_step(move.end, slide, move.corner, move.stops - 1, car.wp.brakes - move.brakes)[0]
            value += float(p) * (len(move.path) - weight * risk - self.foresight * weight * ahead)
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
        pit_lane = _pit_entry_lane(track, state, car)
        slides = state.phase == "move" and slide_spaces(state, car) > 0  # rain, or a Regengott in sun

        def slide_cost(m: Move) -> float:
            return _slide_cost(track, state, m) if slides and m.via != "slide" else 0.0

        braked = state.movement is not None and state.movement.braked

        def towed(m: Move) -> str | None:
            """The car whose slipstream ``m`` reaches, if the driver may take it (CORE-SLIP-1, AMB-15)."""
            if m.brakes or braked or m.end is None or m.via == "bonus":
                return None
            return slipstream_from(track, state, m.end)

        def key(m: Move) -> tuple:
            front = towed(m)
            # a stop behind a car it can slipstream past: it will pass it, not stay behind it
            gain = 3 if front is not None else 0
            return (
                m.out is not None,
                not (pit_lane is not None and m.in_box),
                move_cost(m) + _hazard(track, state, car, m, ignore=front) + slide_cost(m),
                pit_lane is not None and m.end is not None and track.space(m.end).lane not in (pit_lane, -1),
                -len(m.path) - gain,
                m.path,
            )

        return min(moves, key=key)

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

    def choose_tyre(self, state: RaceState) -> Tyre:
        """Rain tyres in rain; dry: hard for the careful driver, soft for the aggressive one."""
        if wet(state):
            return Tyre.RAIN
        return Tyre.SOFT if self.max_out > 0 else Tyre.HARD

    def choose_repairs(self, state: RaceState) -> dict[Area, int]:
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


def _pit_entry_lane(track: Track, state: RaceState, car: CarState) -> int | None:
    """The lane of the pit entry if the car has worn tyres, or tyres for the other weather
    (TYRE-2, TYRE-5: slicks slide in rain, rain tyres wear in the dry), and may stop at the
    end of this lap."""
    worn = car.wp.tyres < state.rules.default_wear.tyres - 1
    wrong = car.tyre is not None and (car.tyre is Tyre.RAIN) != wet(state)
    if not (worn or wrong) or track.pit is None or car.pit_stops >= stops_allowed(state):
        return None
    if not 1 <= car.crossings < state.laps or (car.crossings > 1 and stops_allowed(state) < 2):
        return None
    return track.space(track.pit.entry).lane


def _hazard(track: Track, state: RaceState, car: CarState, move: Move, ignore: str | None = None) -> float:
    """Expected WP-equivalents lost to road-holding and collision checks after ``move``.

    Body and road holding have few WP and the last one ends the race, so each
    point is worth several brake or tyre WP, the more so the fewer are left.
    """

    def dear(left: int) -> float:
        return OUT_COST if left <= 1 else 6.0 if left == 2 else 3.0

    risk = move.dangers * 0.2 * dear(car.wp.road_holding)  # dry road holding fails on 1-4
    if move.end is not None and not move.finishes and not track.space(move.end).in_pit:
        near = set(track.beside(move.end)) | {track.ahead(move.end)}
        crowd = sum(1 for c in state.cars if c.id not in (car.id, ignore) and c.status == "racing" and c.space in near)
        risk += crowd * 0.15 * dear(car.wp.body)  # a 1 costs body WP, and a marker stays for everyone
    return risk


@lru_cache(maxsize=64)
def _outcomes(faces: tuple[int, ...]) -> tuple[tuple[int, float], ...]:
    """A die's distinct results with float probabilities (the rough model needs no fractions)."""
    counts: dict[int, int] = {}
    for f in faces:
        counts[f] = counts.get(f, 0) + 1
    return tuple((v, n / len(faces)) for v, n in sorted(counts.items()))


CAREFUL = Driver(name="careful", max_out=Fraction(0), wear_weight=5.0, foresight=1.0)
AGGRESSIVE = Driver(name="aggressive", max_out=Fraction(1, 6), wear_weight=1.0, foresight=0.5)
DRIVERS = {d.name: d for d in (CAREFUL, AGGRESSIVE)}
