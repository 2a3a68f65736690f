"""``track import``: a GP Online track (``.dat``, see ``datfile``) as a map of this game's format.

GP Online places every space by hand and lists every step between spaces; this format draws
lanes, places their spaces (by hand, or spread evenly between the start line, the corner
borders and the row lines), derives the steps, and adds drawn arrows. So the converter:

1. finds the lanes: all lanes walk the lap together from their finish nodes, each to its
   own step (told from lane changes by its place across the steps, and through a node rather
   than over it where the board also lists the step past it), never into a node another
   lane took or is about to take, taking choices back where a lane is left without a way on;
   they are lettered from the left in the driving direction;
2. draws each lane through its nodes; the start line, a polygon around each group of curve
   nodes and a row line every few nodes (cutting every lane beside the cut in the lane with the
   most nodes), each cutting every lane at a point slid along its step so the piece before
   keeps its nodes' count; an arrow for every lane change at a curve
   (between the spaces' centres, which a first build without arrows places);
   a ``no_lane_change`` line where the board forbids every lane change along a stretch of a
   straight, a tiny arrow zone around a straight space whose lane changes it restricts only
   one way; every lane node a hand-placed space where the board has it (layer ``spaces``),
   with a ``blocked_space`` point on each node of type 4 (blocked, AMB-69);
   the pit lane through its nodes with a box on every garage; the grid slots on the grid nodes;
3. builds the map as the game does, moves or drops arrows the format refuses, and compares
   the result with the board: every space, step, corner and the pit.

Every lane node's space carries its ``row_position``, where it lies among its piece's rows
beside the lane with the most nodes there (``row_positions``): the brick pattern of printed
boards, level lanes and every offset between, section by section, so the map's rows and
diagonals follow the board's wherever its lanes' offset changes along the lap.

Whatever it could not keep is printed, one line each (docs/track-format.md, "Importing a
GP Online track").

The steps live in modules of their own: ``board`` (the board as understood, its measures),
``lanes`` and ``corners`` (step 1), ``geometry`` and ``drawing`` (step 2), ``conversion`` (the
build rounds of step 3) and ``comparison`` (its comparison), ``tmx`` (the file) and ``cli``
(the command).
"""

from game.tools.trackimport.board import NODE_TYPES, Board, ImportProblem, space_of
from game.tools.trackimport.cli import import_cmd
from game.tools.trackimport.comparison import fidelity, step_fates
from game.tools.trackimport.conversion import convert
from game.tools.trackimport.lanes import understand
from game.tools.trackimport.tmx import tmx_text

__all__ = [
    "NODE_TYPES",
    "Board",
    "ImportProblem",
    "convert",
    "fidelity",
    "import_cmd",
    "space_of",
    "step_fates",
    "tmx_text",
    "understand",
]
