"""The shipped circuit written to ``maps/hafenstadt.tmx``."""

from __future__ import annotations

from trackgen.circuits.helpers import L, R, corner_arrows, street_arrows
from trackgen.description import Arc, Beside, Circuit, Corner, Pit, Straight
from trackgen.geometry import close_loop

# The street circuit: three lanes between walls, nine tight corners with 13 stops a lap (the
# 3-stop Cathedral, the 2-stop Bank and Lighthouse, the other bends and the chicane 1-stop)
# round the old harbour; driven anticlockwise. Every 90-degree bend but the Cathedral has radius 150
# (4 / 5 / 6 spaces from the inside lane out), the Cathedral 181 (5 / 6 / 7), the chicane
# 5 spaces in every lane. Straights 6 and 8 are sized by close_loop so the lap closes exactly.
STREET = Circuit(
    file="hafenstadt.tmx",
    name="Hafenstadt Street Circuit",
    laps=2,
    lanes=3,
    segments=close_loop(
        (
            Straight(1150),  # 0 harbour front: start/finish and pits, 30 spaces with segment 20
            Arc(150, 90, L, Corner(1, "Station", arrows=street_arrows(L))),
            Straight(228),
            Arc(150, 90, R, Corner(2, "Bank", arrows=street_arrows(R))),
            Straight(250),
            Arc(150, 90, L, Corner(1, "Market", arrows=street_arrows(L))),
            Straight(300),  # 6 closes the lap
            Arc(181, 90, L, Corner(3, "Cathedral", arrows=street_arrows(L))),
            Straight(1000),  # 8 closes the lap: the back straight, 22 spaces
            Arc(140, 45, R, Corner(1, "Chicane", span=3, arrows=corner_arrows(3, R, (0.0, 0.3), (0.6,)))),
            Straight(20),
            Arc(140, 45, L),
            Straight(250),
            Arc(150, 90, L, Corner(1, "Fountain", arrows=street_arrows(L))),
            Straight(250),
            Arc(150, 90, R, Corner(1, "Harbour", arrows=street_arrows(R))),
            Straight(250),
            Arc(150, 90, L, Corner(2, "Lighthouse", arrows=street_arrows(L))),
            Straight(352),
            Arc(150, 90, L, Corner(1, "Quay", arrows=street_arrows(L))),
            Straight(300),
        ),
        6,
        8,
    ),
    start_at=700,  # 9 spaces to Station, 21 behind the line for the grid and the pit entry
    weather_sun="15-20",
    weather_variable="8-14",
    weather_rain="1-7",
    pit=Pit(side=R, entry=12, exit=6, offset=64.0, ramp=72.0, boxes=10),
    margin=280.0,
    background="#8e8c86",
    surroundings="walls",
    scenery=(
        # the harbour: the basin behind the pits and the quay, the lighthouse on its mole
        Beside("water", 0, 0.0, 1.0, R, 150, 520),
        Beside("water", 20, 0.0, 1.0, R, 150, 520),
        Beside("water", 19, 0.0, 1.0, R, 150, 260),
        Beside("water", 18, 0.0, 1.0, R, 150, 260),
        Beside("water", 17, 0.0, 1.0, R, 150, 260),
        Beside("building", 18, 0.12, 0.3, R, 175, 240, "Lighthouse", roof="flat"),
        Beside("boat", 0, 0.1, 0.16, R, 250, 300),
        Beside("boat", 0, 0.2, 0.25, R, 250, 300),
        Beside("boat", 0, 0.3, 0.36, R, 250, 300),
        Beside("boat", 0, 0.55, 0.7, R, 330, 420),
        Beside("boat", 20, 0.3, 0.6, R, 300, 380),
        Beside("stand", 0, 0.3, 0.78, L, 30, 120, "Harbour grandstand"),
        Beside("building", 0, 0.04, 0.26, L, 30, 200),
        Beside("building", 0, 0.78, 0.9, L, 30, 200),
        Beside("trees", 0, 0.2, 0.85, L, 240, 680),
        # the old town
        Beside("building", 2, 0.05, 0.95, L, 30, 220, "Station"),
        Beside("building", 2, 0.1, 0.6, R, 30, 160),
        Beside("building", 4, 0.05, 0.95, R, 30, 160),
        Beside("building", 4, 0.1, 0.9, L, 30, 130),
        Beside("building", 6, 0.05, 0.95, R, 30, 170, "Market hall", roof="glass"),
        Beside("building", 6, 0.1, 0.9, L, 30, 180),
        Beside("building", 8, 0.02, 0.28, R, 30, 170),
        Beside("building", 8, 0.33, 0.62, R, 30, 170, "Cathedral"),
        Beside("building", 8, 0.67, 0.97, R, 30, 170),
        Beside("building", 8, 0.12, 0.34, L, 30, 190),
        Beside("building", 8, 0.68, 0.95, L, 30, 190),
        Beside("building", 12, 0.1, 0.9, R, 30, 160),
        Beside("building", 12, 0.1, 0.9, L, 30, 120),
        Beside("stand", 14, 0.1, 0.9, R, 30, 100, "Fountain"),
        Beside("building", 14, 0.1, 0.9, L, 30, 200),
        Beside("stand", 16, 0.1, 0.9, R, 30, 100),
        Beside("building", 16, 0.1, 0.9, L, 30, 140),
        Beside("building", 18, 0.05, 0.95, L, 30, 200),
    ),
)
