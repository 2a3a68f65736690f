"""A benchmark opponent: a port of the "Pro" bot of GP Online (the public game pjsavola/formulad).

Written from reading its ProAI, AIUtil, BaseAI and Gear classes, in this project's terms; it is
a yardstick for ``bench/drivers.py``, not a level offered to players.

What it does, as the original does:

* Gear: every gear it may declare, every face of that gear's die; for each face the best score
  of the moves the roll allows (and, on soft tyres that may take the bonus, of the roll + 1);
  the gear with the highest worst + median + best score wins, ties to the higher median, best,
  worst score, then the higher gear. The median is the face list's middle element (upper one).
* Move: the highest score among the legal moves.
* Score of an end space (``evaluate``): the WP left, through the original's table (5 a WP for
  the first eight, then 4, then 3), plus twice the value of the track part ("area") the car ends
  in minus the whole lap's value per lap still to go; minus the spaces to the next corner, or,
  inside a corner of 2+ stops with stops owed, a price per stop owed and the low gear's price;
  minus penalties for a gear too low for the next corner, too high to stop within the
  damage-free distance ("move permit") or one that forces a downshift; the lowest score when
  even the lowest gear's lowest roll overshoots the permit; a bonus for finishing beyond any
  score. On the final straight of the last lap the WP do not count.
* Track geometry as AIUtil measures it: the corners in lap order alternate with the straights
  as areas; a corner's area adds the fewest spaces from it to the next corner to the lap's
  running value; distances are breadth-first over the spaces outside the pit lane (inside it
  when the end space is in the pit lane); "the next corner's stops" follows the straight-ahead
  step.

Adaptations to these rules:

* GP Online has one pool of hit points; here "hit points" are all the car's WP together (every
  area: the skips strike gearbox, brakes, engine or fuel, braking and overshoot strike brakes and
  tyres). A move the engine marks as eliminating is never chosen (the original drops moves whose
  damage reaches the hit points). WP beyond the original table's 30 add 3 each.
* "The lowest gear it could take next turn" (the original: the gear minus up to 4 hit points) is
  the lowest gear the rules' downshift table allows with the WP left after the move.
* The original's areas are numbered from the start line; here a straight's area is counted from
  the corners behind it on the lap, a pit-lane space takes the area of the track beside it (by
  row), and the laps still to go come from the engine's line crossings (L laps end at L + 1).
* Entering the pit lane or the box resets hit points to full in GP Online; here a stop restores
  the tyres only (CORE-PIT-1), so the score counts the WP with the tyres restored to the set-up's.
* GP Online's soft tyres add an optional space to every roll; here the soft-tyre bonus (TYRE-3) is
  that optional space, so the gear choice scores roll + 1 when the rules would offer the bonus,
  and an optional extra (bonus, slipstream, launch space) is taken when its best move scores
  higher than ending here. GP Online has no slipstream; this treats it as any other extra.
* Rain: no forecast here, so the original's +10 for a stop that changes to the weather's tyres is
  left out; GP Online scores the slide within the roll; here the engine drives the slide as its own
  segment, so the gear choice scores the roll only and the slide is scored when it comes.
* Ties: the original picks at random among equal moves; here the lexically last path wins, so a
  race replays exactly.
* Choices the original lacks or makes at random: tyres by its rule (rain tyres when it is wet,
  soft for a race or a stop with at most one lap to go, else soft or hard by the grid slot, the
  original's coin flip made deterministic); everything else (pit announcements, repairs, karma,
  bids, set-up, T-car, boost and nitro are never used) is the Racer level's choice, so a bench
  race measures the driving.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from rules.actions import Action, ChooseGear, Drive, EndMove, PitStop, SetUp
from rules.ai.presets import RACER
from rules.ai.registry import computer_action
from rules.car import WearPoints
from rules.engine import gear_options, moves, optional_offer, rolled
from rules.gears import ShiftCost, legal_gears
from rules.modules.base import start_movement, wet
from rules.modules.tyres import bonus_allowed
from rules.moves import Move
from rules.state import CarState, RaceState
from rules.tables.tyres import Tyre
from rules.track import Track

MIN = -1_000_000  # Scores.MIN: a certain elimination
MAX = 1_000_000  # Scores.MAX: finishing
HP_SCORE = (
    MIN,
    5,
    10,
    15,
    20,
    25,
    30,
    35,
    40,
    44,
    48,
    51,
    54,
    57,
    60,
    63,
    66,
    69,
    72,
    75,
    78,
    81,
    84,
    87,
    90,
    93,
    96,
    99,
    102,
    105,
    108,
)  # the original's value of 0..30 hit points


def hp_score(hp: int) -> int:
    if hp <= 0:
        return MIN
    return HP_SCORE[hp] if hp < len(HP_SCORE) else HP_SCORE[-1] + 3 * (hp - len(HP_SCORE) + 1)


class Geometry:
    """AIUtil's measures of one track, computed on demand and remembered."""

    def __init__(self, track: Track) -> None:
        self.track = track
        self._areas: dict[
            tuple[object, ...], dict[str, int]
        ] = {}  # per query: the next area's first spaces, steps to each
        self._steps: dict[tuple[object, ...], int] = {}  # per query: a number of steps
        n = len(track.corners)
        self.last_area = 2 * n
        value, running = {0: 0}, 0
        for k, corner in enumerate(track.corners):
            running += max(0, self.distance_to_corner(corner.spaces[0], pit=False))
            value[2 * k + 1] = running
            value[2 * k + 2] = running
        self.value, self.total = value, running

    def curve(self, name: str) -> bool:
        return self.track.space(name).corner is not None

    def stops(self, name: str) -> int:
        c = self.track.space(name).corner
        return 0 if c is None else self.track.corners[c].stops

    def area(self, name: str) -> int:
        sp = self.track.space(name)
        if sp.corner is not None and not sp.in_pit:
            return 2 * sp.corner + 1
        return 2 * sum(1 for c in self.track.corners if c.last_row < sp.row)

    def _kind(self, name: str) -> object:
        sp = self.track.space(name)
        return "pit" if sp.in_pit else ("curve", sp.corner) if sp.corner is not None else "straight"

    def _next(self, name: str, pit: bool) -> tuple[str, ...]:
        return tuple(n for n in self.track.successors(name) if pit or not self.track.space(n).in_pit)

    def _min_to_next_area(self, start: str, longest_last: bool, pit: bool) -> dict[str, int]:
        """findMinDistancesToNextAreaStart: first spaces of the other kind (curve or not) and the
        fewest steps to them (the most, among those found, with ``longest_last``)."""
        key = ("min", start, longest_last, pit)
        if key not in self._areas:
            curve = self.curve(start)
            same: dict[str, int] = {start: 0}
            other: dict[str, int] = {}
            work = deque([start])
            while work:
                node = work.popleft()
                d = same[node] + 1
                for child in self._next(node, pit):
                    if self.curve(child) == curve:
                        if child not in same:
                            same[child] = d
                            work.append(child)
                    elif child not in other or (longest_last and d > other[child]):
                        other[child] = d
            self._areas[key] = other
        return self._areas[key]

    def _max_to_next_area(self, start: str, pit: bool) -> dict[str, int]:
        """findMaxDistancesToNextAreaStart: from a corner or the pit lane the longest ways out."""
        if not (self.curve(start) or self.track.space(start).in_pit):
            return self._min_to_next_area(start, True, pit)
        key = ("max", start, pit)
        if key not in self._areas:
            kind = self._kind(start)
            same: dict[str, int] = {start: 0}
            other: dict[str, int] = {}
            work = [start]
            while work:
                node = work.pop()
                d = same[node] + 1
                for child in self._next(node, pit):
                    target = same if self._kind(child) == kind else other
                    if child not in target or d > target[child]:
                        target[child] = d
                        if target is same:
                            work.append(child)
            self._areas[key] = other
        return self._areas[key]

    def _max_in_area(self, start: str, pit: bool) -> int:
        """findMaxDistanceInThisArea: the farthest step staying on the same kind (the longest way
        through a corner)."""
        key = ("in", start, pit)
        if key not in self._steps:
            curve = self.curve(start)
            dist = {start: 0}
            work = deque([start])
            while work:
                node = work.popleft()
                d = dist[node] + 1
                for child in self._next(node, pit):
                    if self.curve(child) == curve and (child not in dist or (curve and d > dist[child])):
                        dist[child] = d
                        work.append(child)
            self._steps[key] = max(dist.values())
        return self._steps[key]

    def distance_to_corner(self, name: str, pit: bool) -> int:
        """getMinDistanceToNextCurve (-1: none reachable); from a corner, to the one after it."""
        key = ("dist", name, pit)
        if key not in self._steps:
            if self.curve(name):
                found = [
                    d + min(self._min_to_next_area(s, False, pit).values(), default=-1)
                    for s, d in self._min_to_next_area(name, False, pit).items()
                    if self._min_to_next_area(s, False, pit)
                ]
                self._steps[key] = min(found, default=-1)
            else:
                self._steps[key] = min(self._min_to_next_area(name, False, pit).values(), default=-1)
        return self._steps[key]

    def permit(self, name: str, stops: int, pit: bool) -> int:
        """getMaxDistanceWithoutDamage: how far the car may go without overshooting a corner."""
        if self.stops(name) > stops:
            return self._max_in_area(name, pit)
        key = ("permit", name, pit)
        if key not in self._steps:
            nxt = self._max_to_next_area(name, pit)
            if not nxt:
                self._steps[key] = self._max_in_area(name, pit)
            else:
                self._steps[key] = max(self.permit(s, 0, pit) + d for s, d in nxt.items())
        return self._steps[key]

    def _straight_on(self, name: str, curve: bool, pit: bool) -> str:
        """recurseWhile: along the straight-ahead step while the space is (not) a corner."""
        for _ in range(len(self.track.spaces)):
            if self.curve(name) != curve:
                return name
            ahead = self.track.ahead(name)
            nxt = ahead if ahead is not None and (pit or not self.track.space(ahead).in_pit) else None
            nxt = nxt or next(iter(self._next(name, pit)), None)
            if nxt is None:
                return name
            name = nxt
        return name

    def next_stops(self, name: str) -> int:
        """getStopsRequiredInNextCurve."""
        pit = self.track.space(name).in_pit
        straight = self._straight_on(name, True, False) if self.curve(name) else name
        return self.stops(self._straight_on(straight, False, pit))

    def before_corner(self, name: str) -> bool:
        """A straight space whose only step leads into a corner."""
        nxt = self.track.successors(name)
        return not self.curve(name) and len(nxt) == 1 and self.curve(nxt[0])


_GEOMETRY: dict[str, tuple[Track, Geometry]] = {}


def geometry(track: Track) -> Geometry:
    held = _GEOMETRY.get(track.name)
    if held is None or held[0] is not track:
        held = _GEOMETRY[track.name] = (track, Geometry(track))
    return held[1]


class Judge:
    """The score of end spaces for the active car in one decision (the original's evaluate)."""

    def __init__(self, track: Track, state: RaceState) -> None:
        self.track, self.state, self.geo = track, state, geometry(track)
        car = state.car(state.active or "")
        mv = state.movement if state.phase == "move" else None
        self.location = mv.start if mv is not None else car.space or ""
        start_corner = track.space(self.location).corner
        owned = mv.corner if mv is not None else car.corner
        self.start_stops = (mv.stops if mv is not None else car.stops) if owned == start_corner else 0
        dice = state.rules.gear_dice
        self.faces = {g: sorted(dice.die(g).faces) for g in range(1, 7)}
        self.soft = (
            car.tyre == Tyre.SOFT
            and state.rules.tyres is not None
            and not wet(state)
            and bonus_allowed(state, car, start_movement(car))
        )
        self.full = (car.setup or car.wp).tyres  # a stop restores the tyres to these (CORE-PIT-1)
        self.max_hp = (car.setup or car.wp).total()
        self.hp = car.wp.total()

    def low(self, g: int) -> int:
        return self.faces[g][0]

    def avg(self, g: int, bonus: bool = True) -> int:
        """The middle face; with the soft tyres' space where the original adds it (getGearAvg)."""
        return self.faces[g][len(self.faces[g]) // 2] + int(self.soft and bonus)

    def high(self, g: int) -> int:
        return self.faces[g][-1] + int(self.soft)

    def move(self, move: Move, gear: int, car: CarState | None = None) -> int:
        """The score of ending the turn's segment with ``move`` in ``gear`` (``car``: the car as it
        is before the segment, WP paid for the gear)."""
        if move.out is not None:
            return MIN
        gear = max(1, gear)  # gear 0: a dream start's or a spun car's first movement (START-D-1, FD08-SPIN-1)
        car = car or self.state.car(self.state.active or "")
        end = move.end or car.space
        if end is None:
            return MIN
        wp = car.wp.model_copy(
            update={"brakes": max(0, car.wp.brakes - move.brakes), "tyres": max(0, car.wp.tyres - move.tyres)}
        )
        if move.finishes:
            return MAX + hp_score(wp.total())
        t, g = self.track, self.geo
        end_sp, start_sp = t.space(end), t.space(self.location)
        if move.in_box or (end_sp.in_pit and not start_sp.in_pit):
            wp = wp.model_copy(update={"tyres": max(wp.tyres, self.full)})
        laps_to_go = self.state.laps - (car.crossings + move.laps)
        stops = move.stops if end_sp.corner is not None else self.start_stops + 1
        pit = end_sp.in_pit
        distance = g.distance_to_corner(end, pit)
        permit = g.permit(end, stops, pit)
        return self._evaluate(end, wp, gear, laps_to_go, stops, distance, permit)

    def _evaluate(
        self, end: str, wp: WearPoints, gear: int, laps_to_go: int, stops: int, distance: int, permit: int
    ) -> int:
        g = self.geo
        hp = wp.total()
        area = g.area(end)
        curve = g.curve(end)
        final = not curve and laps_to_go == 0 and g.value[area] == g.total and hp > 1
        score = hp_score(max(hp, self.max_hp) if final else hp)
        if score == MIN:
            return MIN
        required = g.stops(end) if curve else g.stops(self.location)
        to_do = max(0, required - stops)
        if required > 1 and to_do > 0:
            step = (g.value[area] - g.value.get(area - 1, 0)) // (required - 1)
            score -= to_do * step
            reach = sum(self.avg(min(6, gear + i)) for i in range(1, to_do + 1))
            score -= max(0, permit - reach)
        else:
            score -= distance
        score += 2 * (g.value[area] - laps_to_go * g.total)
        if self.track.space(end).in_pit:
            return score - self._low_gear(end, gear, distance, permit) * self.hp // max(1, self.max_hp)
        if to_do <= 0:
            score -= self._low_gear(end, gear, distance, permit)
            to_do = g.next_stops(end)
        if final:
            return score
        lowest = min(
            (x for x, o in legal_gears(gear, wp, self.state.rules.downshift).items() if isinstance(o, ShiftCost)),
            default=gear,
        )
        if self.low(lowest) + sum(self.low(max(1, lowest - i)) for i in range(2, to_do + 1)) > permit:
            return MIN
        calm = sum(self.avg(max(1, gear - i), bonus=False) for i in range(1, to_do + 1))
        score -= 2 * max(0, calm - permit)
        if gear < 4:
            shifting = self.avg(gear, bonus=False) * max(1, to_do)
            score -= max(0, shifting - permit)
        if g.before_corner(end):
            score -= 1
        return score

    def _low_gear(self, end: str, gear: int, distance: int, permit: int) -> int:
        """getPenaltyForLowGear: too slow to reach the next corner next turn, or to use the permit."""
        if gear >= 5:
            return 0
        cap = 4 if self.track.space(end).in_pit else 6
        penalty = max(0, distance - self.low(min(cap, gear + 1)))
        if penalty == 0 and not self.geo.curve(end):
            top = self.high(min(cap, gear + 1))
            for i in range(2, self.geo.next_stops(end) + 1):
                top = self.high(min(cap, gear + i))  # the original keeps only the last gear's top
            return max(0, permit - top)
        return penalty


def _best(judge: Judge, state: RaceState, found: list[Move], gear: int) -> tuple[int, Move | None]:
    car = state.car(state.active or "")
    best: tuple[int, tuple[str, ...], Move | None] = (MIN - 1, (), None)
    for m in found:
        s = judge.move(m, gear, car)
        if (s, m.path) > best[:2]:
            best = (s, m.path, m)
    return best[0], best[2]


def choose_gear(track: Track, state: RaceState) -> int:
    car = state.car(state.active or "")
    legal = {g: o for g, o in gear_options(track, state).items() if isinstance(o, ShiftCost)}
    if len(legal) == 1:
        return next(iter(legal))
    judge = Judge(track, state)
    ranked = []
    for gear, opt in legal.items():
        paid = state.with_car(car.model_copy(update={"gear": gear, "wp": car.wp.pay(opt.cost)}))
        scores = []
        for face in state.rules.gear_dice.die(gear).faces:
            after = rolled(track, paid, face)
            best = _best(judge, after, moves(track, after), gear)[0]
            if judge.soft and after.moves_left:
                more = after.model_copy(update={"moves_left": after.moves_left + 1})
                best = max(best, _best(judge, more, moves(track, more), gear)[0])
            scores.append(max(best, MIN))
        scores.sort()
        lo, mid, hi = scores[0], scores[len(scores) // 2], scores[-1]
        ranked.append((lo + mid + hi, mid, hi, lo, gear))
    return max(ranked)[-1]


def choose_tyre(state: RaceState, laps_to_go: int) -> Tyre:
    """BaseAI.getBestTires with a free change: rain tyres in rain, soft for the last lap, else
    the coin flip, made by the grid slot."""
    if wet(state):
        return Tyre.RAIN
    car = state.car(state.active or "")
    if laps_to_go <= 1 or ((car.grid_slot or 0) // 2) % 2 == 0:
        return Tyre.SOFT
    return Tyre.HARD


def _off_the_move(track: Track, state: RaceState, gear: Callable[[Track, RaceState], int]) -> Action | None:
    car = state.car(state.active or "")
    if state.phase == "gear":
        return ChooseGear(gear=gear(track, state), pit=RACER.announce(track, state))
    if state.phase == "setup" and state.rules.tyres and not state.rules.street:
        return SetUp(tyre=choose_tyre(state, state.laps))
    if state.phase == "pit" and state.rules.tyres and not state.rules.pit_points:
        racer = computer_action(track, state, "racer")
        assert isinstance(racer, PitStop)
        return racer.model_copy(update={"tyre": choose_tyre(state, state.laps - car.crossings)})
    if state.phase != "move":
        return computer_action(track, state, "racer")
    return None


def action(track: Track, state: RaceState) -> Action:
    """The Pro bot's action for the car to move now."""
    if (other := _off_the_move(track, state, choose_gear)) is not None:
        return other
    car = state.car(state.active or "")
    judge = Judge(track, state)
    found = moves(track, state)
    value, move = _best(judge, state, found, car.gear)
    if move is None:
        move = found[0]
    if optional_offer(state):
        stay = judge.move(Move(path=(), corner=car.corner, stops=car.stops), car.gear)
        return EndMove() if stay >= value else Drive(path=move.path, via=move.via)
    return Drive(path=move.path, via=move.via)
