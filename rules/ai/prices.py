"""What a level pays, in spaces of progress, for a WP, a spin or a lost race: the prices every
value of the look-ahead and the levels is measured in, numbered once so the memos' keys stay cheap."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Prices:
    """What a level gives up for a WP or a lost race, in spaces of progress."""

    brake: float  # one brake WP ...
    tyre: float  # ... and one tyre WP, with WP to spare
    scarce: float  # and on top, the k-th WP left of an area costs scarce / k (the last ones are dear)
    out: float  # the car's race ends
    spin: float  # a spin (CORNER-7): the turn and the gear are lost
    skip: float  # one WP paid for a skipped gear (gearbox, brakes or engine: CORE-GEAR-7)

    # derived once in __post_init__, never compared (the six prices are)
    key: tuple[float, ...] = field(init=False, repr=False, compare=False)
    pid: int = field(init=False, repr=False, compare=False)
    sure: bool = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # the memo keys hold this tuple of floats, not the object: tuples of plain values drop out
        # of the garbage collector's view, so its full passes over the memos stay short
        key = (self.brake, self.tyre, self.scarce, self.out, self.spin, self.skip)
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "_hash", hash(key))
        # the memo keys hold one int for these prices: hashing it is cheaper than the six floats
        object.__setattr__(self, "pid", price_id(key))
        # no price below zero: no turn is worth more than its spaces, the bound ``_value`` prunes by
        object.__setattr__(self, "sure", all(x >= 0.0 for x in key))

    def __hash__(self) -> int:  # the memo keys hash it at every step: once is enough
        return self._hash

    def skips(self, n: int) -> float:
        """The value of a turn's ``n`` skipped gears (0.0, not -0.0, for none: values stay bit for bit)."""
        return -self.skip * n if n else 0.0

    def brakes(self, left: int, n: int) -> float:
        """What spending ``n`` of ``left`` brake WP costs."""
        return self.brake * n + self.scarce * (harmonic(left) - harmonic(left - n)) if n > 0 else 0.0

    def tyres(self, left: int, n: int) -> float:
        """What spending ``n`` of ``left`` tyre WP costs."""
        return self.tyre * n + self.scarce * (harmonic(left) - harmonic(left - n)) if n > 0 else 0.0


_PRICE_IDS: dict[tuple[float, ...], int] = {}
_NEXT_PRICE_ID = itertools.count()  # next() on it is atomic: two threads never get the same number
PRICE_IDS = 4096  # distinct prices numbered at most before the numbering table starts afresh


def price_id(key: tuple[float, ...]) -> int:
    """A number for a set of prices, the same for equal prices while the table lasts. Numbers are
    never given twice: when the table starts afresh, prices seen again get a new number, so a
    memo entry under an old number stays right (it is only not found again)."""
    found = _PRICE_IDS.get(key)
    if found is None:
        if len(_PRICE_IDS) >= PRICE_IDS:
            _PRICE_IDS.clear()
        found = _PRICE_IDS[key] = next(_NEXT_PRICE_ID)
    return found


_HARMONIC = [0.0]
for _k in range(1, 64):
    _HARMONIC.append(_HARMONIC[-1] + 1 / _k)


def harmonic(n: int) -> float:
    """1 + 1/2 + ... + 1/n (n clamped to 0..63): the scarcity price of the last n WP of an area."""
    return _HARMONIC[n if 0 <= n <= 63 else (0 if n < 0 else 63)]
