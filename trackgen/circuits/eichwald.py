"""The shipped circuit written to ``maps/eichwald.tmx``."""

from __future__ import annotations

from trackgen.circuits.helpers import L, R, corner_arrows
from trackgen.description import Arc, Beside, Circuit, Corner, Pit, Straight
from trackgen.geometry import close_loop

# The classic Grand Prix board: three lanes with the middle one staggered half a space ahead,
# the brick pattern of printed boards, so every diagonal step goes to the space it overlaps.
# Driven clockwise round a park, 12 stops a lap: a long main straight, a 3-stop hairpin at the
# bottom (its legs a lane and a half apart), 2-stop corners between woods and the lake and three
# fast 1-stop bends. Straights 8 and 10 are sized by close_loop so the lap closes exactly.
CLASSIC = Circuit(
    file="eichwald.tmx",
    name="Eichwald Grand Prix Circuit",
    laps=2,
    lanes=3,
    stagger=(0.0, 0.5, 0.0),
    segments=close_loop(
        (
            Straight(1322),  # 0 the main straight: start/finish and pits
            Arc(119, 90, R, Corner(2, "Eichkurve", arrows=corner_arrows(3, R))),
            Straight(350),
            Arc(176, 60, R, Corner(1, "Waldeck", arrows=corner_arrows(3, R))),
            Straight(250),
            Arc(180, 60, L, Corner(1, "Brücke", arrows=corner_arrows(3, L))),
            Straight(300),
            Arc(110, 180, R, Corner(3, "Haarnadel", arrows=corner_arrows(3, R))),
            Straight(400),  # 8 back up the hill; closes the lap
            Arc(120, 90, L, Corner(2, "Mühlbach", arrows=corner_arrows(3, L))),
            Straight(500),  # 10 the back straight past the lake; closes the lap
            Arc(149.6, 90, R, Corner(2, "Sägewerk", arrows=corner_arrows(3, R))),
            Straight(300),
            Arc(210.7, 90, R, Corner(1, "Zielkurve", arrows=corner_arrows(3, R))),
        ),
        8,
        10,
    ),
    start_at=782,
    weather_sun="10-20",
    weather_variable="5-9",
    weather_rain="1-4",
    pit=Pit(side=L, entry=13, exit=7, offset=64.0, ramp=72.0, boxes=10),
    margin=360.0,
    scenery=(
        # the paddock behind the pits, the main grandstand facing them
        Beside("paved", 0, 0.24, 0.8, L, 150, 330),
        Beside("building", 0, 0.29, 0.42, L, 180, 250, "Race control", roof="flat"),
        Beside("building", 0, 0.47, 0.6, L, 180, 250, "Paddock", roof="glass"),
        Beside("building", 0, 0.65, 0.76, L, 180, 250),
        Beside("stand", 0, 0.1, 0.7, R, 40, 130, "Main grandstand"),
        Beside("tent", 0, 0.73, 0.77, R, 60, 130),
        Beside("tent", 0, 0.79, 0.83, R, 60, 130),
        Beside("stand", 1, 0.2, 0.8, L, 110, 180),
        Beside("tree", 2, 0.1, 0.2, R, 50, 110),
        Beside("tree", 2, 0.55, 0.65, R, 60, 120),
        # the brook under the bridge, the oak woods round the hairpin
        Beside("water", 4, 0.8, 1.0, L, 0, 220),
        Beside("water", 4, 0.8, 1.0, R, 0, 90),
        Beside("trees", 2, 0.1, 0.9, L, 60, 220),
        Beside("trees", 4, 0.0, 0.7, L, 60, 240),
        Beside("trees", 6, 0.2, 0.9, L, 60, 260),
        Beside("stand", 7, 0.2, 0.8, L, 110, 180),
        Beside("trees", 10, 0.12, 0.9, L, 60, 330),
        # the lake in the park inside the lap, the sawmill by the last corners
        Beside("water", 10, 0.2, 0.75, R, 110, 330, "", rounded=True),
        Beside("boat", 10, 0.35, 0.45, R, 190, 240),
        Beside("tent", 10, 0.05, 0.1, R, 60, 120),
        Beside("trees", 10, 0.78, 1.0, R, 60, 250),
        Beside("stand", 10, 0.25, 0.65, L, 30, 100),
        Beside("trees", 12, 0.1, 0.9, R, 60, 200),
        Beside("trees", 11, 0.0, 1.0, L, 130, 260),
        Beside("trees", 13, 0.0, 1.0, L, 200, 300),
        Beside("paved", 12, 0.05, 0.95, L, 60, 260),
        Beside("building", 12, 0.1, 0.5, L, 90, 230, "Sawmill"),
        Beside("building", 12, 0.58, 0.9, L, 90, 200),
        Beside("stand", 13, 0.25, 0.75, L, 110, 180),
    ),
)
