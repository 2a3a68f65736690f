"""Turn order: which car moves next (CORE-ORDER-1..5, MASTERS-ORDER-1..7).

Pure and track-independent: the caller describes each car with a
``CarPosition`` built from the track (``Track.order_row`` for ``position``,
``Track.inside_rank`` for ``inside``) and gets car ids back.

* ``race_order`` is the classification: laps, then position, then the
  level-car rules. It is the display order and, as long as no car is a lap
  or more down, also the playing order of a round.
* ``grid_order`` is the order of the first game round (AMB-59).
* ``Sweep`` runs every later game round (MASTERS-ORDER-7, chosen for every
  rule set: CORE-ORDER-5, AMB-47, VAR-39). It asks for the cars' current
  positions after every move, because lapping and unlapping happen during
  the round.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

TieBreak = Literal["inside", "first_arrival"]
"""VAR-1: level cars in the same gear. B: "inside" (FD08-ORDER-1);
C, D, E: "first_arrival" (MASTERS-ORDER-3, ORDER-D-2; C by suggestion)."""


class CarPosition(BaseModel):
    """What the turn order needs to know about one car, at one moment.

    ``position`` is the physical place on the lap (0 <= position < rows,
    the scale of ``Track.order_row``); ``laps`` must be counted on the same
    scale, so a car in the pit lane keeps the laps it had at the pit entry.
    ``arrival`` is a running number of the move that brought the car to
    ``position`` (lower = earlier). ``inside`` is 0 for the innermost lane
    (AMB-10). ``pit`` is None on the track; in the pit lane it says how far
    along the lane the car is (higher = further, AMB-56).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    laps: int
    position: float
    gear: int
    arrival: int
    inside: int = 0
    pit: int | None = None
    racing: bool = True
    bid: int = 0  # H2H-3: karma bid for the order among level cars this game round (0: none)


def _race_key(car: CarPosition, tie_break: TieBreak) -> tuple[object, ...]:
    """Sort key, first = ahead.

    AMB-9: ahead means more laps, then a higher position; same lap and
    position = level. Level cars: track cars before pit-lane cars, since a
    pit car counts as standing at the pit entry behind the track cars there
    (AMB-56, VAR-36), pit cars further along the lane first; then the larger
    head-to-head bid (H2H-3, 0 without one); then the higher gear (CORE-ORDER-3,
    ORDER-D-2); then VAR-1 (pit cars always by arrival, AMB-56).
    The id only makes the order total for input that cannot occur on a board.
    """
    in_pit = car.pit is not None
    level = car.inside if tie_break == "inside" and not in_pit else car.arrival
    return (-car.laps, -car.position, in_pit, -(car.pit or 0), -car.bid, -car.gear, level, car.id)


def race_order(cars: Iterable[CarPosition], tie_break: TieBreak) -> list[str]:
    """Racing cars, leader first (CORE-ORDER-1, CORE-ORDER-3, CORE-ORDER-4).

    Cars out of the race are left out; classifying them is the caller's job.
    """
    racing = [c for c in cars if c.racing]
    return [c.id for c in sorted(racing, key=lambda c: _race_key(c, tie_break))]


def grid_order(grid: Sequence[str], cars: Iterable[CarPosition]) -> list[str]:
    """The first game round: grid order, pole first, racing cars only (AMB-59).

    Side-by-side grid slots would otherwise fall to the level-car rules.
    Skipping a stalled car (B) or spending its turn on the start roll (D)
    is the engine's job.
    """
    racing = {c.id for c in cars if c.racing}
    return [car_id for car_id in grid if car_id in racing]


class Sweep:
    """One game round after the first, as a walk backwards around the lap.

    MASTERS-ORDER-7: the leader moves first; the walk then goes backwards
    from the leader's starting position S, across the finish line, and
    activates a car every time it reaches the car's current position, until
    it reaches the current leader. So a lapped car loses its turn and an
    unlapping car gets it back (MASTERS-ORDER-5, TAB-LAP).

    The walk is a distance behind S, ``(S - position) % rows``, that only
    grows, and it covers at most one lap. Decisions where the rule is silent:

    * Cars at one position are taken in ``race_order`` (more laps first,
      then the level-car rules), as one visit of the walk: a car moves at
      most once per visit, so a car that stays put does not move again.
      Only the active car moves, and it starts on the walk's position, so
      no car can arrive on that position (short of driving a whole lap).
    * The walk starts on S itself, so the leader is simply the first car it
      meets, and cars level with the leader's start follow at once.
    * The walk ends on reaching the current leader once that leader has
      moved. A car at that very position is not reached: there the car with
      more laps counts as ahead, so a lapped car the leader drew level with
      has lost its turn, and an unlapping car that only drew level with the
      leader has not passed it. A car on the leader's lap that overtakes the
      leader becomes the leader, so the walk ends at it (AMB-47).
    * If the leader has not moved yet (the previous one retired), the walk
      reaches it like any car. If the leader is at or behind the walk's
      position, the walk ends after one lap.

    A car moves at most twice in a round as long as every move is shorter
    than half a lap: a third turn needs two moves across S.
    """

    def __init__(self, cars: Iterable[CarPosition], rows: int, tie_break: TieBreak) -> None:
        self._rows = rows
        self._tie_break = tie_break
        racing = [c for c in cars if c.racing]
        self._start = min(racing, key=self._key).position if racing else 0.0
        self._walk = 0.0
        self._visit: set[str] = set()  # cars activated at the walk's position
        self._moved: set[str] = set()  # cars activated this round

    @classmethod
    def resume(cls, rows: int, tie_break: TieBreak, snapshot: dict[str, object]) -> Sweep:
        """A sweep continued from ``snapshot()``, so a saved race keeps its round's order."""
        sweep = cls([], rows, tie_break)
        sweep._start = float(snapshot["start"])  # type: ignore[arg-type]
        sweep._walk = float(snapshot["walk"])  # type: ignore[arg-type]
        sweep._visit = set(snapshot["visit"])  # type: ignore[call-overload]
        sweep._moved = set(snapshot["moved"])  # type: ignore[call-overload]
        return sweep

    def snapshot(self) -> dict[str, object]:
        """The walk's state as plain data (for the race state and saves)."""
        return {
            "start": self._start,
            "walk": self._walk,
            "visit": tuple(sorted(self._visit)),
            "moved": tuple(sorted(self._moved)),
        }

    def _key(self, car: CarPosition) -> tuple[object, ...]:
        return _race_key(car, self._tie_break)

    def _behind(self, car: CarPosition) -> float:
        return (self._start - car.position) % self._rows

    def _waiting(self, racing: list[CarPosition]) -> list[CarPosition]:
        """The cars the walk has yet to reach this round, before it ends at the leader."""
        leader = min(racing, key=self._key)
        end = float(self._rows)
        if leader.id in self._moved and self._behind(leader) > self._walk:
            end = self._behind(leader)

        def reached(c: CarPosition) -> bool:
            d = self._behind(c)
            return d < end and (d > self._walk or (d == self._walk and c.id not in self._visit))

        return [c for c in racing if reached(c)]

    def level(self, cars: Iterable[CarPosition]) -> tuple[str, ...]:
        """The cars whose order ``next_car`` is about to decide by the level-car rules
        (ORDER-D-2, H2H-1): two or more track cars on the next position the walk reaches,
        on the same lap as the first of them, in that order; () when there is no such tie."""
        racing = [c for c in cars if c.racing]
        waiting = sorted(self._waiting(racing), key=lambda c: (self._behind(c), self._key(c))) if racing else []
        if not waiting or waiting[0].pit is not None:
            return ()
        first = waiting[0]
        tied = [
            c.id for c in waiting if self._behind(c) == self._behind(first) and c.laps == first.laps and c.pit is None
        ]
        return tuple(tied) if len(tied) > 1 else ()

    def next_car(self, cars: Iterable[CarPosition]) -> str | None:
        """The car to move now, given every car's current position; None ends the round.

        Call it before the first move (it returns the leader, CORE-ORDER-1)
        and after every move.
        """
        racing = [c for c in cars if c.racing]
        if not racing:
            return None
        waiting = self._waiting(racing)
        if not waiting:
            return None
        car = min(waiting, key=lambda c: (self._behind(c), self._key(c)))
        if self._behind(car) > self._walk:
            self._walk = self._behind(car)
            self._visit = set()
        self._visit.add(car.id)
        self._moved.add(car.id)
        return car.id
