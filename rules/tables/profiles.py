"""Dresden driver profiles (DRESDEN-PROFILE-1..9, TAB-PROFILE, AMB-39, AMB-40).

Pure functions of the profile and the moment: the engine asks what a profile
changes (a gear roll, a corner stop, a slide, a check, the first movement of
a launch, the qualifying score) and adds it. Profiles 5-8 are ignored in the
pit lane (PIT-D-3, DRESDEN-PROFILE-9); Theoretiker and Praktiker apply there.
"""

from __future__ import annotations

from enum import StrEnum


class Profile(StrEnum):
    """The seven profiles; the values are the league's own names, as saved in records."""

    NORMALO = "normalo"  # DRESDEN-PROFILE-2
    THEORETIKER = "theoretiker"  # DRESDEN-PROFILE-3
    PRAKTIKER = "praktiker"  # DRESDEN-PROFILE-4
    LEICHTER_FLITZER = "leichter_flitzer"  # DRESDEN-PROFILE-5
    SCHWERER_TOURER = "schwerer_tourer"  # DRESDEN-PROFILE-6
    SCHOENWETTERFAHRER = "schoenwetterfahrer"  # DRESDEN-PROFILE-7
    REGENGOTT = "regengott"  # DRESDEN-PROFILE-8


# DRESDEN-PROFILE-9, PIT-D-3: the only profiles that apply in the pit lane
PIT_LANE_PROFILES = frozenset({Profile.NORMALO, Profile.THEORETIKER, Profile.PRAKTIKER})


def _applies(profile: Profile, in_pit: bool) -> bool:
    return not in_pit or profile in PIT_LANE_PROFILES


def qualifying_modifier(profile: Profile) -> int:
    """Added to the qualifying score (QUAL-D-11): Theoretiker -1, Praktiker +1."""
    return {Profile.THEORETIKER: -1, Profile.PRAKTIKER: 1}.get(profile, 0)


def roll_modifier(profile: Profile, in_pit: bool) -> int:
    """Spaces added to every gear roll (DRESDEN-PROFILE-5/6; AMB-39e: qualifying too, not in the pit lane)."""
    if not _applies(profile, in_pit):
        return 0
    return {Profile.LEICHTER_FLITZER: 1, Profile.SCHWERER_TOURER: -1}.get(profile, 0)


def check_modifier(profile: Profile, in_pit: bool) -> int:
    """Added to the driver's body, engine and road-holding check rolls (DRESDEN-PROFILE-5/6,
    TAB-CHECK-D). AMB-40: literal, so a Schwerer Tourer never fails a dry body check."""
    if not _applies(profile, in_pit):
        return 0
    return {Profile.LEICHTER_FLITZER: -1, Profile.SCHWERER_TOURER: 1}.get(profile, 0)


def corner_stop_modifier(profile: Profile, wet: bool, in_pit: bool) -> int:
    """In sun, the spaces a movement that would end in a corner is changed by (DRESDEN-PROFILE-7/8,
    AMB-39a/b): Schönwetterfahrer one less (if possible), Regengott one more (mandatory)."""
    if wet or not _applies(profile, in_pit):
        return 0
    return {Profile.SCHOENWETTERFAHRER: -1, Profile.REGENGOTT: 1}.get(profile, 0)


def slide_modifier(profile: Profile, wet: bool, in_pit: bool) -> int:
    """In rain, added to the tyre's slide (DRESDEN-PROFILE-7/8, AMB-39c)."""
    if not wet or not _applies(profile, in_pit):
        return 0
    return {Profile.SCHOENWETTERFAHRER: 1, Profile.REGENGOTT: -1}.get(profile, 0)


def launch_modifier(profile: Profile) -> int:
    """The first movement after the race start, out of the box or after a spin
    (DRESDEN-PROFILE-3/4, AMB-39d): Theoretiker -1 (mandatory, never below 0 spaces),
    Praktiker +1 (optional: ``launch_optional``)."""
    return {Profile.THEORETIKER: -1, Profile.PRAKTIKER: 1}.get(profile, 0)


def launch_optional(profile: Profile) -> bool:
    """Praktiker's extra point "may" be used (DRESDEN-PROFILE-4); Theoretiker's loss is not a choice."""
    return profile is Profile.PRAKTIKER
