"""The referee's notices in every language (rules/remote/referee_notes.py, game/net/notes.py)."""

from __future__ import annotations

import string

from game.net.notes import shown
from game.texts import LANGUAGES, en, set_language, tr_in
from rules.remote.referee_notes import ENGLISH, english, note


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_notice_of_the_referee_has_its_text_in_every_language() -> None:
    """A remote race's notices travel as key and values (rules/remote/referee_notes.py): each key shows
    in every language (German, French) with the same placeholders, and the English text is the
    referee's own."""
    for key, template in ENGLISH.items():
        assert en.STRINGS[f"referee.{key}"] == template
        values = {name: f"<{name}>" for name in fields(template)}
        for language in LANGUAGES:
            shown_in = tr_in(language, f"referee.{key}", **values)
            assert all(v in shown_in for v in values.values()), (language, key)
    said = note("deadline_move", name="Anna", level="racer")
    set_language("de")
    try:
        assert shown(said) == "Anna hat die Frist verpasst: die Stufe racer hat diesen Zug entschieden"
    finally:
        set_language("en")
    assert shown(said) == english(said) == "Anna missed the deadline: the racer level decided for this move"
    newer = said.model_copy(update={"key": "from_a_newer_referee"})
    assert shown(newer) == "from_a_newer_referee: name=Anna, level=racer"
