"""bench/drivers.py and its bench opponent play through the race session and print their table."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import REPO


def bench_script(script: str, *argv: str, timeout: int = 600) -> subprocess.CompletedProcess[str]:
    """``bench/<script>`` run as a command with ``argv``, from the repository, its output captured."""
    return subprocess.run(
        [sys.executable, f"bench/{script}", *argv], cwd=REPO, capture_output=True, text=True, timeout=timeout
    )


def one_oval_match(match: str) -> subprocess.CompletedProcess[str]:
    """``bench/drivers.py`` playing two 1-lap duels of ``match`` on the oval under fd-basic."""
    return bench_script(
        "drivers.py", "--track", "maps/oval.tmx", "--preset", "fd-basic", "--laps", "1", "--duels", "2",
        "--fields", "0", "--match", match,
    )  # fmt: skip


def test_the_driver_bench_plays_a_level_against_the_bench_opponent_and_prints_the_figures():
    out = one_oval_match("racer:bench")
    assert out.returncode == 0, out.stdout + out.stderr
    lines = out.stdout.splitlines()
    assert "== racer against bench ==" in lines
    assert any(line.split()[:4] == ["fd-basic", "oval", "duel", "1"] for line in lines)
    sides = [line.split()[0] for line in lines if line.startswith("  racer ") or line.startswith("  bench ")]
    assert sides == ["racer", "bench"]
    assert lines[-1].startswith("2 races in ")


def test_an_unknown_side_is_one_clear_message():
    out = bench_script("drivers.py", "--match", "racer:nobody", timeout=120)
    assert out.returncode == 2 and "--match racer:nobody: give two of" in out.stderr


def _bench_module(name: str):
    """A bench script imported as a module (bench/ is not a package)."""
    import importlib

    sys.path.insert(0, str(REPO / "bench"))
    return importlib.import_module(name)


def test_the_races_of_a_match_come_in_pairs_with_the_same_dice_and_the_seats_swapped():
    """Race 2k-1 and race 2k share seed k, each side on pole once: two drivers of equal play split
    a pair of duels, whatever the seed's dice favour."""
    from argparse import Namespace

    bench = _bench_module("drivers")
    args = Namespace(match=["racer:bench"], preset=["fd-basic"], laps=[1], duels=4, fields=2)
    found = bench.cases(args, [str(REPO / "maps" / "oval.tmx")])
    duels = [c for c in found if c.cars == 2]
    assert [c.seed for c in duels] == [1, 1, 2, 2]
    assert [c.seats() for c in duels[:2]] == [("racer", "bench"), ("bench", "racer")]
    fields = [c for c in found if c.cars > 2]
    assert [c.seed for c in fields] == [1, 1] and fields[0].seats()[0] != fields[1].seats()[0]


@pytest.mark.rules("FUEL-4")
def test_the_bench_opponent_values_every_area_it_has_fuel_included():
    """The bench opponent's score counts the WP left of every area (the skips of fde-advanced strike
    fuel, FUEL-4): the same destination scores higher with more fuel left."""
    from rules.actions import ChooseGear, Roll
    from rules.engine import apply, moves
    from rules.ruleset import PRESETS
    from tests.rules.test_odds import TRACK, position

    benchbot = _bench_module("benchbot")
    rules = PRESETS["fde-advanced"]
    base = position("A30", 3).model_copy(update={"rules": rules})
    base = base.model_copy(update={"cars": tuple(c.model_copy(update={"wp": rules.default_wear}) for c in base.cars)})
    state, _ = apply(TRACK, base, ChooseGear(gear=3))
    state, _ = apply(TRACK, state, Roll(value=5))
    move = moves(TRACK, state)[0]
    car = state.car("a")
    dry = state.with_car(car.model_copy(update={"wp": car.wp.model_copy(update={"fuel": 1})}))
    assert benchbot.score(TRACK, state, move) > benchbot.score(TRACK, dry, move)


def test_the_tuning_script_plays_its_candidates_and_prints_the_prices():
    out = bench_script(
        "tune_drivers.py", "--track", "maps/oval.tmx", "--laps", "1", "--duels", "1", "--rounds", "1", "--price", "slip"
    )
    assert out.returncode == 0, out.stdout + out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("round 1 slip") and "wins" in lines[0]
    assert lines[-1].startswith("brake=") and "slip=" in lines[-1]


def test_the_tuning_scores_a_field_by_the_sides_mean_finishing_position():
    """``--cars`` above 2: a 4-car race of the Rookie's prices against the Champion's, cars
    alternating; the candidate's share is 1, 0.5 or 0 as its cars' mean position is better, equal
    or worse, and the retirements are each side's own."""
    from rules.ai.presets import CHAMPION, ROOKIE
    from rules.ai.registry import DRIVERS

    tune = _bench_module("tune_drivers")
    bench = _bench_module("drivers")
    case = bench.Case(str(REPO / "maps" / "oval.tmx"), "fd-basic", 1, 4, 1, tune.CANDIDATE, tune.INCUMBENT)
    try:
        won, c_out, i_out = tune._play((ROOKIE, CHAMPION, case))
        outcome = bench.play(case, computers={tune.CANDIDATE, tune.INCUMBENT})
    finally:  # _play registers the two sides' drivers; no other test should meet them
        DRIVERS.pop(tune.CANDIDATE, None)
        DRIVERS.pop(tune.INCUMBENT, None)
    mean = {s: sum(r.position for r in outcome.cars if r.side == s) / 2 for s in (tune.CANDIDATE, tune.INCUMBENT)}
    assert won == (
        1.0
        if mean[tune.CANDIDATE] < mean[tune.INCUMBENT]
        else 0.5
        if mean[tune.CANDIDATE] == mean[tune.INCUMBENT]
        else 0.0
    )
    assert (c_out, i_out) == tuple(
        sum(r.status == "out" for r in outcome.cars if r.side == s) for s in (tune.CANDIDATE, tune.INCUMBENT)
    )
    assert len(outcome.cars) == 4


def test_the_newcomer_shifts_for_free_and_keeps_its_average_roll_inside_the_next_corner():
    """The newcomer (bench/newcomer.py) never pays a skip: from 4th it picks among 3rd to 5th; on a
    long straight the highest of them, and just before a 1-stop corner the highest whose average
    roll (and the next lower gear's after it) stays inside it."""
    from rules.actions import ChooseGear
    from tests.rules.fixtures import OVAL, car
    from tests.rules.fixtures import position as board

    newcomer = _bench_module("newcomer")
    lane = newcomer.lane_model(OVAL)
    straight = max(
        (s.name for s in OVAL.spaces if s.lane == 0 and s.corner is None), key=lambda n: lane.corner_ahead(n)[0]
    )
    far = board([car("m", straight, gear=4), car("o", "C10")], "m")
    assert newcomer.choose_gear(OVAL, far) == 5
    near = next(
        s.name for s in OVAL.spaces if s.lane == 0 and s.corner is None and lane.corner_ahead(s.name)[:2] == (3, 1)
    )
    close = board([car("m", near, gear=4), car("o", "C10")], "m")
    gear = newcomer.choose_gear(OVAL, close)
    assert gear in (3, 4) and newcomer.fits(close, gear, newcomer.corner(OVAL, close))
    assert not newcomer.fits(close, 5, newcomer.corner(OVAL, close))
    assert isinstance(newcomer.action(OVAL, far), ChooseGear)


def test_the_newcomer_arrives_at_a_two_stop_corner_in_a_gear_that_can_stop_in_it_again():
    """The newcomer reads a corner's stops off the board: before the oval's 2-stop corner it
    declines the gear whose likely roll ends in the corner but leaves too little of it for the
    next lower gear's roll (the second stop); a 1-stop corner would take that gear."""
    from tests.rules.fixtures import OVAL, car
    from tests.rules.fixtures import position as board

    newcomer = _bench_module("newcomer")
    state = board([car("m", "A4", gear=4), car("o", "C60")], "m")
    dist, room, owed = newcomer.corner(OVAL, state)
    assert OVAL.corners[0].stops == 2 and owed == 1
    assert newcomer.fits(state, 4, (dist, room, 0)) and not newcomer.fits(state, 4, (dist, room, owed))
    assert newcomer.choose_gear(OVAL, state) == 3


def test_the_newcomer_drives_furthest_and_stays_in_the_race():
    """Of the moves of a roll the newcomer takes the one that goes furthest, a WP counting as a
    space given up, and never one that ends its race while another is left."""
    from rules.actions import ChooseGear, Drive, Roll
    from rules.engine import apply, moves
    from tests.rules.fixtures import OVAL, car
    from tests.rules.fixtures import position as board

    newcomer = _bench_module("newcomer")
    state = board([car("m", "A20", gear=3), car("o", "C60")], "m")
    state, _ = apply(OVAL, state, ChooseGear(gear=3))
    state, _ = apply(OVAL, state, Roll(value=6))
    found = moves(OVAL, state)
    act = newcomer.action(OVAL, state)
    assert isinstance(act, Drive)
    chosen = next(m for m in found if m.path == act.path)
    assert chosen.out is None
    assert len(chosen.path) - chosen.brakes - chosen.tyres == max(
        len(m.path) - m.brakes - m.tyres for m in found if m.out is None
    )


def test_the_bench_plays_the_rookie_against_the_newcomer():
    out = one_oval_match("rookie:newcomer")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "== rookie against newcomer ==" in out.stdout.splitlines()


def test_the_pro_bot_port_measures_the_track_as_gp_online_does():
    """bench/gponline_pro.py: corners alternate with straights as areas; a corner's area adds the
    fewest spaces to the next corner to the lap's value; the move permit runs to the end of the
    corner ahead (from A10 on the oval: 2 spaces to the corner, 6 through its inside lane)."""
    from tests.rules.test_odds import TRACK

    pro = _bench_module("gponline_pro")
    geo = pro.geometry(TRACK)
    first, second = TRACK.corners
    assert geo.value == {0: 0, 1: 30, 2: 30, 3: 60, 4: 60} and geo.total == 60
    areas = (geo.area("A1"), geo.area(first.spaces[0]), geo.area("A30"), geo.area(TRACK.grid[0]))
    assert areas == (0, 1, 2, 4)
    assert geo.distance_to_corner("A10", pit=False) == 2 and geo.permit("A10", 0, pit=False) == 8
    assert geo.next_stops("A30") == second.stops and geo.next_stops("A1") == first.stops


@pytest.mark.rules("CORNER-6", "FD08-SPIN-1")
def test_the_pro_bot_scores_wp_left_and_never_an_elimination():
    """The same end space scores higher with more WP left (the original's table); a move the engine
    marks as eliminating scores the lowest; finishing beats every other score; gear 0 counts as 1st."""
    from rules.actions import ChooseGear, Roll
    from rules.engine import apply, moves
    from rules.reasons import Code, Reason
    from tests.rules.test_odds import TRACK, position

    pro = _bench_module("gponline_pro")
    state, _ = apply(TRACK, position("A30", 3), ChooseGear(gear=3))
    state, _ = apply(TRACK, state, Roll(value=5))
    judge = pro.Judge(TRACK, state)
    move = max(moves(TRACK, state), key=lambda m: len(m.path))
    car = state.car("a")
    worn = car.model_copy(update={"wp": car.wp.model_copy(update={"gearbox": 1})})
    assert judge.move(move, 3, car) > judge.move(move, 3, worn)
    out = move.model_copy(update={"out": Reason(rule="CORNER-6", code=Code.NOT_NOW)})
    assert judge.move(out, 3, car) == pro.MIN
    assert judge.move(move.model_copy(update={"finishes": True}), 3, worn) > judge.move(move, 3, car) + 1000
    assert judge.move(move, 0, car) == judge.move(move, 1, car)  # a spun car: gear 0 (FD08-SPIN-1)


def test_the_pro_bot_shifts_up_on_a_long_straight_and_picks_soft_tyres_for_one_lap():
    """From 3rd on the oval's back straight the next corner is out of reach of 4th's highest roll:
    the port declares 4th; a one-lap race (or its last lap at a stop) gets soft tyres."""
    from rules.tables.tyres import Tyre
    from tests.rules.test_odds import TRACK, position

    pro = _bench_module("gponline_pro")
    assert pro.choose_gear(TRACK, position("A1", 3)) == 4
    assert pro.choose_gear(TRACK, position("A1", 2)) == 3
    assert pro.choose_tyre(position("A1", 3), laps_to_go=1) is Tyre.SOFT


def test_the_driver_bench_prints_each_case_with_a_win_rate_interval_against_the_pro_bot():
    out = one_oval_match("racer:gponline-pro")
    assert out.returncode == 0, out.stdout + out.stderr
    lines = out.stdout.splitlines()
    head = "racer v gponline-pro  fd-basic 1 lap(s) duels: 2 races"
    case = next(line for line in lines if line.startswith(head))
    assert "[" in case and "%]" in case
    sides = [line.split()[0] for line in lines if line.startswith("    ")]
    assert sides == ["racer", "gponline-pro"]
    assert all("WP left" in line and "ms median" in line for line in lines if line.startswith("    "))


def test_the_seeds_of_a_match_can_start_elsewhere_so_levels_are_judged_on_seeds_they_were_not_tuned_on():
    from argparse import Namespace

    bench = _bench_module("drivers")
    args = Namespace(match=["racer:bench"], preset=["fd-basic"], laps=[1], duels=4, fields=0, seed_from=101)
    assert [c.seed for c in bench.cases(args, [str(REPO / "maps" / "oval.tmx")])] == [101, 101, 102, 102]


def test_the_gear_gap_bench_compares_a_levels_gears_with_the_pro_bots_and_reads_its_places():
    """``bench/gear_gap.py``: every gear the level declares with a choice is put beside the Pro bot's
    in the same state (lower, same or higher: shares of 100 %), and the level's mean place at the
    flag of a duel lies between first and second."""
    out = bench_script("gear_gap.py", "--track", "maps/oval.tmx", "--cars", "2", "--pairs", "1", "--level", "rookie")
    assert out.returncode == 0, out.stdout + out.stderr
    lines = out.stdout.splitlines()
    kinds = {line.split()[0]: line.split() for line in lines if line.split()[:1] in (["straight"], ["corner"])}
    assert set(kinds) == {"straight", "corner"}
    for words in kinds.values():
        shares = [float(words[i].rstrip("%")) for i in (2, 4, 6)]
        assert sum(shares) == pytest.approx(100.0, abs=0.2) and int(words[-1]) > 0
    flag = next(line for line in lines if "mean place at the flag" in line)
    assert flag.endswith("(2 races)") and 1.0 <= float(flag.split(": ")[1].split()[0]) <= 2.0


def test_the_corner_times_follow_each_side_corner_by_corner_lap_by_lap():
    """``bench/corner_times.py``: on the oval over two laps, one line per lap and corner in the order
    they are driven and one for the flag, both sides' two cars past each; each side's mean round
    grows from point to point, and the gap the legs add up to is the difference of the sides' mean
    rounds at the flag."""
    out = bench_script(
        "corner_times.py", "--track", "maps/oval.tmx", "--pairs", "1", "--laps", "2", "--level", "rookie"
    )
    assert out.returncode == 0, out.stdout + out.stderr
    lines = [line.split() for line in out.stdout.splitlines() if line.startswith("lap ")]
    assert [(w[1], w[2]) for w in lines] == [
        ("1", "Lindenkehre"),
        ("1", "Seekurve"),
        ("2", "Lindenkehre"),
        ("2", "Seekurve"),
        ("2", "the"),  # the flag
    ]
    lines = [w[:2] + ["flag"] + w[4:] if w[2] == "the" else w for w in lines]
    rookie = [float(w[5]) for w in lines]
    pro = [float(w[9]) for w in lines]
    assert all(w[7] == "2" and w[11] == "2" for w in lines)  # "(+legs, 2 cars)" for each side
    assert rookie == sorted(rookie) and pro == sorted(pro) and rookie[0] > 0 and pro[0] > 0
    assert float(lines[-1][-1]) == pytest.approx(rookie[-1] - pro[-1], abs=0.011)


@pytest.mark.parametrize("script", ["drivers.py", "gear_gap.py", "corner_times.py", "wear_rates.py"])
def test_a_missing_track_file_is_one_clear_message(script: str):
    out = bench_script(script, "--track", "maps/nowhere.tmx", timeout=120)
    assert out.returncode == 2 and "maps/nowhere.tmx: no such file" in out.stderr
    assert "Traceback" not in out.stderr


def test_the_summary_counts_the_retirements_in_rain_apart(capsys):
    """A seeded 3-lap race on Adlerjoch where rain comes late: one Racer is blocked without brakes
    in the dry (CORE-BLOCK-3), three leave the race in the rain (out of corners, CORNER-5 and
    CORNER-6), one finishes; four Pro cars leave it in the dry (CORE-DANGER-4, CORNER-5, CORNER-6)
    and one in the rain (CORNER-6). Worked out from the race's weather and retirements; the seed may
    need changing when the drivers change."""
    bench = _bench_module("drivers")
    case = bench.Case(
        track=str(REPO / "maps" / "adlerjoch.tmx"), preset="fde-advanced", laps=3, cars=10, seed=25,
        a="racer", b="gponline-pro",
    )  # fmt: skip
    outcome = bench.play(case)
    racers = [r for r in outcome.cars if r.side == "racer"]
    assert sorted((r.out or "", r.out_in_rain) for r in racers) == [
        ("", False),
        ("CORE-BLOCK-3", False),
        ("CORNER-5", True),
        *[("CORNER-6", True)] * 2,
    ]
    pro = [r for r in outcome.cars if r.side == "gponline-pro"]
    assert sorted((r.out or "", r.out_in_rain) for r in pro) == [
        ("CORE-DANGER-4", False),
        *[("CORNER-5", False)] * 2,
        ("CORNER-6", False),
        ("CORNER-6", True),
    ]
    bench.summary([outcome])
    printed = capsys.readouterr().out
    assert "(CORNER-6 2, CORNER-5 1, CORE-BLOCK-3 1; 3 in rain)" in printed
    assert "(CORNER-6 2, CORNER-5 2, CORE-DANGER-4 1; 1 in rain)" in printed


def test_an_action_refused_in_a_bench_worker_reaches_the_parent_as_itself():
    """The bench plays races in worker processes (``--jobs``): an action the rules refuse there
    reaches the parent as the same ``IllegalAction``, its reason whole, instead of failing to
    rebuild and leaving the pool waiting for ever."""
    script = (
        "import multiprocessing\n"
        "from rules.modules.base import IllegalAction\n"
        "from rules.reasons import Code, Reason\n"
        "def refuse(_):\n"
        "    raise IllegalAction(Reason(rule='PIT-B-6', code=Code.NO_PIT_NOW))\n"
        "with multiprocessing.get_context('fork').Pool(1) as pool:\n"
        "    try:\n"
        "        pool.apply(refuse, (0,))\n"
        "    except IllegalAction as err:\n"
        "        print(err.reason.rule, err)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "PIT-B-6 The car may not turn into the pit lane now.", out.stderr


def test_the_wear_rates_count_every_wp_the_checks_took_and_the_laps_driven():
    """``bench/wear_rates.py``: a 1-lap 10-car race on Adlerjoch, the Rookie against the Pro bot (no
    repairs and no boosts in fd-basic, so every WP of the body, engine and road holding a car ends
    with fewer than it started with was struck by a ``wear`` event): the counts the bench reads
    from the replayed record are the WP the cars lost, side by side, and each finisher drove the
    whole lap."""
    wear_rates = _bench_module("wear_rates")
    bench = _bench_module("drivers")
    from rules.run.session import RaceSession

    case = bench.Case(str(REPO / "maps" / "adlerjoch.tmx"), "fd-basic", 1, 10, 2000, "rookie", bench.PRO, False)
    wear = wear_rates.Wear("rookie")
    bench.play(case, watch=wear.watch)
    assert wear.session is not None
    start = {c.id: c.wp for c in RaceSession(wear.session.track, wear.session.header).state.cars}
    end, sides = wear.session.state, wear.sides
    wear.read()
    for side in ("rookie", bench.PRO):
        for area in wear_rates.AREAS:
            lost = sum(start[c.id][area] - c.wp[area] for c in end.cars if sides[c.id] == side)
            assert wear.lost[(side, area)] == lost
    assert sum(wear.lost.values()) > 0
    assert wear.cars == {"rookie": 5, bench.PRO: 5}
    for side in ("rookie", bench.PRO):
        finished = sum(1 for c in end.cars if sides[c.id] == side and c.status == "finished")
        out = sum(1 for c in end.cars if sides[c.id] == side and c.status != "finished")
        assert finished <= wear.laps[side] <= finished + out and (out or wear.laps[side] == finished)
    assert wear.expected and all(v >= 0 for values in wear.expected.values() for v in values)
