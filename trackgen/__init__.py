"""The developer's track generator: Formula D track maps (Tiled .tmx) from a centre-line description.

Drawing a track by hand in Tiled is fine for art, but keeping the lanes
parallel and putting every arrow, grid slot and pit box exactly on a space
centre is tedious. This module builds all of that from a compact description
and writes a map in the format of ``docs/track-format.md``.

A circuit is a closed chain of centre-line segments, driven in order::

    Circuit(
        file="oval.tmx", name="Lindenring Oval",
        segments=(
            Straight(1156),                                   # px
            Arc(126, 180, "left", Corner(2, "Lindenkehre",    # radius px, degrees
                arrows=towards(3, "left", (0.1, 0.5)))),      # arrows at 10 % and 50 %
            Straight(1156),
            Arc(126, 180, "left", Corner(1, "Seekurve")),
        ),
        start_at=626,               # the start line, px along the centre line
        pit=Pit(side="right", entry=12, exit=6),
    )

Lanes are laid out ``lane_spacing`` px apart around the centre line, A on
the left in the direction of travel. The generator then derives the spaces
exactly as the game's loader does (cut each lane at the start line and at
the corner borders, spread ``round(piece / space_length)`` spaces evenly
over each piece, a staggered lane's spaces that fraction of a space further
along; see ``Circuit.stagger``) and puts arrows, grid slots, the qualifying
start and the pit lane ends on those space centres. ``Circuit.no_lane_change`` adds the
printed lines between two lanes of a straight where cars may not change lanes
(``NoLaneChange``). Coordinates are rounded the way Tiled
writes them, so opening and saving a generated map in Tiled changes nothing.

Each map also gets its pictures for Tiled: a ``ground`` tile layer (CSV,
tileset ``circuit.tsx`` from ``sprites/make_tiles.py``) and a ``preview``
image layer (``<name>-preview.png``) drawn by the game's own board renderer,
plus a ``scenery`` object layer (stands, buildings, water, trees; see
``Beside``) that the game draws. None of them changes the track's graph.
``close_loop`` sizes two straights so a hand-written lap closes exactly.

``python -m trackgen`` regenerates every shipped track plus the Tiled
project file and ``objecttypes.xml`` and prints what the loader should find;
``--check`` only reports files that are out of date.
"""

from trackgen.circuits import CIRCUITS
from trackgen.circuits.adlerjoch import MOUNTAIN
from trackgen.circuits.brueckenau import CITY
from trackgen.circuits.eichwald import CLASSIC
from trackgen.circuits.hafenstadt import STREET
from trackgen.circuits.hohenau import GP
from trackgen.circuits.kranzfeld import AIRFIELD
from trackgen.circuits.oval import OVAL
from trackgen.description import (
    Arc,
    Arrow,
    Beside,
    Circuit,
    Corner,
    NoLaneChange,
    Pit,
    Straight,
    Street,
    TrackError,
    TunnelEnd,
    TunnelPair,
    both_ways,
    towards,
)
from trackgen.geometry import close_loop
from trackgen.layout import Layout, build
from trackgen.tmx import summary, tmx_text

__all__ = [
    "AIRFIELD",
    "CIRCUITS",
    "CITY",
    "CLASSIC",
    "GP",
    "MOUNTAIN",
    "OVAL",
    "STREET",
    "Arc",
    "Arrow",
    "Beside",
    "Circuit",
    "Corner",
    "Layout",
    "NoLaneChange",
    "Pit",
    "Straight",
    "Street",
    "TrackError",
    "TunnelEnd",
    "TunnelPair",
    "both_ways",
    "build",
    "close_loop",
    "summary",
    "tmx_text",
    "towards",
]
