"""Race records: save/load, exact replay, byte-identical files, clear errors, atomic writes.

A record is the header plus every action (player choices and die faces). The
tests play short races through ``RaceSession`` (the only caller of ``apply``)
on the shipped oval and then corrupt the files in every way the loader must
survive: each failure is a ``RecordError`` that says what is wrong and, for
an action, names it by its 1-based index.
"""

from __future__ import annotations

import ast
import json
import os
import pickle
import stat
from pathlib import Path

import pytest

from game.tracks.load import load_track
from rules.actions import ChooseGear, Drive, Roll
from rules.ai.registry import DRIVERS
from rules.dice import BLACK_DIE
from rules.engine import chance
from rules.files.record import (
    SCHEMA_VERSION,
    Header,
    Record,
    RecordError,
    dice_note,
    dumps,
    load,
    loads,
    replay,
    same_drivers,
    save,
    steps,
)
from rules.ruleset import PRESETS
from rules.run.session import RaceSession
from tests.conftest import REPO
from tests.rules.test_properties import random_play

OVAL = REPO / "maps" / "oval.tmx"
RULES = PRESETS["fd-basic"]


@pytest.fixture(scope="module")
def track():
    return load_track(OVAL)


def header(track, seed: int = 7, cars: int = 3, laps: int = 1, driver: str = "careful") -> Header:
    return same_drivers(track, RULES, cars, laps, seed, driver)


def race(track, **kw) -> RaceSession:
    """A whole race of computer drivers (slower: they look ahead)."""
    session = RaceSession(track, header(track, **kw), drivers=DRIVERS)
    session.run_to_end()
    assert session.state.finished
    return session


def random_race(track, seed: int = 7, cars: int = 3, laps: int = 1) -> RaceSession:
    """A whole race of uniformly random legal choices, dice from the header's seed."""
    return random_play(track, seed, seed, cars, laps)


@pytest.fixture(scope="module")
def played(track) -> RaceSession:
    return random_race(track)


def as_json(rec: Record) -> dict:
    return json.loads(dumps(rec))


def expect_error(text: str, *fragments: str, track=None) -> RecordError:
    """``text`` fails to load (or, when ``track`` is given, to replay) with all ``fragments``."""
    with pytest.raises(RecordError) as info:
        rec = loads(text, "race.json")
        if track is not None:
            replay(track, rec)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, message
    err = info.value
    assert err.__cause__ is None and (err.__context__ is None or err.__suppress_context__)  # no chained traceback
    return err


# --- round trip, replay, determinism --------------------------------------------------------


def test_save_load_round_trip(played, tmp_path):
    path = tmp_path / "race.json"
    save(played.record(), path)
    loaded = load(path)
    assert loaded == played.record()
    assert path.read_text(encoding="utf-8") == dumps(loaded)  # what is read is written back byte for byte
    assert json.loads(path.read_text(encoding="utf-8"))["header"]["schema_version"] == SCHEMA_VERSION


@pytest.mark.parametrize(("driver", "seed"), [("careful", 1), ("aggressive", 2)])
def test_replay_of_computer_drivers_reproduces_the_exact_final_state(track, driver, seed, tmp_path):
    session = race(track, seed=seed, cars=3, driver=driver)
    path = tmp_path / "race.json"
    save(session.record(), path)
    assert replay(track, load(path)).model_dump_json() == session.state.model_dump_json()


@pytest.mark.parametrize(("seed", "cars", "laps"), [(1, 2, 1), (2, 5, 1), (3, 3, 2), (4, 10, 1)])
def test_replay_of_random_play_reproduces_the_exact_final_state(track, seed, cars, laps, tmp_path):
    session = random_race(track, seed=seed, cars=cars, laps=laps)
    path = tmp_path / "race.json"
    save(session.record(), path)
    assert replay(track, load(path)).model_dump_json() == session.state.model_dump_json()


def test_replay_of_a_partial_record_gives_the_state_at_that_point(track, played):
    actions = played.record().actions
    cut = len(actions) // 2
    partial = RaceSession(track, played.header, drivers=DRIVERS)
    for action in actions[:cut]:
        partial.act(action)
    rec = Record(header=played.header, actions=actions[:cut])
    assert replay(track, loads(dumps(rec))).model_dump_json() == partial.state.model_dump_json()


@pytest.mark.parametrize("play", [race, random_race], ids=["computers", "random"])
def test_same_seed_gives_a_byte_identical_record_file(track, tmp_path, play):
    a, b, c = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "c.json"
    save(play(track, seed=11, cars=2).record(), a)
    save(play(track, seed=11, cars=2).record(), b)
    save(play(track, seed=12, cars=2).record(), c)
    assert a.read_bytes() == b.read_bytes()
    assert a.read_bytes() != c.read_bytes()


def test_record_file_is_plain_json_header_first(played):
    text = dumps(played.record())
    assert text.endswith("\n") and text.isascii()
    raw = json.loads(text)
    assert list(raw) == ["header", "actions"]
    assert {a["kind"] for a in raw["actions"]} <= {"gear", "roll", "move"}
    blitz = played.record().model_copy(update={"clocks": {"car1": 1500}})
    assert list(json.loads(dumps(blitz))) == ["header", "actions", "clocks"]  # only an FD Blitz heat's has clocks
    assert loads(dumps(blitz)).clocks == {"car1": 1500}


# --- corrupt records: one clear RecordError each ----------------------------------------------


def test_not_json(played):
    text = dumps(played.record())
    expect_error(text[: len(text) // 2], "race.json", "not JSON", "line")
    expect_error("", "not JSON")
    expect_error("\x00\x01garbage", "not JSON")


@pytest.mark.parametrize(
    "text",
    [
        "[]",
        "42",
        '"header"',
        '{"header": []}',
        '{"header": "x"}',
        '{"actions": []}',
        '{"header": {"schema_version": ' + "9" * 5000 + "}}",  # beyond int() digit limit
        "[" * 100_000 + "]" * 100_000,  # beyond the recursion limit
    ],
    ids=["list", "number", "string", "header-list", "header-string", "no-header", "huge-number", "deep-nesting"],
)
def test_not_a_record(text):
    expect_error(text, "race.json")


@pytest.mark.parametrize("version", [0, 1, 4, 99, "2", 2.0, True, None])
def test_wrong_schema_version(played, version):
    raw = as_json(played.record())
    raw["header"]["schema_version"] = version
    expect_error(json.dumps(raw), "schema_version", "not supported", f"writes {SCHEMA_VERSION}")


def test_a_version_1_record_is_named_as_older(played):
    raw = as_json(played.record())
    raw["header"]["schema_version"] = 1
    expect_error(json.dumps(raw), "schema_version 1 is not supported", "older version")


def test_missing_schema_version(played):
    raw = as_json(played.record())
    del raw["header"]["schema_version"]
    expect_error(json.dumps(raw), "schema_version", "missing")


@pytest.mark.parametrize("field", ["seed", "track_hash", "track_name", "rules", "laps", "entries"])
def test_missing_header_field(played, field):
    raw = as_json(played.record())
    del raw["header"][field]
    expect_error(json.dumps(raw), f"header.{field}", "required")


def test_unknown_field(played):
    raw = as_json(played.record())
    raw["header"]["cheat"] = True
    expect_error(json.dumps(raw), "header.cheat")


def test_malformed_action_is_named_by_its_1_based_index(played):
    raw = as_json(played.record())
    del raw["actions"][4][
        "value" if raw["actions"][4]["kind"] == "roll" else "path" if raw["actions"][4]["kind"] == "move" else "gear"
    ]
    expect_error(json.dumps(raw), "action 5 ")
    raw = as_json(played.record())
    raw["actions"][2] = {"kind": "teleport", "space": "A1"}
    expect_error(json.dumps(raw), "action 3", "teleport")


@pytest.mark.parametrize("value", ["8", 8.0, True, None])
def test_a_die_result_has_one_spelling(played, value):
    raw = as_json(played.record())
    first_roll = next(i for i, a in enumerate(raw["actions"]) if a["kind"] == "roll")
    raw["actions"][first_roll]["value"] = value
    expect_error(json.dumps(raw), f"action {first_roll + 1} ")


def test_a_die_value_that_is_not_a_face(track, played):
    raw = as_json(played.record())
    first_roll = next(i for i, a in enumerate(raw["actions"]) if a["kind"] == "roll")
    raw["actions"][first_roll]["value"] = 21  # the grid roll is a d20
    err = expect_error(json.dumps(raw), f"action {first_roll + 1} ", "does not replay", track=track)
    assert "21" in str(err)


def test_a_changed_gear_roll_is_caught_at_the_first_action_that_no_longer_replays(track, played):
    """Lowering a gear die below the path driven: the move after it no longer fits (1-based index)."""
    actions = played.record().actions
    for i in range(len(actions) - 2):
        gear, roll, drive = actions[i : i + 3]
        if isinstance(gear, ChooseGear) and isinstance(roll, Roll) and isinstance(drive, Drive):
            low = RULES.gear_dice.die(gear.gear).lowest
            if low < len(drive.path) <= roll.value:
                break
    else:
        pytest.fail("no gear roll to tamper with in the sample race")
    raw = as_json(played.record())
    raw["actions"][i + 1]["value"] = low
    raw["header"]["dice"] = "given"  # no seed to check the die against: the move after it is refused
    expect_error(json.dumps(raw), f"action {i + 3} ", "does not replay", track=track)


def test_a_die_changed_to_another_legal_face_is_caught_against_the_seed(track, played):
    """A record made from a seed replays only with that seed's dice, even where the rules would
    accept the other face; a record whose dice were given, or an older one, says it is not checked."""
    record = played.record()
    assert record.header.dice == "seed"
    i, roll = next(
        (i, step.action)
        for i, step in enumerate(steps(track, record))  # a black die
        if isinstance(step.action, Roll) and chance(step.before).die == BLACK_DIE
    )
    raw = as_json(record)
    for face in (f for f in BLACK_DIE.faces if f != roll.value):
        raw["actions"][i]["value"] = face
        raw["header"]["dice"] = "given"
        try:
            replay(track, loads(json.dumps(raw)))
        except RecordError:
            continue
        break  # a face the rules accept: only the seed can tell
    else:
        pytest.fail("no other face replays")
    assert dice_note(loads(json.dumps(raw)).header).startswith("its dice were given")
    raw["header"]["dice"] = "seed"
    expect_error(
        json.dumps(raw), f"action {i + 1} ", f"is not the die seed {record.header.seed} rolls there", track=track
    )
    del raw["header"]["dice"]
    assert "older record" in dice_note(loads(json.dumps(raw)).header)


def _drives(rec: Record) -> list[int]:
    return [i for i, a in enumerate(rec.actions) if isinstance(a, Drive) and len(a.path) >= 2]


def test_a_tampered_path_unknown_space(track, played):
    raw = as_json(played.record())
    i = _drives(played.record())[3]
    raw["actions"][i]["path"][-1] = "Z99"
    expect_error(json.dumps(raw), f"action {i + 1} ", "does not replay", "Z99", track=track)


def test_a_tampered_path_that_skips_a_space(track, played):
    raw = as_json(played.record())
    i = _drives(played.record())[5]
    del raw["actions"][i]["path"][0]  # the first step now jumps a space
    expect_error(json.dumps(raw), f"action {i + 1} ", "does not replay", track=track)


def test_a_swapped_action_order(track, played):
    raw = as_json(played.record())
    i = _drives(played.record())[2]
    raw["actions"][i], raw["actions"][i - 1] = raw["actions"][i - 1], raw["actions"][i]
    expect_error(json.dumps(raw), f"action {i} ", "does not replay", track=track)


def test_an_action_after_the_end_of_the_race(track, played):
    rec = played.record()
    raw = as_json(rec)
    raw["actions"].append({"kind": "roll", "value": 5})
    expect_error(json.dumps(raw), f"action {len(rec.actions) + 1} ", "does not replay", track=track)


def test_a_record_of_another_track_version(track, played):
    raw = as_json(played.record())
    raw["header"]["track_hash"] = "0" * 64
    expect_error(json.dumps(raw), "hash", "000000000000", track.content_hash()[:12], track=track)
    other = track.model_copy(update={"name": "Lindenring Oval (changed)"})
    assert other.content_hash() != track.content_hash()
    with pytest.raises(RecordError, match="hash"):
        replay(other, played.record())


def test_duplicate_car_ids(track, played):
    raw = as_json(played.record())
    raw["header"]["entries"][1]["id"] = raw["header"]["entries"][0]["id"]
    expect_error(json.dumps(raw), "header.entries", "car1", track=track)


@pytest.mark.parametrize("cars", [0, 1, 11])
def test_wrong_number_of_cars(track, played, cars):
    raw = as_json(played.record())
    entry = raw["header"]["entries"][0]
    raw["header"]["entries"] = [{**entry, "id": f"c{i}"} for i in range(cars)]
    raw["actions"] = []
    expect_error(json.dumps(raw), "header.entries", str(cars), track=track)


def test_load_of_a_missing_or_unreadable_file(tmp_path):
    with pytest.raises(RecordError, match="cannot read"):
        load(tmp_path / "nope.json")
    with pytest.raises(RecordError, match="cannot read"):
        load(tmp_path)  # a folder
    bad = tmp_path / "latin1.json"
    bad.write_bytes(b'{"header": "\xe9"}')
    with pytest.raises(RecordError, match="cannot read"):
        load(bad)


def test_load_names_the_file(played, tmp_path):
    path = tmp_path / "race.json"
    path.write_text("{", encoding="utf-8")
    with pytest.raises(RecordError, match="race.json: not JSON"):
        load(path)


# --- atomic save ------------------------------------------------------------------------------


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


@pytest.mark.parametrize("fail_in", ["write", "fsync", "replace"])
@pytest.mark.parametrize(
    "error", [OSError(28, "No space left on device"), KeyboardInterrupt()], ids=["disk-full", "ctrl-c"]
)
def test_a_failed_save_leaves_the_old_file_intact(track, played, tmp_path, monkeypatch, fail_in, error):
    path = tmp_path / "race.json"
    save(played.record(), path)
    old = path.read_bytes()
    newer = Record(header=played.header.model_copy(update={"seed": 99}), actions=played.record().actions[:5])

    if fail_in == "write":
        real_fdopen = os.fdopen

        class HalfWriter:
            """Writes half the text to the real file, then fails: a crash mid-write."""

            def __init__(self, f):
                self.f = f

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self.f.close()
                return False

            def write(self, text):
                self.f.write(text[: len(text) // 2])
                self.f.flush()
                raise error

            def __getattr__(self, name):
                return getattr(self.f, name)

        monkeypatch.setattr(os, "fdopen", lambda *a, **k: HalfWriter(real_fdopen(*a, **k)))
    else:

        def boom(*args, **kwargs):
            raise error

        monkeypatch.setattr(os, fail_in, boom)

    with pytest.raises(type(error)):
        save(newer, path)
    monkeypatch.undo()
    assert path.read_bytes() == old
    assert load(path) == played.record()
    assert _leftovers(tmp_path) == []


def test_a_failed_first_save_leaves_no_file(played, tmp_path, monkeypatch):
    def boom(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(OSError):
        save(played.record(), tmp_path / "race.json")
    monkeypatch.undo()
    assert list(tmp_path.iterdir()) == []


def test_save_replaces_the_whole_file_and_keeps_its_mode(track, played, tmp_path):
    path = tmp_path / "race.json"
    path.write_text("x" * 1_000_000, encoding="utf-8")  # longer than the record: no stale tail may survive
    path.chmod(0o640)
    save(played.record(), path)
    assert path.read_text(encoding="utf-8") == dumps(played.record())
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    fresh = tmp_path / "sub" / "new.json"
    save(played.record(), fresh)  # creates the folder; an ordinary rw-r--r-- file, not mkstemp's 0600
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o644
    assert _leftovers(tmp_path) == [] and _leftovers(tmp_path / "sub") == []


def test_save_onto_a_folder_fails_cleanly(played, tmp_path):
    target = tmp_path / "records"
    target.mkdir()
    with pytest.raises(OSError):
        save(played.record(), target)
    assert target.is_dir() and list(target.iterdir()) == []
    assert _leftovers(tmp_path) == []


# --- never pickle ---------------------------------------------------------------------------


UNSAFE_MODULES = {"pickle", "cPickle", "_pickle", "marshal", "shelve", "dill", "cloudpickle", "joblib"}


@pytest.mark.parametrize(
    "source",
    [
        "rules/files/record.py",
        "rules/run/session.py",
        "rules/files/filelimits.py",
        "game/tools/race.py",
        "game/tools/position.py",
    ],
)
def test_record_code_never_imports_pickle(source):
    tree = ast.parse((REPO / source).read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module.split(".")[0])
    assert not imported & UNSAFE_MODULES


def test_loading_never_unpickles(played, tmp_path, monkeypatch):
    def forbidden(*args, **kwargs):
        raise AssertionError("a record was read with pickle")

    for name in ("load", "loads", "Unpickler"):
        monkeypatch.setattr(pickle, name, forbidden)
    path = tmp_path / "race.json"
    save(played.record(), path)
    assert load(path) == played.record()
    path.write_bytes(pickle.dumps({"header": {}}))  # a pickle is just not JSON
    with pytest.raises(RecordError, match="not JSON|cannot read"):
        load(path)


def test_resumed_session_continues_with_the_same_dice():
    """Resuming from a record replays the seeded dice too, so the race goes on as it would have."""
    track = load_track(REPO / "maps" / "oval.tmx")
    header = same_drivers(track, RULES, cars=4, laps=1, seed=5)
    whole = RaceSession(track, header, drivers=DRIVERS)
    whole.run_to_end()
    half = RaceSession(track, header, drivers=DRIVERS)
    for _ in range(40):
        half.advance()
    resumed = RaceSession(track, header, actions=tuple(half.actions), drivers=DRIVERS)
    resumed.run_to_end()
    assert resumed.record() == whole.record()


@pytest.mark.rules("CORE-ORDER-1")
def test_every_choice_names_its_car_and_a_choice_for_another_car_does_not_replay(track, played):
    """A record says who decided what (CORE-ORDER-1): every gear, move and stop names its car,
    the one whose turn it was; changing the name breaks the replay at that action."""
    raw = as_json(played.record())
    choices = [i for i, a in enumerate(raw["actions"]) if a["kind"] != "roll"]
    assert choices and all(raw["actions"][i]["car"] for i in choices)
    first = choices[0]
    other = next(e["id"] for e in raw["header"]["entries"] if e["id"] != raw["actions"][first]["car"])
    raw["actions"][first]["car"] = other
    expect_error(json.dumps(raw), f"action {first + 1}", "not the turn of", track=track)
