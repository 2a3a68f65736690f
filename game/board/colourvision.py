"""How a colour looks to a colour-blind player, and how far apart two colours look.

The cars are told apart by colour first, so the palette is checked as the three
dichromacies see it. The simulation is Machado, Oliveira and Fernandes (2009),
"A Physiologically-based Model for Simulation of Color Vision Deficiency",
IEEE TVCG 15(6): at severity 1.0 each deficiency is one 3x3 matrix applied to
linear sRGB (the matrices of the paper's table, as colour-science libraries ship
them). Distances are CIEDE2000 (Sharma, Wu and Dalal 2005) between CIELAB colours
under the D65 white, so a "small" distance means what a player would call similar.
Pure Python: no array library for thirty numbers.
"""

from __future__ import annotations

import math
from typing import Literal

RGB = tuple[int, int, int]
Lab = tuple[float, float, float]
Deficiency = Literal["deuteranopia", "protanopia", "tritanopia"]
DEFICIENCIES: tuple[Deficiency, ...] = ("deuteranopia", "protanopia", "tritanopia")

_Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]
#: Machado 2009, severity 1.0, on linear sRGB.
MACHADO: dict[Deficiency, _Matrix] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
#: D65 white in XYZ (Y = 1).
WHITE = (0.95047, 1.0, 1.08883)


def hex_rgb(colour: str) -> RGB:
    """ "#rrggbb" as (r, g, b) in 0..255."""
    value = colour.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _encoded(v: float) -> int:
    v = min(1.0, max(0.0, v))
    s = 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(s * 255)


def simulate(rgb: RGB, deficiency: Deficiency) -> RGB:
    """The sRGB colour a player with ``deficiency`` sees where ``rgb`` is shown."""
    lin = [_linear(c) for c in rgb]
    m = MACHADO[deficiency]
    return (
        _encoded(sum(m[0][i] * lin[i] for i in range(3))),
        _encoded(sum(m[1][i] * lin[i] for i in range(3))),
        _encoded(sum(m[2][i] * lin[i] for i in range(3))),
    )


def lab(rgb: RGB) -> Lab:
    """CIELAB (D65) of an sRGB colour."""
    r, g, b = (_linear(c) for c in rgb)
    xyz = (
        0.4124564 * r + 0.3575761 * g + 0.1804375 * b,
        0.2126729 * r + 0.7151522 * g + 0.0721750 * b,
        0.0193339 * r + 0.1191920 * g + 0.9503041 * b,
    )

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(v / w) for v, w in zip(xyz, WHITE))
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def ciede2000(one: Lab, two: Lab) -> float:
    """The CIEDE2000 colour difference (kL = kC = kH = 1): about 1 is just noticeable, above
    10 two colours are plainly different."""
    l1, a1, b1 = one
    l2, a2, b2 = two
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    else:
        dh = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    else:
        h_mean = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc = 1 + 0.045 * cp_mean
    sh = 1 + 0.015 * cp_mean * t
    rt = (
        -2
        * math.sqrt(cp_mean**7 / (cp_mean**7 + 25**7))
        * math.sin(math.radians(60 * math.exp(-(((h_mean - 275) / 25) ** 2))))
    )
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh))


def distance(one: RGB, two: RGB, deficiency: Deficiency | None = None) -> float:
    """How different two sRGB colours look (CIEDE2000), to normal sight or with ``deficiency``."""
    if deficiency is not None:
        one, two = simulate(one, deficiency), simulate(two, deficiency)
    return ciede2000(lab(one), lab(two))
