"""The street race's ten GT drivers (STREET-1): fixed drivers with an ability each.

The source gives the street race ten GT cars "with fixed drivers and their special abilities"
but not the abilities (AMB-52). The game's reading: each ability is one of the Dresden driver
profiles (DRESDEN-PROFILE-2..8, ``rules.tables.profiles``), so every ability is one the rules already
define. The names are the game's own. Car ``i`` of a street race's entry list drives
``ROSTER[i]`` whatever its entry says (``rules.modules.start``).
"""

from __future__ import annotations

from typing import NamedTuple

from rules.tables.profiles import Profile


class StreetDriver(NamedTuple):
    """One of the roster's drivers: the name on the car and the ability it drives with."""

    name: str
    profile: Profile


ROSTER: tuple[StreetDriver, ...] = (
    StreetDriver("Nico Varga", Profile.LEICHTER_FLITZER),
    StreetDriver("Lena Roth", Profile.PRAKTIKER),
    StreetDriver("Ossi Kranz", Profile.SCHWERER_TOURER),
    StreetDriver("Maya Lind", Profile.SCHOENWETTERFAHRER),
    StreetDriver("Tom Quell", Profile.REGENGOTT),
    StreetDriver("Ivo Sturm", Profile.THEORETIKER),
    StreetDriver("Rana Vell", Profile.LEICHTER_FLITZER),
    StreetDriver("Udo Falk", Profile.SCHWERER_TOURER),
    StreetDriver("Elif Sand", Profile.PRAKTIKER),
    StreetDriver("Jo Reed", Profile.NORMALO),
)


def street_driver(seat: int) -> StreetDriver:
    """The roster's driver of the ``seat``-th car of the entry list (0-based)."""
    return ROSTER[seat % len(ROSTER)]
