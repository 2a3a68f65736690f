"""bench/drivers.py and its bench opponent play through the race session and print their table."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import REPO


def test_the_driver_bench_plays_a_level_against_the_bench_opponent_and_prints_the_figures():
    out = subprocess.run(
        [sys.executable, "bench/drivers.py", "--track", "maps/oval.tmx", "--preset", "fd-basic", "--laps", "1",
         "--duels", "2", "--fields", "0", "--match", "racer:bench"],
        cwd=REPO, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert out.returncode == 0, out.stdout + out.stderr
    lines = out.stdout.splitlines()
    assert "== racer against bench ==" in lines
    assert any(line.split()[:4] == ["fd-basic", "oval", "duel", "1"] for line in lines)
    sides = [line.split()[0] for line in lines if line.startswith("  racer ") or line.startswith("  bench ")]
    assert sides == ["racer", "bench"]
    assert lines[-1].startswith("2 races in ")


def test_an_unknown_side_is_one_clear_message():
    out = subprocess.run([sys.executable, "bench/drivers.py", "--match", "racer:nobody"], cwd=REPO,
                         capture_output=True, text=True, timeout=120)
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
    out = subprocess.run(
        [sys.executable, "bench/tune_drivers.py", "--track", "maps/oval.tmx", "--laps", "1", "--duels", "1",
         "--rounds", "1", "--price", "slip"],
        cwd=REPO, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert out.returncode == 0, out.stdout + out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("round 1 slip") and "wins" in lines[0]
    assert lines[-1].startswith("brake=") and "slip=" in lines[-1]
