"""Sentences say "1 space" and "2 spaces", never "space(s)" (clumsy plurals such as
"Feld(er)" and "Gang/Gänge" in the German reasons)."""

from __future__ import annotations

import pytest

from game import texts
from game.texts import LANGUAGES, catalog, reason_text, tr
from rules.reasons import FORMAT, Code, Reason


def test_the_word_follows_the_count():
    assert FORMAT.format("{n} {n:space|spaces}", n=1) == "1 space"
    assert FORMAT.format("{n} {n:space|spaces}", n=0) == "0 spaces"
    assert FORMAT.format("{n} {n:space|spaces}", n=3) == "3 spaces"
    assert FORMAT.format("{x:>3}", x=7) == "  7"  # other format specs work as before


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_sentence_hedges_its_plural(language):
    hedged = [
        t
        for forms in catalog.table(language).values()
        for t in forms
        if any(h in t for h in ("(s)", "(er)", "Gang/Gänge", "(e)s", "(x)"))
    ]
    assert hedged == []


@pytest.mark.rules("CORE-BRAKE-2")
def test_a_german_reason_counts_its_spaces():
    texts.set_language("de")
    try:
        one = reason_text(Reason(rule="CORE-BRAKE-2", code=Code.CANNOT_BRAKE, values={"spaces": 1, "brakes": 0}))
        two = reason_text(Reason(rule="CORE-BRAKE-2", code=Code.CANNOT_BRAKE, values={"spaces": 2, "brakes": 1}))
        done = tr("log.pit.done", name="Anna", work="Reifen", out=1)
    finally:
        texts.set_language("en")
    assert one.startswith("1 Feld früher anzuhalten")
    assert two.startswith("2 Felder früher anzuhalten")
    assert done.endswith("1 Feld aus der Box.")


@pytest.mark.rules("CORE-BRAKE-2")
def test_the_english_reference_wording_counts_too():
    reason = Reason(rule="CORE-BRAKE-2", code=Code.CANNOT_BRAKE, values={"spaces": 1, "brakes": 0})
    assert reason.english() == "Stopping 1 space short needs 1 brake wear point; only 0 left."
