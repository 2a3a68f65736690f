"""The shipped circuit written to ``maps/hohenau.tmx``."""

from __future__ import annotations

from trackgen.circuits.helpers import L, R, corner_arrows
from trackgen.description import Arc, Beside, Circuit, Corner, Pit, Straight, towards
from trackgen.geometry import close_loop

# The Grand Prix circuit: eleven corners with 15 stops a lap, the proportions of a printed
# board: a long main straight with the pits on the outside into a 2-stop Turn 1, fast 1-stop
# bends, a 3-stop hairpin in a dip (wide enough that its legs stay apart), a 2-stop Turn 7 out
# of it and a flat-out kink. Driven clockwise. Straights 8 and 18 are sized by close_loop so
# the lap closes exactly.
GP = Circuit(
    file="hohenau.tmx",
    name="Hohenau Grand Prix Circuit",
    laps=2,
    lanes=3,
    segments=close_loop(
        (
            Straight(974),  # 0 main straight
            Arc(
                150,
                90,
                R,
                Corner(2, "Turn 1", arrows=corner_arrows(3, R), zone_spaces=2, zone_arrows=towards(3, R, (0.0,))),
            ),
            Straight(180),
            Arc(218, 40, L, Corner(1, "Turn 2", arrows=corner_arrows(3, L))),
            Straight(116),
            Arc(220, 40, R, Corner(1, "Turn 3", arrows=corner_arrows(3, R))),
            Straight(400),
            Arc(150, 90, R, Corner(1, "Turn 4", arrows=corner_arrows(3, R))),
            Straight(600),  # 8 closes the lap
            Arc(151, 90, L, Corner(1, "Turn 5", arrows=corner_arrows(3, L))),
            Straight(116),
            Arc(116, 180, R, Corner(3, "Hairpin", arrows=corner_arrows(3, R))),
            Straight(400),
            Arc(120, 90, L, Corner(2, "Turn 7", arrows=corner_arrows(3, L))),
            Straight(218),
            Arc(300, 30, L),  # a flat-out kink: no corner area
            Straight(220),
            Arc(157, 120, R, Corner(1, "Turn 8", arrows=corner_arrows(3, R))),
            Straight(500),  # 18 closes the lap
            Arc(184, 60, R, Corner(1, "Turn 9", arrows=corner_arrows(3, R))),
            Straight(200),
            Arc(182, 60, L, Corner(1, "Turn 10", arrows=corner_arrows(3, L))),
            Straight(160),
            Arc(150, 90, R, Corner(1, "Turn 11", arrows=corner_arrows(3, R))),
            Straight(300),
        ),
        8,
        18,
    ),
    start_at=630,
    weather_sun="11-20",
    weather_variable="5-10",
    weather_rain="1-4",
    pit=Pit(side=L, entry=12, exit=7, offset=64.0, ramp=72.0, boxes=10),
    margin=360.0,
    scenery=(
        Beside("paved", 0, 0.25, 0.78, L, 150, 330),
        Beside("building", 0, 0.3, 0.42, L, 180, 250, "Race control", roof="flat"),
        Beside("building", 0, 0.47, 0.56, L, 180, 250, "Paddock", roof="glass"),
        Beside("building", 0, 0.6, 0.72, L, 180, 250),
        Beside("tent", 0, 0.73, 0.76, L, 190, 240),
        Beside("tent", 0, 0.26, 0.29, L, 190, 240),
        Beside("stand", 0, 0.15, 0.7, R, 40, 130, "Main grandstand"),
        Beside("tent", 0, 0.72, 0.76, R, 60, 130),
        Beside("tent", 0, 0.78, 0.82, R, 60, 130),
        Beside("trees", 0, 0.1, 0.75, R, 160, 300),
        Beside("stand", 8, 0.3, 0.75, R, 40, 110),
        Beside("hill", 8, 0.1, 0.9, L, 80, 420),
        Beside("rocks", 8, 0.35, 0.6, L, 160, 300),
        Beside("trees", 8, 0.1, 0.9, R, 150, 330),
        Beside("stand", 11, 0.25, 0.75, L, 110, 180, "Hairpin"),
        Beside("water", 14, 0.1, 0.9, R, 120, 300, "", rounded=True),
        Beside("boat", 14, 0.35, 0.5, R, 180, 230),
        Beside("tree", 14, 0.05, 0.28, L, 50, 100),
        Beside("tree", 14, 0.55, 0.82, L, 60, 120),
        Beside("stand", 18, 0.2, 0.8, L, 40, 110),
        Beside("tent", 18, 0.05, 0.12, L, 60, 120),
        Beside("trees", 18, 0.1, 0.9, R, 80, 260),
        Beside("trees", 24, 0.0, 1.0, L, 60, 220),
        Beside("hill", 24, 0.1, 0.9, R, 100, 300),
    ),
)
