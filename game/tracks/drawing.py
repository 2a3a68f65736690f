"""What a designer drew, before the game derives spaces from it.

``trackfile`` reads a .tmx into a ``Drawing``; ``trackbuild`` turns a
``Drawing`` into a ``rules.track.Track``. Keeping the drawing as plain data
lets tests build tracks without Tiled and keeps pytmx in one module.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from game.texts import language, reason_text, tr_in
from game.texts.mo import SOURCE
from game.tracks.geometry import Point
from rules.reasons import Reason

Value = str | int | float


@dataclass(frozen=True)
class Said:
    """A designer's message by text key (``track.*`` in game/texts/en/tracks.py) and values, kept
    apart so it is translated when shown, in whatever language is current then. A value may
    itself be a ``Said`` (a phrase such as "the map" inside a sentence), or several, joined by "; ",
    or a reason of the rules (a file refused by ``rules.files.filelimits``), shown without its full stop."""

    key: str
    values: tuple[tuple[str, Part], ...] = ()

    def text(self, lang: str | None = None) -> str:
        lang = lang or language()
        values = {k: _shown(v, lang) for k, v in self.values}
        return tr_in(lang, self.key, **values)


#: A value of a message: plain, a phrase translated with it, phrases shown one after another,
#: or a reason of the rules.
Part = Value | Said | tuple[Said, ...] | Reason


def _shown(value: Part, lang: str) -> Value:
    """A value as the language writes it: a phrase translated, a fraction with its decimal sign."""
    if isinstance(value, float):
        from babel.numbers import format_decimal  # only a rare message has a fraction: no import cost on a load

        return format_decimal(value, format="0.0", locale=lang)
    if isinstance(value, Said):
        return value.text(lang)
    if isinstance(value, tuple):
        return "; ".join(part.text(lang) for part in value)
    if isinstance(value, Reason):
        return reason_text(value, lang).removesuffix(".")
    return value


def say(key: str, /, **values: Part) -> Said:
    """The message ``key`` with its values by name (``key`` positional, so a value may share its name)."""
    return Said(key, tuple(values.items()))


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a track: where, what (``said``), and how to fix it (``fix``)."""

    said: Said
    fix: Said
    object_id: int | None = None
    x: float | None = None
    y: float | None = None
    file: str = ""

    @property
    def message(self) -> str:
        """What is wrong in English, for code that reasons on it (the importer, tests); a
        player reads ``line()``."""
        return self.said.text(SOURCE)

    @property
    def hint(self) -> str:
        """The fix in English, as ``message``."""
        return self.fix.text(SOURCE)

    def line(self, lang: str | None = None) -> str:
        """The problem as one line in the current language: where, what, and the fix."""
        lang = lang or language()
        return tr_in(lang, "track.line", where=self._where(lang), message=self.said.text(lang), fix=self.fix.text(lang))

    def without_fix(self, lang: str | None = None) -> str:
        """Where and what, for a tool that gives its own fix (the importer)."""
        lang = lang or language()
        return tr_in(lang, "track.line_without_fix", where=self._where(lang), message=self.said.text(lang))

    def _where(self, lang: str) -> str:
        where = self.file or tr_in(lang, "track.where.track")
        if self.object_id is not None:
            where = tr_in(lang, "track.where.object", where=where, id=self.object_id)
        if self.x is not None and self.y is not None:
            where = tr_in(lang, "track.where.at", where=where, x=round(self.x), y=round(self.y))
        return where


class TrackError(Exception):
    """A track could not be loaded; ``problems`` says every reason at once."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(p.line() for p in problems))
        self.problems = problems


@dataclass(frozen=True)
class Shape:
    """One drawn object: its id, class, name, absolute points and properties."""

    id: int
    cls: str
    points: tuple[Point, ...]
    closed: bool = False
    name: str = ""
    props: dict[str, object] = field(default_factory=dict)

    @property
    def anchor(self) -> Point:
        return self.points[0]


@dataclass
class Drawing:
    """The objects of the track layers, by layer name, plus map properties."""

    props: dict[str, object] = field(default_factory=dict)
    layers: dict[str, list[Shape]] = field(default_factory=dict)

    def layer(self, name: str) -> list[Shape]:
        return self.layers.get(name, [])


def closest(name: str, known: tuple[str, ...]) -> str | None:
    """The known name a misspelt or mis-capitalised ``name`` most likely means, if any."""
    lowered = {k.lower(): k for k in known}
    if name.lower() in lowered:
        return lowered[name.lower()]
    found = difflib.get_close_matches(name.lower().replace(" ", "_"), list(lowered), n=1, cutoff=0.75)
    return lowered[found[0]] if found else None
