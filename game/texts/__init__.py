"""What the game says to players, in every language it speaks: ``tr`` and ``reason_text``.

Every string a player sees goes through this package. ``en`` is the English source the
code asks for by key; every other language is a gettext catalogue,
``game/locale/<language>/LC_MESSAGES/formula_d.po``, read through the standard ``gettext``
module with the key as message context (``pgettext``/``npgettext``), so translators
work in Poedit or Weblate (docs/translating.md). A text missing from a catalogue shows
in English. May import ``rules`` (for the reasons' codes) and nothing else of the game.
The rules answer with structured reasons (``rules.reasons.Reason``); they are
translated here from their code and values, never from the English sentence.
"""

from __future__ import annotations

import gettext
import os
import re
import sys
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache

from game.texts import en
from game.texts.mo import LOCALE, SOURCE, catalogue, catalogue_languages, load
from game.texts.plural import Plural
from rules.files.filelimits import FileRefused
from rules.reasons import Code, Reason

#: Every language the game speaks: English first, then each catalogue in ``game/locale``.
LANGUAGES: tuple[str, ...] = (SOURCE, *catalogue_languages())
#: The message contexts of the rules' reasons and of the boards' printed names.
REASON_CONTEXT = "reason."
PLACE_CONTEXT = "place"

__all__ = [
    "LANGUAGES",
    "LOCALE",
    "Notice",
    "Plural",
    "language",
    "place_name",
    "reason_text",
    "refused_text",
    "set_language",
    "system_language",
    "tr",
    "tr_in",
]

_language = SOURCE
_loaded: dict[str, gettext.NullTranslations] = {}


@dataclass(frozen=True)
class Notice:
    """A message for the player, kept as key and values so it shows in the current language."""

    key: str
    values: dict[str, str | int] = field(default_factory=dict)

    def text(self) -> str:
        return tr(self.key, **self.values)


def system_language(environ: dict[str, str] | None = None) -> str:
    """The desktop's language if the game speaks it (fr_FR -> fr, de_AT -> de), else English.

    Reads ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` in the order the C library does."""
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            code = re.split(r"[_.@-]", value.lower(), maxsplit=1)[0]
            return code if code in LANGUAGES else SOURCE
    return SOURCE


def set_language(language: str) -> None:
    if language not in LANGUAGES:
        raise ValueError(f"no translation for language {language!r}: the game speaks {', '.join(LANGUAGES)}")
    global _language
    _language = language


def language() -> str:
    """The current language, for caches of drawn text."""
    return _language


def translations(language: str) -> gettext.NullTranslations:
    """The language's catalogue (compiled on first use); English is the source itself. A catalogue
    that cannot be read leaves its texts in English, said once on stderr with the fix."""
    if language not in _loaded:
        try:
            _loaded[language] = gettext.NullTranslations() if language == SOURCE else load(language)
        except Exception as err:  # noqa: BLE001 - any damage to a shipped file: play on in English
            print(
                f"{catalogue(language)}: the {language!r} translations cannot be read ({err}); the game "
                "shows English instead. Fix: reinstall the game, or repair the file "
                "(python -m game.texts.catalog check).",
                file=sys.stderr,
            )
            _loaded[language] = gettext.NullTranslations()
    return _loaded[language]


def _fill(text: str, fallback: str, values: dict[str, object]) -> str:
    """``text`` with ``values`` filled in; a catalogue's broken placeholder falls back to English."""
    if not values:
        return text
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError, AttributeError):
        return fallback.format(**values)


def _count(value: object) -> int:
    """The number a plural form is chosen by; a range ("60–70") counts as its last number."""
    if isinstance(value, int):
        return value
    numbers = re.findall(r"\d+", str(value))
    return int(numbers[-1]) if numbers else 0


def _lookup(language: str, context: str, entry: str | Plural, values: dict[str, object]) -> str:
    catalogue = translations(language)
    if isinstance(entry, Plural):
        n = _count(values[entry.count])
        english = entry.one if n == 1 else entry.many
        return _fill(catalogue.npgettext(context, entry.one, entry.many, n), english, values)
    return _fill(catalogue.pgettext(context, entry), entry, values)


def tr_in(language: str, key: str, **values: object) -> str:
    """The text for ``key`` in ``language``, with ``values`` filled in; a ``Plural`` text takes
    the form its count asks for in that language."""
    return _lookup(language, key, en.STRINGS[key], values)


def tr(key: str, **values: object) -> str:
    """The text for ``key`` in the current language, with ``values`` filled in."""
    return tr_in(_language, key, **values)


def die_name(name: str, language: str | None = None) -> str:
    """``gear4`` -> "4th-gear die", ``black`` -> "black die" (the rules name dice by key)."""
    lang = language or _language
    if name.startswith("gear") and name[4:].isdigit():
        return tr_in(lang, "die.gear", gear=int(name[4:]))
    return tr_in(lang, f"die.{name}")


def place_name(label: str, language: str | None = None) -> str:
    """A name printed on a board ("Turn 4", "Main grandstand") in the current language.

    Only the shipped boards' English names are translated; a designer's own name is a proper
    name and shows as drawn."""
    catalogue = translations(language or _language)
    turn = re.fullmatch(r"Turn (\d+)", label)
    if turn and label not in en.PLACES:
        return _fill(catalogue.pgettext(PLACE_CONTEXT, "Turn {n}"), "Turn {n}", {"n": turn.group(1)})
    return catalogue.pgettext(PLACE_CONTEXT, label) if label in en.PLACES else label


def reason_text(reason: Reason, language: str | None = None) -> str:
    """A reason of the rules as a sentence in ``language`` (the current one by default)."""
    lang = language or _language
    values: dict[str, object] = {}
    for key, value in reason.values.items():
        if key == "area" and isinstance(value, str):
            values[key] = tr_in(lang, f"word.area.{value}")
        elif key == "action" and isinstance(value, str):
            values[key] = tr_in(lang, f"action.{value}")
        elif key == "die" and isinstance(value, str):
            values[key] = die_name(value, lang)
        elif key == "corner" and isinstance(value, str):
            values[key] = place_name(value, lang)
        elif key == "file" and isinstance(value, str):  # a kind of file (rules.files.filelimits)
            known = f"word.file.{value}" in en.STRINGS
            values[key] = tr_in(lang, f"word.file.{value}") if known else value.replace("_", " ")
        else:
            values[key] = value
    return _lookup(lang, reason_context(reason.code), en.REASONS[reason.code], values)


def refused_text(err: FileRefused) -> str:
    """Why a file is not read or written, and what to give instead, in the current language."""
    return tr(
        "file.refused", reason=reason_text(err.why).removesuffix("."), fix=reason_text(err.remedy).removesuffix(".")
    )


def reason_context(code: Code) -> str:
    """The message context of a reason in the catalogues."""
    return f"{REASON_CONTEXT}{code.value}"


def percent(p: float) -> str:
    """A probability for the gear box: "-" for never, "<1%" for almost never."""
    if p <= 0:
        return "–"
    if p < 0.005:
        return "<1%"
    if p > 0.995 and p < 1:
        return ">99%"
    return f"{round(p * 100)}%"


def decimal(value: float, digits: int = 1) -> str:
    """A number with ``digits`` decimals as the current language writes it ("3.5", "3,5")."""
    from babel.numbers import format_decimal

    return format_decimal(value, format="0." + "0" * digits if digits else "0", locale=_language)


def decimal_sign() -> str:
    """The sign before the decimals in the current language ("." in English, "," in French)."""
    return _decimal_sign(_language)


@cache
def _decimal_sign(language: str) -> str:
    """Looked up once per language: a stopwatch asks every frame."""
    from babel.numbers import get_decimal_symbol

    return get_decimal_symbol(locale=language)


def date_time(moment: datetime) -> str:
    """A date and time as the current language writes it, with the year in full and a 24-hour
    clock ("12/6/2026 18:05", "6.12.2026 18:05", "06/12/2026 18:05")."""
    from babel.dates import format_skeleton

    return f"{format_skeleton('yMd', moment, locale=_language)} {moment:%H:%M}"
