"""Generate the project's own GP Online track files in ``tests/tracks/dat/`` for ``track import``.

No traced community board is shipped (they carry no licence), so these boards are drawn here,
in GP Online's format (game/tools/datfile.py): a rounded oval driven clockwise, a top
straight with the finish line and a pit lane above it, a 2-stop and a 1-stop right-hander
with a short straight between, the bottom straight, and a 3-stop hairpin back to the top.

- ``oval3.dat``: 3 lanes, every space where the format would put it, every lane change a
  printed board has (diagonals on the straights, arrows in and out of and inside the corners).
- ``oval2.dat``: 2 lanes, with the rarer things GP Online can say: a blocked space (it
  becomes a ``blocked_space``), a sideways step in a corner, a second pit exit, a straight
  where the board forbids one lane change, and a kink on the bottom straight that only lane A
  drives as a curve.
- ``oval3-traced.dat``: ``oval3.dat`` as a hand traces it, every node up to 10 px off.
- ``oval2-staggered.dat``: 2 lanes in the brick pattern of printed boards: on the straights
  lane B's spaces sit half a space ahead of lane A's (in the corners too), and each diagonal leads to the space
  that overlaps it ahead (A's k-th into B's k-th, B's k-th into A's next); on the bottom
  straight a printed line forbids every lane change along three of lane A's spaces.

    python tests/tracks/make_dat.py          write the files
    python tests/tracks/make_dat.py --check  only report stale files
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent / "dat"
SPACE = 48.0
STRAIGHT, CURVE_2, CURVE_1, BLOCKED, CURVE_3, PIT = 1, 2, 3, 4, 6, 7
# (kind, length or radius, degrees, node type): the centre line from the top straight's start
LAYOUT = (
    ("line", 20 * SPACE, 0, STRAIGHT),
    ("arc", 160.0, 90, CURVE_2),
    ("line", 4 * SPACE, 0, STRAIGHT),
    ("arc", 160.0, 90, CURVE_1),
    ("line", 20 * SPACE, 0, STRAIGHT),
    ("arc", 256.0, 180, CURVE_3),
)
FINISH_AT = 12  # the finish line lies before the top straight's 13th space: 12 spaces for the grid
PIT_FROM, PIT_SPACES, PIT_OUT = 4, 14, 44.0  # entry space of lane A, pit spaces, px outside lane A


def lane_nodes(offset: float, ahead: float = 0.0) -> list[tuple[float, float, int, int]]:
    """(x, y, type, segment) of one lane, ``offset`` px left of the centre line, from the top straight's
    start; its spaces ``ahead`` of a space further on (a staggered lane: the last of each
    segment on its end, so the lane's spaces stay a space apart)."""
    x, y, h = 200.0, 200.0, 0.0
    out = []
    for seg, (kind, size, deg, typ) in enumerate(LAYOUT):
        if kind == "line":
            n = round(size / SPACE)
            for k in range(n):
                s = (k + 0.5 + ahead) * size / n
                out.append(
                    (x + math.cos(h) * s + math.sin(h) * offset, y + math.sin(h) * s - math.cos(h) * offset, typ, seg)
                )
            x, y = x + math.cos(h) * size, y + math.sin(h) * size
        else:
            turn = math.radians(deg)
            cx, cy = x - math.sin(h) * size, y + math.cos(h) * size  # right turn: the centre lies to the right
            radius = size + offset
            n = max(1, round(radius * turn / SPACE))
            for k in range(n):
                a = h + (k + 0.5 + ahead) * turn / n
                out.append((cx + math.sin(a) * radius, cy - math.cos(a) * radius, typ, seg))
            h += turn
            x, y = cx + math.sin(h) * size, cy - math.cos(h) * size
    return out


def board(lanes: int, quirks: bool, stagger: bool = False) -> str:
    offsets = [40.0, 0.0, -40.0] if lanes == 3 else [20.0, -20.0]
    raw = [lane_nodes(o, 0.5 if stagger and li % 2 else 0.0) for li, o in enumerate(offsets)]
    nodes: list[tuple[int, float, float, int, bool]] = []
    ids: list[list[int]] = []
    for li, traced in enumerate(raw):
        lap = traced[FINISH_AT:] + traced[:FINISH_AT]  # the lap from the finish line
        ids.append([])
        for k, (x, y, typ, _) in enumerate(lap):
            ids[li].append(len(nodes))
            nodes.append((len(nodes), x, y, typ, k == 0))
    segs = [[seg for *_, seg in lane[FINISH_AT:] + lane[:FINISH_AT]] for lane in raw]
    # where each segment begins in each lane's lap order: straights line up space by space
    shift = [{seg: sg.index(seg) for seg in set(sg)} for sg in segs]
    for li in range(lanes):  # the top straight holds the line: its spaces count from the line backwards
        shift[li][0] = -FINISH_AT % len(segs[li])
    edges: list[tuple[int, int]] = []
    for li, lane in enumerate(ids):
        n = len(lane)
        for k in range(n):
            edges.append((lane[k], lane[(k + 1) % n]))
        for lj in (li - 1, li + 1):
            if not 0 <= lj < lanes:
                continue
            other = ids[lj]
            for k in range(n):
                seg, nxt = segs[li][k], segs[li][(k + 1) % n]
                if LAYOUT[seg][0] == "line" and LAYOUT[nxt][0] == "line":  # a diagonal on the straight
                    along = (k - shift[li][seg]) % n  # the space's place in its straight
                    # into the space diagonally ahead: a row on, or on a staggered board the one that overlaps it ahead
                    on = 0 if stagger and lj % 2 else 1
                    edges.append((lane[k], other[(shift[lj][seg] + along + on) % len(other)]))
            for seg in {s for s in segs[li] if LAYOUT[s][0] == "arc"}:
                mine = [k for k in range(n) if segs[li][k] == seg]
                theirs = [k for k in range(len(other)) if segs[lj][k] == seg]
                edges.append((lane[mine[0] - 1], other[theirs[0]]))  # into the corner
                edges.append((lane[mine[-1]], other[(theirs[-1] + 1) % len(other)]))  # out of it
                frac = (mine.index(mine[len(mine) // 3]) + 0.5) / len(mine) + 1.0 / max(len(mine), len(theirs))
                ahead = next((k for k in theirs if (theirs.index(k) + 0.5) / len(theirs) >= frac), theirs[-1])
                edges.append((lane[mine[len(mine) // 3]], other[ahead]))  # across, a row or more ahead
    attributes: list[tuple[int, float]] = []
    for li, lane in enumerate(ids):  # GP Online's distance into the curve, in half spaces
        for seg in {s for s in segs[li] if LAYOUT[s][0] == "arc"}:
            mine = [k for k in range(len(lane)) if segs[li][k] == seg]
            longest = max(sum(1 for s in segs[lj] if s == seg) for lj in range(lanes))
            attributes += [
                (lane[k], round(0.5 * round(2 * i * longest / len(mine)) / 2, 1)) for i, k in enumerate(mine)
            ]
    # the pit lane above lane A's top straight: from A's space PIT_FROM, back onto A PIT_SPACES further
    a = ids[0]
    entry = a[(PIT_FROM - FINISH_AT) % len(a)]
    ex, ey = nodes[entry][1], nodes[entry][2]
    pits = []
    for j in range(PIT_SPACES):
        pits.append(len(nodes))
        nodes.append((len(nodes), ex + SPACE / 2 + SPACE * j, ey - PIT_OUT, PIT, False))
    exit_ = a[(PIT_FROM - FINISH_AT + PIT_SPACES) % len(a)]
    edges.append((entry, pits[0]))
    edges += list(zip(pits, pits[1:]))
    edges.append((pits[-1], exit_))
    attributes += [(p, 1.0) for p in pits[2:12]]  # ten garages
    grid = []
    for i in range(10):  # pole on the inside of the first corner (the right lane), one row apart
        lane = ids[-1] if i % 2 == 0 else ids[0]
        grid.append((lane[-1 - i], 0.0))
    if stagger:  # a printed line on the bottom straight: no lane change between its 9th and 11th spaces of lane A
        bottom = [ids[0][k] for k in range(len(ids[0])) if segs[0][k] == 4][8:11]
        b_lane = set(ids[1])
        edges = [(x, y) for x, y in edges if not ((x in bottom and y in b_lane) or (y in bottom[1:] and x in b_lane))]
    if quirks:
        b = ids[1]
        nodes[a[40]] = nodes[a[40]][:3] + (BLOCKED,) + nodes[a[40]][4:]  # a printed space nobody may use
        edges.remove((b[5], a[6]))  # the board forbids this lane change on the straight
        corner = [k for k in range(len(a)) if segs[0][k] == 5]
        edges.append((a[corner[3]], b[[k for k in range(len(b)) if segs[1][k] == 5][2]]))  # sideways in the hairpin
        edges.append((pits[-2], a[(PIT_FROM - FINISH_AT + PIT_SPACES - 1) % len(a)]))  # a second pit exit
        for k in (30, 31):  # a kink on the bottom straight that only lane A drives as a 1-stop curve
            nodes[a[k]] = nodes[a[k]][:3] + (CURVE_1,) + nodes[a[k]][4:]
    lines = ["board.jpg 0 0 0"]
    lines += [f"{i} {round(x)} {round(y)} {t}" + (" F" if f else "") for i, x, y, t, f in nodes]
    lines += [""] + [f"{x} {y}" for x, y in edges]
    lines += [""] + [f"{n} {v}" for n, v in attributes]
    lines += [""] + [f"{n} {v}" for n, v in grid]
    return "\n".join(lines) + "\n"


def traced(text: str, reach: int, seed: int) -> str:
    """The board as a hand would trace it: every node moved by up to ``reach`` px each way."""
    rnd = random.Random(seed)
    out, section = [], 0
    for i, line in enumerate(text.split("\n")):
        words = line.split()
        if i > 0 and not words:
            section += 1
        elif i > 0 and section == 0:
            words[1] = str(int(words[1]) + rnd.randint(-reach, reach))
            words[2] = str(int(words[2]) + rnd.randint(-reach, reach))
            line = " ".join(words)
        out.append(line)
    return "\n".join(out)


def outputs() -> dict[Path, str]:
    return {
        HERE / "oval3.dat": board(3, False),
        HERE / "oval2.dat": board(2, True),
        HERE / "oval3-traced.dat": traced(board(3, False), 10, 2026),
        HERE / "oval2-staggered.dat": board(2, False, True),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="write the GP Online test boards")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    stale = [p for p, text in outputs().items() if not p.is_file() or p.read_text(encoding="utf-8") != text]
    if args.check:
        for p in stale:
            print(f"{p}: out of date; run python tests/tracks/make_dat.py")
        return 1 if stale else 0
    HERE.mkdir(exist_ok=True)
    for p, text in outputs().items():
        p.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
