"""The rough look-ahead along a lane that the careful and aggressive drivers plan with, and
that every level asks for distances: from where a move ends and in which gear, how much would
the coming corners cost? That is what keeps a careful driver from arriving at a 2-stop corner in
6th gear. One model per track, remembered."""

from __future__ import annotations

from functools import lru_cache

from rules.dice import GearDice
from rules.move_step import stops_missed_out
from rules.moves import Move
from rules.track import Track

OUT_COST = 40.0  # an elimination, in WP-equivalents


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
        self._entry: dict[str, int] | None = None  # per space: ``to_pit_entry``
        self._box: dict[str, dict[str, int]] = {}  # per box: every space's steps into it (``to_box``)
        self._back: dict[str, list[str]] | None = None  # per space: the spaces a step leads from
        self._lane_pos = {
            sp.name: (sp.lane, i) for lane in range(track.lanes) for i, sp in enumerate(track.lane_run(lane))
        }
        self._partial = {run.lane for run in track.partial}
        self._line: dict[str, int] = {}  # per space: ``to_line``
        self._corner_ways: dict[str, tuple[str, ...]] = {}  # per corner space: ``corner_way``

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

    def to_line(self, space: str) -> int:
        """Steps straight along the lane from ``space`` to the first space past the start/finish line
        (large when more than 40 away, or where the lane ends first), remembered."""
        found = self._line.get(space)
        if found is None:
            found, here = 10**6, space
            for steps in range(1, 41):
                ahead = self.walk(here, 1)
                if ahead is None:
                    break
                if self.track.crosses_line(here, ahead):
                    found = steps
                    break
                here = ahead
            self._line[space] = found
        return found

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
                    length = 0
                    probe: str | None = nxt
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
        """Fewest steps from ``space`` to the nearest pit entry along the track, through no space of
        the pit lane (large when 40 or more: out of reach). One search back from the entries finds
        every space's, the first time one is asked."""
        entry = self._entry
        if entry is None:
            entry = self._entry = self._steps_to_entries()
        return entry.get(space, 10**6)

    def _steps_to_entries(self) -> dict[str, int]:
        """``to_pit_entry`` of every space nearer than 40 steps: a search back from the entries, going
        on only from spaces off the pit lane (a way to an entry may start in the pit lane, not pass it)."""
        t, pit = self.track, self.track.pit
        if pit is None:
            return {}
        found = {e: 0 for e in pit.entries}
        frontier = [e for e in pit.entries if not t.space(e).in_pit]
        for steps in range(1, 40):
            nxt = []
            for s in frontier:
                for b in self._predecessors().get(s, ()):
                    if b not in found:
                        found[b] = steps
                        if not t.space(b).in_pit:
                            nxt.append(b)
            frontier = nxt
        return found

    def to_box(self, space: str, box: str) -> int:
        """Fewest steps from ``space`` into the pit box ``box``, through the nearest pit entry
        (large when more than 60 away; remembered)."""
        into = self._box.get(box)
        if into is None:  # one search back from the box finds every space's fewest steps
            into = self._box[box] = self._steps_into(box)
        return into.get(space, 10**6)

    def _predecessors(self) -> dict[str, list[str]]:
        """Per space, the spaces a step leads from."""
        back = self._back
        if back is None:
            back = self._back = {}
            for sp in self.track.spaces:
                for n in self.track.successors(sp.name):
                    back.setdefault(n, []).append(sp.name)
        return back

    def _steps_into(self, box: str) -> dict[str, int]:
        """Every space's fewest steps (fewer than 60) into ``box``, by a search back along the steps."""
        back = self._predecessors()
        found, frontier = {box: 0}, [box]
        for steps in range(1, 60):
            nxt = []
            for s in frontier:
                for b in back.get(s, ()):
                    if b not in found:
                        found[b] = steps
                        nxt.append(b)
            frontier = nxt
        return found

    def near(self, space: str) -> tuple[str | None, ...]:
        """The spaces beside ``space`` and the one ahead, once each: where a car ending on it meets
        a collision check (remembered)."""
        found = self._near.get(space)
        if found is None:
            found = self._near[space] = tuple({*self.track.beside(space), self.track.ahead(space)})
        return found

    def corner_way(self, space: str, busy: frozenset[str] = frozenset()) -> tuple[str, ...]:
        """The longest walk on from corner space ``space`` that stays in its corner, over every step the
        track allows (a lane change, a printed arrow): the most spaces a car can drive and still stop
        there (CORNER-3). Staggered lanes and sideways arrows make it longer than the lane's own room.
        (A corner whose steps lead round in a circle is walked without going round: ``busy``.)"""
        found = self._corner_ways.get(space)
        if found is None:
            t = self.track
            corner, found, cut = t.space(space).corner, (), False
            for nxt in t.successors(space):
                sp = t.space(nxt)
                if sp.corner != corner or sp.in_pit or t.crosses_line(space, nxt):
                    continue
                if nxt in busy:
                    cut = True
                    continue
                way = (nxt, *self.corner_way(nxt, busy | {space}))
                if len(way) > len(found):
                    found = way
            if not cut:  # a walk cut short by the circle is not this space's for every caller
                self._corner_ways[space] = found
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
        self,
        dice: GearDice,
        space: str,
        gear: int,
        corner: int | None,
        stops: int,
        brakes: int,
        depth: int,
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
        self,
        dice: GearDice,
        space: str,
        gear: int,
        corner: int | None,
        stops: int,
        brakes: int,
        depth: int,
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
        fatal = stops_missed_out(need, made)
        if fatal or over > 2:
            return (float(over) if over <= brakes else OUT_COST), self.walk(space, room), here, stops + 1
        return float(over), self.walk(space, roll), None, 0


_MODELS: dict[int, LaneModel] = {}


def lane_model(track: Track) -> LaneModel:
    """One look-ahead model per track object (keyed by identity: hashing a track is slow)."""
    model = _MODELS.get(id(track))
    if model is None or model.track is not track:
        model = _MODELS[id(track)] = LaneModel(track)
    return model


@lru_cache(maxsize=64)
def _outcomes(faces: tuple[int, ...]) -> tuple[tuple[int, float], ...]:
    """A die's distinct results with float probabilities (the rough model needs no fractions)."""
    counts: dict[int, int] = {}
    for f in faces:
        counts[f] = counts.get(f, 0) + 1
    return tuple((v, n / len(faces)) for v, n in sorted(counts.items()))
