"""The shipped circuit written to ``maps/brueckenau.tmx``."""

from __future__ import annotations

from trackgen.circuits.helpers import L, R, block, corner_arrows
from trackgen.description import Arc, Beside, Circuit, Corner, Straight, Street, TunnelEnd, TunnelPair
from trackgen.geometry import close_loop

# The street-race circuit (this is only the board, the rules are elsewhere): two lanes
# between walls through an old town, driven clockwise. A kinked street with roadworks (the
# danger zone) along the river, a bottom street lined with houses (the residents' windows), a loop hanging
# south around a block that tunnel 1 runs under, and the police station on the way back
# north. No pit lane (STREET-4). Straights 14 and 16 are sized by close_loop.
CITY = Circuit(
    file="brueckenau.tmx",
    name="Brückenau City Circuit",
    laps=2,
    lanes=2,
    segments=close_loop(
        (
            Straight(1300),  # 0 the main street: start/finish
            Arc(165, 90, R, Corner(2, "Town Hall", arrows=corner_arrows(2, R, (0.0, 0.5), (0.25,)))),
            Straight(250),  # 2 heading south
            Arc(140, 30, L),  # a jog in the street: no corner area
            Straight(80),
            Arc(140, 30, R),
            Straight(520),  # 6 the roadworks: the danger zone
            Arc(135, 90, R, Corner(1, "Church Lane", arrows=corner_arrows(2, R, (0.0, 0.5), (0.25,)))),
            Straight(525),  # 8 the bottom street: the residents' windows
            Arc(135, 90, L, Corner(2, "Well Corner", arrows=corner_arrows(2, L, (0.0, 0.5), (0.25,)))),
            Straight(340),  # 10 into the loop: tunnel 1's entry
            Arc(130, 180, R, Corner(3, "The Loop", arrows=corner_arrows(2, R, (0.0, 0.35, 0.7), (0.2, 0.5)))),
            Straight(340),  # 12 out of the loop: tunnel 1's exit
            Arc(135, 90, L, Corner(2, "Market Gate", arrows=corner_arrows(2, L, (0.0, 0.5), (0.25,)))),
            Straight(330),  # 14 closes the lap
            Arc(165, 90, R, Corner(1, "Post Office", arrows=corner_arrows(2, R, (0.0, 0.5), (0.25,)))),
            Straight(580),  # 16 heading north past the police station; closes the lap
            Arc(195, 90, R, Corner(3, "Station Bend", arrows=corner_arrows(2, R, (0.0, 0.35, 0.7), (0.2, 0.5)))),
        ),
        14,
        16,
    ),
    start_at=916,
    weather_sun="12-20",
    weather_variable="6-11",
    weather_rain="1-5",
    margin=340.0,
    background="#8e8c86",
    surroundings="walls",
    street=(
        Street("danger_zone", 6, 0.15, 0.85, black=((0, 0.3), (1, 0.5), (0, 0.72)), name="Roadworks"),
        Street("shooting_zone", 8, 0.1, 0.9, name="Residents' windows"),
        Street("police_station", 16, 0.35, 0.65, name="Police station"),
    ),
    tunnels=(TunnelPair(1, TunnelEnd(10, 0.8, 1), TunnelEnd(12, 0.2, 1)),),
    scenery=(
        # outside: the grandstand and the town hall on the main street, the river round the east
        Beside("stand", 0, 0.3, 0.7, L, 30, 130, "Main grandstand"),
        *block(0, 0.04, 0.26, L, 30, 190, along=3),
        Beside("building", 0, 0.74, 0.97, L, 30, 210, "Town Hall"),
        Beside("paved", 0, 0.28, 0.72, L, 140, 260),
        *block(2, 0.05, 0.95, L, 30, 110, along=2, across=1, length=250),
        Beside("trees", 2, 0.0, 1.0, L, 150, 430, "", rounded=True),
        Beside("water", 6, 0.0, 1.0, L, 150, 460, "", rounded=True),  # the river's round head
        Beside("water", 6, 0.4, 1.0, L, 150, 460),
        Beside("water", 7, 0.0, 1.0, L, 150, 460),
        Beside("boat", 6, 0.5, 0.62, L, 260, 320),
        Beside("boat", 8, 0.2, 0.3, L, 300, 360),
        Beside("water", 8, 0.0, 0.7, L, 150, 460),
        Beside("trees", 8, 0.72, 1.0, L, 120, 300),
        *block(10, 0.05, 0.95, L, 30, 170, along=2, across=1, length=340),
        Beside("trees", 10, 0.0, 1.0, L, 200, 330),
        Beside("building", 10, 0.08, 0.92, R, 30, 150, "Old Mill"),
        Beside("trees", 11, 0.1, 0.9, L, 60, 200),
        *block(12, 0.1, 0.9, L, 30, 150, along=2, across=1, length=340),
        Beside("trees", 14, 0.05, 0.95, L, 40, 330, "", rounded=True),
        *block(14, 0.06, 0.94, R, 30, 170, along=3, length=382),
        *block(16, 0.02, 0.3, L, 30, 190, along=2, length=919),
        *block(16, 0.7, 0.97, L, 30, 190, along=2, length=919),
        Beside("grass", 16, 0.3, 0.7, L, 150, 300),
        Beside("building", 17, 0.2, 0.8, L, 110, 230, "Station"),
        # inside: the old town's blocks, the cathedral square and the park
        *block(16, 0.08, 0.3, R, 30, 140, along=2, across=1, length=919),
        *block(16, 0.34, 0.62, R, 30, 140, along=2, across=1, length=919),
        *block(16, 0.66, 0.9, R, 30, 140, along=2, across=1, length=919),
        *block(0, 0.0, 0.18, R, 30, 230),
        *block(0, 0.22, 0.4, R, 30, 230),
        Beside("building", 0, 0.44, 0.56, R, 30, 230, "Cathedral"),
        *block(0, 0.6, 0.78, R, 30, 230),
        *block(0, 0.82, 0.98, R, 30, 230),
        *block(0, 0.0, 0.18, R, 280, 480),
        Beside("paved", 0, 0.22, 0.78, R, 280, 730),
        Beside("grass", 0, 0.26, 0.74, R, 300, 710),
        Beside("trees", 0, 0.3, 0.45, R, 330, 680, "", rounded=True),
        Beside("water", 0, 0.48, 0.7, R, 420, 600, "", rounded=True),
        Beside("building", 0, 0.82, 0.98, R, 280, 480, "Market hall", roof="glass"),
        *block(0, 0.0, 0.18, R, 530, 730),
        *block(0, 0.82, 0.98, R, 530, 730),
        *block(0, 0.0, 0.18, R, 780, 980),
        *block(0, 0.22, 0.4, R, 780, 980),
        *block(0, 0.44, 0.6, R, 780, 960),
        *block(0, 0.64, 0.8, R, 780, 960),
        *block(0, 0.84, 0.98, R, 780, 960),
        *block(6, 0.05, 0.95, R, 30, 90, along=4, across=1, length=520),
    ),
)
