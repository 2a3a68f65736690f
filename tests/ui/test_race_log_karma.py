"""The race log's lines for karma and head-to-head events (KARMA-2/3, H2H-2), in English and German."""

from __future__ import annotations

import pytest

from game import texts
from game.play.racelog import _line
from rules.actions import Event


class Names:
    def name(self, car: str) -> str:
        return {"a": "Anna"}.get(car, car)


@pytest.fixture(autouse=True)
def english():
    yield
    texts.set_language("en")


@pytest.mark.parametrize(
    "event,en,de",
    [
        (Event(kind="karma", car="a", data={"change": 1, "left": 31, "why": "twenty"}),
         "Anna rolls a natural 20: +1 karma (31 in the pool).", "Anna würfelt eine echte 20: +1 Karma (31 im Pool)."),
        (Event(kind="karma", car="a", data={"change": -40, "left": 0, "why": "reroll"}),
         "Anna spends 40 karma to roll again (0 left).", "Anna setzt 40 Karma ein und würfelt noch einmal (0 übrig)."),
        (Event(kind="karma", car="a", data={"change": -20, "left": 10, "why": "raise"}),
         "Anna spends 20 karma to raise the roll by 1 (10 left).", "Anna setzt 20 Karma ein und erhöht den Wurf um 1 (10 übrig)."),
        (Event(kind="karma", car="a", data={"change": 6, "left": 36, "why": "race_end"}),
         "Anna earns 6 karma at the finish (36 in the pool).", "Anna erhält 6 Karma im Ziel (36 im Pool)."),
        (Event(kind="bid", car="a", data={"amount": 2, "left": 28, "place": 1}),
         "Head-to-head: Anna bid 2 karma, turn 1 among the level cars (28 left).",
         "Kopf an Kopf: Anna hat 2 Karma geboten und fährt als 1. der gleichauf liegenden Autos (28 übrig)."),
    ],
)
def test_KARMA_2_KARMA_3_H2H_2_log_lines_in_english_and_german(event: Event, en: str, de: str) -> None:
    line = _line(Names(), None, event)  # type: ignore[arg-type]
    assert line is not None and line.car == "a" and line.text() == en
    texts.set_language("de")
    assert line.text() == de
