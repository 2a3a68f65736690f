"""The position tools on the command line: ``position`` takes a position from a record at
any action, ``moves`` says what can happen in a position (``rules.files.position.moment``).

The rules decide what can happen; this module only reads the files and prints.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from game.tools.output import cannot_write
from game.tools.race import Position, load_position, position_track, read_track, record_track
from rules.actions import ChooseGear, Roll
from rules.engine import IllegalAction, apply, chance, gear_options, moves, to_move
from rules.files.position import CheckOdds, Moment, moment, problem
from rules.files.record import Record, RecordError, load, replay, write_atomic
from rules.gears import ShiftCost
from rules.moves import Move
from rules.odds import GearOdds, gear_odds
from rules.reasons import Reason
from rules.state import RaceState
from rules.track import Track


def position_cmd(record_file: str, at: int, track_file: str | None, out: str | None) -> int:
    """Print (or write to ``out``) the position after the first ``at`` actions of a record."""
    try:
        record = load(record_file)
    except RecordError as err:
        print(err, file=sys.stderr)
        return 1
    total = len(record.actions)
    if at > total:
        print(
            f"{record_file}: --at {at} is past the end: the record has {total} actions; give --at 0 to {total}",
            file=sys.stderr,
        )
        return 1
    if out and cannot_write(out):
        return 1
    found = record_track(record.header, track_file)
    if found is None:
        return 1
    path, track = found
    try:
        state = replay(track, Record(header=record.header, actions=record.actions[:at]))
    except RecordError as err:
        print(f"{record_file}: {err}", file=sys.stderr)
        return 1
    text = Position(track=_as_typed(path), state=state).model_dump_json(indent=1) + "\n"
    if not out:
        print(text, end="")
        return 0
    try:
        write_atomic(Path(out), text)
    except OSError as err:
        print(f"{out}: cannot write the position ({err.strerror or err})", file=sys.stderr)
        return 1
    who = to_move(state)
    print(
        f"{out}: after action {at} of {total}: game round {state.round}, phase {state.phase}, "
        + (f"{who} to act" if who else "a die to roll" if chance(state) else "nothing to do")
    )
    return 0


def _as_typed(path: str) -> str:
    """The track path for the position file: relative to the current folder when inside it."""
    full = Path(path).resolve()
    try:
        return full.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return str(full)


def moves_cmd(position_file: str, gear: int | None, roll: int | None, as_json: bool) -> int:
    """What can happen in the position; ``--gear``/``--roll`` try a gear and a roll."""
    pos = load_position(position_file)
    if isinstance(pos, str):
        print(pos, file=sys.stderr)
        return 1
    track = read_track(position_track(pos, position_file))
    if track is None:
        return 1
    if track.content_hash() != pos.state.track_hash:
        print(f"{position_file}: the position belongs to another version of {pos.track}", file=sys.stderr)
        return 1
    state = pos.state
    wrong = problem(track, state) or _wrong_options(state, gear, roll)
    if wrong:
        print(f"{position_file}: {wrong}", file=sys.stderr)
        return 1
    try:
        if gear is not None:
            return _gear_and_roll(track, state, gear, roll, as_json)
        if roll is not None:
            return _after_roll(track, state, roll, as_json)
        _print_moment(track, state, moment(track, state), as_json)
        return 0
    except (KeyError, ValueError, IndexError) as err:  # a hand-edited state the engine cannot read
        print(f"{position_file}: the position is not consistent ({type(err).__name__}: {err})", file=sys.stderr)
        return 1


def _wrong_options(state: RaceState, gear: int | None, roll: int | None) -> str | None:
    """--gear is for a gear choice, --roll for a gear choice (with --gear) or a gear roll."""
    if gear is not None and state.phase != "gear":
        already = (
            f" ({state.active} is in gear {state.car(state.active).gear})"
            if state.phase == "roll" and state.active
            else ""
        )
        return (
            f"--gear is for a position before a gear choice, this one is at phase {state.phase}{already}; "
            "leave out --gear"
        )
    if roll is not None and state.phase == "gear" and gear is None:
        return "--roll needs --gear here: the car to move has not chosen its gear yet"
    if roll is not None and state.phase not in ("gear", "roll"):
        return f"--roll is for a gear roll, this position is at phase {state.phase}; leave out --roll"
    return None


def _gear_and_roll(track: Track, state: RaceState, gear: int, roll: int | None, as_json: bool) -> int:
    """At a gear choice: the odds of ``gear``, or with ``roll`` its legal moves."""
    option = gear_options(track, state).get(gear)
    if not isinstance(option, ShiftCost):
        why = f": {option.english()} [{option.rule}]" if isinstance(option, Reason) else ""
        print(f"gear {gear} is not legal here{why}", file=sys.stderr)
        return 1
    if roll is None:
        facts = _odds_facts(gear_odds(track, state)[gear])
        print(json.dumps(facts, indent=1) if as_json else "\n".join(f"{k}: {v}" for k, v in facts.items()))
        return 0
    try:
        state, _ = apply(track, state, ChooseGear(gear=gear))
    except IllegalAction as err:
        print(f"{err} [{err.reason.rule}]", file=sys.stderr)
        return 1
    return _after_roll(track, state, roll, as_json)


def _after_roll(track: Track, state: RaceState, roll: int, as_json: bool) -> int:
    """Apply the gear die's ``roll`` and list the legal moves."""
    try:
        state, _ = apply(track, state, Roll(value=roll))
    except IllegalAction as err:
        print(f"{err} [{err.reason.rule}]", file=sys.stderr)
        return 1
    legal = moves(track, state)
    if as_json:
        print(json.dumps([m.model_dump(mode="json") for m in legal], indent=1))
    else:
        for m in legal:
            print(_move_line(m))
    return 0


def _odds_facts(o: GearOdds) -> dict[str, object]:
    return {
        "gear": o.gear,
        "corner_stop": str(o.corner_stop),
        "out": str(o.out),
        "overshoot": {str(k): str(v) for k, v in sorted(o.overshoot.items())},
        "expected_wear": str(o.wear),
        "expected_spaces": str(o.advance),
    }


def _move_line(m: Move) -> str:
    extra = f"  OUT: {m.out.english()}" if m.out else ""
    cost = f"brakes {m.brakes}, tyres {m.tyres}" if m.brakes or m.tyres else "free"
    return f"{m.end or '(stays)':<5} {len(m.path):>2} spaces  {cost}  path {' '.join(m.path)}{extra}"


def _odds_line(o: GearOdds) -> str:
    over = ", ".join(f"{n} space(s) {p}" for n, p in sorted(o.overshoot.items())) or "none"
    return (
        f"corner stop {o.corner_stop}, out {o.out}, overshoot {over}, "
        f"expected WP lost {o.wear}, expected spaces {o.advance}"
    )


def _check_line(c: CheckOdds) -> str:
    about = f" with {c.other}" if c.other else ""
    odds = ", ".join(f"{what} {p}" for what, p in c.outcomes.items()) or "decides the order only"
    has = f"; {c.car} has {c.wp} {c.area.value.replace('_', ' ')} WP" if c.area is not None else ""
    return f"  {c.purpose.value} for {c.car}{about}: {odds}{has} [{c.rule}]"


def _print_moment(track: Track, state: RaceState, m: Moment, as_json: bool) -> None:
    if as_json:
        print(json.dumps(m.model_dump(mode="json"), indent=1))
        return
    who = f", {m.decides} to act" if m.decides else ""
    print(f"{track.name}, game round {m.round}, phase {m.phase}{who}")
    if m.phase == "gear":
        for g in m.gears:
            if g.refused is not None:
                print(f"gear {g.gear}: not legal: {g.refused.english()} [{g.refused.rule}]")
            else:
                cost = ", ".join(f"{n} {a.value.replace('_', ' ')} WP" for a, n in g.cost.items())
                assert g.odds is not None
                print(f"gear {g.gear}: {'skip cost ' + cost if cost else 'free'}; {_odds_line(g.odds)}")
    if m.odds is not None:
        die = state.rules.gear_dice.die(m.odds.gear)
        print(
            f"{m.active} in gear {m.odds.gear} rolls the {die.name} die "
            f"(faces {die.lowest}-{die.highest}): {_odds_line(m.odds)}"
        )
    for s in m.segments:
        kind = "mandatory" if s.mandatory else "optional"
        behind = f", behind {s.behind}" if s.behind else ""
        print(f"{s.via} ({kind}, {s.spaces} space(s){behind}):")
        for mv in s.moves:
            print(f"  {_move_line(mv)}")
    if m.may_stop:
        print("stop: the car may decline the optional segments; its movement ends where it stands")
    if m.phase == "setup":
        print(f"{m.decides} sets up its car (tyres, WP) before the start")
    if m.phase == "pit":
        print(f"{m.decides}'s crew works at the box: tyres, a long stop, repairs")
    if m.phase == "done":
        print("the race is over")
    if m.checks:
        print("black-die rolls to make, in order:")
        for c in m.checks:
            print(_check_line(c))
