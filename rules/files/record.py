"""Race records (like PGN): headers plus every action and chance outcome.

A record never depends on the random generator's internals: every die
result is stored as a ``Roll`` action, so replaying is applying the actions
in order. Loading a record *is* replaying it, which also verifies it: the
first action that does not replay is named in the error.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Literal, NamedTuple, get_args

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from rules.actions import Action, Event, Roll
from rules.car import WearPoints
from rules.dice import DiceSource
from rules.engine import IllegalAction, apply, chance, new_race
from rules.files import migrate
from rules.files.atomic import write_atomic
from rules.files.filelimits import RECORD, FileKind, read_text
from rules.league.blitz import Match
from rules.modules.start import CarEntry
from rules.remote.fair_dice import check_rolls, seed_matches
from rules.ruleset import D_DEFAULT_RESERVE, RuleSet
from rules.state import RaceState
from rules.tables.profiles import Profile
from rules.tables.weather import Barometer
from rules.track import Track

# 2: the rule modules (slipstream in every preset, weather, tyres, set-ups, pit choices) and a
# decided grid; a version-1 record was played by rules that version 2 reads differently.
# 3: the state's slices (``rules.state``); a version-2 record replays the same (``rules.files.migrate``).
SCHEMA_VERSION = migrate.CURRENT
#: The cars' colours: red, blue, yellow, green, orange, purple, cyan, pink, white, black; chosen so every
#: two stay far apart to normal sight and with each dichromacy (tests/ui/test_palette.py).
COLOURS = ("#be171d", "#4d60ff", "#ffe30c", "#048f64", "#e8861e", "#712290", "#2bc3d5", "#ae5c8c", "#f0f0f0", "#303034")


class RecordError(Exception):
    """A record that cannot be read or does not replay; the message says where."""


#: who decides for a car: a player, or a computer driver by kind (careful, aggressive: the drivers before the levels)
DriverKind = Literal["human", "rookie", "racer", "champion", "careful", "aggressive"]
COMPUTER_KINDS: tuple[str, ...] = tuple(k for k in get_args(DriverKind) if k != "human")


class Entry(BaseModel):
    """One driver of the race: who, which car, and who decides for it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    driver: DriverKind = "careful"
    colour: str = COLOURS[0]
    number: int = 1
    wear: WearPoints
    reserve: int = Field(default=0, ge=0)  # AMB-32: WP of the total kept in the box
    profile: Profile = Profile.NORMALO  # DRESDEN-PROFILE-1: chosen in the race set-up
    team: int | None = Field(default=None, ge=0, le=9)  # team-mates share a box (PIT-D-4)
    karma: int | None = Field(default=None, ge=0)  # KARMA-1: carried from the championship; None = a fresh pool


class SeriesRace(BaseModel):
    """The championship a race belongs to: its stored id, name and the race's place in it, so a
    race saved and continued another day still lands in its championship."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    championship: int
    name: str
    race: int = Field(ge=0)  # 0-based


class BlitzHeat(BaseModel):
    """An FD Blitz match's heat: the match so far and which heat this is (0-based)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    match: Match
    heat: int = Field(ge=0, le=2)


class FairSeed(BaseModel):
    """A remote race's dice (rules.remote.fair_dice): the commitment published before the first roll and
    the seed the referee revealed at the flag ('' while the race runs)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    commitment: str = Field(pattern=r"^[0-9a-f]{64}$")
    seed: str = Field(default="", max_length=256)


class Header(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: int = SCHEMA_VERSION
    track_name: str
    track_hash: str
    rules: RuleSet
    laps: int = Field(ge=1, le=3)
    seed: int
    entries: tuple[Entry, ...]
    grid: tuple[str, ...] | None = None  # car ids, pole first, from qualifying; None = grid rolls (FD08-GRID-1)
    qualifying_weather: Barometer | None = None  # WEATHER-D-2: a variable race starts as qualifying was
    series: SeriesRace | None = None  # a championship's race; None = a single race
    level_start: bool = False  # BLITZ-4: a third Blitz heat, both cars level with the pole
    blitz: BlitzHeat | None = None  # a heat of an FD Blitz match; None = not Blitz
    # where the dice came from: drawn from ``seed`` (then a replay checks every die against it),
    # from a remote race's referee (``fair``: checked against its revealed seed, CORE-DICE-1),
    # or given (a test's, a physical die's); None = a record from before the game said so
    dice: Literal["seed", "fair", "given"] | None = None
    fair: FairSeed | None = None  # a race between homes: the referee's seed commitment and, at the flag, its seed


def same_drivers(track: Track, rules: RuleSet, cars: int, laps: int, seed: int, driver: str = "careful") -> Header:
    """A race of ``cars`` identical cars named Car 1, Car 2, ... all driven by ``driver``:
    what the simulator, the benchmarks and many tests need. Where the set-up keeps a box reserve
    (AMB-32), the standard car keeps D_DEFAULT_RESERVE there for a repair (PIT-D-7)."""
    reserve = D_DEFAULT_RESERVE if rules.car_setup.reserve else 0
    return Header(
        track_name=track.name,
        track_hash=track.content_hash(),
        rules=rules,
        laps=laps,
        seed=seed,
        entries=tuple(
            Entry(
                id=f"car{i + 1}",
                name=f"Car {i + 1}",
                driver=driver,
                colour=COLOURS[i % len(COLOURS)],
                number=i + 1,
                wear=rules.default_wear,
                reserve=reserve,
            )
            for i in range(cars)
        ),
    )


class Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    header: Header
    actions: tuple[Action, ...] = ()
    clocks: dict[str, int] = {}  # FD Blitz: the ms each player's clock has run so far (BLITZ-5)


def start_state(track: Track, header: Header) -> RaceState:
    """The race before its first action; RecordError if the header does not fit this track."""
    if header.track_hash != track.content_hash():
        raise RecordError(
            f"the record was played on track {header.track_name!r} with hash {header.track_hash[:12]}, "
            f"but this track file has hash {track.content_hash()[:12]}; use the same track version"
        )
    ids = [e.id for e in header.entries]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise RecordError(f"header.entries: car id(s) {', '.join(map(repr, twice))} appear more than once")
    most = min(10, len(track.grid))
    if not 2 <= len(ids) <= most:
        raise RecordError(f"header.entries: a race on this track needs 2 to {most} cars, not {len(ids)}")
    if header.grid is not None and sorted(header.grid) != sorted(ids):
        raise RecordError(f"header.grid: must list every car id of header.entries once, not {list(header.grid)}")
    cars = [CarEntry(e.id, e.wear, e.reserve, e.profile, e.team, e.karma) for e in header.entries]
    return new_race(track, header.rules, cars, header.laps, header.grid, header.qualifying_weather, header.level_start)


class Step(NamedTuple):
    """One action of a record as it replays: the state before, the action, the state after and
    what happened (the events the race log and the statistics read)."""

    before: RaceState
    action: Action
    after: RaceState
    events: list[Event]


def steps(track: Track, record: Record) -> Iterator[Step]:
    """Every action of the record, applied in order from the start state (RecordError as
    ``replayed``)."""
    return replayed(track, start_state(track, record.header), record.actions)


def replayed(track: Track, state: RaceState, actions: Sequence[Action], first: int = 1) -> Iterator[Step]:
    """Each action applied in turn to ``state``. The one way a record is replayed (the ``replay``
    command, the replay viewer, the statistics); RecordError names the first action that fails
    by its 1-based index, counted from ``first`` (``action 7 (...) does not replay: ...``)."""
    for i, action in enumerate(actions, start=first):
        try:
            after, events = apply(track, state, action)
        except IllegalAction as err:
            raise RecordError(f"action {i} ({action.model_dump_json()}) does not replay: {err}") from None
        except (ValueError, KeyError, IndexError, TypeError) as err:
            # not a refusal of the rules but the engine failing on this input: still the record's fault
            raise RecordError(
                f"action {i} ({action.model_dump_json()}) does not replay: {type(err).__name__}: {err}"
            ) from None
        yield Step(state, action, after, events)
        state = after


def replay(track: Track, record: Record) -> RaceState:
    """The state after every action of the record (RecordError as ``replayed``); a record whose
    dice were drawn from its seed replays only with that seed's dice, die by die."""
    header = record.header
    state = start_state(track, header)
    if header.dice == "fair":
        return _replay_fair(track, record)
    seeded = DiceSource(header.seed) if header.dice == "seed" else None
    for i, step in enumerate(steps(track, record), start=1):
        c = chance(step.before) if seeded is not None and isinstance(step.action, Roll) else None
        if seeded is not None and c is not None:
            drawn = seeded.roll(c.die)
            if drawn != step.action.value:  # type: ignore[union-attr]
                raise RecordError(
                    f"action {i} ({step.action.model_dump_json()}) is not the die seed {header.seed} "
                    f"rolls there ({drawn}): a record made from a seed replays only with that seed's dice"
                )
        state = step.after
    return state


def _replay_fair(track: Track, record: Record) -> RaceState:
    """CORE-DICE-1: a remote race's record replays only if its referee's revealed seed is the one
    committed to before the first roll and gives every recorded die."""
    fair = record.header.fair
    if fair is None:
        raise RecordError("header.fair: a record whose dice are 'fair' needs the referee's seed commitment")
    if fair.seed and not seed_matches(fair.seed, fair.commitment):
        raise RecordError(
            "header.fair.seed: the revealed seed is not the one committed to before the first roll: "
            "the race's dice are unverified"
        )
    state = start_state(track, record.header)
    rolls = []
    for i, step in enumerate(steps(track, record), start=1):
        c = chance(step.before) if isinstance(step.action, Roll) else None
        if c is not None:
            rolls.append((i, c.die, step.action.value))  # type: ignore[union-attr]
        state = step.after
    if fair.seed:
        bad = check_rolls(fair.seed, [(die, value) for _, die, value in rolls])
        if bad:
            i = rolls[bad[0].number][0]
            raise RecordError(
                f"action {i} rolled {bad[0].recorded}, but the referee's seed gives {bad[0].expected} there "
                f"({len(bad)} die/dice differ): the race's dice are unverified"
            )
    return state


def dice_note(header: Header) -> str:
    """What a replay could say of the record's dice."""
    if header.dice == "seed":
        return f"every die checked against seed {header.seed}"
    if header.dice == "fair" and header.fair is not None and header.fair.seed:
        return f"every die checked against the referee's revealed seed (commitment {header.fair.commitment[:12]})"
    if header.dice == "fair":
        return "the referee has not revealed its seed yet (it does at the flag): not checked"
    if header.dice == "given":
        return "its dice were given, not drawn from its seed: not checked"
    return "the record does not say where its dice came from (an older record): not checked"


def dumps(record: Record) -> str:
    """The record file's text: ASCII JSON, fields in model order, so the same race gives
    the same bytes. Keys are not sorted on purpose: a loaded record then holds its dicts
    (e.g. the rule set's WP limits) in the order the game made them, and the states it
    replays to serialise exactly like the states of the game that wrote it. Only an FD Blitz
    heat's record has clocks; every other record is its header and its actions."""
    return json.dumps(record.model_dump(mode="json", exclude=None if record.clocks else {"clocks"}), indent=1) + "\n"


_RECORD = TypeAdapter(Record)


def loads(text: str, source: str = "record") -> Record:
    """Parse a record; RecordError with what is wrong and where, never a traceback.

    Only JSON is ever read (never pickle). Validation is strict: ``"value": "8"``
    or ``"value": true`` is not a die result, so a record has one spelling. A record of an
    older schema that ``rules.files.migrate`` knows is read in today's shape.
    """
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(f"{source}: not JSON (line {err.lineno}, column {err.colno}: {err.msg})") from None
    except (ValueError, RecursionError) as err:  # e.g. a 5000-digit number, absurd nesting
        raise RecordError(f"{source}: not readable JSON ({type(err).__name__}: {err})") from None
    if not isinstance(raw, dict):
        raise RecordError(f"{source}: not a race record (a JSON object with a header and actions)")
    header = raw.get("header")
    if not isinstance(header, dict):
        raise RecordError(f"{source}: header: missing or not a JSON object")
    if "schema_version" not in header:
        raise RecordError(f"{source}: header.schema_version: missing (this game writes {SCHEMA_VERSION})")
    version = header["schema_version"]
    if not migrate.migratable(version):
        older = (
            " (it was written by an older version of the game)"
            if type(version) is int and 0 < version < SCHEMA_VERSION
            else ""
        )
        raise RecordError(
            f"{source}: schema_version {version!r} is not supported{older} (this game writes {SCHEMA_VERSION})"
        )
    if version != SCHEMA_VERSION:
        text = json.dumps(migrate.record(raw))
    try:
        return _RECORD.validate_json(text, strict=True)
    except ValidationError as err:
        first = err.errors()[0]
        more = f" (and {err.error_count() - 1} more problem(s))" if err.error_count() > 1 else ""
        raise RecordError(f"{source}: {_where(first['loc'])}: {first['msg']}{more}") from None


def _where(loc: tuple[int | str, ...]) -> str:
    """A validation location for people: actions are numbered from 1, like replay errors."""
    if len(loc) >= 2 and loc[0] == "actions" and isinstance(loc[1], int):
        rest = ".".join(str(p) for p in loc[2:])
        return f"action {loc[1] + 1}" + (f" {rest}" if rest else "")
    return ".".join(str(p) for p in loc) or "record"


def save(record: Record, path: str | Path) -> None:
    """Write atomically: a crash mid-write never leaves a half-written record."""
    write_atomic(Path(path), dumps(record))


def load(path: str | Path, kind: FileKind = RECORD) -> Record:
    """Read and parse a record file (``kind`` SAVE for the game's autosave), bounded by
    ``kind``'s size limit: a device or a huge file is refused, never read whole."""
    p = Path(path)
    try:
        text = read_text(p, kind)
    except OSError as err:
        raise RecordError(f"{p}: cannot read ({err})") from None
    return loads(text, str(p))
