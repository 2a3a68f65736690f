"""The shipped circuit written to ``maps/adlerjoch.tmx``."""

from __future__ import annotations

from trackgen.circuits.helpers import L, R, block, corner_arrows
from trackgen.description import Arc, Beside, Circuit, Corner, Pit, Straight
from trackgen.geometry import close_loop

# The mountain circuit: an old road circuit of two lanes up the Adlerjoch and back, driven
# anticlockwise, 12 stops a lap. From the lakeside main straight the road climbs in a
# switchback (the 3-stop Adlerkehre hairpin), runs along the ridge through a chicane and winds down through
# the woods. The chicane turns right and then left, so its inside is set by hand. Straights 8
# and 14 are sized by close_loop so the lap closes exactly.
MOUNTAIN = Circuit(
    file="adlerjoch.tmx",
    name="Adlerjoch Mountain Circuit",
    laps=2,
    lanes=2,
    segments=close_loop(
        (
            Straight(1300),  # 0 the lakeside main straight: start/finish and pits
            Arc(137, 160, L, Corner(2, "Seekehre", arrows=corner_arrows(2, L, (0.0, 0.5), (0.25,)))),
            Straight(620),  # 2 the first leg of the switchback
            Arc(82.2, 160, R, Corner(3, "Adlerkehre", arrows=corner_arrows(2, R, (0.0, 0.35), (0.2, 0.5)))),
            Straight(500),  # 4 the second leg
            Arc(150, 110, L, Corner(1, "Kanzel", arrows=corner_arrows(2, L, (0.0, 0.5), (0.25,)))),
            Straight(300),
            Arc(200, 70, L, Corner(1, "Gipfel", arrows=corner_arrows(2, L, (0.0, 0.5), (0.25,)))),
            Straight(400),  # 8 the ridge; closes the lap
            Arc(95, 70, R, Corner(1, "Schikane", span=3, inside=R, arrows=corner_arrows(2, R, (0.0, 0.6), (0.3,)))),
            Straight(10),
            Arc(95, 70, L),
            Straight(500),
            Arc(140, 90, L, Corner(1, "Wetterkreuz", arrows=corner_arrows(2, L, (0.0, 0.5), (0.25,)))),
            Straight(300),  # 14 down through the woods; closes the lap
            Arc(264.5, 30, R, Corner(1, "Hirschsprung", arrows=corner_arrows(2, R, (0.0,), (0.34,)))),
            Straight(200),
            Arc(264.5, 30, L, Corner(1, "Mühle", arrows=corner_arrows(2, L, (0.0,), (0.34,)))),
            Straight(280),
            Arc(140, 90, L, Corner(1, "Talkurve", arrows=corner_arrows(2, L, (0.0, 0.5), (0.25,)))),
        ),
        8,
        14,
    ),
    start_at=722,
    weather_sun="14-20",
    weather_variable="6-13",
    weather_rain="1-5",
    pit=Pit(side=R, entry=12, exit=6, offset=64.0, ramp=72.0, boxes=10),
    margin=330.0,
    background="#3f6b35",
    surroundings="meadow",
    scenery=(
        # the valley: the village behind the pits, the lake round the Seekehre
        Beside("paved", 0, 0.3, 0.8, R, 130, 250),
        Beside("building", 0, 0.36, 0.5, R, 150, 230, "Race office"),
        Beside("building", 0, 0.56, 0.74, R, 150, 230),
        *block(0, 0.04, 0.26, R, 130, 290, along=2, length=1300),
        Beside("stand", 0, 0.08, 0.46, L, 40, 130, "Main grandstand"),
        Beside("water", 0, 0.8, 1.0, R, 110, 420, "Adlersee", rounded=True),
        Beside("boat", 0, 0.86, 0.9, R, 200, 240),
        Beside("boat", 0, 0.92, 0.95, R, 300, 330),
        Beside("trees", 1, 0.3, 1.0, R, 130, 300),
        Beside("rocks", 2, 0.3, 0.5, R, 50, 120),
        Beside("hill", 4, 0.0, 1.0, R, 160, 330),
        Beside("rocks", 3, 0.3, 0.7, R, 50, 110),
        Beside("hill", 0, 0.15, 0.55, L, 170, 460),
        Beside("rocks", 6, 0.2, 0.7, L, 40, 110),
        Beside("rocks", 16, 0.2, 0.8, L, 40, 100),
        Beside("rocks", 13, 0.2, 0.7, L, 40, 120),
        # the switchback: spectators at the hairpin, woods on the slope
        Beside("stand", 3, 0.2, 0.8, L, 110, 180),
        Beside("trees", 2, 0.05, 0.7, L, 50, 140),
        Beside("trees", 4, 0.2, 0.9, R, 50, 150),
        Beside("stand", 5, 0.25, 0.75, R, 110, 180),
        Beside("trees", 6, 0.0, 1.0, R, 60, 230),
        # the ridge: the mountain hut, the tarn and the chicane's stand, woods below the summit
        Beside("hill", 8, 0.0, 1.0, R, 60, 400),
        Beside("rocks", 8, 0.05, 0.2, R, 40, 100),
        Beside("building", 8, 0.25, 0.75, R, 110, 190, "Mountain hut"),
        Beside("rocks", 9, 0.1, 0.9, L, 40, 110),
        Beside("hill", 12, 0.05, 0.95, L, 180, 420),
        Beside("trees", 8, 0.0, 1.0, R, 230, 330),
        Beside("water", 12, 0.55, 0.95, R, 100, 260, "Bergsee", rounded=True),
        Beside("stand", 8, 0.3, 0.85, L, 30, 100),  # before the chicane, clear of its gravel on the left
        Beside("trees", 12, 0.0, 0.45, R, 60, 260),
        Beside("trees", 7, 0.0, 1.0, R, 130, 300),
        Beside("stand", 13, 0.25, 0.75, R, 110, 180),
        # the way down: the mill by its pond, the forest inside the lap
        Beside("trees", 14, 0.0, 1.0, R, 50, 260),
        Beside("building", 18, 0.15, 0.45, R, 40, 110, "Mill"),
        Beside("water", 18, 0.5, 1.0, R, 40, 160, "", rounded=True),
        Beside("trees", 16, 0.0, 1.0, R, 50, 200),
        Beside("trees", 14, 0.1, 0.9, L, 180, 300),
        Beside("paved", 14, 0.1, 0.9, L, 40, 160),
        Beside("building", 14, 0.15, 0.45, L, 60, 140, "Chapel"),
        *block(14, 0.55, 0.85, L, 60, 140, along=2, across=1, length=389),
        Beside("trees", 18, 0.1, 0.9, L, 50, 200),
        Beside("trees", 8, 0.1, 0.6, L, 130, 240),
        Beside("trees", 6, 0.1, 0.9, L, 50, 150),
    ),
)
