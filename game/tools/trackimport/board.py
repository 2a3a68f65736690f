"""The board as the import understood it (``Board``), its measures in the map, and the small
vector and list helpers the import's steps share."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

from game.texts.mo import SOURCE
from game.tools.datfile import DatTrack
from game.tracks.drawing import Part, Said, say
from game.tracks.placed import MAX_GAP
from rules.track import Track

Point = tuple[float, float]
TILE = 32
WEATHER = {"weather_sun": "13-20", "weather_variable": "6-12", "weather_rain": "1-5"}  # the shipped oval's
LAPS = 1
#: GP Online's node types by number (datfile.TYPE_NAMES), as the keys of their names.
NODE_TYPES = ("unknown", "straight", "curve_2", "curve_1", "blocked", "finish", "curve_3", "pit")


class ImportProblem(Exception):
    """The board cannot become a map of this format at all; ``said`` says why and what to do, in
    the language current when it is shown."""

    def __init__(self, said: Said) -> None:
        super().__init__(said.text(SOURCE))
        self.said = said

    def __str__(self) -> str:
        return self.said.text()


@dataclass
class Board:
    """The board as the converter understood it."""

    dat: DatTrack
    lanes: list[list[int]]  # node ids per lane, left lane first, from the finish line
    corners: list[tuple[int, set[int]]]  # (stops, curve nodes), in lap order
    pit: list[int]  # the pit nodes from entry to exit
    pit_entry: int | None
    pit_exit: int | None
    lost: list[Said] = field(default_factory=list)
    pit_ways: list[tuple[int, int]] = field(default_factory=list)  # a second entry or exit: (from, to)
    pit_spread: bool = False  # the pit spaces spread evenly: the format refused them on the nodes
    #: lanes that begin and end, each its nodes from where it begins to where it ends and its side
    #: (-1 left of lane A, +1 right of the last lane)
    partial: list[tuple[list[int], int]] = field(default_factory=list)

    def lane_of(self) -> dict[int, int]:
        """Each lane node's lane: 0 for A, ...; a lane that begins and ends on the left is -1, on
        the right one more than the last, so a step into the lane beside is one lane apart."""
        out = {n: li for li, lane in enumerate(self.lanes) for n in lane}
        for nodes, side in self.partial:
            out.update((n, -1 if side < 0 else len(self.lanes)) for n in nodes)
        return out

    def shift(self) -> int:
        """How many lanes the map has left of the board's lane A: one where a lane that begins and
        ends runs on the left (it is the map's lane A)."""
        return sum(1 for _, side in self.partial if side < 0)


def unit(v: Point) -> Point:
    d = math.hypot(*v)
    return (v[0] / d, v[1] / d) if d else (0.0, 0.0)


def sub(a: Point, b: Point) -> Point:
    return (a[0] - b[0], a[1] - b[1])


def dot(a: Point, b: Point) -> float:
    return a[0] * b[0] + a[1] * b[1]


def cross(a: Point, b: Point) -> float:
    return a[0] * b[1] - a[1] * b[0]


def rotate(v: Point, angle: float) -> Point:
    c, s = math.cos(angle), math.sin(angle)
    return (v[0] * c - v[1] * s, v[0] * s + v[1] * c)


def id_list(ids: list[int], most: int = 12) -> Part:
    """The first ``most`` ids, and how many more."""
    shown = ", ".join(str(i) for i in ids[:most])
    return say("import.ids_more", ids=shown, more=len(ids) - most) if len(ids) > most else shown


def listed(parts: Sequence[Part]) -> Part:
    """Parts one after another, separated as the language separates a list."""
    if len(parts) == 1:
        return parts[0]
    return say("import.list", first=parts[0], rest=listed(parts[1:]))


def measures(board: Board) -> tuple[dict[int, Point], float, float, tuple[int, int]]:
    """Shifted node positions, the space length, the lane spacing and the map size in tiles.

    The space length is the board's median step, or longer where a step would otherwise be
    more than the format's ``MAX_GAP`` spaces between two hand-placed spaces (and the shortest
    still more than half a space)."""
    nodes = board.dat.nodes
    steps = [math.dist(nodes[a].pos, nodes[b].pos) for lane in board.lanes for a, b in zip(lane, lane[1:] + lane[:1])]
    space = round(statistics.median(steps), 1)
    if max(steps) > 0.975 * MAX_GAP * space and min(steps) >= 0.55 * max(steps) / (0.95 * MAX_GAP):
        space = round(max(steps) / (0.95 * MAX_GAP), 1)  # a printed space longer than two: a longer one
    width = statistics.median(math.dist(nodes[a[0]].pos, nodes[b[0]].pos) for a, b in zip(board.lanes, board.lanes[1:]))
    xs, ys = [n.x for n in nodes.values()], [n.y for n in nodes.values()]
    margin = 3 * space
    pos = {n.id: (round(n.x - min(xs) + margin, 2), round(n.y - min(ys) + margin, 2)) for n in nodes.values()}
    size = (math.ceil((max(xs) - min(xs) + 2 * margin) / TILE), math.ceil((max(ys) - min(ys) + 2 * margin) / TILE))
    return pos, space, width, size


def next_in_lane(board: Board, node: int) -> int:
    """The node's next in its lane; the last node of a lane that begins and ends is its own."""
    for nodes, _ in board.partial:
        if node in nodes:
            return nodes[min(nodes.index(node) + 1, len(nodes) - 1)]
    lane = next(lane for lane in board.lanes if node in lane)
    return lane[(lane.index(node) + 1) % len(lane)]


def space_of(board: Board, track: Track) -> dict[int, str]:
    """The space each node became: by order along its lane where the counts agree, else the
    nearest space of its lane within half a space (nodes without one are missing)."""
    pos, space, _, _ = measures(board)
    out: dict[int, str] = {}
    for li, lane in map_lanes(board, track):
        spaces = track.lane_run(li)
        if len(spaces) == len(lane):
            out.update((n, s.name) for n, s in zip(lane, spaces))
            continue
        for n in lane:
            best = min(spaces, key=lambda s: math.dist(pos[n], (s.x, s.y)), default=None)
            if best is not None and math.dist(pos[n], (best.x, best.y)) <= space / 2:
                out[n] = best.name
    return out


def map_lanes(board: Board, track: Track) -> list[tuple[int, list[int]]]:
    """(the map's lane, the board's nodes of it) for every lane, the pit lane last (lane -1): the
    board's lanes of the whole lap, then the lanes that begin and end, whose nodes run from where
    the lane begins (``Track.lane_run``)."""
    shift = board.shift()
    return [
        *((li + shift, lane) for li, lane in enumerate(board.lanes)),
        *((0 if side < 0 else track.lanes - 1, nodes) for nodes, side in board.partial),
        (-1, board.pit),
    ]
