"""The next turns along a lane, as one car alone would drive them: what a position is worth.

A level's exact look at this turn (every face of every gear, the engine's legal
moves) ends in positions; this model says what each is worth over the turns
after it: an expectimax over the gear dice (for each gear the car can reach from
there, the expectation over the die's faces of the spaces gained less the WP
spent, then the best gear), ``depth`` turns deep, with a leaf that counts what
the turn after would cost at least. In rain a stop in a corner goes on with the
slide (TYRE-2): the stop counts where the slide ends, so a turn that ends in a
corner is driven on by the slide's spaces before it is judged. It drives straight along the lane (where
the lane's room in a corner is too short, on along the corner's longest way) and sees no other car (the
exact step sees them), so it is cheap and remembered: the same
positions come up turn after turn, and the last two turns without a slide are valued by the
position's shape (``rules.ai.shapes``), once for all positions alike. Values are in spaces; WP
are priced by ``Prices`` (what a level pays for a brake or tyre WP, an elimination, a spin).
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from rules.ai.lane import LaneModel, lane_model
from rules.ai.overshoot import flights
from rules.ai.prices import Prices
from rules.ai.shapes import Odds, Shapes, brakes_after, next_gears, skipped
from rules.dice import GearDice
from rules.track import Track


class Step(NamedTuple):
    """One turn along the lane: where it ends, what it gained and cost. The memos keep the same
    fields as plain tuples (``_Raw``): a race makes hundreds of thousands, and the garbage
    collector stops tracking a plain tuple of plain values, never a named one, so a memo of
    named tuples made its full passes last up to seconds in a long bench."""

    value: float  # spaces gained less WP spent (priced); -out for an elimination
    out: bool
    end: str | None
    corner: int | None  # the corner the car stops in, None off corners
    stops: int
    brakes: int  # brake WP left
    tyres: int  # tyre WP left


_Raw = tuple  # a Step's fields as a plain tuple: (value, out, end, corner, stops, brakes, tyres)


@cache
def _odds(faces: tuple[tuple[int, ...], ...]) -> Odds:
    return tuple(tuple((v, faces_of.count(v) / len(faces_of)) for v in sorted(set(faces_of))) for faces_of in faces)


def odds(dice: GearDice) -> Odds:
    """The gear dice's faces with float probabilities (the model needs no fractions), one
    object per set of faces, so it is a cheap key. The last dice asked about are kept with
    their odds (every move a level values asks)."""
    last = _LAST_ODDS.get(id(dice))
    if last is not None and last[0] is dice:
        return last[1]
    found = _odds(tuple(d.faces for d in dice.dice))
    if len(_LAST_ODDS) >= 8:
        _LAST_ODDS.clear()
    _LAST_ODDS[id(dice)] = (dice, found)
    return found


_LAST_ODDS: dict[int, tuple[GearDice, Odds]] = {}


class Lookahead:
    """The expectimax of the next turns along a lane for one track (one per track, remembered)."""

    def __init__(self, track: Track) -> None:
        self.track = track
        self.lane: LaneModel = lane_model(track)
        self.shapes = Shapes(track, self.lane)
        self._steps: dict[tuple, _Raw] = {}
        self._faces: dict[tuple, tuple] = {}  # per die and position: each face's probability, p * face and way
        self._bounds: dict[tuple, tuple[float, ...]] = {}  # per die, depth and slide: ``_bound``
        self._priced: dict[tuple[int, int, int], Priced] = {}  # per tyre multiplier, spin limit and prices
        self._priced_size = 0  # their entries, counted when the last one was made (``_size``)
        self._values: dict[tuple, float] = {}
        self._gears: dict[tuple, float] = {}

    def forget(self) -> None:
        """Drop what the memos remember (values are worked out again the same when asked)."""
        for memo in (self._steps, self._values, self._gears, self._priced):
            memo.clear()
        self._priced_size = 0

    def _size(self) -> int:
        """The entries of the memos that grow with the prices seen (the others grow only with the
        track); those of the price contexts as counted when the last one was made (each is bounded
        by the track's shapes, so it is the number of contexts that must be watched)."""
        return len(self._steps) + len(self._values) + len(self._gears) + self._priced_size

    def _memos(self, mult: int, spin_max: int, prices: Prices) -> Priced:
        """The memos of one tyre multiplier, spin limit and set of prices; past ``MEMO_LIMIT``
        entries in all, the model starts afresh before it makes another."""
        key = (mult, spin_max, prices.pid)
        found = self._priced.get(key)
        if found is None:
            self._priced_size = sum(memos.size() for memos in list(self._priced.values()))
            if self._size() > MEMO_LIMIT:
                self.forget()
            found = self._priced[key] = Priced()
        return found

    def step(
        self,
        space: str,
        roll: int,
        corner: int | None,
        stops: int,
        brakes: int,
        tyres: int,
        mult: int,
        spin_max: int,
        prices: Prices,
    ) -> Step:
        """Drive ``roll`` spaces along the lane from ``space``, braking or flying out of a corner
        as the prices say is cheapest (CORNER-4..7, CORE-BRAKE-1: one brake WP a space)."""
        return Step._make(self._step(space, roll, corner, stops, brakes, tyres, mult, spin_max, prices))

    def _step(
        self,
        space: str,
        roll: int,
        corner: int | None,
        stops: int,
        brakes: int,
        tyres: int,
        mult: int,
        spin_max: int,
        prices: Prices,
    ) -> _Raw:
        if brakes > 4:
            brakes = 4
        if tyres > 5:
            tyres = 5
        way = self.shapes.way(space, roll, corner, stops)
        if way[0] is None:  # the roll stays within the room it has: neither WP nor prices matter
            return (float(roll), False, way[1], way[2], way[3], brakes, tyres)
        # flat: a tuple of plain values leaves the collector's view at its first pass, a nested one later
        key = (space, roll, corner, stops, brakes, tyres, mult, spin_max, prices.pid)
        found = self._steps.get(key)
        if found is None:
            found = self._steps[key] = self._over(way, roll, brakes, tyres, mult, spin_max, prices)
        return found

    def _over(self, way: tuple, roll: int, brakes: int, tyres: int, mult: int, spin_max: int, prices: Prices) -> _Raw:
        """Too fast for the corner: the cheapest mix of brake WP and flying out (CORNER-6, CORNER-7),
        chosen once for each overshoot and WP (``_choose``), whatever the space."""
        over, fatal, end, stop, target, made = way
        memos = self._memos(mult, spin_max, prices)
        value, braked, loss = self._choose(memos, over, fatal, roll, brakes, tyres, mult, spin_max, prices)
        if braked < 0:
            return (-prices.out, True, None, None, 0, brakes, tyres)
        if braked < over:
            return (value, False, end, None, 0, brakes - braked, tyres - loss)
        return (value, False, stop, target, made + 1, brakes - braked, tyres)

    @staticmethod
    def _choose(
        memos: Priced,
        over: int,
        fatal: bool,
        roll: int,
        brakes: int,
        tyres: int,
        mult: int,
        spin_max: int,
        prices: Prices,
    ) -> tuple[float, int, int]:
        """The best (value, brake WP, tyre WP lost) of ``_over``; brake WP -1 when every way is out.
        The ways and their prices are the same for every roll (``flights``), and so is the best of
        them unless two are nearly as cheap: then the sums of this roll decide."""
        # one int for the WP a race leaves (0-4 brakes, 0-5 tyres), a tuple for a qualifying lap's fewer than none
        key = (
            (over << 7) | (fatal << 6) | (brakes << 3) | tyres
            if brakes >= 0 and tyres >= 0
            else (over, fatal, brakes, tyres)
        )
        ways = memos.outs.get(key)
        if ways is None:
            ways = memos.outs[key] = flights(over, fatal, brakes, tyres, mult, spin_max, prices)
        if len(ways) == 5:  # the cheapest for every roll
            braked, brake_cost, tyre_cost, spin, loss = ways
            value = roll - braked - brake_cost - tyre_cost
            if spin is not None:
                value -= spin  # CORNER-7: the last tyre WP lost exactly
            return (value, braked, loss)
        best: tuple[float, int, int] | None = None
        for i in range(0, len(ways), 5):
            braked, brake_cost, tyre_cost, spin, loss = ways[i : i + 5]
            value = roll - braked - brake_cost - tyre_cost
            if spin is not None:
                value -= spin
            if best is None or value > best[0]:
                best = (value, braked, loss)
        return best or (-prices.out, -1, 0)

    def turn(
        self,
        space: str,
        roll: int,
        corner: int | None,
        stops: int,
        brakes: int,
        tyres: int,
        mult: int,
        spin_max: int,
        prices: Prices,
        slide: int,
    ) -> Step:
        """A whole turn's movement: the roll's spaces, then in rain the slide of ``slide`` spaces
        after a stop in a corner (TYRE-2). The stop the roll made is not yet counted: it counts
        where the slide ends (a slide out of a 2-stop corner misses both stops, CORNER-5)."""
        return Step._make(self._turn(space, roll, corner, stops, brakes, tyres, mult, spin_max, prices, slide))

    def _turn(
        self,
        space: str,
        roll: int,
        corner: int | None,
        stops: int,
        brakes: int,
        tyres: int,
        mult: int,
        spin_max: int,
        prices: Prices,
        slide: int,
    ) -> _Raw:
        s = self._step(space, roll, corner, stops, brakes, tyres, mult, spin_max, prices)
        if not slide or s[1] or s[2] is None or s[3] is None:
            return s
        after = self._step(s[2], slide, s[3], s[4] - 1, s[5], s[6], mult, spin_max, prices)
        if after[1]:
            return after
        return (s[0] + after[0], False, *after[2:])

    def value(
        self,
        dice: Odds,
        space: str,
        gear: int,
        corner: int | None,
        stops: int,
        brakes: int,
        tyres: int,
        mult: int,
        spin_max: int,
        prices: Prices,
        depth: int,
        slide: int = 0,
    ) -> float:
        """The expected spaces less priced WP of the next ``depth`` turns from this position,
        choosing the best gear each turn (``next_gears``: a free shift of one, or a skip for a WP a gear skipped)."""
        if brakes > 4:
            brakes = 4
        if tyres > 5:
            tyres = 5
        # by the position's shape (not with fewer WP than none: a qualifying lap strikes none, so its moves may
        # cost more than the car has, and the shapes' memos pack the WP left as small numbers)
        if depth in (1, 2) and not slide and brakes >= 0 and tyres >= 0:
            memos = self._memos(mult, spin_max, prices)
            if depth == 1:
                leaf = self.shapes.leaf(dice, gear, space, corner, stops)
                return self._leaf_value(memos, leaf, brakes, tyres, mult, spin_max, prices)
            turn = self.shapes.turn(dice, gear, space, corner, stops)
            return self._turn_value(memos, dice, turn, brakes, tyres, mult, spin_max, prices)
        key = (id(dice), space, gear, corner, stops, brakes, tyres, mult, spin_max, prices.pid, depth, slide)
        found = self._values.get(key)
        if found is None:
            if self._size() > MEMO_LIMIT:
                self.forget()
            found = self._values[key] = self._value(
                dice, space, gear, corner, stops, brakes, tyres, mult, spin_max, prices, depth, slide
            )
        return found

    def _leaf_value(
        self, memos: Priced, leaf: int, brakes: int, tyres: int, mult: int, spin_max: int, prices: Prices
    ) -> float:
        """The last turn's value from a position of shape ``leaf`` (``Shapes.leaf``), remembered."""
        key = (leaf << 6) | (brakes << 3) | tyres
        found = memos.leaves.get(key)
        if found is None:
            found = memos.leaves[key] = self._leaf(memos, leaf, brakes, tyres, mult, spin_max, prices)
        return found

    def _leaf(
        self, memos: Priced, leaf: int, brakes: int, tyres: int, mult: int, spin_max: int, prices: Prices
    ) -> float:
        """``_value`` of the last turn without a slide, by its shape: the same gears in the same
        order with the same faces' values, so the same to the last bit."""
        best = -prices.out
        sure = prices.sure
        bounds = self.shapes.sum_bounds
        sums, outs = memos.sums, memos.outs
        for _, skips, shape in self.shapes.leaves[leaf]:
            b = brakes_after(skips, brakes)
            if b is None:
                continue
            wp = (b << 3) | tyres
            key = (shape << 8) | (skips << 6) | wp
            total = sums.get(key)
            if total is None:
                if sure and bounds[shape] < best:  # cannot reach the best: not worked out
                    continue
                total = prices.skips(skips)
                for p, gain, face, over, fatal in self.shapes.sums[shape]:
                    if over is None:
                        total += gain
                        continue
                    # ``_choose`` without the call where the ways are known and none or one is the best for
                    # every roll (the hottest loop of a race)
                    way = outs.get((over << 7) | (fatal << 6) | wp)
                    if way == ():
                        value = -prices.out
                    elif way is not None and len(way) == 5:
                        value = face - way[0] - way[1] - way[2]
                        if way[3] is not None:
                            value -= way[3]
                    else:
                        value = self._choose(memos, over, fatal, face, b, tyres, mult, spin_max, prices)[0]
                    total += p * value
                sums[key] = total
            if total > best:
                best = total
        return best

    def _turn_value(
        self,
        memos: Priced,
        dice: Odds,
        turn: int,
        brakes: int,
        tyres: int,
        mult: int,
        spin_max: int,
        prices: Prices,
    ) -> float:
        """The last two turns' value without a slide from a position of shape ``turn``
        (``Shapes.turn``), remembered: ``_value`` by the shape, so the same to the last bit."""
        wp = (brakes << 3) | tyres
        found = memos.turns.get((turn << 6) | wp)
        if found is None:
            best = -prices.out
            gears = memos.gears
            todo: list[tuple[int, int, int, int, int]] = []
            for nxt, skips, shape in self.shapes.turns[turn]:
                b = brakes_after(skips, brakes)
                if b is None:
                    continue
                key = (shape << 8) | (skips << 6) | (b << 3) | tyres
                total = gears.get(key)
                if total is None:
                    todo.append((nxt, skips, shape, b, key))
                elif total > best:
                    best = total
            bound = self._bound(dice, 2, 0) if prices.sure else None
            for nxt, skips, shape, b, key in todo:
                if bound is not None and bound[nxt - 1] < best:  # its expectation cannot reach the best
                    continue
                total = gears[key] = self._gear_turn(
                    memos, shape, prices.skips(skips), b, tyres, mult, spin_max, prices
                )
                if total > best:
                    best = total
            found = memos.turns[(turn << 6) | wp] = best
        return found

    def _gear_turn(
        self,
        memos: Priced,
        shape: int,
        total: float,
        brakes: int,
        tyres: int,
        mult: int,
        spin_max: int,
        prices: Prices,
    ) -> float:
        """``total`` plus a gear's expectation over the last two turns from a position whose faces
        have the shape ``shape`` (``Shapes.gear_of``): ``_gear``'s sums in ``_gear``'s order."""
        leaves, outs = memos.leaves, memos.outs
        wp = (brakes << 3) | tyres
        for p, gain, face, over, fatal, run, stop in self.shapes.gears[shape]:
            if over is None:
                total += gain
                if run >= 0:
                    v = leaves.get((run << 6) | wp)
                    if v is None:
                        v = self._leaf_value(memos, run, brakes, tyres, mult, spin_max, prices)
                    total += p * v
                continue
            way = outs.get((over << 7) | (fatal << 6) | wp)  # ``_choose`` without the call, as in ``_leaf``
            if way == ():
                total += p * -prices.out
                continue
            if way is not None and len(way) == 5:
                braked, loss = way[0], way[4]
                value = face - braked - way[1] - way[2]
                if way[3] is not None:
                    value -= way[3]
            else:
                value, braked, loss = self._choose(memos, over, fatal, face, brakes, tyres, mult, spin_max, prices)
            if braked < 0:
                total += p * -prices.out
                continue
            total += p * value
            b = brakes - braked
            if braked < over:
                leaf, t = run, tyres - loss
            else:
                leaf, t = stop, tyres
            if leaf >= 0:
                v = leaves.get((leaf << 6) | (b << 3) | t)
                if v is None:
                    v = self._leaf_value(memos, leaf, b, t, mult, spin_max, prices)
                total += p * v
        return total

    def _value(
        self,
        dice: Odds,
        space: str,
        gear: int,
        corner: int | None,
        stops: int,
        brakes: int,
        tyres: int,
        mult: int,
        spin_max: int,
        prices: Prices,
        depth: int,
        slide: int,
    ) -> float:
        best = -prices.out
        pid = prices.pid
        gears = self._gears
        todo: list[tuple[int, int, int, tuple]] = []
        for nxt in next_gears(gear):
            skips = skipped(gear, nxt)
            b = brakes_after(skips, brakes)
            if b is None:
                continue
            # a gear's expectation from here is the same whatever gear the car comes from: shared
            key = (id(dice), space, corner, stops, b, tyres, mult, spin_max, pid, depth, slide, nxt, skips)
            total = gears.get(key)
            if total is None:
                todo.append((nxt, skips, b, key))
            elif total > best:
                best = total
        bound = self._bound(dice, depth, slide) if prices.sure else None
        for nxt, skips, b, key in todo:
            if bound is not None and bound[nxt - 1] < best:  # its expectation cannot reach the best: not worked out
                continue
            total = gears[key] = self._gear(
                dice,
                space,
                nxt,
                prices.skips(skips),
                corner,
                stops,
                b,
                tyres,
                mult,
                spin_max,
                prices,
                depth,
                slide,
            )
            if total > best:
                best = total
        return best

    def _bound(self, dice: Odds, depth: int, slide: int) -> tuple[float, ...]:
        """Per gear, more than its expectation over ``depth`` turns can be with prices of no sign
        below zero: a turn gains at most its roll and the slide, each turn after it at most the
        best such gain of a gear it can shift to (a margin over the sums' rounding included)."""
        key = (id(dice), depth, slide)
        found = self._bounds.get(key)
        if found is None:
            mean = [sum(p * face for face, p in faces) for faces in dice]
            after = [0.0] * 6
            turn = after
            for _ in range(max(1, depth)):
                turn = [mean[g] + slide + after[g] for g in range(6)]
                after = [max(turn[max(0, g - 3) : min(5, g + 1) + 1]) for g in range(6)]
            found = self._bounds[key] = tuple(x + 1e-6 * (1.0 + abs(x)) for x in turn)
        return found

    def _gear(
        self,
        dice: Odds,
        space: str,
        nxt: int,
        total: float,
        corner: int | None,
        stops: int,
        brakes: int,
        tyres: int,
        mult: int,
        spin_max: int,
        prices: Prices,
        depth: int,
        slide: int,
    ) -> float:
        """``total`` plus the expectation over the faces of gear ``nxt``'s die (added face by face
        in the same order always, so the sum is the same to the last bit). ``brakes`` and ``tyres``
        come clamped (``value``): a face that stays within its room is then the step itself."""
        where = (id(dice), nxt, space, corner, stops)
        faces = self._faces.get(where)
        if faces is None:
            faces = self._faces[where] = tuple(
                (p, p * face, face, self.shapes.way(space, face, corner, stops)) for face, p in dice[nxt - 1]
            )
        for p, gain, face, way in faces:
            if way[0] is None and (not slide or way[2] is None or way[1] is None):  # no WP, no prices, no slide
                total += gain
                if depth > 1 and way[1] is not None:
                    end, at, made = way[1], way[2], way[3]
                    total += p * self.value(
                        dice, end, nxt, at, made, brakes, tyres, mult, spin_max, prices, depth - 1, slide
                    )
                continue
            # past the room without a slide: the step is the overshoot's choice (``_step`` with its way known)
            s = (
                self._turn(space, face, corner, stops, brakes, tyres, mult, spin_max, prices, slide)
                if slide
                else self._over(way, face, brakes, tyres, mult, spin_max, prices)
            )
            total += p * s[0]
            if depth > 1 and not s[1] and s[2] is not None:
                total += p * self.value(
                    dice, s[2], nxt, s[3], s[4], s[5], s[6], mult, spin_max, prices, depth - 1, slide
                )
        return total


class Priced:
    """The memos of one price context (tyre multiplier, spin limit and prices), each keyed by one
    int that packs a shape's number (or an overshoot) with the brake WP (0-4) and tyre WP (0-5)
    left in its three low bits each: an int and a float are nothing the garbage collector tracks,
    so these memos never join its passes, and an int hashes faster than a tuple."""

    __slots__ = ("leaves", "sums", "turns", "gears", "outs")

    def __init__(self) -> None:
        self.leaves: dict[int, float] = {}  # the last turn's value, by its shape (``Shapes.leaf``)
        self.sums: dict[int, float] = {}  # a gear's part of it, by its faces' shape and a skip
        self.turns: dict[int, float] = {}  # the last two turns' value, by their shape (``Shapes.turn``)
        self.gears: dict[int, float] = {}  # a gear's part of it, by its faces' shape (``Shapes.gear_of``) and a skip
        self.outs: dict[int | tuple, tuple] = {}  # ``flights``, by overshoot, a missed stop and WP

    def size(self) -> int:
        return len(self.leaves) + len(self.sums) + len(self.turns) + len(self.gears) + len(self.outs)


#: positions a model remembers at most (the memos that grow with the prices together) before it starts
#: afresh, and the tracks' models kept: the garbage collector's full passes walk every entry of a memo,
#: ~0.1 s for a million (before the memos were bounded, up to 2 s in a bench worker that had raced every
#: track: the slowest decisions, and the window's animation stood still as long); a 10-car 3-lap race of
#: Champions on Hohenau fills ~0.2 M
MEMO_LIMIT = 600_000
MODELS = 2

_LOOKAHEADS: dict[int, Lookahead] = {}


def lookahead(track: Track) -> Lookahead:
    """One model per track object (keyed by identity: hashing a track is slow); the models of
    the ``MODELS`` tracks raced last are kept."""
    model = _LOOKAHEADS.get(id(track))
    if model is None or model.track is not track:
        _LOOKAHEADS.pop(id(track), None)
        while len(_LOOKAHEADS) >= MODELS:
            del _LOOKAHEADS[next(iter(_LOOKAHEADS))]
        model = _LOOKAHEADS[id(track)] = Lookahead(track)
    return model
