"""What the game says to players, in every language it speaks: ``tr`` and ``reason_text``.

Every string a player sees goes through this package. Each language is one
module (``en``, ``de``) with the same keys; a test checks that both have every
key with the same placeholders, and that every key the code asks for exists.
May import ``rules`` (for the reasons' codes) and nothing else of the game.
The rules answer with structured reasons (``rules.reasons.Reason``); they are
translated here from their code and values, never from the English sentence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from game.texts import de, en
from rules.reasons import FORMAT, Code, Reason

LANGUAGES = ("en", "de")
STRINGS: dict[str, dict[str, str]] = {"en": en.STRINGS, "de": de.STRINGS}
REASONS: dict[str, dict[Code, str]] = {"en": en.REASONS, "de": de.REASONS}
PLACES: dict[str, dict[str, str]] = {"en": en.PLACES, "de": de.PLACES}

_language = "en"


@dataclass(frozen=True)
class Notice:
    """A message for the player, kept as key and values so it shows in the current language."""

    key: str
    values: dict[str, str | int] = field(default_factory=dict)

    def text(self) -> str:
        return tr(self.key, **self.values)


def set_language(language: str) -> None:
    if language not in STRINGS:
        raise ValueError(f"no translation for language {language!r}")
    global _language
    _language = language


def language() -> str:
    """The current language, for caches of drawn text."""
    return _language


def tr(key: str, **values: object) -> str:
    """The text for ``key`` in the current language, with ``values`` filled in; for ``n=1`` the
    key's singular ``KEY.1`` where the table has one ("1 space", not "1 spaces")."""
    table = STRINGS[_language]
    if values.get("n") == 1 and f"{key}.1" in STRINGS["en"]:
        key = f"{key}.1"
    text = table[key] if key in table else STRINGS["en"][key]
    return FORMAT.format(text, **values) if values else text


def die_name(name: str) -> str:
    """``gear4`` -> "4th-gear die", ``black`` -> "black die" (the rules name dice by key)."""
    if name.startswith("gear") and name[4:].isdigit():
        return tr("die.gear", gear=int(name[4:]))
    return tr(f"die.{name}")


def place_name(label: str) -> str:
    """A name printed on a board ("Turn 4", "Main grandstand") in the current language.

    Only the shipped boards' English names are translated; a designer's own name is a proper
    name and shows as drawn."""
    table = PLACES[_language]
    if label in table:
        return table[label]
    turn = re.fullmatch(r"Turn (\d+)", label)
    if turn and "Turn {n}" in table:
        return table["Turn {n}"].format(n=turn.group(1))
    return label


def reason_text(reason: Reason) -> str:
    """A reason of the rules as a sentence in the current language."""
    values: dict[str, object] = {}
    for key, value in reason.values.items():
        if key == "area" and isinstance(value, str):
            values[key] = tr(f"word.area.{value}")
        elif key == "action" and isinstance(value, str):
            values[key] = tr(f"action.{value}")
        elif key == "die" and isinstance(value, str):
            values[key] = die_name(value)
        elif key == "corner" and isinstance(value, str):
            values[key] = place_name(value)
        else:
            values[key] = value
    table = REASONS[_language]
    template = table[reason.code] if reason.code in table else REASONS["en"][reason.code]
    return FORMAT.format(template, **values)


def percent(p: float) -> str:
    """A probability for the gear box: "-" for never, "<1%" for almost never."""
    if p <= 0:
        return "–"
    if p < 0.005:
        return "<1%"
    if p > 0.995 and p < 1:
        return ">99%"
    return f"{round(p * 100)}%"
