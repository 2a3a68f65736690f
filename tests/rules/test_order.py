"""Turn order (CORE-ORDER-*, FD08-ORDER-1, MASTERS-ORDER-*, AMB-47/56/59, TAB-LAP)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.order import CarPosition, Sweep, TieBreak, grid_order, race_order

ROWS = 100
TIE_BREAKS: tuple[TieBreak, ...] = ("inside", "first_arrival")

Mover = Callable[[str, dict[str, CarPosition]], int]
"""How far the active car goes; it may also retire cars in the dict it gets."""


def car(car_id: str, progress: int, gear: int = 3, arrival: int = 0, rows: int = ROWS, **kw) -> CarPosition:
    """A car ``progress`` spaces from the race start (TAB-LAP writes lap.units)."""
    laps, position = divmod(progress, rows)
    return CarPosition(id=car_id, laps=laps, position=position, gear=gear, arrival=arrival, **kw)


def advance(c: CarPosition, spaces: int, arrival: int, rows: int) -> CarPosition:
    if spaces == 0:
        return c
    laps, position = divmod(int(c.position) + spaces, rows)
    return c.model_copy(update={"laps": c.laps + laps, "position": position, "arrival": arrival})


def play_round(
    cars: list[CarPosition], move: Mover, tie_break: TieBreak = "first_arrival", rows: int = ROWS
) -> tuple[list[str], list[CarPosition]]:
    """Play one sweep round; return who moved, in turn, and the cars afterwards."""
    now = {c.id: c for c in cars}
    sweep = Sweep(cars, rows, tie_break)
    order: list[str] = []
    clock = max((c.arrival for c in cars), default=0)
    while (active := sweep.next_car(now.values())) is not None:
        order.append(active)
        assert len(order) <= 2 * len(cars), f"round does not end: {order}"
        spaces = move(active, now)
        clock += 1
        now[active] = advance(now[active], spaces, clock, rows)
    return order, list(now.values())


def scripted(moves: list[tuple[str, int]]) -> Mover:
    """Moves per car in the order the car takes its turns."""
    queues = {car_id: [k for c, k in moves if c == car_id] for car_id, _ in moves}

    def move(car_id: str, _cars: dict[str, CarPosition]) -> int:
        assert queues.get(car_id), f"car {car_id} moved more often than scripted"
        return queues[car_id].pop(0)

    return move


def progress(cars: list[CarPosition], rows: int = ROWS) -> dict[str, int]:
    return {c.id: c.laps * rows + int(c.position) for c in cars}


# --- CORE-ORDER ------------------------------------------------------------


@pytest.mark.rules("CORE-ORDER-1")
def test_CORE_ORDER_1_leader_moves_first():
    # The leader has crossed the line: fewer rows, more laps.
    cars = [car("b", 95), car("c", 80), car("a", 103)]
    assert race_order(cars, "first_arrival") == ["a", "b", "c"]
    assert Sweep(cars, ROWS, "first_arrival").next_car(cars) == "a"
    order, _ = play_round(cars, scripted([("a", 3), ("b", 3), ("c", 3)]))
    assert order == ["a", "b", "c"]


@pytest.mark.rules("CORE-ORDER-2", "MASTERS-ORDER-2")
def test_CORE_ORDER_2_MASTERS_ORDER_2_overtaker_moves_first_next_round():
    cars = [car("A", 150), car("B", 145), car("C", 140)]
    order, cars = play_round(cars, scripted([("A", 2), ("B", 10), ("C", 2)]))
    assert order == ["A", "B", "C"]
    assert race_order(cars, "first_arrival") == ["B", "A", "C"]
    order, _ = play_round(cars, scripted([("B", 3), ("A", 3), ("C", 3)]))
    assert order == ["B", "A", "C"]


@pytest.mark.rules("CORE-ORDER-3")
@pytest.mark.parametrize("tie_break", TIE_BREAKS)
def test_CORE_ORDER_3_higher_gear_first_when_level(tie_break):
    # "slow" is further inside and arrived first; only the gear favours "fast".
    fast = car("fast", 150, gear=5, arrival=9, inside=1)
    slow = car("slow", 150, gear=4, arrival=1, inside=0)
    assert race_order([slow, fast], tie_break) == ["fast", "slow"]
    moves = scripted([("lead", 3), ("fast", 0), ("slow", 0)])
    order, _ = play_round([car("lead", 160), slow, fast], moves, tie_break)
    assert order == ["lead", "fast", "slow"]
    # Only level cars (AMB-9): gear decides nothing between different rows or laps.
    top = car("top", 150, gear=6)
    assert race_order([top, car("ahead", 151, gear=1)], tie_break) == ["ahead", "top"]
    assert race_order([top, car("lap", 250, gear=1)], tie_break) == ["lap", "top"]


@pytest.mark.rules("FD08-ORDER-1")
def test_FD08_ORDER_1_inside_car_first():
    inner = car("inner", 150, gear=4, arrival=9, inside=0)
    outer = car("outer", 150, gear=4, arrival=1, inside=1)
    assert race_order([outer, inner], "inside") == ["inner", "outer"]
    moves = scripted([("lead", 3), ("inner", 1), ("outer", 0)])
    order, _ = play_round([car("lead", 160), outer, inner], moves, "inside")
    assert order == ["lead", "inner", "outer"]


@pytest.mark.rules("MASTERS-ORDER-3")
def test_MASTERS_ORDER_3_first_arrival_first():
    inner = car("inner", 150, gear=4, arrival=9, inside=0)
    outer = car("outer", 150, gear=4, arrival=1, inside=1)
    assert race_order([inner, outer], "first_arrival") == ["outer", "inner"]
    moves = scripted([("lead", 3), ("outer", 1), ("inner", 0)])
    order, _ = play_round([car("lead", 160), inner, outer], moves, "first_arrival")
    assert order == ["lead", "outer", "inner"]


# --- MASTERS-ORDER-5..7: lapping (TAB-LAP) -----------------------------------

# Round: start progress per car (TAB-LAP lap.units), moves in sweep order, and the
# playing order of MASTERS-ORDER-6.
TAB_LAP = {
    12: (
        {"1": 190, "2": 180, "3": 170, "4": 95},
        [("1", 3), ("2", 3), ("3", 3), ("4", 2)],
        ["1", "2", "3", "4"],
    ),
    13: (
        {"1": 193, "2": 183, "3": 173, "4": 97},
        [("1", 10), ("2", 16), ("3", 5)],
        ["1", "2", "3"],
    ),
    14: (
        {"1": 203, "2": 199, "3": 178, "4": 97},
        [("1", 5), ("2", 3), ("4", 7), ("3", 4)],
        ["1", "2", "4", "3"],
    ),
    15: (
        {"1": 208, "2": 202, "3": 182, "4": 104},
        [("1", 2), ("4", 8), ("2", 3), ("3", 3), ("4", 5)],
        ["1", "4", "2", "3", "4"],
    ),
    16: (
        {"1": 210, "2": 205, "3": 185, "4": 117},
        [("1", 5), ("2", 5), ("3", 5), ("4", 5)],
        ["1", "2", "3", "4"],
    ),
}


@pytest.mark.rules("MASTERS-ORDER-5", "MASTERS-ORDER-6", "MASTERS-ORDER-7")
@pytest.mark.parametrize("tie_break", TIE_BREAKS)
def test_MASTERS_ORDER_5_6_7_TAB_LAP_trace(tie_break):
    """The sweep (MASTERS-ORDER-7) plays the 4-car example of MASTERS-ORDER-6 exactly."""
    cars = [car(i, p, arrival=int(i)) for i, p in TAB_LAP[12][0].items()]
    turns: Counter[str] = Counter()
    for game_round, (start, moves, expected) in TAB_LAP.items():
        assert progress(cars) == start, f"start of round {game_round}"
        order, cars = play_round(cars, scripted(moves), tie_break)
        assert order == expected, f"round {game_round}"
        turns.update(order)
    assert progress(cars) == {"1": 215, "2": 210, "3": 190, "4": 122}
    assert turns == {"1": 5, "2": 5, "3": 5, "4": 5}


def test_AMB_47_same_lap_overtaker_of_leader_moves_once():
    cars = [car("A", 150), car("B", 145), car("C", 140), car("lapped", 60)]
    moves = [("A", 3), ("B", 12), ("C", 2), ("lapped", 2)]
    order, cars = play_round(cars, scripted(moves))
    assert order == ["A", "B", "C", "lapped"]
    assert race_order(cars, "first_arrival")[0] == "B"


@pytest.mark.rules("MASTERS-ORDER-7")
def test_MASTERS_ORDER_7_car_that_stays_put_does_not_move_again():
    # A stalled leader stays on the walk's position: the others still move, nobody twice.
    cars = [car("A", 150, gear=5), car("B", 150, gear=4), car("C", 140)]
    order, _ = play_round(cars, scripted([("A", 0), ("B", 0), ("C", 5)]))
    assert order == ["A", "B", "C"]


@pytest.mark.rules("MASTERS-ORDER-7")
def test_MASTERS_ORDER_7_level_with_the_leader_is_not_passing():
    # The leader draws level with a lapped car: caught, it loses its turn.
    order, _ = play_round([car("L", 190), car("x", 95)], scripted([("L", 5)]))
    assert order == ["L"]
    # An unlapping car that only draws level with the leader gets no second turn.
    order, _ = play_round([car("L", 208), car("u", 104)], scripted([("L", 2), ("u", 6)]))
    assert order == ["L", "u"]
    # One space further it has passed the leader and wins its turn back.
    order, _ = play_round([car("L", 208), car("u", 104)], scripted([("L", 2), ("u", 7), ("u", 1)]))
    assert order == ["L", "u", "u"]


@pytest.mark.rules("MASTERS-ORDER-7")
def test_MASTERS_ORDER_7_leader_retires_on_its_move():
    cars = [car("A", 150), car("B", 140), car("C", 130)]
    now = {c.id: c for c in cars}
    sweep = Sweep(cars, ROWS, "first_arrival")
    assert sweep.next_car(now.values()) == "A"
    now["A"] = now["A"].model_copy(update={"racing": False})
    assert sweep.next_car(now.values()) == "B"
    now["B"] = advance(now["B"], 5, 1, ROWS)
    assert sweep.next_car(now.values()) == "C"
    now["C"] = advance(now["C"], 5, 2, ROWS)
    assert sweep.next_car(now.values()) is None


# --- AMB-56, AMB-59 ------------------------------------------------------------


@pytest.mark.parametrize("tie_break", TIE_BREAKS)
def test_AMB_56_pit_lane_cars_order_at_the_pit_entry(tie_break):
    entry = 190  # the pit entry row; every pit car counts as standing there
    cars = [
        car("beyond", entry + 2),
        car("at_entry", entry, gear=1),
        car("pit_far", entry, gear=1, arrival=9, pit=5),
        car("pit_near_fast", entry, gear=6, arrival=1, pit=2),
        car("pit_near_early", entry, gear=4, arrival=2, pit=2, inside=3),
        car("pit_near_late", entry, gear=4, arrival=3, pit=2, inside=0),
        car("behind", entry - 1, gear=6),
    ]
    expected = ["beyond", "at_entry", "pit_far"]
    expected += ["pit_near_fast", "pit_near_early", "pit_near_late", "behind"]
    assert race_order(cars, tie_break) == expected
    order, _ = play_round(cars, lambda _id, _cars: 0, tie_break)
    assert order == expected


def test_AMB_59_first_round_in_grid_order():
    # Side by side on the grid; the tie-break alone would put "second" first.
    pole = car("pole", 99, gear=1, arrival=1, inside=1)
    second = car("second", 99, gear=1, arrival=2, inside=0)
    out = car("out", 98, racing=False)
    assert race_order([pole, second], "inside") == ["second", "pole"]
    assert grid_order(["pole", "second", "out"], [second, out, pole]) == ["pole", "second"]


# --- properties --------------------------------------------------------------


@st.composite
def fields(draw) -> tuple[int, list[CarPosition]]:
    """A track of ``rows`` rows and up to 10 cars, level cars and lapped cars included."""
    rows = draw(st.integers(4, 120))
    n = draw(st.integers(1, 10))
    spread = draw(st.sampled_from([rows - 1, 3 * rows]))  # within one lap, or not
    arrivals = draw(st.permutations(range(n)))
    cars = [
        car(
            f"c{i}",
            4 * rows - draw(st.integers(0, spread)),
            gear=draw(st.integers(0, 6)),
            arrival=arrivals[i],
            rows=rows,
            inside=draw(st.integers(0, 3)),
            pit=draw(st.none() | st.integers(0, 3)),
            racing=draw(st.integers(0, 4)) > 0,
        )
        for i in range(n)
    ]
    return rows, cars


@pytest.mark.rules("MASTERS-ORDER-7")
@given(fields(), st.sampled_from(TIE_BREAKS), st.data())
def test_MASTERS_ORDER_7_no_passing_every_car_once_in_race_order(field, tie_break, data):
    """No car passes another: every racing car moves once, in physical order from the
    leader backwards; that is the race order unless a car is a lap or more down
    (then it plays where it is, TAB-LAP round 14)."""
    rows, cars = field
    moved: set[str] = set()

    def no_pass(car_id: str, now: dict[str, CarPosition]) -> int:
        me = now[car_id]
        others = [c for c in now.values() if c.id != car_id]
        if any(c.position == me.position and c.id in moved for c in others):
            limit = 0  # a car level with it and ahead of it stayed put
        else:
            gaps = [(c.position - me.position) % rows for c in others if c.position != me.position]
            limit = int(min(gaps, default=rows)) - 1  # stay behind the next car ahead
        moved.add(car_id)
        return data.draw(st.integers(0, limit))

    order, _ = play_round(cars, no_pass, tie_break, rows)
    racing = race_order(cars, tie_break)
    assert sorted(order) == sorted(racing)
    progress_of = progress([c for c in cars if c.racing], rows)
    if not progress_of or max(progress_of.values()) - min(progress_of.values()) < rows:
        assert order == racing


@pytest.mark.rules("CORE-ORDER-1", "MASTERS-ORDER-5")
@given(fields(), st.sampled_from(TIE_BREAKS), st.data())
def test_MASTERS_ORDER_5_no_car_moves_more_than_twice(field, tie_break, data):
    """Any moves shorter than half a lap, cars retiring during the round: the leader
    moves first and no car more than twice (a third turn needs two moves across S)."""
    rows, cars = field

    def move(car_id: str, now: dict[str, CarPosition]) -> int:
        victim = data.draw(st.none() | st.sampled_from(sorted(now)))
        if victim is not None:
            now[victim] = now[victim].model_copy(update={"racing": False})
        return data.draw(st.integers(0, (rows - 1) // 2))

    order, _ = play_round(cars, move, tie_break, rows)
    assert order[:1] == race_order(cars, tie_break)[:1]  # CORE-ORDER-1
    assert max(Counter(order).values(), default=0) <= 2
