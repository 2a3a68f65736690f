"""Every player-visible string in English, keyed as the code asks for it (``tr(key)``).

This is the source the code is written against and the catalogues are extracted from
(``python -m game.texts.catalog update``, see docs/translating.md). ``STRINGS`` holds
the interface, gathered from the modules of this package in ``GROUPS``' order, which is
the order of the ``.pot``; ``REASONS`` the rules' reasons by code, with the placeholders
of ``rules.reasons.TEMPLATES``; ``PLACES`` the names the shipped boards print. A text
that changes with a count is a ``Plural``. A key defined in two groups is refused at
import, as the later one would silently replace the earlier.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.texts.en import (
    common,
    history,
    keys,
    menus,
    qualifying,
    race,
    remote,
    results,
    rule_modules,
    setup,
    trackimport,
    tracks,
)
from game.texts.en.places import PLACES
from game.texts.en.reasons import REASONS
from game.texts.plural import Plural

__all__ = ["GROUPS", "PLACES", "REASONS", "STRINGS", "DuplicateKey", "merged"]


class DuplicateKey(ValueError):
    """A text key defined in two groups."""


def merged(groups: Mapping[str, Mapping[str, str | Plural]]) -> dict[str, str | Plural]:
    """The groups' texts in one table, in the groups' order; a key in two groups is refused,
    naming both, rather than one text quietly winning."""
    out: dict[str, str | Plural] = {}
    where: dict[str, str] = {}
    for name, group in groups.items():
        for key, text in group.items():
            if key in where:
                raise DuplicateKey(f"the text key {key!r} is defined twice: in {where[key]} and in {name}")
            where[key] = name
            out[key] = text
    return out


#: The interface's texts by module and group, in the order of the catalogues.
GROUPS: dict[str, Mapping[str, str | Plural]] = {
    "common.COMMON": common.COMMON,
    "setup.SETUP": setup.SETUP,
    "race.RACE": race.RACE,
    "results.RESULTS": results.RESULTS,
    "menus.MENUS": menus.MENUS,
    "history.HISTORY": history.HISTORY,
    "qualifying.QUALIFYING": qualifying.QUALIFYING,
    "rule_modules.MODULES": rule_modules.MODULES,
    "remote.HOMES": remote.HOMES,
    "remote.REFEREE": remote.REFEREE,
    "tracks.DESIGNER": tracks.DESIGNER,
    "trackimport.CONVERTER": trackimport.CONVERTER,
    "common.FILES": common.FILES,
    "trackimport.DAT_READER": trackimport.DAT_READER,
    "remote.RACE_FILES": remote.RACE_FILES,
    "remote.MATRIX": remote.MATRIX,
    "history.REPLAY": history.REPLAY,
    "remote.LEAGUE": remote.LEAGUE,
    "remote.CREATE": remote.CREATE,
    "keys.KEYS": keys.KEYS,
}

STRINGS: dict[str, str | Plural] = merged(GROUPS)
