"""Check: a fixed set of seeded races ends in the same state with the same record, commit to commit.

    python bench/same_races.py --write REF.json     # on the commit you start from
    python bench/same_races.py --check REF.json     # after a change that must not change play

A speed-up of the engine or of the drivers must not change one decision: every race of
``CASES`` (a few tracks; presets fd-basic, fde-advanced, dresden-2006 and street; levels Rookie,
Racer and Champion, and the older careful and aggressive drivers) is played through
``rules.run.simulation`` as ``main.py simulate`` plays it, and
its record (``rules.files.record.dumps``) and final state are hashed. ``--check`` prints each case
that differs (and the first action where the records part) and exits 1 if any does. A change
of the drivers' play is meant to fail it: write the reference again from the new commit. A
reference written before a change of the schema (``rules.files.migrate``) is checked against the
race in that schema's shape: the record with its version, the state with its flat fields.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any, TypedDict

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from game.tracks.load import load_track  # noqa: E402
from rules.ai.registry import DRIVERS  # noqa: E402
from rules.files import migrate  # noqa: E402
from rules.files.record import dumps  # noqa: E402
from rules.ruleset import PRESETS  # noqa: E402
from rules.run.simulation import play, race_header  # noqa: E402

# (track, preset, level, cars, laps, seed)
CASES: tuple[tuple[str, str, str, int, int, int], ...] = (
    ("hohenau", "fd-basic", "rookie", 10, 1, 1),
    ("hohenau", "fd-basic", "racer", 10, 3, 2),
    ("hohenau", "fd-basic", "champion", 6, 1, 3),
    ("oval", "fde-advanced", "rookie", 6, 1, 4),
    ("oval", "fde-advanced", "racer", 8, 2, 5),
    ("adlerjoch", "fde-advanced", "champion", 4, 1, 6),
    ("eichwald", "dresden-2006", "rookie", 6, 1, 7),
    ("eichwald", "dresden-2006", "racer", 8, 2, 8),
    ("kranzfeld", "dresden-2006", "champion", 4, 1, 9),
    ("hafenstadt", "street", "rookie", 6, 1, 10),
    ("hafenstadt", "street", "racer", 10, 1, 11),
    ("brueckenau", "street", "champion", 4, 1, 12),
    ("hohenau", "fd-basic", "careful", 10, 1, 13),
    ("oval", "fde-advanced", "aggressive", 8, 2, 14),
    ("eichwald", "dresden-2006", "careful", 6, 1, 15),
    ("kranzfeld", "dresden-2006", "aggressive", 6, 1, 16),
    ("hafenstadt", "street", "careful", 6, 1, 17),
)


class Hashes(TypedDict):
    """A race's record and final state, each as its SHA-256."""

    record: str
    state: str


class Fingerprint(TypedDict):
    """One race as the reference file keeps it."""

    record: str  # the SHA-256 of the record
    state: str  # the SHA-256 of the final state
    actions: list[str]  # every action as JSON
    older: Hashes  # the same race in the shape of schema OLDEST


def fingerprint(case: tuple[str, str, str, int, int, int]) -> Fingerprint:
    """The race of ``case``: hashes of its record and final state, and its actions (to find where two part)."""
    name, preset, level, cars, laps, seed = case
    track = load_track(REPO / "maps" / f"{name}.tmx")
    header, _ = race_header(track, PRESETS[preset], min(cars, len(track.grid)), laps, seed, level, DRIVERS)
    session = play(track, header, DRIVERS)
    record = session.record()
    state = session.state.model_dump_json()
    flat = older_state(state)
    return {
        "record": _sha(dumps(record)),
        "state": _sha(state),
        "actions": [a.model_dump_json() for a in session.actions],
        # the same race in the shape of schema OLDEST, to check against a reference written then
        "older": {
            "record": _sha(
                dumps(
                    record.model_copy(
                        update={"header": record.header.model_copy(update={"schema_version": migrate.OLDEST})}
                    )
                )
            ),
            "state": _sha(flat),
        },
    }


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


# fields of the race's slices that stood apart from their slice's others in schema OLDEST: the
# field each followed there
STOOD_AFTER = {"boost": "mark_stop", "rolling": "boost"}


def older_state(state_json: str) -> str:
    """The state's JSON in the flat shape of schema OLDEST (``rules.files.migrate.SLICED``): each slice's
    fields back in its place, as the game of that schema wrote them (its slices stand where their
    fields stood, but for ``STOOD_AFTER``)."""
    raw: dict[str, Any] = json.loads(state_json)

    def flat(d: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        apart: dict[str, Any] = {}
        for k, v in d.items():
            if k in migrate.SLICED and isinstance(v, dict):
                out.update({f: x for f, x in v.items() if f not in STOOD_AFTER})
                apart.update({f: x for f, x in v.items() if f in STOOD_AFTER})
            else:
                out[k] = v
        for field, value in apart.items():
            items = list(out.items())
            at = next(i for i, (k, _) in enumerate(items) if k == STOOD_AFTER[field]) + 1
            out = dict(items[:at] + [(field, value)] + items[at:])
        return out

    raw = flat(raw)
    for key in ("cars", "t_wrecks"):
        raw[key] = [flat(c) for c in raw[key]]
    return json.dumps(raw, separators=(",", ":"), ensure_ascii=False)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--write", metavar="FILE", help="play every case and write the reference")
    g.add_argument("--check", metavar="FILE", help="play every case and compare with the reference")
    args = p.parse_args(argv)
    ref = json.loads(Path(args.check).read_text()) if args.check else {}
    out: dict[str, object] = {}
    bad = 0
    for case in CASES:
        key = "/".join(map(str, case))
        c0 = time.process_time()
        got = fingerprint(case)
        took = time.process_time() - c0
        out[key] = got
        if args.check:
            want = ref.get(key)
            if want is None:
                print(f"{key}: not in the reference")
                bad += 1
                continue
            older = got["older"]
            same = (want["record"], want["state"]) in ((got["record"], got["state"]), (older["record"], older["state"]))
            if not same:
                bad += 1
                part = next(
                    (i for i, (a, b) in enumerate(zip(want["actions"], got["actions"]), 1) if a != b),
                    min(len(want["actions"]), len(got["actions"])) + 1,
                )
                print(f"{key}: DIFFERS (records part at action {part})")
            else:
                print(f"{key}: same ({len(got['actions'])} actions, {took:.1f} s cpu)", flush=True)
        else:
            print(f"{key}: {len(got['actions'])} actions, {took:.1f} s cpu", flush=True)
    if args.write:
        Path(args.write).write_text(json.dumps(out))
    if args.check:
        print(f"{len(CASES) - bad}/{len(CASES)} races the same")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
