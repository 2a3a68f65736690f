"""A remote race's notices in the player's language: the referee sends a key and its values
(``rules.remote.referee_notes``), the game's texts hold ``referee.<key>`` in every language."""

from __future__ import annotations

from game.texts import en, tr
from rules.remote.referee_notes import Note, english


def shown(n: Note) -> str:
    """The notice in the current language; one this game has no text for (a newer referee's)
    in the English the referee sent."""
    if f"referee.{n.key}" not in en.STRINGS:
        return english(n)
    try:
        return tr(f"referee.{n.key}", **n.args)
    except (KeyError, IndexError, ValueError):  # values that do not fit the text: a newer referee's
        return english(n)
