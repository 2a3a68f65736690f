"""What a designer drew, before the game derives spaces from it.

``trackfile`` reads a .tmx into a ``Drawing``; ``trackbuild`` turns a
``Drawing`` into a ``rules.track.Track``. Keeping the drawing as plain data
lets tests build tracks without Tiled and keeps pytmx in one module.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from game.tracks.geometry import Point


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a track: where, what, and how to fix it."""

    message: str
    hint: str
    object_id: int | None = None
    x: float | None = None
    y: float | None = None
    file: str = ""

    def line(self) -> str:
        where = self.file or "track"
        if self.object_id is not None:
            where += f": object {self.object_id}"
        if self.x is not None and self.y is not None:
            where += f" at ({self.x:.0f}, {self.y:.0f})"
        return f"{where}: {self.message}. Fix: {self.hint}"


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
