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
from rules.engine import IllegalAction, apply, gear_options, moves
from rules.gears import ShiftCost
from rules.odds import gear_odds
from rules.reasons import Reason
from rules.qualifying import score
from rules.qualifying_session import QualifyingSession
from rules.record import Header, RecordError, load, replay, save
from rules.ruleset import PRESETS
from rules.session import UnfinishedRace
from rules.simulation import play, race_header
from rules.state import RaceState
from rules.track import Track

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
    header, quali = race_header(track, ruleset, cars, laps, seed, driver)
    if quali is not None:  # VAR-20: the grid comes from every car's timed lap
        print_qualifying(header, quali)
    try:
        session = play(track, header)
    except UnfinishedRace as err:  # a race that stops before its end is an engine bug
        print(f"the race did not finish: {err}", file=sys.stderr)
        return 1
    print_classification(track, session.state)
    if record:
        try:
            save(session.record(), record)
        except OSError as err:
            print(f"{record}: cannot write the record ({err.strerror or err})", file=sys.stderr)
            return 1
        print(f"record: {record} ({len(session.actions)} actions)")
    return 0


def print_qualifying(header: Header, quali: QualifyingSession) -> None:
    """Each computer driver's qualifying lap (QUAL-1..8) and the grid they gave."""
    grid = header.grid or ()
    weather = f", weather {quali.barometer}" if quali.barometer else ""
    print(f"qualifying{weather}:")
    by_id = {r.driver: r for r in quali.results}
    for slot, car in enumerate(grid, start=1):
        r = by_id[car]
        lap = f"{score(r, header.rules.qualifying)} ({r.rolls} rolls, {r.penalty} penalty, {r.time_ms / 1000:.1f} s)"
        print(f"{slot:>2}. {car:<6} {lap if r.qualified else 'no time: ' + (r.failed or 'lap not finished')}")


def print_classification(track: Track, state: RaceState) -> None:
    weather = f", weather {state.weather.condition}" if state.weather else ""
    print(f"{track.name}, {state.laps} lap(s), {state.round} game rounds{weather}")
    for place in classification(track, state):
        why = f"  out: {place.reason.english()} [{place.reason.rule}]" if place.reason else ""
        print(f"{place.position:>2}. {place.car:<6} {place.status:<8} {place.laps} lap(s){why}")


def replay_cmd(record_file: str, track_file: str | None) -> int:
    try:
        record = load(record_file)
    except RecordError as err:
        print(err, file=sys.stderr)
        return 1
    path = track_file or _find_track(record.header.track_hash, record.header.track_name)
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
    unfinished = "" if state.finished else f"; the race is not over (phase {state.phase}, game round {state.round})"
    print(f"verified: all {len(record.actions)} actions replay{unfinished}")
    return 0


def _find_track(digest: str, name: str = "") -> str | None:
    """The track file in maps/ with this hash. Loading a track takes a while, so the
    files whose name appears in the track's name (oval.tmx for "Lindenring Oval") go first."""
    files = (Path(__file__).resolve().parent.parent / "maps").glob("*.tmx")
    for p in sorted(files, key=lambda f: (f.stem.lower() not in name.lower(), f.name)):
        try:
            if load_track(p).content_hash() == digest:
                return str(p)
        except TrackError:
            continue
    return None


def load_position(position_file: str) -> Position | str:
    """A position file, or one line saying what is wrong with it."""
    try:
        text = Path(position_file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        return f"{position_file}: cannot read ({err})"
    try:
        json.loads(text)
    except json.JSONDecodeError as err:
        return f"{position_file}: not JSON (line {err.lineno}, column {err.colno}: {err.msg})"
    except (ValueError, RecursionError) as err:
        return f"{position_file}: not readable JSON ({type(err).__name__})"
    try:
        return Position.model_validate_json(text)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "position"
        return f"{position_file}: {where}: {first['msg']}"


def _position_track(pos: Position, position_file: str) -> str:
    """The track path as written; a relative one that is not found from the current
    folder is looked up next to the position file."""
    path = Path(pos.track)
    if path.is_absolute() or path.exists():
        return pos.track
    beside = Path(position_file).resolve().parent / path
    return str(beside) if beside.exists() else pos.track


def position_problem(track: Track, state: RaceState) -> str | None:
    """Why ``state`` cannot be a position on ``track`` (names unknown to the track, no
    car to move), or None. The engine trusts states it made itself; files are checked."""
    ids = [c.id for c in state.cars]
    if len(set(ids)) != len(ids):
        return "two cars have the same id"
    for c in state.cars:
        for what, space in (("space", c.space), ("box", c.box)):
            if space is not None and not track.has_space(space):
                return f"car {c.id}: {what} {space!r} is not a space of this track"
    for m in state.markers:
        if not track.has_space(m):
            return f"marker {m!r} is not a space of this track"
    if state.active not in ids:
        return f"the car to move ({state.active!r}) is not one of the cars ({', '.join(ids)})"
    car = state.car(state.active or "")
    if car.status != "racing" or car.space is None:
        return f"the car to move ({car.id}) is not racing on the track (status {car.status}, space {car.space})"
    return None


def moves_cmd(position_file: str, gear: int, roll: int | None, as_json: bool) -> int:
    pos = load_position(position_file)
    if isinstance(pos, str):
        print(pos, file=sys.stderr)
        return 1
    track = _track(_position_track(pos, position_file))
    if track is None:
        return 1
    if track.content_hash() != pos.state.track_hash:
        print(f"{position_file}: the position belongs to another version of {pos.track}", file=sys.stderr)
        return 1
    state = pos.state
    if state.phase != "gear":
        print(f"{position_file}: the position is not before a gear choice (phase {state.phase})", file=sys.stderr)
        return 1
    problem = position_problem(track, state)
    if problem:
        print(f"{position_file}: {problem}", file=sys.stderr)
        return 1
    try:
        return _moves_or_odds(track, state, gear, roll, as_json)
    except (KeyError, ValueError, IndexError) as err:  # a hand-edited state the engine cannot read
        print(f"{position_file}: the position is not consistent ({type(err).__name__}: {err})", file=sys.stderr)
        return 1


def _moves_or_odds(track: Track, state: RaceState, gear: int, roll: int | None, as_json: bool) -> int:
    option = gear_options(track, state).get(gear)
    if not isinstance(option, ShiftCost):
        why = f": {option.english()} [{option.rule}]" if isinstance(option, Reason) else ""
        print(f"gear {gear} is not legal here{why}", file=sys.stderr)
        return 1
    if roll is None:
        o = gear_odds(track, state)[gear]
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
