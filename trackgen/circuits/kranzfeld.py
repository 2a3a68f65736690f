"""The shipped circuit written to ``maps/kranzfeld.tmx``."""

from __future__ import annotations

from trackgen.circuits.helpers import L, R, corner_arrows
from trackgen.description import Arc, Beside, Circuit, Corner, Pit, Straight, towards
from trackgen.geometry import close_loop

# The fast circuit: a former airfield, three lanes, driven clockwise, 12 stops a lap. Two long
# straights where the slipstream decides (the runway, 25 spaces either side of the 1-stop
# taxiway chicane, and the main straight), joined by fast 1-stop bends, a hard 3-stop braking
# point at the end of the runway and a twisty 2-stop infield back to the pits. Straights 0 and
# 14 are sized by close_loop so the lap closes exactly.
AIRFIELD = Circuit(
    file="kranzfeld.tmx",
    name="Kranzfeld Airfield Circuit",
    laps=2,
    lanes=3,
    segments=close_loop(
        (
            Straight(1500),  # 0 the main straight: start/finish and pits; closes the lap
            Arc(199, 70, R, Corner(1, "Tower", arrows=corner_arrows(3, R))),
            Straight(192),
            Arc(226, 70, R, Corner(1, "Radar", arrows=corner_arrows(3, R))),
            Straight(1200),  # 4 the runway: 25 spaces to the taxiway chicane
            Arc(160, 40, R, Corner(1, "Taxiway", span=3, inside=R, arrows=corner_arrows(3, R, (0.0, 0.6), (0.3,)))),
            Straight(24),
            Arc(160, 40, L),
            Straight(1200),  # 8 and 25 after it
            Arc(
                130,
                130,
                R,
                Corner(3, "Runway End", arrows=corner_arrows(3, R), zone_spaces=2, zone_arrows=towards(3, R, (0.0,))),
            ),
            Straight(450),
            Arc(236, 30, L, Corner(1, "Fuel Depot", arrows=towards(3, L, (0.0,)))),
            Straight(230),
            Arc(225.4, 60, R, Corner(1, "Hangar", arrows=corner_arrows(3, R))),
            Straight(300),  # 14 closes the lap
            Arc(170, 60, R, Corner(2, "Windsock", arrows=corner_arrows(3, R))),
            Straight(144),
            Arc(212, 90, L, Corner(1, "Apron", arrows=corner_arrows(3, L))),
            Straight(150),
            Arc(212, 90, R, Corner(1, "Pylon", arrows=corner_arrows(3, R))),
            Straight(100),
        ),
        0,
        14,
    ),
    start_at=805,
    weather_sun="8-20",
    weather_variable="4-7",
    weather_rain="1-3",
    pit=Pit(side=L, entry=14, exit=8, offset=64.0, ramp=72.0, boxes=10),
    margin=440.0,
    background="#4a7a3a",
    scenery=(
        # outside the main straight: the paddock behind the pits, woods beyond
        Beside("paved", 0, 0.22, 0.8, L, 150, 330),
        Beside("building", 0, 0.27, 0.4, L, 180, 250, "Race control", roof="flat"),
        Beside("building", 0, 0.45, 0.58, L, 180, 250, "Paddock", roof="glass"),
        Beside("building", 0, 0.63, 0.76, L, 180, 250),
        Beside("trees", 0, 0.05, 0.95, L, 360, 470),
        Beside("stand", 0, 0.12, 0.72, R, 40, 130, "Main grandstand"),
        # the runway: the old taxiway beside it inside, spectators' banks outside
        Beside("runoff", 4, 0.3, 0.95, R, 90, 160),
        Beside("runoff", 8, 0.05, 0.7, R, 90, 160),
        Beside("water", 8, 0.1, 0.5, R, 230, 420, "", rounded=True),
        Beside("trees", 4, 0.4, 0.72, R, 220, 380),
        Beside("stand", 4, 0.3, 0.8, L, 40, 110, "Runway grandstand"),
        Beside("stand", 8, 0.15, 0.6, L, 40, 110),
        Beside("trees", 4, 0.1, 1.0, L, 180, 340),
        Beside("trees", 8, 0.0, 0.9, L, 180, 340),
        Beside("stand", 9, 0.25, 0.75, L, 120, 190),
        Beside("tent", 8, 0.65, 0.7, L, 60, 110),
        Beside("tent", 8, 0.73, 0.78, L, 60, 110),
        # the apron with its hangars inside the triangle, the control tower by the first bend
        Beside("paved", 14, 0.05, 0.95, R, 60, 420),
        Beside("building", 14, 0.1, 0.45, R, 90, 250, "Hangar 1", roof="flat"),
        Beside("building", 14, 0.55, 0.9, R, 90, 250, "Hangar 2", roof="flat"),
        Beside("paved", 0, 0.8, 1.0, R, 180, 360),
        Beside("building", 0, 0.85, 0.97, R, 210, 330, "Tower", roof="glass"),
        Beside("tent", 0, 0.74, 0.78, R, 60, 130),
        Beside("tent", 0, 0.05, 0.09, R, 60, 130),
        Beside("stand", 1, 0.25, 0.75, L, 120, 190),
        # the fuel depot outside the kink, the woods round the west
        Beside("paved", 10, 0.1, 0.9, L, 40, 200),
        Beside("building", 10, 0.2, 0.45, L, 70, 170, "Fuel depot"),
        Beside("building", 10, 0.55, 0.8, L, 70, 170),
        Beside("trees", 12, 0.0, 1.0, L, 100, 330),
        Beside("trees", 14, 0.1, 0.9, L, 60, 280),
        Beside("stand", 15, 0.2, 0.8, L, 110, 180),
    ),
)
