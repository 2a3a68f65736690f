"""Headless race tools: ``simulate``, ``replay`` and ``moves`` on the command line."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

from game.trackdraw import TrackError
from game.trackfile import load_track
from rules.actions import ChooseGear, Roll
from rules.classify import classification
from rules.engine import IllegalAction, apply, moves
from rules.odds import gear_odds
from rules.record import Entry, Header, RecordError, load, replay, save
from rules.ruleset import PRESETS
from rules.session import RaceSession
from rules.state import RaceState
from rules.track import Track

COLOURS = ("#d03030", "#2f6fd0", "#f0c020", "#30a050", "#f07820", "#8040c0", "#20b0c0", "#e060a0", "#f0f0f0", "#404040")


class Position(BaseModel):
    """The position format: which track file, and the race state on it (like FEN)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    track: str
    state: RaceState


def _track(path: str) -> Track | None:
    try:
        return load_track(path)
    except TrackError as err:
        for p in err.problems:
            print(p.line(), file=sys.stderr)
        return None


def simulate(track_file: str, cars: int, laps: int, seed: int, rules: str, record: str | None, driver: str) -> int:
    if rules not in PRESETS:
        print(f"unknown rule set {rules!r}; presets: {', '.join(sorted(PRESETS))}", file=sys.stderr)
        return 2
    track = _track(track_file)
    if track is None:
        return 1
    limit = min(10, len(track.grid))
    if not 2 <= cars <= limit:
        print(f"--cars must be 2 to {limit} on this track, not {cars}", file=sys.stderr)
        return 2
    ruleset = PRESETS[rules]
    laps = laps or track.laps
    header = Header(
        track_name=track.name,
        track_hash=track.content_hash(),
        rules=ruleset,
        laps=laps,
        seed=seed,
        entries=tuple(
            Entry(id=f"car{i + 1}", name=f"Car {i + 1}", driver=driver, colour=COLOURS[i], number=i + 1, wear=ruleset.default_wear)  # type: ignore[arg-type]
            for i in range(cars)
        ),
    )
    session = RaceSession(track, header)
    session.run_computers()
    if record:
        save(session.record(), record)
    print_classification(track, session.state)
    return 0


def print_classification(track: Track, state: RaceState) -> None:
    print(f"{track.name}, {state.laps} lap(s), {state.round} game rounds")
    for place in classification(track, state):
        why = f"  out: {place.reason.english()} [{place.reason.rule}]" if place.reason else ""
        print(f"{place.position:>2}. {place.car:<6} {place.status:<8} {place.laps} lap(s){why}")


def replay_cmd(record_file: str, track_file: str | None) -> int:
    try:
        record = load(record_file)
    except RecordError as err:
        print(err, file=sys.stderr)
        return 1
    path = track_file or _find_track(record.header.track_hash)
    if path is None:
        print(f"no track in maps/ has the record's hash {record.header.track_hash[:12]}; give --track FILE", file=sys.stderr)
        return 1
    track = _track(path)
    if track is None:
        return 1
    try:
        state = replay(track, record)
    except RecordError as err:
        print(f"{record_file}: {err}", file=sys.stderr)
        return 1
    print_classification(track, state)
    return 0


def _find_track(digest: str) -> str | None:
    for p in sorted((Path(__file__).resolve().parent.parent / "maps").glob("*.tmx")):
        try:
            if load_track(p).content_hash() == digest:
                return str(p)
        except TrackError:
            continue
    return None


def moves_cmd(position_file: str, gear: int, roll: int | None, as_json: bool) -> int:
    try:
        pos = Position.model_validate_json(Path(position_file).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as err:
        print(f"{position_file}: cannot read ({err})", file=sys.stderr)
        return 1
    except ValidationError as err:
        first = err.errors()[0]
        print(f"{position_file}: {'.'.join(str(p) for p in first['loc'])}: {first['msg']}", file=sys.stderr)
        return 1
    track = _track(pos.track)
    if track is None:
        return 1
    if track.content_hash() != pos.state.track_hash:
        print(f"{position_file}: the position belongs to another version of {pos.track}", file=sys.stderr)
        return 1
    state = pos.state
    if state.phase != "gear":
        print(f"{position_file}: the position is not before a gear choice (phase {state.phase})", file=sys.stderr)
        return 1
    if roll is None:
        odds = {g: o for g, o in gear_odds(track, state).items() if g == gear}
        if not odds:
            print(f"gear {gear} is not legal here", file=sys.stderr)
            return 1
        o = odds[gear]
        facts = {
            "gear": gear,
            "corner_stop": str(o.corner_stop),
            "out": str(o.out),
            "overshoot": {str(k): str(v) for k, v in sorted(o.overshoot.items())},
            "expected_wear": str(o.wear),
            "expected_spaces": str(o.advance),
        }
        print(json.dumps(facts, indent=1) if as_json else "\n".join(f"{k}: {v}" for k, v in facts.items()))
        return 0
    try:
        state, _ = apply(track, state, ChooseGear(gear=gear))
        state, _ = apply(track, state, Roll(value=roll))
    except IllegalAction as err:
        print(f"{err} [{err.reason.rule}]", file=sys.stderr)
        return 1
    legal = moves(track, state)
    if as_json:
        print(json.dumps([m.model_dump(mode="json") for m in legal], indent=1))
        return 0
    for m in legal:
        extra = f"  OUT: {m.out.english()}" if m.out else ""
        cost = f"brakes {m.brakes}, tyres {m.tyres}" if m.brakes or m.tyres else "free"
        print(f"{m.end or '(stays)':<5} {len(m.path):>2} spaces  {cost}  path {' '.join(m.path)}{extra}")
    return 0
