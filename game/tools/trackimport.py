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
"""

from __future__ import annotations

import json
import math
import re
import statistics
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path as FsPath

from game.texts import tr
from game.texts.mo import SOURCE
from game.tools.output import cannot_write
from game.tools.datfile import BLOCKED, STOPS, DatError, DatTrack, read_dat
from game.tracks.build import build
from game.tracks.drawing import Drawing, Part, Problem, Said, Shape, TrackError, say
from game.tracks.geometry import Path
from game.tracks.load import load_track
from game.tracks.placed import MAX_GAP
from rules.record import write_atomic
from rules.track import LANE_LETTERS, EdgeKind, Track, space_name

Point = tuple[float, float]
TILE = 32
WEATHER = {"weather_sun": "13-20", "weather_variable": "6-12", "weather_rain": "1-5"}  # the shipped oval's
LAPS = 1
#: Builds at most. Each one only adds to what the next leaves out or restricts (row lines,
#: arrows moved or dropped, arrow zones, no_lane_change lines given up for zones), so the
#: rounds end; GP Online's boards need 3 to 5.
ROUNDS = 40
#: What became of a board's step (``step_fates``), as the report counts them.
FATES = ("kept", "moved", "dropped", "refused", "blocked")
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


def import_cmd(src: str, out: str, report: str | None = None) -> int:
    """Convert ``src`` into ``out`` and print what was kept and what was lost; ``report`` also
    gets it as JSON (``fidelity``)."""
    if cannot_write(out, ".tmx", tr("import.out_not_tmx")):
        return 1
    if report is not None and cannot_write(report, ".json", tr("import.report_not_json")):
        return 1
    target = FsPath(out)
    try:
        dat = read_dat(src)
        board = understand(dat)
        drawing, _, lost = convert(board, FsPath(src).stem)
    except (DatError, ImportProblem) as err:
        print(f"{err}", file=sys.stderr)
        return 1
    try:
        write_atomic(target, tmx_text(drawing, _geometry(board)[3]))
    except OSError as err:
        print(tr("import.cannot_write_map", out=out, detail=err.strerror or str(err)), file=sys.stderr)
        return 1
    try:
        written = load_track(target)
    except TrackError as err:  # the format refused it after all: say so, keep the file to fix in Tiled
        for p in err.problems:
            print(p.line(), file=sys.stderr)
        print(tr("import.fails_check", out=out), file=sys.stderr)
        return 1
    print(tr("import.read", src=src, nodes=len(dat.nodes), steps=len(dat.edges), header=repr(dat.header)))
    print(kept_line(written).text())
    spaces = space_of(board, written)
    gaps = tuple(say("import.gap", node=n, space=spaces.get(n, "?"), far=float(round(far, 1)), whole=round(far))
                 for n, far in gaps_before(board).items())
    if gaps:
        print(say("import.gaps", gaps=gaps).text())
    facts = fidelity(board, written)
    steps = facts["steps"]
    print(tr("import.steps", board=steps["board"], kept=steps["kept"], moved=steps["moved"],
             dropped=steps["dropped"], refused=steps["refused"], blocked=steps["blocked"]))
    print(say("import.assumed", laps=LAPS, sun=WEATHER["weather_sun"], variable=WEATHER["weather_variable"],
              rain=WEATHER["weather_rain"], start=written.qualifying_start,
              length=float(drawing.props["space_length"])).text())  # one decimal, with the language's sign
    lost = board.lost + lost
    print(tr("import.not_kept", n=len(lost)) if lost else tr("import.not_kept.nothing"))
    for line in lost:
        print(f"  - {line.text()}")
    if report is not None:  # in English whatever the language: a script reads it
        try:
            text = json.dumps({"file": src, "map": out} | facts | {"gaps": [g.text(SOURCE) for g in gaps],
                                                                 "not_kept": [x.text(SOURCE) for x in lost]},
                              indent=2)
            write_atomic(FsPath(report), text + "\n")
        except OSError as err:
            print(tr("import.cannot_write_report", report=report, detail=err.strerror or str(err)), file=sys.stderr)
            return 1
    print(tr("import.written", out=out))
    return 0


def fidelity(board: Board, track: Track) -> dict:
    """The map against the board, counted: spaces per lane, corners, pit lane, grid and the
    board's steps kept as they are, moved to another space (a step lost too) or dropped."""
    spaces = space_of(board, track)
    steps = step_fates(board, track, spaces)
    where = {n: li for li, lane in _map_lanes(board, track)[:-1] for n in lane}
    pos, _, width, _ = _geometry(board)
    pit = track.pit
    return {
        "lanes": [{"lane": LANE_LETTERS[li], "board": len(lane), "map": len(track.lane_spaces(li))}
                  for li, lane in sorted(_map_lanes(board, track)[:-1])],
        "corners": [{"label": c.label, "stops": {"board": stops, "map": c.stops},
                     "spaces": [{"lane": LANE_LETTERS[li],
                                 "board": sum(1 for n in {*group, *_partial_in(board, pos, group, width)}
                                              if where.get(n) == li),
                                 "map": sum(1 for x in c.spaces if track.space(x).lane == li)}
                                for li in range(track.lanes)]}
                    for (stops, group), c in zip(board.corners, track.corners)],
        "pit_lane": {"board": len(board.pit), "map": 0 if pit is None else len(pit.spaces),
                     "boxes_board": sum(1 for n in board.pit if n in board.dat.attributes),
                     "boxes_map": 0 if pit is None else len(pit.boxes)},
        "grid": {"board": len(board.dat.grid), "map": len(track.grid)},
        "blocked": {"board": sum(1 for n in where if board.dat.nodes[n].type == BLOCKED),
                    "map": len(track.blocked)},
        "steps": {"board": len(steps), **{fate: sum(1 for f in steps.values() if f == fate)
                                          for fate in FATES}},
    }


def step_fates(board: Board, track: Track, spaces: dict[int, str]) -> dict[tuple[int, int], str]:
    """What became of each step of the board: ``kept`` (the map has it), ``moved`` (the map has
    a step to another space instead), ``dropped``, ``refused`` (no rule lets a car make it, so no
    printed board has it: ``against_rules``) or ``blocked`` (it touches a blocked node, which no
    car may use, AMB-69)."""
    have = {(e.src, e.dst) for e in track.edges}
    same, staggered = _equivalents(board, track, spaces)
    blocked = {n for n in board.dat.nodes if board.dat.nodes[n].type == BLOCKED}
    out = {}
    for a, b in dict.fromkeys(board.dat.edges):
        if a in blocked or b in blocked:
            out[(a, b)] = "blocked"
        elif (a, b) not in same or same[(a, b)] not in have:
            out[(a, b)] = "refused" if against_rules(board, spaces, a, b) is not None else "dropped"
        else:
            out[(a, b)] = "moved" if (a, b) in staggered else "kept"
    return out


def kept_line(t: Track) -> Said:
    """What the map has: lanes, corners, pit lane, grid and blocked spaces."""
    lanes = ", ".join(f"{s[0].name[0]} {len(s)}" for s in (t.lane_spaces(i) for i in range(t.lanes)))
    corners = ", ".join(str(c.stops) for c in t.corners)
    pit = (say("import.kept.no_pit") if t.pit is None
           else say("import.kept.pit", spaces=len(t.pit.spaces), boxes=len(t.pit.boxes)))
    blocked: Part = say("import.kept.blocked", n=len(t.blocked), spaces=" ".join(t.blocked)) if t.blocked else ""
    return say("import.kept", lanes=t.lanes, per_lane=say("import.kept.spaces", spaces=lanes),
               corners=len(t.corners), stops=corners, pit=pit, grid=len(t.grid), blocked=blocked)


# --- understanding the board ---------------------------------------------------------------


def understand(dat: DatTrack) -> Board:
    """Lanes, corners and pit lane of a GP Online board; ImportProblem if they cannot be found."""
    lost: list[Said] = []
    chains = _partial_lanes(dat)
    partial = {n for chain in chains for n in chain}
    lanes = _lanes(dat, partial)
    runs = _partial_sides(dat, lanes, chains, lost)
    in_lane = {n for lane in lanes for n in lane}
    stray = sorted(n.id for n in dat.nodes.values() if not n.pit and n.id not in in_lane and n.id not in partial)
    if stray:
        lost.append(say("import.stray", n=len(stray), ids=_ids(stray)))
    for n in sorted(in_lane):
        kind = dat.nodes[n].type
        if kind == 0:
            lost.append(say("import.unknown_type", node=n))
    corners = _corners(dat, lanes, lost, sum(1 for _, side in runs if side < 0))
    pit, entry, exit_, ways = _pit(dat, in_lane, lost)
    return Board(dat, lanes, corners, pit, entry, exit_, lost, ways, partial=runs)


def _unit(v: Point) -> Point:
    d = math.hypot(*v)
    return (v[0] / d, v[1] / d) if d else (0.0, 0.0)


def _sub(a: Point, b: Point) -> Point:
    return (a[0] - b[0], a[1] - b[1])


def _dot(a: Point, b: Point) -> float:
    return a[0] * b[0] + a[1] * b[1]


def _cross(a: Point, b: Point) -> float:
    return a[0] * b[1] - a[1] * b[0]


def _rotate(v: Point, angle: float) -> Point:
    c, s = math.cos(angle), math.sin(angle)
    return (v[0] * c - v[1] * s, v[0] * s + v[1] * c)


def _ids(ids: list[int], most: int = 12) -> Part:
    """The first ``most`` ids, and how many more."""
    shown = ", ".join(str(i) for i in ids[:most])
    return say("import.ids_more", ids=shown, more=len(ids) - most) if len(ids) > most else shown


def _listed(parts: list[Part]) -> Part:
    """Parts one after another, separated as the language separates a list."""
    if len(parts) == 1:
        return parts[0]
    return say("import.list", first=parts[0], rest=_listed(parts[1:]))


def _lanes(dat: DatTrack, left_out: set[int]) -> list[list[int]]:
    nodes = dat.nodes
    succ: dict[int, list[int]] = {n: [] for n in nodes if n not in left_out}
    for a, b in dat.edges:
        if not nodes[a].pit and not nodes[b].pit and a in succ and b in succ:
            succ[a].append(b)
    starts = [n for n in nodes.values() if n.finish and not n.pit and n.id not in left_out]
    if not 2 <= len(starts) <= 4:
        raise ImportProblem(say("import.finish_nodes", n=len(starts)))
    ahead = [_unit(_sub(nodes[b].pos, s.pos)) for s in starts for b in succ[s.id]]
    if not ahead:
        raise ImportProblem(say("import.no_start_step"))
    d = _unit((sum(v[0] for v in ahead), sum(v[1] for v in ahead)))
    right = (-d[1], d[0])  # y grows downwards
    ref = starts[0].pos
    starts.sort(key=lambda s: _dot(_sub(s.pos, ref), right))
    # every lane walks from its finish node, the one furthest behind first, and never into a
    # node another lane took or is about to take; the lap closes when a lane is back at its start
    lanes = [[s.id] for s in starts]
    steps: list[list[Point]] = [[d] for _ in starts]
    claimed = {s.id: li for li, s in enumerate(starts)}
    open_ = set(range(len(starts)))

    def free(i: int) -> list[int]:
        return [c for c in succ[lanes[i][-1]] if c == lanes[i][0] or c not in claimed]

    def ranked(i: int, options: list[int]) -> list[int]:
        """The options, the lane's own next node first as far as it can be told.

        A lane change leads a lane's width to the side, so among all the steps out of a node the
        lane's own is the leftmost in the leftmost lane, the rightmost in the rightmost lane and
        the middle one of three; only where that leaves a choice, the step nearest the line the
        lane follows wins (its last two steps, bending on as they bend into a curve)."""
        cur, past = lanes[i][-1], steps[i]
        here = nodes[cur].pos
        ahead = _unit((past[-1][0] + past[-2][0], past[-1][1] + past[-2][1])) if len(past) > 1 else past[-1]
        if len(past) > 1 and any(nodes[c].curve for c in options):
            ahead = _rotate(ahead, math.atan2(_cross(past[-2], past[-1]), _dot(past[-2], past[-1])))
        by_line = sorted(options, key=lambda c: (_skips(c, options, here),
                                                 abs(_cross(ahead, _sub(nodes[c].pos, here)))
                                                 - 0.1 * _dot(ahead, _sub(nodes[c].pos, here))))
        across = sorted(succ[cur], key=lambda c: _cross(ahead, _sub(nodes[c].pos, here)))  # left to right
        own = None
        if not across:  # a node without a step forwards: no choice to rank
            return by_line
        if i == 0 and len(lanes) > 1:
            own = across[0]
        elif i == len(lanes) - 1 and len(lanes) > 1:
            own = across[-1]
        elif len(across) == 3:
            own = across[1]
        if own in options:
            return [own] + [c for c in by_line if c != own]
        return by_line

    def _skips(c: int, options: list[int], here: Point) -> bool:
        """A step past another option that lies on its way and leads on to it (a board that also
        lists the step over a node): the lane goes through that node first."""
        far = math.dist(here, nodes[c].pos)
        way = _unit(_sub(nodes[c].pos, here))
        return any(c in succ[o] and math.dist(here, nodes[o].pos) < 0.7 * far
                   and abs(_cross(way, _sub(nodes[o].pos, here))) < 0.25 * far for o in options if o != c)

    history: list[tuple[int, list[int], int]] = []  # (lane, its ranked options, the one taken)
    budget = 20 * len(nodes)  # steps taken back at most, when a lane ends up with no way on

    def take(i: int, options: list[int], k: int) -> None:
        history.append((i, options, k))
        if options[k] == lanes[i][0]:
            open_.discard(i)  # back at its finish node: the lap is closed
            return
        steps[i].append(_unit(_sub(nodes[options[k]].pos, nodes[lanes[i][-1]].pos)))
        lanes[i].append(options[k])
        claimed[options[k]] = i

    while open_:
        li = min(open_, key=lambda i: sum(_dot(_sub(nodes[lanes[i][-1]].pos, nodes[lanes[j][-1]].pos), steps[i][-1])
                                          for j in range(len(lanes)) if j != i))
        lane, cur = lanes[li], lanes[li][-1]
        options = free(li)
        if not options:  # a lane took a node another needed: take back the last choice that had another way
            stuck = (li, cur)
            while history and budget > 0:
                budget -= 1
                lj, opts, k = history.pop()
                if opts[k] == lanes[lj][0]:
                    open_.add(lj)
                else:
                    del claimed[lanes[lj].pop()]
                    steps[lj].pop()
                if k + 1 < len(opts):
                    take(lj, opts, k + 1)
                    break
            else:
                li, cur = stuck
                taken = sorted({"ABCD"[claimed[c]] for c in succ[cur] if c in claimed})
                into = (say("import.into_lanes", lanes=", ".join(taken), count=len(taken)) if taken
                        else say("import.into_needed"))
                x, y = f"{nodes[cur].x:g}", f"{nodes[cur].y:g}"
                raise ImportProblem(
                    say("import.lanes_tangled", lane="ABCD"[li], start=lanes[li][0] if li < len(lanes) else cur,
                        node=cur, x=x, y=y, into=into)
                    if succ[cur] else say("import.dead_end", node=cur, x=x, y=y, lane="ABCD"[li]))
            continue
        if len(lane) > len(nodes):
            raise ImportProblem(say("import.never_returns", lane="ABCD"[li], node=lane[0]))
        others = {c for j in open_ - {li} for c in ranked(j, free(j))[:1]}  # where the others go next,
        others |= {succ[w][0] for w in others if len(succ[w]) == 1}  # and on, where that is their only way
        mine = ranked(li, options)
        take(li, sorted(mine, key=lambda c: c in others), 0)
    return lanes


def _partial_lanes(dat: DatTrack) -> list[list[int]]:
    """The lanes along part of the lap only, each its nodes from where it begins to where it ends.

    GP Online draws such a lane (a fourth lane on a start straight) as one that ends on a
    blocked node whose one step leads far round the track to where the lane begins again.
    The lane is followed back from its end, each time to the node straight behind, to where
    it begins; a lane that cannot be followed back stops the import."""
    nodes = dat.nodes
    back: dict[int, list[int]] = {}
    for a, b in dat.edges:
        if not nodes[a].pit and not nodes[b].pit:
            back.setdefault(b, []).append(a)
    steps = sorted(math.dist(nodes[a].pos, nodes[b].pos) for a, b in dat.edges)
    step = steps[len(steps) // 2] if steps else 1.0
    out: list[list[int]] = []
    for end, again in dat.edges:
        far = math.dist(nodes[end].pos, nodes[again].pos)
        if nodes[end].type != BLOCKED or far <= 4 * step or nodes[again].pit:
            continue
        chain, nxt = [end], end
        while chain[-1] != again and len(chain) <= len(nodes):
            here = chain[-1]
            behind = [p for p in back.get(here, []) if p not in chain and p != end]
            if not behind:
                break
            way = _unit(_sub(nodes[nxt].pos, nodes[here].pos)) if nxt != here else None
            chain.append(max(behind, key=lambda p: _dot(_unit(_sub(nodes[here].pos, nodes[p].pos)), way)
                             if way else -math.dist(nodes[p].pos, nodes[here].pos)))
            nxt = here
        if chain[-1] != again:
            raise ImportProblem(say("import.blocked_unfollowed", end=end, x=f"{nodes[end].x:g}",
                                    y=f"{nodes[end].y:g}", far=f"{far / step:.0f}", again=again))
        out.append(chain[::-1])
    return out


def _partial_sides(dat: DatTrack, lanes: list[list[int]], chains: list[list[int]],
                   lost: list[Said]) -> list[tuple[list[int], int]]:
    """Each lane that begins and ends with its side: the map takes it as the leftmost or the
    rightmost lane, beside lane A or the last lane all along; one between lanes, or a second on
    a side, is left out with a line in ``lost``."""
    nodes = dat.nodes
    out: list[tuple[list[int], int]] = []
    for chain in chains:
        near = {li for n in chain if nodes[n].type != BLOCKED
                for li in [min(range(len(lanes)), key=lambda i: min(math.dist(nodes[n].pos, nodes[m].pos)
                                                                    for m in lanes[i]))]}
        side = -1 if near == {0} else 1 if near == {len(lanes) - 1} else 0
        if side and not any(s == side for _, s in out):
            out.append((chain, side))
            continue
        begin, end = chain[0], chain[-1]
        lost.append(say("import.partial_lane", again=begin, ax=f"{nodes[begin].x:g}", ay=f"{nodes[begin].y:g}",
                        end=end, ex=f"{nodes[end].x:g}", ey=f"{nodes[end].y:g}", n=len(chain),
                        ids=_ids(sorted(chain), 6)))
    return out


def _corners(dat: DatTrack, lanes: list[list[int]], lost: list[Said], shift: int) -> list[tuple[int, set[int]]]:
    """The curve nodes grouped into corners with their stops; ``shift`` lanes lie left of lane A in the map
    (a lane that begins and ends), so the lines name the map's lanes."""
    nodes = dat.nodes
    in_lane = {n for lane in lanes for n in lane}
    curve = {n for n in in_lane if nodes[n].curve}
    links: dict[int, set[int]] = {n: set() for n in curve}
    for a, b in dat.edges:
        if a in curve and b in curve:
            links[a].add(b)
            links[b].add(a)
    for lane in lanes:  # consecutive curve nodes of a lane belong together even without an edge
        for a, b in zip(lane, lane[1:]):
            if a in curve and b in curve:
                links[a].add(b)
                links[b].add(a)
    groups: list[set[int]] = []
    seen: set[int] = set()
    for n in sorted(curve):
        if n in seen:
            continue
        group, todo = set(), [n]
        while todo:
            m = todo.pop()
            if m not in group:
                group.add(m)
                todo.extend(links[m] - group)
        seen |= group
        groups.append(group)
    where = {n: (li, k) for li, lane in enumerate(lanes) for k, n in enumerate(lane)}
    groups = [part for g in _joined_beside(dat, lanes, groups, where)
              for part in _split_runs(dat, lanes, g, where)]
    corners = []
    for group in groups:
        kinds = {nodes[n].type for n in group}
        curve_nodes = sorted(group)
        missing = [li for li in range(len(lanes)) if not any(where[n][0] == li for n in group)]
        for li in sorted(missing, key=lambda i: min(abs(i - j) for j in set(range(len(lanes))) - set(missing))):
            lane = lanes[li]  # a curve beside this lane only: its nodes beside the curve (or beside those) join it
            beside = sorted({where[m][1] for a, b in dat.edges for m in (a, b)
                             if (a in group or b in group) and m in where and where[m][0] == li})
            if not beside:
                raise ImportProblem(say("import.curve_no_lane", ids=_ids(curve_nodes), lane=LANE_LETTERS[li + shift]))
            ks = list(range(beside[0], beside[-1] + 1))
            group |= {lane[k] for k in ks}
            lost.append(say("import.curve_lane_straight", ids=_ids(curve_nodes, 4), lane=LANE_LETTERS[li + shift],
                            nodes=_ids([lane[k] for k in ks], 4)))
        for li, lane in enumerate(lanes):
            ks = sorted(where[n][1] for n in group if where[n][0] == li)
            if ks[0] == 0 and len(ks) > 1 and ks == list(range(ks[-1] + 1)):  # the curve begins on the line
                group.discard(lane[0])
                ks = ks[1:]
                lost.append(say("import.curve_on_finish", ids=_ids(curve_nodes, 4), lane=LANE_LETTERS[li + shift],
                                node=lane[0], space=space_name(li + shift, 0)))
            if ks[0] > 0 and ks != list(range(ks[0], ks[-1] + 1)):  # straight nodes amid a lane's curve
                between = [lane[k] for k in range(ks[0], ks[-1] + 1) if lane[k] not in group]
                group.update(between)
                ks = list(range(ks[0], ks[-1] + 1))
                if any(nodes[n].type != BLOCKED for n in between):  # a blocked node in a curve loses nothing
                    lost.append(say("import.curve_part_straight", ids=_ids(curve_nodes, 4), lane=LANE_LETTERS[li + shift],
                                    nodes=_ids(between, 4)))
            if 0 in ks or ks != list(range(ks[0], ks[-1] + 1)):
                raise ImportProblem(say("import.curve_broken", ids=_ids(sorted(group)), lane=LANE_LETTERS[li + shift]))
        stops = max(STOPS[k] for k in kinds)
        if len(kinds) > 1:
            lost.append(say("import.curve_mixed", ids=_ids(curve_nodes),
                            kinds=_listed([say(f"import.type.{NODE_TYPES[k]}") for k in sorted(kinds)]), stops=stops))
        corners.append((stops, group))
    corners.sort(key=lambda c: min(where[n][1] for n in c[1] if where[n][0] == 0))
    return corners


def _runs(lanes: list[list[int]], group: set[int], where: dict[int, tuple[int, int]]) -> list[list[int]]:
    """The group's nodes as runs of consecutive nodes of one lane."""
    runs: list[list[int]] = []
    for n in sorted(group, key=lambda m: where[m]):
        li, k = where[n]
        if runs and where[runs[-1][-1]] == (li, k - 1):
            runs[-1].append(n)
        else:
            runs.append([n])
    return runs


def _split_runs(dat: DatTrack, lanes: list[list[int]], group: set[int],
                where: dict[int, tuple[int, int]]) -> list[set[int]]:
    """A group of curve nodes that every lane drives as the same number of curves with straight
    nodes between (two corners in a row that lane changes between them link) split into one
    group per curve of one lane: every run of another lane goes with the curve whose nodes lie
    nearest. Any other group stays whole."""
    runs = _runs(lanes, group, where)
    per_lane = [[r for r in runs if where[r[0]][0] == li] for li in range(len(lanes))]
    seeds = max(per_lane, key=len)
    if len(seeds) < 2 or any(len(r) != len(seeds) for r in per_lane):
        return [group]  # a lane drives it as one curve: one corner (``_corners`` fills the other lanes' gaps)
    nodes = dat.nodes

    def gap(a: list[int], b: list[int]) -> float:
        return min(math.dist(nodes[m].pos, nodes[n].pos) for m in a for n in b)

    parts = [set(seed) for seed in seeds]
    for run in runs:
        if run not in seeds:
            parts[min(range(len(seeds)), key=lambda i: gap(run, seeds[i]))].update(run)
    return parts


def _joined_beside(dat: DatTrack, lanes: list[list[int]], groups: list[set[int]],
                   where: dict[int, tuple[int, int]]) -> list[set[int]]:
    """Curve groups that lack a lane joined with the curve beside them: a lane's curve nodes
    that no step links to its neighbour's (a board lists only the lane's own steps there) still
    belong to the neighbour's corner when the nearest node of that lane, less than a lane and
    a half away, is a curve node of it."""
    nodes = dat.nodes
    width = statistics.median(math.dist(nodes[a[0]].pos, nodes[b[0]].pos) for a, b in zip(lanes, lanes[1:]))
    group_of = {n: gi for gi, g in enumerate(groups) for n in g}
    parent = list(range(len(groups)))

    def root(i: int) -> int:
        while parent[i] != i:
            i = parent[i]
        return i

    for gi, group in enumerate(groups):
        has = {where[n][0] for n in group}
        for li in set(range(len(lanes))) - has:
            if not any(abs(li - j) == 1 for j in has):
                continue
            near = [min(lanes[li], key=lambda m: math.dist(nodes[m].pos, nodes[n].pos)) for n in group
                    if abs(where[n][0] - li) == 1]
            for m, n in zip(near, (n for n in group if abs(where[n][0] - li) == 1)):
                if m in group_of and math.dist(nodes[m].pos, nodes[n].pos) < 1.5 * width:
                    parent[root(group_of[m])] = root(gi)
    merged: dict[int, set[int]] = {}
    for gi, group in enumerate(groups):
        merged.setdefault(root(gi), set()).update(group)
    return list(merged.values())


def _pit(dat: DatTrack, in_lane: set[int], lost: list[Said]) -> tuple[list[int], int | None, int | None, list[tuple[int, int]]]:
    """The pit lane's nodes from its first entry to its exit, that entry and exit, and the other
    entries and exits (each a second pit_lane line of the map)."""
    nodes = dat.nodes
    pits = {n.id for n in nodes.values() if n.pit}
    if not pits:
        return [], None, None, []
    entries = [(a, b) for a, b in dat.edges if a in in_lane and b in pits]
    if not entries:
        lost.append(say("import.no_pit_entry", n=len(pits)))
        return [], None, None, []
    entry, first = entries[0]
    chain = [first]
    while True:  # along the pit lane to its far end; exits on the way are the format's loss
        nxt = [b for a, b in dat.edges if a == chain[-1] and b in pits and b not in chain]
        if not nxt:
            break
        if len(nxt) > 1:
            lost.append(say("import.pit_branch", node=chain[-1], ids=_ids(nxt[1:])))
        chain.append(nxt[0])
    exits = [(a, b) for a, b in dat.edges if a in pits and b in in_lane]
    ends = [b for a, b in exits if a == chain[-1]]
    if not ends:
        lost.append(say("import.pit_no_return", node=first))
        return [], None, None, []
    exit_ = ends[0]
    ways = [(a, b) for a, b in entries[1:] + exits if (a, b) != (chain[-1], exit_) and (a in chain or b in chain)]
    rest = sorted(pits - set(chain))
    if rest:
        lost.append(say("import.pit_stray", n=len(rest), ids=_ids(rest)))
    return chain, entry, exit_, ways


# --- drawing the map -------------------------------------------------------------------------


def convert(board: Board, name: str) -> tuple[Drawing, Track, list[Said]]:
    """The drawing of the board in this format, its track, and what the format could not take."""
    zones: set[int] = set()
    dropped: dict[tuple[int, int], Said] = {}
    shifted: set[tuple[int, int]] = set()  # staggered lane changes, drawn to the next space of the lane
    skip_rows: set[tuple[int, ...]] = set()
    centres: dict[int, Point] | None = None  # where each node's space is, once a build without arrows placed them
    lines: dict[tuple[Point, ...], set[int]] = {}  # no_lane_change lines, each with the nodes it restricts
    tried: set[tuple[Point, ...]] = set()
    tried_exits: set[int] = set()
    last: list[Said] = []
    for _ in range(ROUNDS):
        drawing, arrows, rows = draw(board, name, zones, set(dropped), shifted, skip_rows, centres, tuple(lines))
        try:
            track = build(drawing)
        except TrackError as err:
            last = [say("track.line_without_fix", where=_where(p), message=p.said) for p in err.problems]
            line_of = {sh.id: sh.points for sh in drawing.layers["arrows"] if sh.cls == "no_lane_change"}
            pits = drawing.layers.get("pit", [])
            pit_line = next((sh.id for sh in pits if sh.props.get("spaces_on_points")), None)
            if pit_line is not None and any(p.object_id == pit_line for p in err.problems):  # pit nodes leading back
                if not _other_exit(board, tried_exits):  # the exit beside the pit lane's end leads back: another
                    board.pit_spread = True  # else spread the pit spaces evenly
                continue
            refused_lines = {line_of[p.object_id] for p in err.problems if p.object_id in line_of}
            if refused_lines:  # the format refused a line: its nodes get arrow zones instead
                for pts in refused_lines:
                    zones |= lines.pop(pts)
                continue
            crossing = {rows[p.object_id] for p in err.problems if p.object_id in rows}
            if crossing:  # a row line in a tight bend met a lane twice: do without it (the spaces move)
                skip_rows |= crossing
                centres = None
                continue
            refused = {p.object_id: p for p in err.problems if p.object_id in arrows}
            if not refused:
                raise ImportProblem(_explain(board, drawing, err.problems)) from None
            for oid, problem in refused.items():
                step = arrows[oid]
                if "does not point forwards" in problem.message and step not in shifted:
                    shifted.add(step)
                elif "outside every corner and arrow zone" in problem.message and step[0] not in zones:
                    zones.add(step[0])  # drawn for the zone of the space it leads to: its own needs one
                else:
                    dropped[step] = problem.said
            continue
        spaces = space_of(board, track)
        if centres is None:  # now the arrows can join the spaces' centres, wherever the nodes lie
            centres = {n: (track.space(name).x, track.space(name).y) for n, name in spaces.items()}
            continue
        added = _added_steps(board, track, spaces)
        node_of = {name: n for n, name in spaces.items()}
        extra = {(src, dst) for src, dst, kind in added if kind == EdgeKind.DIAGONAL}
        fresh = {node_of[src] for src, _ in extra if src in node_of} - zones
        fresh |= _sideways_on_straights(board, track, spaces) - zones
        fresh |= _missing_changes(board, track, spaces, dropped) - zones
        if not fresh:
            return drawing, track, _compare(board, track, spaces, dropped)
        last = [say("import.fresh_changes", ids=_ids(sorted(fresh)), count=len(fresh))]
        for pts, srcs in forbidding_lines(track, extra, float(drawing.props["space_length"])):
            nodes = {node_of[n] for n in srcs if n in node_of}
            if pts not in tried and nodes <= fresh:  # a printed line instead of arrow zones, tried once
                tried.add(pts)
                lines[pts] = nodes
                fresh -= nodes
        zones |= fresh
    raise ImportProblem(say("import.unmatched", rounds=ROUNDS, n=len(last),
                            first=last[0] if last else say("import.none")))


def _other_exit(board: Board, tried: set[int]) -> bool:
    """Make another of the pit lane's ways back onto the track its exit, the one before a second
    exit, where the pit lane's end has several (one beside the end, level with it, leads back
    in the format); False when none is left to try."""
    if not board.pit or board.pit_exit is None:
        return False
    end = board.pit[-1]
    others = [b for a, b in board.pit_ways if a == end and b not in tried]
    if not others:
        return False
    tried.add(board.pit_exit)
    board.pit_ways = [w for w in board.pit_ways if w != (end, others[0])] + [(end, board.pit_exit)]
    board.pit_exit = others[0]
    return True


def _where(p: Problem) -> Part:
    """Where a problem of the converted map is, as ``Problem.line`` says it, kept to translate."""
    where: Part = p.file or say("track.where.track")
    if p.object_id is not None:
        where = say("track.where.object", where=where, id=p.object_id)
    if p.x is not None and p.y is not None:
        where = say("track.where.at", where=where, x=round(p.x), y=round(p.y))
    return where


def _explain(board: Board, drawing: Drawing, problems: list[Problem]) -> Said:
    """What the board has that the map the converter drew cannot take, in the board's terms:
    its nodes and lanes, and the fix in GP Online's editor."""
    lane_of_id = {sh.id: "ABCD"[li] for li, sh in enumerate(drawing.layers["lanes"])}
    node_of_id = dict(zip((sh.id for sh in drawing.layers["spaces"] if sh.cls == "space"),
                          (n for lane in board.lanes for n in lane)))
    corner_of_id = {sh.id: group for sh, (_, group) in zip(drawing.layers["corners"], board.corners)}
    out: list[Said] = []
    for p in problems:
        lane = re.search(r"lane object (\d+) crosses the corner border (\d+) times", p.message)
        apart = re.search(r"hand-placed spaces? (\d+)(?: and (\d+))?", p.message)
        if lane and p.object_id in corner_of_id:
            name = lane_of_id.get(int(lane[1]), "?")
            out.append(say("import.border_crossed", lane=name, ids=_ids(sorted(corner_of_id[p.object_id]), 6),
                           times=int(lane[2])))
        elif apart and int(apart[1]) in node_of_id:
            nodes = [node_of_id[int(i)] for i in apart.groups() if i and int(i) in node_of_id]
            lane_at = board.lane_of()
            out.append(say("import.long_step", nodes=", ".join(map(str, nodes)), lane="ABCD"[lane_at[nodes[0]]],
                           message=p.said, count=len(nodes)))
        else:
            line = say("track.line", where=_where(p), message=p.said, fix=p.fix)
            out.append(say("import.lanes_maybe_wrong", line=line))
    return say("import.not_converted", problems=tuple(out))


def _geometry(board: Board) -> tuple[dict[int, Point], float, float, tuple[int, int]]:
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


#: How far a corner border reaches past the outer lanes, in lane widths: the first that every
#: lane crosses exactly twice is taken (a tight hairpin's inner lane needs a short reach).
REACHES = (1.0, 0.6, 0.35, 0.2, 0.1)


def _corner_border(pos: dict[int, Point], lanes: list[list[int]], runs: list[list[int]],
                   enter: list[tuple[Point, Point]], leave: list[tuple[Point, Point]], width: float,
                   paths: list[Path]) -> list[Point]:
    """The corner's polygon: the entry line across the lanes, outside the right lane along its
    curve nodes, the exit line back, and outside the left lane; nearer the lanes where a
    wider one would meet a lane more than twice (the format's check, CORE-CORNER)."""
    first, last = lanes[0], lanes[-1]
    poly: list[Point] = []
    for reach in REACHES:
        side = 0.6 * reach * width
        right_side = [(pos[last[k]][0] + _right(pos, last, k)[0] * side,
                       pos[last[k]][1] + _right(pos, last, k)[1] * side) for k in runs[-1]]
        left_side = [(pos[first[k]][0] - _right(pos, first, k)[0] * side,
                      pos[first[k]][1] - _right(pos, first, k)[1] * side) for k in runs[0]]
        poly = (_through(enter, width, reach) + right_side + _through(leave, width, reach)[::-1]
                + left_side[::-1])
        if all(_meets_at(p, poly, (e[0], z[0])) for p, e, z in zip(paths, enter, leave)):
            break
    return poly


def _meets_at(path: Path, poly: list[Point], cuts: tuple[Point, Point]) -> bool:
    """The polygon crosses the lane twice, at its entry and exit cuts: not at a stretch of the
    track that runs close by (a bridge over the bend, a hairpin's other side)."""
    xs = path.crossings(poly, True)
    if len(xs) != 2:
        return False
    want = sorted(path.project(c)[0] for c in cuts)
    return all(min(abs(x - w), path.length - abs(x - w)) < 1.0 for x, w in zip(sorted(xs), want))


def _through(cuts: list[tuple[Point, Point]], width: float, reach: float = 1.0) -> list[Point]:
    """A line across the lanes that crosses each lane exactly at its cut point: a short
    piece square to the lane through each point, joined between the lanes, and reaching
    out past the outer lanes (``reach`` times 0.8 lane widths). ``cuts`` holds (point,
    right-hand normal) per lane, left first."""
    out: list[Point] = []
    last = len(cuts) - 1
    for i, (c, n) in enumerate(cuts):
        before, after = (0.8 * reach if i == 0 else 0.3) * width, (0.8 * reach if i == last else 0.3) * width
        out += [(c[0] - n[0] * before, c[1] - n[1] * before), (c[0] + n[0] * after, c[1] + n[1] * after)]
    return out


def _right(pos: dict[int, Point], lane: list[int], k: int) -> Point:
    """The right-hand normal of the lane at its k-th node."""
    a, b = pos[lane[(k - 1) % len(lane)]], pos[lane[(k + 1) % len(lane)]]
    d = _unit(_sub(b, a))
    return (-d[1], d[0])


#: Nodes per piece at most before a row line cuts it: each cut can take up a piece's
#: uneven spacing, so short pieces keep their nodes' count on hand-traced boards.
CHUNK = 4


def _cut_points(board: Board, pos: dict[int, Point], space: float, skip: set[tuple[int, ...]]) -> tuple[list[dict[int, tuple[Point, Point]]], list[tuple[int, ...]]]:
    """Per lane, where the start line (key 0), each corner border and each row line cut the
    lane (key: the index of the first node after the cut), with the normal there; and per
    row line the key it has in each lane.

    The format gives a piece between two cuts ``round(length / space)`` spaces, so each cut
    is slid along its step (between 15 % and 85 % of it) until the piece before it is as long
    as its nodes ask (in a gap, within a space and a fifth of the node before it). Pieces
    longer than ``CHUNK`` nodes in every lane are cut by row lines (``_row_cuts``)."""
    where = {n: (li, k) for li, lane in enumerate(board.lanes) for k, n in enumerate(lane)}
    majors = []
    for li, lane in enumerate(board.lanes):
        bounds = {0}
        for _, group in board.corners:
            ks = sorted(where[m][1] for m in group if where[m][0] == li)
            bounds |= {ks[0], (ks[-1] + 1) % len(lane)}
        majors.append(sorted(bounds))
    rows: list[tuple[int, ...]] = []
    if len({len(m) for m in majors}) == 1:
        for p in range(len(majors[0])):
            ends = [(m[p], m[p + 1] if p + 1 < len(m) else len(lane)) for m, lane in zip(majors, board.lanes)]
            chunks = max(1, min(z - a for a, z in ends) // CHUNK)
            rows += _row_cuts(board, pos, ends, chunks)
        rows = [r for r in rows if r not in skip]  # row lines the format refused (they cross a lane twice)
    out = []
    for li, lane in enumerate(board.lanes):
        n = len(lane)
        order = sorted(set(majors[li]) | {r[li] for r in rows})

        def chord(k: int) -> float:
            return math.dist(pos[lane[k - 1]], pos[lane[k % n]])

        frac = {0: 0.5}
        for prev, k in zip(order, order[1:]):
            inner = sum(math.dist(pos[lane[j]], pos[lane[j + 1]]) for j in range(prev, k - 1))
            have = (1 - frac[prev]) * chord(prev) + inner
            # in a gap (a step the board has no space in) the line stays near the space before it
            most = min(0.85, 1.2 * space / (chord(k) or 1.0))
            frac[k] = min(most, max(0.15, ((k - prev) * space - have) / (chord(k) or 1.0)))
        cuts = {}
        for k, f in frac.items():
            a, b = pos[lane[k - 1]], pos[lane[k % n]]
            d = _unit(_sub(b, a))
            cuts[k] = ((a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f), (-d[1], d[0]))
        out.append(cuts)
    return out, rows


def _row_cuts(board: Board, pos: dict[int, Point], ends: list[tuple[int, int]], chunks: int) -> list[tuple[int, ...]]:
    """The row lines of one stretch between major cuts (``ends``: each lane's first node and the
    one after its last), ``chunks - 1`` of them: each cuts the lane with the most nodes at an even
    fraction, a lane with as many nodes at the same place among them, and every other lane
    before its first node that lies beside or ahead of that cut
    (a quarter space of slack for the brick pattern), so no node after a row line lies beside or
    behind one before it in the next lane; each piece keeps a node of every lane."""
    ref = max(range(len(ends)), key=lambda li: ends[li][1] - ends[li][0])
    lane, (a_r, z_r) = board.lanes[ref], ends[ref]
    line = [pos[lane[k % len(lane)]] for k in range(a_r - 1, z_r + 1)]
    beside = [[_index_on(line, pos[board.lanes[li][k % len(board.lanes[li])]]) + a_r - 1 for k in range(a, z)]
              for li, (a, z) in enumerate(ends)]
    out = []
    before = [a for a, _ in ends]
    for j in range(1, chunks):
        at = a_r + round(j * (z_r - a_r) / chunks)
        keys = []
        for li, (a, z) in enumerate(ends):
            if z - a == z_r - a_r:  # as many nodes as the reference: the same place among them
                k = a + at - a_r
            else:
                k = a + next((i for i, t in enumerate(beside[li]) if t >= at - 0.25), z - a)
            keys.append(min(max(k, before[li] + 1), z - (chunks - j)))
        keys = _unbroken(board, ends, keys, [b + 1 for b in before], [z - (chunks - j) for _, z in ends])
        before = keys
        out.append(tuple(keys))
    return out


def _unbroken(board: Board, ends: list[tuple[int, int]], keys: list[int], low: list[int], high: list[int]) -> list[int]:
    """A row line's keys moved so that no lane change of the board leads from a node after it
    to one before it (the map's rows would make it lead back): the line moves back in the lane
    the change leads into, or else on in the lane it leaves, within ``low``..``high``."""
    where = {n: (li, k) for li, lane in enumerate(board.lanes) for k, n in enumerate(lane)}
    near = [(where[a], where[b]) for a, b in board.dat.edges if a in where and b in where
            and abs(where[a][0] - where[b][0]) == 1
            and all(ends[li][0] <= k < ends[li][1] for li, k in (where[a], where[b]))]
    keys = list(keys)
    for _ in range(4):
        broken = [(ia, ib) for ia, ib in near if ia[1] >= keys[ia[0]] and ib[1] < keys[ib[0]]]
        if not broken:
            break
        for (la, ka), (lb, kb) in broken:
            if low[lb] <= kb and kb < keys[lb]:
                keys[lb] = max(low[lb], kb)
            elif ka + 1 <= high[la]:
                keys[la] = max(keys[la], ka + 1)
    return keys


#: A node this close to a whole or half row of its piece (in spaces) is taken as level with it
#: or as the brick pattern's half space: traced boards are a few pixels off.
SNAP = 0.2


def row_positions(board: Board, pos: dict[int, Point], cuts: list[dict[int, tuple[Point, Point]]]) -> dict[int, float]:
    """Each lane node's ``row_position``: where it lies among the rows of its piece, measured on
    the lane with the most nodes there (its nodes at 0, 1, 2, ...), every other lane's node at
    the point of that lane's line beside it. So the map's rows follow the board wherever its
    lanes are level or staggered and by how much, section by section."""
    lanes = board.lanes
    order = [sorted(c) for c in cuts]
    out: dict[int, float] = {}
    if len({len(o) for o in order}) > 1:  # the lanes meet different lines: the build names them; each lane alone
        return {n: float(k - max(x for x in o if x <= k)) for lane, o in zip(lanes, order) for k, n in enumerate(lane)}
    for j in range(len(order[0])):
        piece = [lane[o[j]:o[j + 1]] if j + 1 < len(o) else lane[o[j]:] for lane, o in zip(lanes, order)]
        ref = max(range(len(lanes)), key=lambda li: len(piece[li]))
        lane, first = lanes[ref], order[ref][j]
        line = [pos[lane[(first + k) % len(lane)]] for k in range(-1, len(piece[ref]) + 1)]
        for li, nodes in enumerate(piece):
            before = -math.inf
            beside = [float(k) if li == ref else _index_on(line, pos[n]) - 1.0 for k, n in enumerate(nodes)]
            if len(nodes) == len(piece[ref]):  # a lane as long as the reference: one offset, a hand's errors evened out
                offset = statistics.median(t - k for k, t in enumerate(beside))
                beside = [k + offset for k in range(len(nodes))]
            for n, t in zip(nodes, beside):
                half = round(2 * t) / 2
                # a lane's positions increase along it, where its nodes lie beside the same point in a tight bend too
                before = out[n] = max(half if abs(t - half) <= SNAP else round(t, 2), round(before + 0.01, 2))
        _forwards(board, piece, out)
    return out


def _forwards(board: Board, piece: list[list[int]], at: dict[int, float]) -> None:
    """Where a lane change of the board leads to a node the geometry put behind its start in the
    same piece (a hand's tracing a little off in a bend), the two are made level, so the step is
    a sideways arrow instead of one the format refuses as leading back: the node behind moves
    up to its start's position, or the start back to it, whichever keeps its lane's order."""
    home = {n: (li, k) for li, nodes in enumerate(piece) for k, n in enumerate(nodes)}
    changes = [(a, b) for a, b in board.dat.edges if a in home and b in home and abs(home[a][0] - home[b][0]) == 1]

    def fits(n: int, value: float) -> bool:
        """``value`` keeps n's lane in order and every lane change into and out of n forwards."""
        li, k = home[n]
        nodes = piece[li]
        return ((k == 0 or at[nodes[k - 1]] < value) and (k + 1 == len(nodes) or value < at[nodes[k + 1]])
                and all(at[a] <= value for a, b in changes if b == n) and all(value <= at[b] for a, b in changes if a == n))

    for a, b in changes:
        if at[b] < at[a]:
            if fits(b, at[a]):
                at[b] = at[a]
            elif fits(a, at[b]):
                at[a] = at[b]


def _index_on(line: list[Point], q: Point) -> float:
    """Where the point beside ``q`` lies on the polyline, counted in its points (0 the first)."""
    best = (math.inf, 0.0)
    for i, (a, b) in enumerate(zip(line, line[1:])):
        ab = _sub(b, a)
        f = min(1.0, max(0.0, _dot(_sub(q, a), ab) / (_dot(ab, ab) or 1.0)))
        gap = math.dist(q, (a[0] + ab[0] * f, a[1] + ab[1] * f))
        best = min(best, (gap, i + f))
    return best[1]


def gaps_before(board: Board) -> dict[int, float]:
    """The lane nodes a step longer than the format lets two hand-placed spaces lie apart leads
    into, with that step in spaces: the board has no space there (its lane runs under a bridge
    or the tracing left one out), and the map keeps it as one step, its later space marked
    ``after_gap``."""
    pos, space, _, _ = _geometry(board)
    return {b: math.dist(pos[a], pos[b]) / space for lane in board.lanes for a, b in zip(lane, lane[1:] + lane[:1])
            if math.dist(pos[a], pos[b]) > 0.975 * MAX_GAP * space}


def against_rules(board: Board, spaces: dict[int, str], a: int, b: int) -> Said | None:
    """Why no rule lets a car make the board's step from node ``a`` to ``b``, or None when one may:
    a step enters the space straight ahead or one diagonally in the lane beside (CORE-MOVE-3), so
    a step across two lanes, or along its lane past the lane's next space (over a car standing
    there, CORE-MOVE-2), is a stray edge of the tracing that no printed board has."""
    lane_of = board.lane_of()
    if a not in lane_of or b not in lane_of:
        return None
    if abs(lane_of[a] - lane_of[b]) > 1:
        return say("import.why.lanes", n=abs(lane_of[a] - lane_of[b]))
    if lane_of[a] == lane_of[b] and _next_in_lane(board, a) != b:
        return say("import.why.past", space=spaces.get(_next_in_lane(board, a), "?"))
    return None


def _next_in_lane(board: Board, node: int) -> int:
    """The node's next in its lane; the last node of a lane that begins and ends is its own."""
    for nodes, _ in board.partial:
        if node in nodes:
            return nodes[min(nodes.index(node) + 1, len(nodes) - 1)]
    lane = next(lane for lane in board.lanes if node in lane)
    return lane[(lane.index(node) + 1) % len(lane)]


def draw(board: Board, name: str, zones: set[int], dropped: set[tuple[int, int]], shifted: set[tuple[int, int]],
         skip: set[tuple[int, ...]], centres: dict[int, Point] | None, lines: tuple[tuple[Point, ...], ...] = ()
         ) -> tuple[Drawing, dict[int, tuple[int, int]], dict[int, tuple[int, ...]]]:
    """The drawing; its arrows' and row lines' object ids with the steps and cuts they stand for.
    Without ``centres`` (the spaces not placed yet) it has no arrows and no arrow zones;
    ``lines`` are its printed no-lane-change lines (``forbidding_lines``)."""
    pos, space, width, _ = _geometry(board)
    lanes = board.lanes
    d = Drawing(props={"circuit_name": name.replace("_", " ").title(), "laps": LAPS, "space_length": space,
                       "surroundings": "grass", **WEATHER})
    ids = iter(range(1, 1_000_000))
    d.layers["lanes"] = [Shape(next(ids), "lane", tuple(pos[n] for n in lane), True, "ABCD"[li])
                         for li, lane in enumerate(lanes)]
    # a lane that begins and ends: from half a space before its first node to half a space after its last
    d.layers["lanes"] += [Shape(next(ids), "lane", _open_line([pos[n] for n in nodes], space / 2), False, "",
                                {"partial": True}) for nodes, _ in board.partial]
    cuts, row_keys = _cut_points(board, pos, space, skip)
    # every lane node a hand-placed space, where the board has it, at its place among its piece's rows
    at_row = row_positions(board, pos, cuts)
    gaps = set(gaps_before(board))
    d.layers["spaces"] = [Shape(next(ids), "space", (pos[n],),
                                props={"row_position": at_row[n]} | ({"after_gap": True} if n in gaps else {}))
                          for lane in lanes for n in lane]
    d.layers["spaces"] += [Shape(next(ids), "space", (pos[n],)) for nodes, _ in board.partial for n in nodes]
    rows = {next(ids): keys for keys in row_keys}
    d.layers["rows"] = [Shape(oid, "row_line", tuple(_through([cuts[li][k] for li, k in enumerate(keys)], width)))
                        for oid, keys in rows.items()]
    d.layers["start_finish"] = [Shape(next(ids), "start_finish", tuple(_through([c[0] for c in cuts], width)))]
    d.layers["corners"] = []
    paths = [Path([pos[n] for n in lane], True) for lane in lanes]
    where = {n: (li, k) for li, lane in enumerate(lanes) for k, n in enumerate(lane)}
    for stops, group in board.corners:
        runs = [sorted(where[n][1] for n in group if where[n][0] == li) for li in range(len(lanes))]
        enter = [cuts[li][r[0]] for li, r in enumerate(runs)]
        leave = [cuts[li][(r[-1] + 1) % len(lanes[li])] for li, r in enumerate(runs)]
        poly = _corner_border(pos, lanes, runs, enter, leave, width, paths)
        poly = _around_partial(board, pos, poly, group, width)
        d.layers["corners"].append(Shape(next(ids), "corner", tuple(poly), True, "", {"stops": stops}))
    lane_of = board.lane_of()
    in_corner = {n for _, group in board.corners for n in group} | _partial_curves(board)
    arrows: dict[int, tuple[int, int]] = {}
    d.layers["arrows"] = []
    for a, b in dict.fromkeys(board.dat.edges):
        if a not in lane_of or b not in lane_of or lane_of[a] == lane_of[b] or (a, b) in dropped:
            continue
        if abs(lane_of[a] - lane_of[b]) != 1:
            continue  # reported by the comparison: the format changes one lane per step
        if centres is not None and ({a, b} & in_corner or a in zones or b in zones):
            oid = next(ids)
            arrows[oid] = (a, b)
            end = _next_in_lane(board, b) if (a, b) in shifted else b
            d.layers["arrows"].append(Shape(oid, "arrow", (centres.get(a, pos[a]), centres.get(end, pos[end]))))
    d.layers["arrows"] += [Shape(next(ids), "no_lane_change", pts) for pts in lines]
    half = 0.3 * space
    at = centres or {}
    d.layers["arrow_zones"] = [
        Shape(next(ids), "arrow_zone", ((x - half, y - half), (x + half, y - half), (x + half, y + half), (x - half, y + half)), True)
        for x, y in (at.get(n, pos[n]) for n in sorted(zones))]
    grid = sorted(board.dat.grid, key=lambda n: (-where[n][1] / len(lanes[where[n][0]]), where[n][0]) if n in where else (1, 0))
    d.layers["grid"] = [Shape(next(ids), "grid_slot", (pos[n],), props={"position": i + 1})
                        for i, n in enumerate(g for g in grid if g in where)]
    middle = lanes[len(lanes) // 2]
    d.layers["grid"].append(Shape(next(ids), "qualifying_start", (pos[middle[-1]],)))
    if board.pit and board.pit_entry is not None and board.pit_exit is not None:
        route = [board.pit_entry, *board.pit, board.pit_exit]
        # every pit node a pit space on the line's point, each garage a box on it (CORE-PIT-2)
        on_points = {} if board.pit_spread else {"spaces_on_points": True}
        d.layers["pit"] = [Shape(next(ids), "pit_lane", tuple(pos[n] for n in route), props=on_points)]
        garages = [pos[n] for n in board.pit if n in board.dat.attributes]
        places = _box_places(board, [pos[n] for n in route], space) if board.pit_spread else garages
        d.layers["pit"] += [Shape(next(ids), "box", (at,), props={"box": i + 1})
                            for i, at in enumerate(places)]
        if centres is not None:  # a second entry or exit joins the pit lane's spaces, once they are placed
            for a, b in board.pit_ways:
                if (a, b) not in dropped:
                    oid = next(ids)
                    arrows[oid] = (a, b)
                    d.layers["pit"].append(Shape(oid, "pit_lane", (centres.get(a, pos[a]), centres.get(b, pos[b]))))
    # a blocked node is a printed space no car may use (AMB-69): its space stays, crossed out; the
    # first build, which only places the spaces, has no arrows yet to lead round it
    # (a lane that begins and ends on a blocked node has it from the first: nothing leads on from it)
    d.layers["spaces"] += [Shape(next(ids), "blocked_space", (pos[n],))
                           for lane, always in [*((lane, False) for lane in lanes),
                                                *((nodes, True) for nodes, _ in board.partial)] for n in lane
                           if board.dat.nodes[n].type == BLOCKED and (centres is not None or always)]
    for layer, shapes in d.layers.items():  # as the .tmx will hold them, so the map builds as checked here
        d.layers[layer] = [Shape(sh.id, sh.cls, tuple((round(x, 2), round(y, 2)) for x, y in sh.points), sh.closed,
                                 sh.name, sh.props) for sh in shapes]
    return d, arrows, rows


def _open_line(points: list[Point], reach: float) -> tuple[Point, ...]:
    """The points, drawn on by ``reach`` before the first and after the last in the line's direction."""
    if len(points) < 2:
        return tuple(points)
    head, tail = _unit(_sub(points[0], points[1])), _unit(_sub(points[-1], points[-2]))
    return ((points[0][0] + head[0] * reach, points[0][1] + head[1] * reach), *points,
            (points[-1][0] + tail[0] * reach, points[-1][1] + tail[1] * reach))


def _partial_curves(board: Board) -> set[int]:
    """The curve nodes of the lanes that begin and end."""
    return {n for nodes, _ in board.partial for n in nodes if board.dat.nodes[n].curve}


def _partial_in(board: Board, pos: dict[int, Point], group: set[int], width: float) -> list[int]:
    """The curve nodes of the lanes that begin and end that belong to the corner of ``group``:
    those within two lane widths of its nodes."""
    return [n for n in _partial_curves(board) if min(math.dist(pos[n], pos[m]) for m in group) < 2 * width]


def _around_partial(board: Board, pos: dict[int, Point], poly: list[Point], group: set[int],
                    width: float) -> list[Point]:
    """The corner's polygon widened over the curve nodes of a lane that begins and ends beside
    it (those within two lane widths of the corner's nodes): outside them, from the polygon's
    point nearest their first to the one nearest their last, so the other lanes still cross its
    border where they did."""
    for nodes, side in board.partial:
        beside = set(_partial_in(board, pos, group, width))
        mine = [k for k, n in enumerate(nodes) if n in beside]
        if not mine:
            continue
        # outside each curve node, and on a little towards the nodes before and after them, so
        # the border passes beyond the first and the last
        ks = [max(mine[0] - 0.45, 0), *range(mine[0], mine[-1] + 1), min(mine[-1] + 0.45, len(nodes) - 1)]

        def at(k: float) -> Point:
            i = min(int(k), len(nodes) - 2)
            (ax, ay), (zx, zy), t = pos[nodes[i]], pos[nodes[i + 1]], k - i
            nx, ny = _right(pos, nodes, round(k))
            return (ax + (zx - ax) * t + side * nx * 0.6 * width, ay + (zy - ay) * t + side * ny * 0.6 * width)

        out = [at(k) for k in ks]
        first = min(range(len(poly)), key=lambda i: math.dist(poly[i], out[0]))
        last = min(range(len(poly)), key=lambda i: math.dist(poly[i], out[-1]))

        def kept(a: int, z: int) -> list[Point]:  # the polygon's points from a on round to z
            return [poly[(a + i) % len(poly)] for i in range((z - a) % len(poly) + 1)]

        # the polygon runs along the right side in the driving direction, back along the left; the
        # entry and exit lines' outer ends are left out, as the lane may run on beyond them
        poly = kept(first, last)[1:-1] + out[::-1] if side < 0 else kept(last, first)[1:-1] + out
    return poly


def _box_places(board: Board, route: list[Point], space: float) -> list[Point]:
    """Where the boxes go on a pit lane whose spaces the format spreads evenly (as
    ``game.tracks.build`` does): on the space each garage node became, the next free one on a tie."""
    path = Path(route, False)
    m = max(1, math.floor(path.length / space + 0.5) - 1)
    centres = [path.at((k + 1) * path.length / (m + 1))[0] for k in range(m)]
    taken: set[int] = set()
    out: list[Point] = []
    for n in (n for n in board.pit if n in board.dat.attributes):
        k = min(range(m), key=lambda i: math.dist(centres[i], route[board.pit.index(n) + 1]))
        while k in taken and k + 1 < m:
            k += 1
        if k not in taken:
            taken.add(k)
            out.append(centres[k])
    return out


# --- comparing the map with the board -------------------------------------------------------


def space_of(board: Board, track: Track) -> dict[int, str]:
    """The space each node became: by order along its lane where the counts agree, else the
    nearest space of its lane within half a space (nodes without one are missing)."""
    pos, space, _, _ = _geometry(board)
    out: dict[int, str] = {}
    for li, lane in _map_lanes(board, track):
        spaces = track.lane_run(li)
        if len(spaces) == len(lane):
            out.update((n, s.name) for n, s in zip(lane, spaces))
            continue
        for n in lane:
            best = min(spaces, key=lambda s: math.dist(pos[n], (s.x, s.y)), default=None)
            if best is not None and math.dist(pos[n], (best.x, best.y)) <= space / 2:
                out[n] = best.name
    return out


def _map_lanes(board: Board, track: Track) -> list[tuple[int, list[int]]]:
    """(the map's lane, the board's nodes of it) for every lane, the pit lane last (lane -1): the
    board's lanes of the whole lap, then the lanes that begin and end, whose nodes run from where
    the lane begins (``Track.lane_run``)."""
    shift = board.shift()
    return [*((li + shift, lane) for li, lane in enumerate(board.lanes)),
            *((0 if side < 0 else track.lanes - 1, nodes) for nodes, side in board.partial), (-1, board.pit)]


def _equivalents(board: Board, track: Track, spaces: dict[int, str]) -> tuple[dict[tuple[int, int], tuple[str, str]], set[tuple[int, int]]]:
    """The map's step for each step of the board, and the staggered lane changes among them.

    On a staggered board a lane change may lead to the space half a space ahead in the next
    lane, which the format puts in the same row; the format's nearest step is the one a row
    ahead, to that lane's next space."""
    lane_of = board.lane_of()
    have = {(e.src, e.dst) for e in track.edges}
    out, staggered = {}, set()
    for a, b in board.dat.edges:
        if a not in spaces or b not in spaces:
            continue
        target = spaces[b]
        if a in lane_of and b in lane_of and lane_of[a] != lane_of[b] and (spaces[a], target) not in have:
            ahead = (track.space(spaces[b]).row - track.space(spaces[a]).row) % track.rows
            later = _next_in_lane(board, b)
            if (ahead == 0 or ahead > track.rows // 2) and later in spaces:
                target = spaces[later]
                staggered.add((a, b))
        out[(a, b)] = (spaces[a], target)
    return out, staggered


def _sideways_on_straights(board: Board, track: Track, spaces: dict[int, str]) -> set[int]:
    """Nodes whose lane change into the space beside them (the same row of the map) is missing:
    outside corners only an arrow zone lets such a printed sideways step stand as an arrow."""
    lane_of = board.lane_of()
    have = {(e.src, e.dst) for e in track.edges}
    return {
        a for a, b in board.dat.edges
        if a in spaces and b in spaces and a in lane_of and b in lane_of and abs(lane_of[a] - lane_of[b]) == 1
        and track.space(spaces[a]).row == track.space(spaces[b]).row and (spaces[a], spaces[b]) not in have
    }


def _missing_changes(board: Board, track: Track, spaces: dict[int, str],
                     dropped: dict[tuple[int, int], Said]) -> set[int]:
    """Nodes with a lane change into the next lane that the map has not got (its diagonals
    lead elsewhere, or a no_lane_change line took it) and the format has not refused yet: in an
    arrow zone it becomes an arrow, which may lead any number of rows on (AMB-3)."""
    lane_of = board.lane_of()
    fates = step_fates(board, track, spaces)
    return {a for (a, b), fate in fates.items() if fate == "dropped" and (a, b) not in dropped
            and a in lane_of and b in lane_of and abs(lane_of[a] - lane_of[b]) == 1}


def _dat_steps(board: Board, track: Track, spaces: dict[int, str]) -> set[tuple[str, str]]:
    return set(_equivalents(board, track, spaces)[0].values())


def _added_steps(board: Board, track: Track, spaces: dict[int, str]) -> list[tuple[str, str, EdgeKind]]:
    """Steps the map allows that the board does not: (from, to, kind)."""
    steps = _dat_steps(board, track, spaces)
    return [(e.src, e.dst, e.kind) for e in track.edges if (e.src, e.dst) not in steps]


def forbidding_lines(track: Track, extra: set[tuple[str, str]], space: float) -> list[tuple[tuple[Point, ...], set[str]]]:
    """Printed no-lane-change lines (CORE-MOVE-3) for the diagonal steps the map allows and the
    board does not, where the board forbids every lane change between two lanes along a stretch:
    (the line's points, the spaces whose steps it removes).

    A diagonal step crosses the border of its two lanes half way between its spaces' centres.
    Along each border those crossings are ordered by lap progress; a run of consecutive
    crossings, each only of steps in ``extra`` (where the board keeps one direction of a
    crossing, the line would remove both: those are left to arrow zones), becomes a polyline
    through the crossings, reaching a fifth of a space beyond the first and the last, less than
    half the way to the next crossing even on a staggered board."""
    rows = track.rows
    at: dict[tuple[int, float], list[tuple[Point, str, bool]]] = {}
    for e in track.edges:
        if e.kind is not EdgeKind.DIAGONAL:
            continue
        a, z = track.space(e.src), track.space(e.dst)
        along = round((a.progress + ((z.progress - a.progress) % rows) / 2) % rows, 3)
        at.setdefault((min(a.lane, z.lane), along), []).append((((a.x + z.x) / 2, (a.y + z.y) / 2), e.src, (e.src, e.dst) in extra))
    out: list[tuple[tuple[Point, ...], set[str]]] = []
    for border in sorted({lane for lane, _ in at}):
        places = sorted(along for lane, along in at if lane == border)
        run: list[float] = []
        for along in [*places, math.inf]:
            crossing = at.get((border, along), [])
            if crossing and all(forbidden for _, _, forbidden in crossing) and (not run or along - run[-1] <= 1.5):
                run.append(along)
                continue
            if run:
                out.append(_line_through(track, [at[(border, a)] for a in run], space))
            run = [along] if crossing and all(forbidden for _, _, forbidden in crossing) else []
    return out


def _line_through(track: Track, crossings: list[list[tuple[Point, str, bool]]], space: float) -> tuple[tuple[Point, ...], set[str]]:
    """The polyline through a run of crossings, a fifth of a space longer at each end."""
    pts = [c[0][0] for c in crossings]
    srcs = {src for c in crossings for _, src, _ in c}
    if len(pts) > 1:
        first, last = _unit(_sub(pts[1], pts[0])), _unit(_sub(pts[-1], pts[-2]))
    else:
        h = math.radians(track.space(crossings[0][0][1]).heading)
        first = last = (math.cos(h), math.sin(h))
    reach = 0.2 * space
    head = (pts[0][0] - first[0] * reach, pts[0][1] - first[1] * reach)
    tail = (pts[-1][0] + last[0] * reach, pts[-1][1] + last[1] * reach)
    return tuple((round(x, 2), round(y, 2)) for x, y in (head, *pts, tail)), srcs


def _compare(board: Board, track: Track, spaces: dict[int, str],
             dropped: dict[tuple[int, int], Said]) -> list[Said]:
    """What the map lost against the board: spaces, corners' spaces, the pit lane's nodes, steps
    and grid slots, each with why and, where it can be, the fix."""
    lost: list[Said] = []
    names = {v: k for k, v in spaces.items()}
    pos, _, width, _ = _geometry(board)
    for li, lane in _map_lanes(board, track):
        made = len(track.lane_spaces(li))
        if made != len(lane):
            what = say("import.the_pit_lane") if li < 0 else say("import.lane", lane=LANE_LETTERS[li])
            lost.append(say("import.lane_count", what=what, board=len(lane), map=made))
    for (stops, group), corner in zip(board.corners, track.corners):
        mine = group | set(_partial_in(board, pos, group, width))
        counts = [(li, sum(1 for n in lane if n in mine), sum(1 for x in corner.spaces if track.space(x).lane == li))
                  for li, lane in sorted(_map_lanes(board, track)[:-1])]
        if any(a != b for _, a, b in counts):
            counts_said = [say("import.corner_count", lane=LANE_LETTERS[li], board=a, map=b)
                           for li, a, b in counts if a != b]
            lost.append(say("import.corner_counts", corner=corner.label, stops=stops, ids=_ids(sorted(group), 4),
                            counts=_listed(counts_said)))
    if board.pit_spread:
        far = max((math.dist(pos[n], (track.space(s).x, track.space(s).y)), n) for n, s in spaces.items()
                  if track.space(s).in_pit)
        lost.append(say("import.pit_spread", far=f"{far[0]:.0f}", node=far[1]))
    missing = sorted(n for _, lane in _map_lanes(board, track) for n in lane if n not in spaces)
    if missing:
        lost.append(say("import.no_space", n=len(missing), ids=_ids(missing)))
    have = {(e.src, e.dst) for e in track.edges}
    same, staggered = _equivalents(board, track, spaces)
    moved_on: list[Part] = [say("import.moved_step", src=spaces[a], dst=spaces[b], to_src=same[(a, b)][0],
                                to_dst=same[(a, b)][1])
                            for a, b in dict.fromkeys(board.dat.edges) if (a, b) in staggered and same[(a, b)] in have]
    if moved_on:
        lost.append(say("import.moved_on", n=len(moved_on), steps=_listed(moved_on[:8]),
                        more=" ..." if len(moved_on) > 8 else ""))
    blocked = {n for n in spaces if board.dat.nodes[n].type == BLOCKED}
    for a, b in dict.fromkeys(board.dat.edges):
        if a not in spaces or b not in spaces or a in blocked or b in blocked:  # no step touches a blocked space
            continue
        if same[(a, b)] in have:
            continue
        refused = dropped.get((a, b))
        no_move = against_rules(board, spaces, a, b)
        if no_move is not None:
            lost.append(say("import.step_refused", a=a, b=b, space_a=spaces[a], space_b=spaces[b], why=no_move))
            continue
        if refused is not None:  # the format's own check refused it as drawn
            why = say("import.why.refused", message=refused)
        elif board.pit_spread and {a, b} & set(board.pit):
            why = say("import.why.pit_spread")
        else:
            why = say("import.why.other")
        lost.append(say("import.step_lost", a=a, b=b, space_a=spaces[a], space_b=spaces[b], why=why))
    steps = set(same.values())
    for e in track.edges:
        if (e.src, e.dst) not in steps:
            src, dst = names.get(e.src), names.get(e.dst)
            lost.append(say("import.extra_step", kind=say(f"import.edge.{e.kind.value}"), src=e.src, dst=e.dst,
                            a=str(src), b=str(dst)))
    grid = [n for n in board.dat.grid if n in spaces]
    if len(grid) != len(board.dat.grid):
        lost.append(say("import.grid_lost", n=len(board.dat.grid) - len(grid)))
    return lost


# --- writing the .tmx -----------------------------------------------------------------------


def _num(v: object) -> str:
    if isinstance(v, float):
        return f"{v:.2f}".rstrip("0").rstrip(".")
    return str(v)


def tmx_text(d: Drawing, size: tuple[int, int]) -> str:
    """The drawing as a Tiled 1.8 map: map properties, then one object layer per track layer."""
    width, height = size
    shapes = [s for layer in d.layers.values() for s in layer]
    root = ET.Element("map", {"version": "1.8", "tiledversion": "1.8.2", "orientation": "orthogonal",
                              "renderorder": "right-down", "width": str(width), "height": str(height),
                              "tilewidth": str(TILE), "tileheight": str(TILE), "infinite": "0",
                              "nextlayerid": str(len(d.layers) + 1),
                              "nextobjectid": str(max((s.id for s in shapes), default=0) + 1)})
    props = ET.SubElement(root, "properties")
    for key in sorted(d.props):
        value = d.props[key]
        kind = {int: "int", float: "float"}.get(type(value))
        ET.SubElement(props, "property", {"name": key} | ({"type": kind} if kind else {}) | {"value": _num(value)})
    for layer_id, (layer, objects) in enumerate(d.layers.items(), start=1):
        group = ET.SubElement(root, "objectgroup", {"id": str(layer_id), "name": layer})
        for s in objects:
            x0, y0 = s.points[0]
            attrs = {"id": str(s.id)} | ({"name": s.name} if s.name else {})
            el = ET.SubElement(group, "object", attrs | {"type": s.cls, "x": _num(x0), "y": _num(y0)})
            if s.props:
                pel = ET.SubElement(el, "properties")
                for key in sorted(s.props):
                    value = s.props[key]
                    kind = "bool" if isinstance(value, bool) else "float" if isinstance(value, float) else "int"
                    shown = str(value).lower() if isinstance(value, bool) else _num(value)
                    ET.SubElement(pel, "property", {"name": key, "type": kind, "value": shown})
            if len(s.points) == 1:
                ET.SubElement(el, "point")
            else:
                rel = " ".join(f"{_num(round(x - x0, 2))},{_num(round(y - y0, 2))}" for x, y in s.points)
                ET.SubElement(el, "polygon" if s.closed else "polyline", {"points": rel})
    ET.indent(root, space=" ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode").replace(" />", "/>") + "\n"



