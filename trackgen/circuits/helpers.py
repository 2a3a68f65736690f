"""Shorthands the shipped circuits share: sides, the usual corner arrows, street blocks."""

from __future__ import annotations

from collections.abc import Sequence

from trackgen.description import Arrow, Beside, Side, towards

L: Side = "left"
R: Side = "right"


def corner_arrows(
    lanes: int, inside: Side, at_in: Sequence[float] = (0.0, 0.4), at_out: Sequence[float] = (0.2,)
) -> tuple[Arrow, ...]:
    """A corner's arrows: towards the inside early and half way, towards the outside in between."""
    outside: Side = "left" if inside == "right" else "right"
    return towards(lanes, inside, at_in) + towards(lanes, outside, at_out)


def street_arrows(inside: Side) -> tuple[Arrow, ...]:
    """A street corner's arrows: inwards at the entry, a third and two thirds in, outwards in between.

    Three lanes between walls need room to get round a car or a damage
    marker inside the corner, so there are more arrows than in the Grand
    Prix corners; every one of them fits a 4-space inside lane.
    """
    return corner_arrows(3, inside, (0.0, 0.35, 0.65), (0.2, 0.5))


def block(
    seg: int,
    start: float,
    end: float,
    side: Side,
    near: float,
    far: float,
    along: int = 2,
    across: int = 2,
    length: float = 1300.0,
) -> tuple[Beside, ...]:
    """A city block beside segment ``seg``: ``along`` x ``across`` houses with narrow yards between them.

    ``length`` is the segment's length in px, so the yards are about 10 px wide.
    """
    gap_f, gap = 10.0 / length, 10.0
    out = []
    for i in range(along):
        a = start + (end - start) * i / along + (gap_f / 2 if i else 0.0)
        b = start + (end - start) * (i + 1) / along - (gap_f / 2 if i < along - 1 else 0.0)
        for j in range(across):
            lo = near + (far - near) * j / across + (gap / 2 if j else 0.0)
            hi = near + (far - near) * (j + 1) / across - (gap / 2 if j < across - 1 else 0.0)
            if j == across - 1 and (i + j) % 2:
                hi -= 18.0  # not every back yard wall in one line
            out.append(Beside("building", seg, a, b, side, lo, hi))
    return tuple(out)
