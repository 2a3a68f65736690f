"""The printed board's colours, shared by its layout (the street's asphalt) and its painting."""

from __future__ import annotations

Colour = tuple[int, int, int]

GRASS: Colour = (72, 134, 58)
GRASS_STRIPE: Colour = (79, 143, 63)
MEADOW: Colour = (86, 128, 60)
ASPHALT: Colour = (88, 90, 95)
PIT_ASPHALT: Colour = (58, 60, 65)
LINE: Colour = (236, 236, 230)
KERB_RED: Colour = (204, 32, 36)
KERB_WHITE: Colour = (242, 242, 238)
CORNER_LINE: Colour = (214, 40, 40)
YELLOW: Colour = (250, 204, 22)
DARK: Colour = (28, 28, 32)
BOX_RED: Colour = (196, 30, 34)
BOX_GREEN: Colour = (28, 142, 58)
ROW_TINTS: tuple[Colour, ...] = ((104, 108, 132), (124, 112, 92), (92, 118, 100))
GRAVEL: Colour = (212, 194, 148)
RUNOFF: Colour = (112, 115, 121)
PAVED: Colour = (160, 158, 151)
WATER: Colour = (44, 100, 146)
TREE: Colour = (36, 88, 40)
WALL: Colour = (226, 226, 220)
WALL_EDGE: Colour = (110, 112, 116)
TYRE: Colour = (26, 26, 28)
ROOF: Colour = (150, 156, 166)
ROOF_EDGE: Colour = (88, 92, 102)
GARAGE: Colour = (44, 46, 52)
ROOFS: tuple[Colour, ...] = ((150, 156, 166), (176, 98, 72), (140, 124, 110), (188, 176, 150), (120, 128, 140))
SEATS: Colour = (64, 78, 118)
GANTRY: Colour = (58, 62, 70)
STAND_ROOF: Colour = (206, 210, 216)
CROWD: tuple[Colour, ...] = (
    (226, 222, 212),
    (196, 70, 60),
    (224, 190, 60),
    (80, 120, 190),
    (60, 60, 66),
    (214, 150, 80),
)
SKIN: tuple[Colour, ...] = ((236, 200, 170), (206, 158, 120), (150, 104, 76), (110, 76, 56))
