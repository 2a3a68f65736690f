"""Tyre effects: fly-out penalty multiplier, sliding, bonus and malus.

Pure functions of the tyre table, the tyre type, the weather and the tyre
age. ``table`` "C" is TAB-TYRE-C (Formula Dé, TYRE-1..8; also Masters and,
per TYRE-B-4's suggestion and TAB-TYRE-B, Formula D 2008); "D" is TAB-TYRE-D
(Dresden, TYRE-D-1..5).

``wet`` is ``Weather.wet`` (AMB-62: every dry condition counts as sun).
``age`` is the lap number on the current set, 1 = the first lap driven on
these tyres: the L1/L2/L3 columns are indexed by tyre age, not by race lap
(AMB-26, AMB-27), so a pit stop with new tyres resets it to 1. Ages above 3
behave like 3. ``qualifying`` selects the Q column, where ``age`` is ignored.

Where corner sliding counts (movement ends inside a corner area, AMB-28,
AMB-61) and when the bonus is refused (TYRE-8: not on the box-exit
movement) are the engine's decisions.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal


class Tyre(StrEnum):
    HARD = "hard"
    SOFT = "soft"
    RAIN = "rain"


TyreTable = Literal["C", "D"]


def _column(age: int, qualifying: bool) -> int:
    """The table column as a tyre age 1..3; qualifying reads like a fresh set (Q = L1)."""
    if qualifying:
        return 1
    if age < 1:
        raise ValueError(f"tyre age is the lap number on the set, from 1, not {age}")
    return min(age, 3)


def _check(table: TyreTable, tyre: Tyre) -> Tyre:
    if table not in ("C", "D"):
        raise ValueError(f"unknown tyre table {table!r}")
    return Tyre(tyre)


def penalty(table: TyreTable, tyre: Tyre, wet: bool, age: int, qualifying: bool = False) -> int:
    """Multiplier on a corner fly-out penalty, tyre WP or qualifying rolls (CORNER-4, QUAL-8).

    C (TYRE-2..5, TAB-TYRE-C): hard ×1; soft ×2, ×3 from the set's 3rd lap
    (dry and wet alike); rain tyres ×1 wet, dry ×2 and ×3 from the 3rd lap.
    D (TYRE-D-2..4, TAB-TYRE-D, QUAL-D-8): hard 1; soft 2, 3 from the set's
    3rd lap; rain tyres 1 wet, 2 dry, never tripled.
    """
    tyre, column = _check(table, tyre), _column(age, qualifying)
    worn = column >= 3  # AMB-26 / AMB-27: "did not pit after lap 2"
    if tyre is Tyre.HARD:
        return 1
    if tyre is Tyre.SOFT:
        return 3 if worn else 2
    if wet:
        return 1
    return 3 if worn and table == "C" else 2


def slide(table: TyreTable, tyre: Tyre, wet: bool) -> int:
    """Mandatory extra spaces when a movement ends in a corner (TYRE-2, TYRE-4, TYRE-5, TYRE-7).

    Wet: hard +3, soft +3, rain tyres +1 (also TYRE-D-2..4 per AMB-61 and B
    per AMB-28); dry: none. The same in every column, so no age.
    """
    tyre = _check(table, tyre)
    if not wet:
        return 0
    return 1 if tyre is Tyre.RAIN else 3


def bonus(table: TyreTable, tyre: Tyre, wet: bool, age: int, qualifying: bool = False) -> int:
    """Optional extra space per movement (TYRE-3, TYRE-7, TYRE-D-3, AMB-26, AMB-27).

    Soft tyres on a dry track, in qualifying or the first lap on the set; C
    and D agree (D's "only in sun" = any dry condition, AMB-62). The engine
    must still refuse it on the movement that leaves the box (TYRE-8).
    """
    tyre, column = _check(table, tyre), _column(age, qualifying)
    return 1 if tyre is Tyre.SOFT and not wet and column == 1 else 0


def malus(table: TyreTable, tyre: Tyre, wet: bool, age: int) -> int:
    """Mandatory spaces lost per turn, applied after the die roll (TYRE-D-3, AMB-27).

    D soft tyres from the 3rd race lap on the set lose 1, wet or dry (the
    source sets no weather condition). C has no malus: a worn soft set only
    loses its bonus and triples penalties (TYRE-3). Qualifying laps have no
    malus: the engine does not call this there.
    """
    tyre, column = _check(table, tyre), _column(age, False)
    return 1 if table == "D" and tyre is Tyre.SOFT and column >= 3 else 0
