"""The shipped circuit written to ``maps/oval.tmx``."""

from __future__ import annotations

from trackgen.circuits.helpers import L, R
from trackgen.description import Arc, Beside, Circuit, Corner, Pit, Straight, towards

OVAL = Circuit(
    file="oval.tmx",
    name="Lindenring Oval",
    laps=2,
    lanes=3,
    lane_spacing=40.0,
    space_length=48.0,
    segments=(
        Straight(1156.0),  # main straight: 13 spaces before the line, 11 after
        Arc(
            126.0,  # 6 / 8 / 11 spaces in lanes A / B / C
            180.0,
            "left",
            Corner(
                2,
                "Lindenkehre",
                arrows=towards(3, "left", (0.1, 0.5)) + towards(3, "right", (0.3, 0.7)),
                zone_spaces=2,
                zone_arrows=towards(3, "left", (0.0,)),
            ),
        ),
        Straight(1156.0),  # back straight: 24 spaces
        Arc(
            126.0,
            180.0,
            "left",
            Corner(1, "Seekurve", arrows=towards(3, "left", (0.1, 0.5)) + towards(3, "right", (0.3, 0.7))),
        ),
    ),
    start_at=626.0,
    weather_sun="13-20",
    weather_variable="6-12",
    weather_rain="1-5",
    pit=Pit(side="right", entry=12, exit=6, offset=64.0, ramp=72.0, boxes=10),
    grow=(0, 1),
    scenery=(
        Beside("stand", 2, 0.12, 0.88, L, 22, 82, "Linden grandstand"),
        Beside("tent", 0, 0.12, 0.18, R, 70, 140),
        Beside("tent", 0, 0.21, 0.27, R, 70, 140),
        Beside("trees", 0, 0.35, 0.95, R, 190, 330),
        Beside("tree", 0, 0.3, 0.32, R, 190, 240),
    ),
)
