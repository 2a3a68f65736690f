"""Understanding a GP Online board: its lanes walked from the finish nodes, the lanes that begin and
end, and the pit lane (``understand``); the corners are grouped by ``corners``."""

from __future__ import annotations

import math

from game.tools.datfile import BLOCKED, DatTrack
from game.tools.trackimport.board import Board, ImportProblem, Point, cross, dot, id_list, rotate, sub, unit
from game.tools.trackimport.corners import group_corners
from game.tracks.drawing import Said, say


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
        lost.append(say("import.stray", n=len(stray), ids=id_list(stray)))
    for n in sorted(in_lane):
        kind = dat.nodes[n].type
        if kind == 0:
            lost.append(say("import.unknown_type", node=n))
    corners = group_corners(dat, lanes, lost, sum(1 for _, side in runs if side < 0))
    pit, entry, exit_, ways = _pit(dat, in_lane, lost)
    return Board(dat, lanes, corners, pit, entry, exit_, lost, ways, partial=runs)


def _lanes(dat: DatTrack, left_out: set[int]) -> list[list[int]]:
    nodes = dat.nodes
    succ: dict[int, list[int]] = {n: [] for n in nodes if n not in left_out}
    for a, b in dat.edges:
        if not nodes[a].pit and not nodes[b].pit and a in succ and b in succ:
            succ[a].append(b)
    starts = [n for n in nodes.values() if n.finish and not n.pit and n.id not in left_out]
    if not 2 <= len(starts) <= 4:
        raise ImportProblem(say("import.finish_nodes", n=len(starts)))
    ahead = [unit(sub(nodes[b].pos, s.pos)) for s in starts for b in succ[s.id]]
    if not ahead:
        raise ImportProblem(say("import.no_start_step"))
    d = unit((sum(v[0] for v in ahead), sum(v[1] for v in ahead)))
    right = (-d[1], d[0])  # y grows downwards
    ref = starts[0].pos
    starts.sort(key=lambda s: dot(sub(s.pos, ref), right))
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
        ahead = unit((past[-1][0] + past[-2][0], past[-1][1] + past[-2][1])) if len(past) > 1 else past[-1]
        if len(past) > 1 and any(nodes[c].curve for c in options):
            ahead = rotate(ahead, math.atan2(cross(past[-2], past[-1]), dot(past[-2], past[-1])))
        by_line = sorted(
            options,
            key=lambda c: (
                _skips(c, options, here),
                abs(cross(ahead, sub(nodes[c].pos, here))) - 0.1 * dot(ahead, sub(nodes[c].pos, here)),
            ),
        )
        across = sorted(succ[cur], key=lambda c: cross(ahead, sub(nodes[c].pos, here)))  # left to right
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
        way = unit(sub(nodes[c].pos, here))
        return any(
            c in succ[o]
            and math.dist(here, nodes[o].pos) < 0.7 * far
            and abs(cross(way, sub(nodes[o].pos, here))) < 0.25 * far
            for o in options
            if o != c
        )

    history: list[tuple[int, list[int], int]] = []  # (lane, its ranked options, the one taken)
    budget = 20 * len(nodes)  # steps taken back at most, when a lane ends up with no way on

    def take(i: int, options: list[int], k: int) -> None:
        history.append((i, options, k))
        if options[k] == lanes[i][0]:
            open_.discard(i)  # back at its finish node: the lap is closed
            return
        steps[i].append(unit(sub(nodes[options[k]].pos, nodes[lanes[i][-1]].pos)))
        lanes[i].append(options[k])
        claimed[options[k]] = i

    while open_:
        li = min(
            open_,
            key=lambda i: sum(
                dot(sub(nodes[lanes[i][-1]].pos, nodes[lanes[j][-1]].pos), steps[i][-1])
                for j in range(len(lanes))
                if j != i
            ),
        )
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
                into = (
                    say("import.into_lanes", lanes=", ".join(taken), count=len(taken))
                    if taken
                    else say("import.into_needed")
                )
                x, y = f"{nodes[cur].x:g}", f"{nodes[cur].y:g}"
                raise ImportProblem(
                    say(
                        "import.lanes_tangled",
                        lane="ABCD"[li],
                        start=lanes[li][0] if li < len(lanes) else cur,
                        node=cur,
                        x=x,
                        y=y,
                        into=into,
                    )
                    if succ[cur]
                    else say("import.dead_end", node=cur, x=x, y=y, lane="ABCD"[li])
                )
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
            way = unit(sub(nodes[nxt].pos, nodes[here].pos)) if nxt != here else None
            chain.append(
                max(
                    behind,
                    key=lambda p: (
                        dot(unit(sub(nodes[here].pos, nodes[p].pos)), way)
                        if way
                        else -math.dist(nodes[p].pos, nodes[here].pos)
                    ),
                )
            )
            nxt = here
        if chain[-1] != again:
            raise ImportProblem(
                say(
                    "import.blocked_unfollowed",
                    end=end,
                    x=f"{nodes[end].x:g}",
                    y=f"{nodes[end].y:g}",
                    far=f"{far / step:.0f}",
                    again=again,
                )
            )
        out.append(chain[::-1])
    return out


def _partial_sides(
    dat: DatTrack, lanes: list[list[int]], chains: list[list[int]], lost: list[Said]
) -> list[tuple[list[int], int]]:
    """Each lane that begins and ends with its side: the map takes it as the leftmost or the
    rightmost lane, beside lane A or the last lane all along; one between lanes, or a second on
    a side, is left out with a line in ``lost``."""
    nodes = dat.nodes
    out: list[tuple[list[int], int]] = []
    for chain in chains:
        near = {
            li
            for n in chain
            if nodes[n].type != BLOCKED
            for li in [
                min(range(len(lanes)), key=lambda i: min(math.dist(nodes[n].pos, nodes[m].pos) for m in lanes[i]))
            ]
        }
        side = -1 if near == {0} else 1 if near == {len(lanes) - 1} else 0
        if side and not any(s == side for _, s in out):
            out.append((chain, side))
            continue
        begin, end = chain[0], chain[-1]
        lost.append(
            say(
                "import.partial_lane",
                again=begin,
                ax=f"{nodes[begin].x:g}",
                ay=f"{nodes[begin].y:g}",
                end=end,
                ex=f"{nodes[end].x:g}",
                ey=f"{nodes[end].y:g}",
                n=len(chain),
                ids=id_list(sorted(chain), 6),
            )
        )
    return out


def _pit(
    dat: DatTrack, in_lane: set[int], lost: list[Said]
) -> tuple[list[int], int | None, int | None, list[tuple[int, int]]]:
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
            lost.append(say("import.pit_branch", node=chain[-1], ids=id_list(nxt[1:])))
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
        lost.append(say("import.pit_stray", n=len(rest), ids=id_list(rest)))
    return chain, entry, exit_, ways
