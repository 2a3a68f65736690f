"""The headless race tools on the command line: ``simulate``, ``replay`` and ``moves``.

Every test runs ``python main.py ...`` in a fresh interpreter from the
repository root, as a user would, and checks the exit status (0 fine, 1 a
bad file or a failed verification, 2 a bad command line) and that errors are
one clear message, never a traceback.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from game.tools import race
from game.tools.race import Position
from game.tracks.load import load_track
from rules.ai.registry import DRIVERS
from rules.engine import gear_options
from rules.files.record import Entry, Header, load, same_drivers, save
from rules.gears import ShiftCost
from rules.ruleset import PRESETS
from rules.run.session import RaceSession, UnfinishedRace
from rules.state import RaceState
from tests.conftest import REPO

OVAL = "maps/oval.tmx"


def run(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    out = subprocess.run([sys.executable, "main.py", *args], cwd=REPO, capture_output=True, text=True, timeout=timeout)
    assert "Traceback" not in out.stderr, out.stderr
    return out


def one_message(out: subprocess.CompletedProcess[str]) -> str:
    """stderr holds exactly one non-empty line: the message."""
    lines = [line for line in out.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, out.stderr
    return lines[0]


@pytest.fixture(scope="module")
def simulated(tmp_path_factory) -> tuple[Path, subprocess.CompletedProcess[str]]:
    path = tmp_path_factory.mktemp("sim") / "race.json"
    out = run("simulate", "--track", OVAL, "--cars", "3", "--laps", "1", "--seed", "5", "--record", str(path))
    return path, out


# --- simulate and replay ----------------------------------------------------------------------


def test_simulate_prints_a_classification_and_writes_a_record(simulated):
    path, out = simulated
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("Lindenring Oval, 1 lap(s), ")
    places = [line for line in lines if line[:3].strip().rstrip(".").isdigit()]
    assert [int(line.split(".")[0]) for line in places] == [1, 2, 3]
    assert sorted(line.split()[1] for line in places) == ["car1", "car2", "car3"]
    record = load(path)
    assert len(record.header.entries) == 3 and record.header.seed == 5 and record.header.laps == 1
    assert f"record: {path}" in out.stdout


@pytest.mark.rules("QUAL-B-1")
@pytest.mark.parametrize("preset", ["fd-modules", "fde-advanced"])
def test_QUAL_B_1_VAR_20_simulate_runs_qualifying_for_presets_with_a_qualifying_grid(preset, tmp_path):
    """VAR-20: the computer drivers' timed laps set the grid the race starts from."""
    path = tmp_path / "race.json"
    out = run(
        "simulate",
        "--track",
        OVAL,
        "--cars",
        "4",
        "--laps",
        "1",
        "--seed",
        "3",
        "--rules",
        preset,
        "--record",
        str(path),
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("qualifying, weather ")
    slots = [line.split()[1] for line in lines[1:5]]
    record = load(path)
    assert record.header.grid == tuple(slots) and sorted(slots) == ["car1", "car2", "car3", "car4"]
    assert ", weather " in lines[5]


def test_simulate_is_deterministic(simulated, tmp_path):
    path, out = simulated
    again = tmp_path / "again.json"
    out2 = run("simulate", "--track", OVAL, "--cars", "3", "--laps", "1", "--seed", "5", "--record", str(again))
    assert out2.returncode == 0
    assert again.read_bytes() == path.read_bytes()
    assert out2.stdout.replace(str(again), "X") == out.stdout.replace(str(path), "X")


@pytest.mark.rules("CORE-END-1")
def test_CORE_END_1_simulate_plays_every_race_to_the_flag(tmp_path):
    """A race where a computer declines the extras (a step without events) goes on past game
    round 8 to the flag instead of stopping with every car "racing" and exit 0."""
    path = tmp_path / "race.json"
    out = run("simulate", "--track", OVAL, "--cars", "10", "--laps", "3", "--seed", "2", "--record", str(path))
    assert out.returncode == 0, out.stderr
    places = [line.split()[2] for line in out.stdout.splitlines() if line[:3].strip().rstrip(".").isdigit()]
    assert len(places) == 10 and set(places) <= {"finished", "out"}
    verified = run("replay", str(path))
    assert verified.returncode == 0 and "not over" not in verified.stdout


@pytest.mark.rules("CORE-END-1")
def test_CORE_END_1_simulate_fails_loudly_when_a_race_stops_before_its_end(monkeypatch, capsys):
    def stuck(track, header, drivers):
        raise UnfinishedRace("nobody can act, yet the race is not over")

    monkeypatch.setattr(race, "play", stuck)
    assert race.simulate(str(REPO / OVAL), 2, 1, 1, "fd-basic", None, "careful") == 1
    out = capsys.readouterr()
    assert "the race did not finish: nobody can act" in out.err and " finished " not in out.out


def test_replay_verifies_a_record(simulated):
    path, sim = simulated
    out = run("replay", str(path))
    assert out.returncode == 0, out.stderr
    classification = [line for line in sim.stdout.splitlines() if not line.startswith("record:")]
    assert out.stdout.splitlines()[: len(classification)] == classification
    assert "verified" in out.stdout
    out = run("replay", str(path), "--track", OVAL)
    assert out.returncode == 0, out.stderr


def test_replay_refuses_a_tampered_record(simulated, tmp_path):
    path, _ = simulated
    raw = json.loads(path.read_text(encoding="utf-8"))
    i = next(i for i, a in enumerate(raw["actions"]) if a["kind"] == "move" and len(a["path"]) >= 2)
    raw["actions"][i]["path"] = list(reversed(raw["actions"][i]["path"]))
    bad = tmp_path / "tampered.json"
    bad.write_text(json.dumps(raw), encoding="utf-8")
    out = run("replay", str(bad))
    assert out.returncode == 1
    message = one_message(out)
    assert str(bad) in message and f"action {i + 1} " in message and "does not replay" in message


def test_replay_refuses_a_die_that_is_not_a_face(simulated, tmp_path):
    path, _ = simulated
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["actions"][0]["value"] = 42
    bad = tmp_path / "tampered.json"
    bad.write_text(json.dumps(raw), encoding="utf-8")
    out = run("replay", str(bad))
    assert out.returncode == 1
    assert "action 1 " in one_message(out)


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("{not json", "not JSON"),
        ('{"header": {"schema_version": 4}, "actions": []}', "schema_version 4 is not supported"),
        ("[1, 2]", "not a race record"),
    ],
)
def test_replay_of_a_broken_file(tmp_path, content, expected):
    bad = tmp_path / "bad.json"
    bad.write_text(content, encoding="utf-8")
    out = run("replay", str(bad))
    assert out.returncode == 1
    assert expected in one_message(out)


def test_replay_of_a_missing_file(tmp_path):
    out = run("replay", str(tmp_path / "nope.json"))
    assert out.returncode == 1
    assert "cannot read" in one_message(out)


@pytest.mark.parametrize("args", [["replay", "/dev/zero"], ["moves", "/dev/zero", "--gear", "1"]])
def test_an_endless_input_is_refused_at_once(args):
    """These read /dev/zero until the memory ran out."""
    out = run(*args, timeout=60)
    assert out.returncode == 1
    assert one_message(out).startswith("/dev/zero: cannot read (it is a device or a pipe, not a file")


@pytest.mark.parametrize(("command", "kind"), [("replay", "race record"), ("moves", "position")])
def test_a_huge_file_is_refused_unread(tmp_path, command, kind):
    big = tmp_path / "big.json"
    with big.open("wb") as f:
        f.truncate(6 * (1 << 30))  # sparse: reading it whole would need 6 GB
    out = run(command, str(big), *(["--gear", "1"] if command == "moves" else []), timeout=60)
    assert out.returncode == 1
    assert f"it is 6 GB, but a {kind} is at most" in one_message(out)


def test_replay_of_a_record_for_an_unknown_track(simulated, tmp_path):
    path, _ = simulated
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["header"]["track_hash"] = "f" * 64
    bad = tmp_path / "other.json"
    bad.write_text(json.dumps(raw), encoding="utf-8")
    out = run("replay", str(bad))
    assert out.returncode == 1
    assert "ffffffffffff" in one_message(out) and "--track" in out.stderr
    out = run("replay", str(bad), "--track", OVAL)
    assert out.returncode == 1
    assert "hash" in one_message(out)


def test_unknown_preset_is_refused_with_the_list(tmp_path):
    out = run("simulate", "--track", OVAL, "--cars", "2", "--laps", "1", "--rules", "monaco-1977")
    assert out.returncode == 2
    message = one_message(out)
    assert "monaco-1977" in message
    for key in PRESETS:
        assert key in message


@pytest.mark.parametrize("cars", ["1", "11"])
def test_simulate_refuses_a_wrong_number_of_cars(cars):
    out = run("simulate", "--track", OVAL, "--cars", cars, "--laps", "1")
    assert out.returncode == 2
    assert "--cars" in one_message(out)


def test_simulate_with_a_missing_track(tmp_path):
    out = run("simulate", "--track", str(tmp_path / "nope.tmx"), "--cars", "2", "--laps", "1")
    assert out.returncode == 1
    assert "nope.tmx" in out.stderr


def test_simulate_refuses_a_record_in_a_missing_folder(tmp_path):
    """The race ran, exit 0, and the folders were made."""
    target = tmp_path / "no" / "such" / "r.json"
    out = run("simulate", "--track", OVAL, "--cars", "2", "--laps", "1", "--record", str(target))
    assert out.returncode == 1
    assert one_message(out) == f"{target}: the folder {target.parent} does not exist"
    assert out.stdout == "" and list(tmp_path.iterdir()) == []


def test_simulate_cannot_write_the_record(tmp_path):
    out = run("simulate", "--track", OVAL, "--cars", "2", "--laps", "1", "--record", str(tmp_path))
    assert out.returncode == 1
    assert one_message(out) == f"{tmp_path}: not written: it is a folder; give the name of a file in it"
    assert out.stdout == "" and list(tmp_path.iterdir()) == []  # refused before the race is played


# --- moves on a position file -----------------------------------------------------------------


@pytest.fixture(scope="module")
def position(tmp_path_factory) -> tuple[Path, Position, int]:
    """A race paused at a gear choice in game round 3 or later (in a gear low enough that some
    gears are refused), written as a position file."""
    track = load_track(REPO / OVAL)
    rules = PRESETS["fd-basic"]
    header = Header(
        track_name=track.name,
        track_hash=track.content_hash(),
        rules=rules,
        laps=1,
        seed=3,
        entries=tuple(Entry(id=f"car{i}", name=f"Car {i}", wear=rules.default_wear) for i in (1, 2, 3)),
    )
    session = RaceSession(track, header, drivers=DRIVERS)

    def paused(state) -> bool:
        return state.phase == "gear" and state.round >= 3 and 1 <= state.car(state.active).gear <= 3

    while not paused(session.state):
        assert not session.state.finished, "the sample race ended before a suitable gear choice"
        session.advance()
    state = session.state
    gears = [g for g, o in gear_options(track, state).items() if isinstance(o, ShiftCost)]
    pos = Position(track=OVAL, state=state)
    path = tmp_path_factory.mktemp("pos") / "position.json"
    path.write_text(pos.model_dump_json(indent=1), encoding="utf-8")
    return path, pos, max(gears)


def test_moves_with_a_roll_lists_the_moves(position):
    path, pos, gear = position
    die = pos.state.rules.gear_dice.die(gear)
    out = run("moves", str(path), "--gear", str(gear), "--roll", str(die.highest))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines and all(" spaces " in line and " path " in line for line in lines)
    as_json = run("moves", str(path), "--gear", str(gear), "--roll", str(die.highest), "--json")
    assert as_json.returncode == 0, as_json.stderr
    moves = json.loads(as_json.stdout)
    assert len(moves) == len(lines)
    assert all(set(m) >= {"path", "brakes", "tyres", "out"} for m in moves)
    assert any(len(m["path"]) == die.highest for m in moves) or all(m["blocked"] or m["out"] for m in moves)


def test_moves_without_a_roll_gives_the_odds(position):
    path, _, gear = position
    out = run("moves", str(path), "--gear", str(gear))
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[0] == f"gear: {gear}"
    assert "expected_spaces" in out.stdout
    out = run("moves", str(path), "--gear", str(gear), "--json")
    assert out.returncode == 0, out.stderr
    odds = json.loads(out.stdout)
    assert odds["gear"] == gear
    assert set(odds) >= {"corner_stop", "out", "overshoot", "expected_wear", "expected_spaces"}


def test_moves_with_a_roll_the_die_cannot_show(position):
    path, _, gear = position
    out = run("moves", str(path), "--gear", str(gear), "--roll", "99")
    assert out.returncode == 1
    assert "99" in one_message(out)


def test_moves_with_an_illegal_gear(position):
    path, pos, _ = position
    illegal = [g for g, o in gear_options(load_track(REPO / OVAL), pos.state).items() if not isinstance(o, ShiftCost)]
    assert illegal, "the sample position should refuse some gear"
    out = run("moves", str(path), "--gear", str(illegal[0]))
    assert out.returncode == 1
    assert f"gear {illegal[0]} is not legal here" in one_message(out)


def _write(tmp_path: Path, text: str) -> Path:
    bad = tmp_path / "bad-position.json"
    bad.write_text(text, encoding="utf-8")
    return bad


def _edited(pos: Position, **state_update) -> str:
    raw = json.loads(pos.model_dump_json())
    raw["state"].update(state_update)
    return json.dumps(raw)


@pytest.mark.parametrize(
    ("make", "expected"),
    [
        (lambda pos: "{oops", "not JSON"),
        (lambda pos: "[]", "position"),
        (lambda pos: json.dumps({"track": OVAL}), "state"),
        (lambda pos: json.dumps({"track": OVAL, "state": {"laps": 1}}), "state."),
        (lambda pos: pos.model_copy(update={"track": "maps/nope.tmx"}).model_dump_json(), "nope.tmx"),
        (lambda pos: _edited(pos, track_hash="0" * 64), "another version"),
        (
            lambda pos: _edited(pos, phase="roll"),
            "--gear is for a position before a gear choice, this one is at phase roll",
        ),
        (lambda pos: _edited(pos, active="car9"), "car9"),
        (lambda pos: _edited(pos, active=None), "None"),
        (lambda pos: _edited(pos, markers=["Q1"]), "Q1"),
        # impossible positions, refused as strictly as records
        (lambda pos: _edited(pos, laps=0), "state.laps: Input should be greater than or equal to 1"),
        (lambda pos: _edited(pos, laps="1"), "state.laps: Input should be a valid integer"),
        (lambda pos: _edited(pos, round=10**30), "state.round: Input should be less than or equal to 10000"),
        (lambda pos: _edited(pos, queue=["car7"]), "state: queue names 'car7', which is not one of the cars"),
        (
            lambda pos: _edited(
                pos, cars=[{**json.loads(c.model_dump_json()), "crossings": -1} for c in pos.state.cars]
            ),
            "state.cars.0.crossings: Input should be greater than or equal to 0",
        ),
        (
            lambda pos: _edited(pos, cars=[{**json.loads(c.model_dump_json()), "space": "Z9"} for c in pos.state.cars]),
            "Z9",
        ),
    ],
    ids=[
        "not-json",
        "not-an-object",
        "no-state",
        "incomplete-state",
        "missing-track",
        "other-track-version",
        "not-at-a-gear-choice",
        "unknown-active-car",
        "no-active-car",
        "unknown-marker",
        "laps-0",
        "laps-as-text",
        "round-1e30",
        "queue-unknown-car",
        "crossings-negative",
        "unknown-space",
    ],
)
def test_bad_position_files_give_one_clear_message(position, tmp_path, make, expected):
    _, pos, gear = position
    bad = _write(tmp_path, make(pos))
    for extra in ([], ["--roll", "1"]):
        out = run("moves", str(bad), "--gear", "1", *extra)
        assert out.returncode == 1
        assert expected in one_message(out)


def test_a_missing_position_file(tmp_path):
    out = run("moves", str(tmp_path / "nope.json"), "--gear", "1")
    assert out.returncode == 1
    assert "cannot read" in one_message(out)


# --- the command line itself --------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--track", OVAL, "--speed", "9"],
        ["simulate"],
        ["simulate", "--track", OVAL, "--laps", "4"],
        ["simulate", "--track", OVAL, "--cars", "many"],
        ["replay"],
        ["replay", "a.json", "--fast"],
        ["moves", "pos.json", "--roll"],
        ["position", "race.json"],
        ["position", "race.json", "--at", "-1"],
        ["position", "race.json", "--at", "x"],
        ["moves", "pos.json", "--gear", "7"],
        ["moves", "pos.json", "--gear", "2", "--roll", "x"],
        ["fly"],
    ],
)
def test_bad_command_lines_get_argparse_messages(args):
    out = run(*args)
    assert out.returncode == 2
    assert "usage: main.py" in out.stderr
    assert "error:" in out.stderr


# --- position, and moves at every moment of a turn ------------------------------------------------


@pytest.fixture(scope="module")
def moments(tmp_path_factory) -> tuple[Path, list[RaceState]]:
    """A whole race by computer drivers saved as a record, with the state after each action
    (six aggressive drivers and the Formula De advanced rules on the oval: it has bonus
    spaces, slipstream and collision checks early)."""
    track = load_track(REPO / OVAL)
    session = RaceSession(
        track,
        same_drivers(track, PRESETS["fde-advanced"], 6, 2, 0, "aggressive").model_copy(
            update={"grid": tuple(f"car{i}" for i in range(1, 7))}
        ),
        drivers=DRIVERS,
    )
    states = [session.state]
    while not session.state.finished:
        session.advance()
        states.append(session.state)
    path = tmp_path_factory.mktemp("moments") / "race.json"
    save(session.record(), path)
    return path, states


def first(states: list[RaceState], found) -> int:
    return next(i for i, s in enumerate(states) if found(s))


def position_at(moments, tmp_path: Path, found) -> tuple[Path, RaceState]:
    record, states = moments
    at = first(states, found)
    out = tmp_path / f"at{at}.json"
    done = run("position", str(record), "--at", str(at), "--out", str(out))
    assert done.returncode == 0, done.stderr
    return out, states[at]


def test_position_prints_the_state_after_action_n(moments):
    record, states = moments
    for at in (0, 16, len(states) - 1):
        out = run("position", str(record), "--at", str(at))
        assert out.returncode == 0, out.stderr
        pos = Position.model_validate_json(out.stdout)
        assert pos.track == OVAL and pos.state == states[at]


def test_position_writes_a_file_and_says_what_moment_it_is(moments, tmp_path):
    record, states = moments
    at = first(states, lambda s: s.phase == "gear" and s.round >= 2)
    target = tmp_path / "pos.json"
    out = run("position", str(record), "--at", str(at), "--out", str(target))
    assert out.returncode == 0, out.stderr
    who = states[at].active
    assert out.stdout == (
        f"{target}: after action {at} of {len(states) - 1}: game round {states[at].round}, phase gear, {who} to act\n"
    )
    assert Position.model_validate_json(target.read_text(encoding="utf-8")).state == states[at]


def test_position_past_the_end_of_the_record(moments):
    record, states = moments
    out = run("position", str(record), "--at", str(len(states)))
    assert out.returncode == 1
    n = len(states) - 1
    assert (
        one_message(out)
        == f"{record}: --at {len(states)} is past the end: the record has {n} actions; give --at 0 to {n}"
    )


def test_position_refuses_an_output_in_a_missing_folder_and_an_endless_record(moments, tmp_path):
    record, _ = moments
    out = run("position", str(record), "--at", "3", "--out", str(tmp_path / "no" / "p.json"))
    assert out.returncode == 1 and "does not exist" in one_message(out)
    out = run("position", "/dev/zero", "--at", "3", timeout=60)
    assert out.returncode == 1 and "device or a pipe" in one_message(out)


@pytest.mark.rules("CORE-GEAR-7")
def test_CORE_GEAR_7_moves_at_the_start_of_a_turn_gives_every_gear(moments, tmp_path):
    path, state = position_at(moments, tmp_path, lambda s: s.phase == "gear" and s.round >= 3)
    out = run("moves", str(path))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == f"Lindenring Oval, game round {state.round}, phase gear, {state.active} to act"
    assert [line.split(":")[0] for line in lines[1:]] == [f"gear {g}" for g in range(1, 7)]
    assert all("expected spaces" in line or "not legal" in line for line in lines[1:])
    data = json.loads(run("moves", str(path), "--json").stdout)
    assert [g["gear"] for g in data["gears"]] == [1, 2, 3, 4, 5, 6] and data["decides"] == state.active


@pytest.mark.rules("CORE-DICE-3")
def test_CORE_DICE_3_moves_before_the_roll_gives_the_odds_and_lists_a_rolls_moves(moments, tmp_path):
    path, state = position_at(moments, tmp_path, lambda s: s.phase == "roll" and s.round >= 2)
    gear = state.car(state.active).gear
    out = run("moves", str(path))
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[1].startswith(f"{state.active} in gear {gear} rolls the gear{gear} die")
    face = state.rules.gear_dice.die(gear).highest
    listed = run("moves", str(path), "--roll", str(face))
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout and all(" spaces " in line and " path " in line for line in listed.stdout.splitlines())
    refused = run("moves", str(path), "--gear", "1")
    assert refused.returncode == 1
    assert one_message(refused).endswith(
        f"this one is at phase roll ({state.active} is in gear {gear}); leave out --gear"
    )


@pytest.mark.rules("CORE-SLIP-1", "TYRE-3")
@pytest.mark.parametrize(
    ("via", "header"), [("bonus", "bonus (optional, 1 space(s)):"), ("slip", "slip (optional, 3 space(s), behind car")]
)
def test_TYRE_3_CORE_SLIP_1_moves_in_a_movement_lists_the_offered_segment(moments, tmp_path, via, header):
    path, state = position_at(moments, tmp_path, lambda s: s.phase == "move" and via in s.movement.offer)
    out = run("moves", str(path))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert any(line.startswith(header) for line in lines)
    assert lines[-1].startswith("stop: the car may decline the optional segments")
    data = json.loads(run("moves", str(path), "--json").stdout)
    [segment] = [s for s in data["segments"] if s["via"] == via]
    assert segment["moves"] and all(set(m) >= {"path", "brakes", "tyres", "out"} for m in segment["moves"])
    assert data["may_stop"] is True
    refused = run("moves", str(path), "--roll", "3")
    assert refused.returncode == 1 and "leave out --roll" in one_message(refused)


@pytest.mark.rules("CORE-COLL-2")
def test_CORE_COLL_2_moves_at_a_check_gives_its_exact_odds(moments, tmp_path):
    path, state = position_at(moments, tmp_path, lambda s: bool(s.pending) and s.pending[0].purpose == "collision")
    check = state.pending[0]
    out = run("moves", str(path))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[1] == "black-die rolls to make, in order:"
    body = state.car(check.car).wp.body
    assert lines[2] == (
        f"  collision for {check.car} with {check.other}: loses 1 body WP 1/20, nothing 19/20; "
        f"{check.car} has {body} body WP [CORE-COLL-2]"
    )
    data = json.loads(run("moves", str(path), "--json").stdout)
    assert data["checks"][0] | {"outcomes": None} == {
        "purpose": "collision",
        "car": check.car,
        "other": check.other,
        "rule": "CORE-COLL-2",
        "fails": "1/20",
        "area": "body",
        "wp": body,
        "outcomes": None,
    }


@pytest.mark.parametrize("what", ["device", "pipe", "folder"])
def test_simulate_and_position_never_replace_a_device_a_pipe_or_a_folder(tmp_path, simulated, what):
    """A device (/dev/null's numbers), a FIFO or a folder given as the output is refused in one line
    and left as it was; nothing is written beside it."""
    from tests.rules.test_filelimits import char_device

    target = tmp_path / "out.json"
    if what == "device":
        char_device(target)
    elif what == "pipe":
        os.mkfifo(target)
    else:
        target.mkdir()
    kind = stat.S_IFMT(os.lstat(target).st_mode)
    record, _ = simulated
    for args in (
        ("simulate", "--track", OVAL, "--cars", "2", "--laps", "1", "--record", str(target)),
        ("position", str(record), "--at", "3", "--out", str(target)),
    ):
        out = run(*args, timeout=120)
        assert out.returncode == 1 and str(target) in one_message(out), out.stderr
        assert stat.S_IFMT(os.lstat(target).st_mode) == kind
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json"]
