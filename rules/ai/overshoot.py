"""A car too fast for a corner: the ways it may take through it, braking or flying out, as the
look-ahead prices them (CORNER-4..7, CORE-BRAKE-1: one brake WP a space; FD08-SPIN-2)."""

from __future__ import annotations

from rules.ai.prices import Prices


def flights(over: int, fatal: bool, brakes: int, tyres: int, mult: int, spin_max: int, prices: Prices) -> tuple:
    """Each legal mix of brake WP and flying out of ``over`` spaces too many (CORNER-6,
    FD08-SPIN-2: no more tyre WP than left, a spin only within ``spin_max``), fewest brake WP
    first, as one flat tuple of five fields a mix (brake WP, their price, the tyre WP's price, the
    spin's price or None, tyre WP lost: a flat tuple of plain values leaves the collector's view at
    its first pass); only the cheapest when no other is within the sums' rounding of it (a roll
    of a few dozen spaces rounds them by far less than ``NEAR``), so it is the best for every roll."""
    ways = []
    for braked in range(min(brakes, over) + 1):
        flown = over - braked
        if flown and fatal:
            continue
        loss = flown * mult
        spin = None
        if flown and loss >= tyres:
            if loss > tyres or flown > spin_max:  # CORNER-6, FD08-SPIN-2
                continue
            spin = prices.spin
        ways.append((braked, prices.brakes(brakes, braked), prices.tyres(tyres, loss), spin, loss))
    costs = sorted((way[0] + way[1] + way[2] + (way[3] or 0.0), i) for i, way in enumerate(ways))
    if len(costs) == 1 or (
        len(costs) > 1 and costs[1][0] - costs[0][0] > NEAR * (64.0 + abs(costs[0][0]) + abs(costs[1][0]))
    ):
        return ways[costs[0][1]]
    return tuple(x for way in ways for x in way)


NEAR = 1e-9  # relative gap between the two cheapest ways of flying out below which each roll's sums decide
