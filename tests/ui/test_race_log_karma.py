"""The race log's lines for karma and head-to-head events (KARMA-2/3, H2H-2) and the Dresden start roll
(START-D-1..3), in English and German."""

from __future__ import annotations

import pytest

from game import texts
from game.play.race_control import RaceControl, Step, Wait
from game.play.racelog import _line, describe, roll_outcome
from rules.actions import Event, Roll
from rules.engine import apply, chance
from rules.files.record import Entry, Header
from rules.ruleset import D_DEFAULT_RESERVE, DRESDEN_2006
from rules.tables.profiles import Profile
from tests.rules.test_dresden_start import OVAL, d_race


class Names:
    def name(self, car: str) -> str:
        return {"a": "Anna"}.get(car, car)


@pytest.fixture(autouse=True)
def english():
    yield
    texts.set_language("en")


@pytest.mark.rules("KARMA-2", "KARMA-3", "H2H-2")
@pytest.mark.parametrize(
    "event,en,de",
    [
        (
            Event(kind="karma", car="a", data={"change": 1, "left": 31, "why": "twenty"}),
            "Anna rolls a natural 20: +1 karma (31 in the pool).",
            "Anna würfelt eine echte 20: +1 Karma (31 im Pool).",
        ),
        (
            Event(kind="karma", car="a", data={"change": -40, "left": 0, "why": "reroll"}),
            "Anna spends 40 karma to roll again (0 left).",
            "Anna setzt 40 Karma ein und würfelt noch einmal (0 übrig).",
        ),
        (
            Event(kind="karma", car="a", data={"change": -20, "left": 10, "why": "raise"}),
            "Anna spends 20 karma to raise the roll by 1 (10 left).",
            "Anna setzt 20 Karma ein und erhöht den Wurf um 1 (10 übrig).",
        ),
        (
            Event(kind="karma", car="a", data={"change": 6, "left": 36, "why": "race_end"}),
            "Anna earns 6 karma at the finish (36 in the pool).",
            "Anna erhält 6 Karma im Ziel (36 im Pool).",
        ),
        (
            Event(kind="bid", car="a", data={"amount": 2, "left": 28, "place": 1}),
            "Head-to-head: Anna bid 2 karma, turn 1 among the level cars (28 left).",
            "Kopf an Kopf: Anna hat 2 Karma geboten und fährt als 1. der gleichauf liegenden Autos (28 übrig).",
        ),
    ],
)
def test_KARMA_2_KARMA_3_H2H_2_log_lines_in_english_and_german(event: Event, en: str, de: str) -> None:
    before = d_race()
    step = Step(action=Roll(value=10), events=(event,), car="a", chance=chance(before), before=before, after=before)
    line = _line(Names(), step, event)
    assert line is not None and line.car == "a" and line.text() == en
    texts.set_language("de")
    assert line.text() == de


@pytest.mark.rules("START-D-1", "START-D-2", "START-D-3")
@pytest.mark.parametrize("language", ["en", "de", "fr"])
@pytest.mark.parametrize("value", range(1, 21))
def test_START_D_1_3_every_start_roll_has_its_words_in_the_tray_and_the_log(language: str, value: int) -> None:
    """Each face of the start roll through the engine (a 1 stalls in the turn, START-D-1; 2-19 a
    normal start; 20 the dream start) gives the dice tray and the log their words."""
    texts.set_language(language)
    before = d_race()
    action = Roll(value=value)
    after, events = apply(OVAL, before, action)
    step = Step(action=action, events=tuple(events), car="b", chance=chance(before), before=before, after=after)
    tray = roll_outcome(step)
    assert tray is not None and tray.text() and "dice." not in tray.text()
    lines = [_line(Names(), step, e) for e in events if e.kind == "start"]
    assert lines and all(line is not None and "log." not in line.text() for line in lines)


@pytest.mark.rules("KARMA-3")
def test_every_step_of_a_league_race_has_words_in_both_languages() -> None:
    """Ten aggressive computer drivers, every profile, 3 laps of the oval under the Season's rules,
    played through the race control the screen uses: each step's log lines and dice-tray words
    exist in English and German (a missing key once took a stalled start roll off the screen)."""
    rules = DRESDEN_2006.model_copy(update={"grid": "roll"})
    entries = tuple(
        Entry(
            id=f"car{i}",
            name=f"Driver {i}",
            driver="aggressive",
            colour="#d03030",
            number=i,
            wear=rules.default_wear,
            reserve=D_DEFAULT_RESERVE,
            profile=list(Profile)[i % len(Profile)],
        )
        for i in range(1, 11)
    )
    header = Header(track_name=OVAL.name, track_hash=OVAL.content_hash(), rules=rules, laps=3, seed=11, entries=entries)
    control = RaceControl.start(OVAL, header)
    kinds: set[str] = set()
    held = 0
    for _ in range(20_000):
        if control.wait() == Wait.DONE:
            break
        step = control.roll() if control.wait() == Wait.DICE else control.computer()
        kinds |= {e.kind for e in step.events}
        if step.after.phase == "karma":  # KARMA-3: the tray never calls a held failed check "passed"
            held += 1
            tray = roll_outcome(step)
            assert tray is not None and tray.key == "dice.held"
        for language in ("en", "de", "fr"):
            texts.set_language(language)
            words = [line.text() for line in describe(control, step)]
            outcome = roll_outcome(step)
            words += [outcome.text()] if outcome is not None else []
            assert all(w and not w.startswith(("log.", "dice.")) for w in words), words
    assert control.wait() == Wait.DONE and held > 0
    assert {"start", "fuel", "boost", "karma", "pit", "wear"} <= kinds, kinds
