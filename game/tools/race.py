"""Headless race tools: ``simulate`` and ``replay`` on the command line, and the position
format that ``position`` writes and ``moves`` reads (``game.tools.position``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

from game.storage.paths import MAPS
from game.tools.output import cannot_write
from game.tracks.drawing import TrackError
from game.tracks.load import load_track
from rules.ai.registry import DRIVERS
from rules.classify import classification
from rules.files import migrate
from rules.files.filelimits import POSITION, read_text
from rules.files.record import Header, RecordError, dice_note, load, replay, save
from rules.qualifying.grid import score
from rules.qualifying.session import QualifyingSession, UnfinishedLap
from rules.ruleset import PRESETS
from rules.run.session import UnfinishedRace
from rules.run.simulation import play, race_header
from rules.state import RaceState
from rules.track import Track


class Position(BaseModel):
    """The position format: which track file, and the race state on it (like FEN)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    track: str
    state: RaceState


def read_track(path: str) -> Track | None:
    try:
        return load_track(path)
    except TrackError as err:
        for p in err.problems:
            print(p.line(), file=sys.stderr)
        return None


def simulate(
    track_file: str,
    cars: int,
    laps: int,
    seed: int,
    rules: str,
    record: str | None,
    driver: str,
    grid: str | None = None,
) -> int:
    """A race of computer drivers to the flag; ``grid`` overrides how the rule set sets the grid (VAR-20)."""
    if rules not in PRESETS:
        print(f"unknown rule set {rules!r}; presets: {', '.join(sorted(PRESETS))}", file=sys.stderr)
        return 2
    track = read_track(track_file)
    if track is None:
        return 1
    limit = min(10, len(track.grid))
    if not 2 <= cars <= limit:
        print(f"--cars must be 2 to {limit} on this track, not {cars}", file=sys.stderr)
        return 2
    if record and cannot_write(record):  # as `track render`: no folders made
        return 1
    ruleset = PRESETS[rules] if grid is None else PRESETS[rules].model_copy(update={"grid": grid})
    laps = laps or track.laps
    try:
        header, quali = race_header(track, ruleset, cars, laps, seed, driver, DRIVERS)
    except UnfinishedLap as err:  # a lap that never ends is an engine bug
        print(f"the qualifying did not finish: {err}", file=sys.stderr)
        return 1
    if quali is not None:  # VAR-20: the grid comes from every car's timed lap
        print_qualifying(header, quali)
    try:
        session = play(track, header, DRIVERS)
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
    by_id = {r.driver: r for r in quali.classified()}
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
    found = record_track(record.header, track_file)
    if found is None:
        return 1
    _, track = found
    try:
        state = replay(track, record)
    except RecordError as err:
        print(f"{record_file}: {err}", file=sys.stderr)
        return 1
    print_classification(track, state)
    unfinished = "" if state.finished else f"; the race is not over (phase {state.phase}, game round {state.round})"
    print(f"verified: all {len(record.actions)} actions replay{unfinished}; {dice_note(record.header)}")
    return 0


def record_track(header: Header, track_file: str | None) -> tuple[str, Track] | None:
    """The track a record was played on and its file: the given one, or the one in maps/ with
    the record's hash; None after saying why there is none."""
    path = track_file or find_track(header.track_hash, header.track_name)
    if path is None:
        print(f"no track in maps/ has the record's hash {header.track_hash[:12]}; give --track FILE", file=sys.stderr)
        return None
    track = read_track(path)
    return (path, track) if track is not None else None


def find_track(digest: str, name: str = "") -> str | None:
    """The track file in maps/ with this hash. Loading a track takes a while, so the
    files whose name appears in the track's name (oval.tmx for "Lindenring Oval") go first."""
    files = MAPS.glob("*.tmx")
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
        text = read_text(position_file, POSITION)
    except OSError as err:
        return f"{position_file}: cannot read ({err})"
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as err:
        return f"{position_file}: not JSON (line {err.lineno}, column {err.colno}: {err.msg})"
    except (ValueError, RecursionError) as err:
        return f"{position_file}: not readable JSON ({type(err).__name__})"
    if isinstance(raw, dict) and "state" in raw:  # a position of an older schema, in today's shape
        text = json.dumps({**raw, "state": migrate.state(raw["state"])})
    try:
        return Position.model_validate_json(text, strict=True)  # as strict as records: 1 is not "1"
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "position"
        return f"{position_file}: {where}: {first['msg'].removeprefix('Value error, ')}"


def position_track(pos: Position, position_file: str) -> str:
    """The track path as written; a relative one that is not found from the current
    folder is looked up next to the position file."""
    path = Path(pos.track)
    if path.is_absolute() or path.exists():
        return pos.track
    beside = Path(position_file).resolve().parent / path
    return str(beside) if beside.exists() else pos.track
