"""`track import` of boards whose lanes are offset differently along the lap: the brick pattern
on one straight, level lanes on another (most of GP Online's traced boards, Monaco among them).
Every node becomes a hand-placed space with its ``row_position`` among its piece's rows, so
each section keeps its own offset and every lane change of the board is a step of the map.

The boards are made here from the project's own ovals (tests/tracks/make_dat.py); the
community's boards carry no licence, so no test reads them."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from game.main import main
from game.tools.datfile import DatTrack, parse_dat, read_dat
from game.tools.trackimport import Board, space_of, step_fates, understand
from game.tools.trackimport.geometry import _row_cuts
from game.tracks.drawing import TrackError
from game.tracks.load import load_track
from rules.track import EdgeKind
from tests.conftest import REPO
from tests.game.test_trackimport_shapes import dat_text, imports
from tests.tracks import make_dat


def level_bottom_straight(lanes: int) -> DatTrack:
    """A board staggered on the top straight (lane B half a space ahead of its neighbours, the
    diagonals into the space that overlaps ahead) but level on the bottom straight: there lane
    B's nodes sit beside its neighbours' and every diagonal leads a row on."""
    real = make_dat.lane_nodes

    def sections(offset: float, ahead: float = 0.0) -> list[tuple[float, float, int, int]]:
        level = real(offset, 0.0)
        return [lv if seg == 4 else node for node, lv, seg in zip(real(offset, ahead), level, (n[3] for n in level))]

    make_dat.lane_nodes = sections
    try:
        dat = parse_dat(make_dat.board(lanes, False, stagger=True))
    finally:
        make_dat.lane_nodes = real
    board = understand(dat)
    b_lane = board.lanes[1]
    bottom_y = max(dat.nodes[n].y for n in b_lane)
    bottom = {n for lane in board.lanes for n in lane if dat.nodes[n].y > bottom_y - 30 and not dat.nodes[n].curve}
    nxt = {n: b_lane[(k + 1) % len(b_lane)] for k, n in enumerate(b_lane)}
    # into lane B on the bottom straight: the brick board's step into the space beside becomes a row on
    dat.edges = [
        (a, nxt[b]) if a in bottom and b in bottom and b in nxt and a not in nxt else (a, b) for a, b in dat.edges
    ]
    return dat


@pytest.mark.rules("CORE-MOVE-3")
@pytest.mark.parametrize("lanes", [2, 3])
def test_every_step_is_kept_where_the_offset_changes_along_the_lap_CORE_MOVE_3(lanes, tmp_path, capsys):
    """One stagger per lane would move the bottom straight's lane changes a row on; with each
    space's row position none is moved or dropped, and the map has no step the board has not."""
    dat = level_bottom_straight(lanes)
    out, said = imports(dat, tmp_path, capsys)
    board, track = understand(dat), load_track(out)
    spaces = space_of(board, track)
    fates = step_fates(board, track, spaces)
    assert set(fates.values()) == {"kept"}, said
    assert {(e.src, e.dst) for e in track.edges if not track.space(e.src).in_pit and not track.space(e.dst).in_pit} <= {
        (spaces[a], spaces[b]) for a, b in dat.edges
    }
    assert "not kept: nothing" in said


def test_the_rows_are_brick_on_one_straight_and_level_on_the_other_AMB_4_AMB_9(tmp_path, capsys):
    """Lane B's space on the top straight lies between two of lane A's rows and is beside both;
    on the bottom straight it shares its row with lane A's space beside it (level, AMB-9)."""
    dat = level_bottom_straight(2)
    out, _ = imports(dat, tmp_path, capsys)
    board, track = understand(dat), load_track(out)
    spaces = space_of(board, track)
    a_lane, b_lane = board.lanes
    top = [k for k in range(2, 6)]  # the finish straight's first spaces
    for k in top:
        a, b, a2 = (track.space(spaces[n]) for n in (a_lane[k], b_lane[k], a_lane[k + 1]))
        assert a.row < b.row < a2.row
    bottom_y = max(dat.nodes[n].y for n in a_lane)
    on_bottom = [
        [n for n in lane if dat.nodes[n].y > bottom_y - 50 and not dat.nodes[n].curve] for lane in (a_lane, b_lane)
    ]
    level = [(a, b) for a in on_bottom[0] for b in on_bottom[1] if abs(dat.nodes[a].x - dat.nodes[b].x) < 5]
    assert len(level) >= 15
    for a, b in level:
        assert track.space(spaces[a]).row == track.space(spaces[b]).row
    kinds = {(e.src, e.dst): e.kind for e in track.edges}
    a, b = level[5]
    assert kinds[(spaces[a], spaces[b_lane[b_lane.index(b) + 1]])] is EdgeKind.DIAGONAL


def test_a_monaco_like_board_imports_whole_and_races(tmp_path, capsys):
    """Three lanes staggered on one straight and level on the other, a printed line forbidding
    the lane changes between lanes A and B along part of the top straight and tight corners:
    the shapes that made Monaco's lane changes unmatchable. It imports with every step, passes
    the checks and carries a whole simulated race."""
    dat = level_bottom_straight(3)
    board = understand(dat)
    a_lane, b_lane = board.lanes[:2]
    printed = set(a_lane[5:9]) | set(b_lane[5:9])
    dat.edges = [(a, b) for a, b in dat.edges if not ({a, b} <= printed and (a in a_lane) != (b in a_lane))]
    out, said = imports(dat, tmp_path, capsys)
    assert 'type="no_lane_change"' in out.read_text(encoding="utf-8")
    track = load_track(out)
    fates = step_fates(board, track, space_of(board, track))
    assert set(fates.values()) == {"kept"}, said
    assert main(["simulate", "--track", str(out), "--cars", "6", "--laps", "1", "--seed", "3"]) == 0
    assert "finished" in capsys.readouterr().out.lower()


def with_row_position(out: Path, tmp_path: Path, edit) -> Path:
    """The imported map with one space point's row_position changed by ``edit``."""
    tree = ET.parse(out)
    points = [o for o in tree.getroot().iter("object") if o.get("type") == "space"]
    edit(points)
    changed = tmp_path / "changed.tmx"
    tree.write(changed, encoding="unicode")
    return changed


def _prop(obj: ET.Element) -> ET.Element:
    return next(p for p in obj.iter("property") if p.get("name") == "row_position")


def test_row_positions_that_do_not_increase_along_a_lane_are_named_with_the_point(tmp_path, capsys):
    out, _ = imports(level_bottom_straight(2), tmp_path, capsys)

    def backwards(points: list[ET.Element]) -> None:
        _prop(points[3]).set("value", _prop(points[2]).get("value", ""))

    changed = with_row_position(out, tmp_path, backwards)
    with pytest.raises(TrackError) as err:
        load_track(changed)
    lines = [p.line() for p in err.value.problems]
    assert any(
        re.search(r"row_position \S+ of hand-placed space \d+ is not greater than", x)
        and "increasing row_position values in the driving direction" in x
        for x in lines
    ), lines


def test_a_space_without_row_position_among_spaces_with_one_is_named(tmp_path, capsys):
    out, _ = imports(level_bottom_straight(2), tmp_path, capsys)

    def without(points: list[ET.Element]) -> None:
        props = points[3].find("properties")
        assert props is not None
        props.remove(_prop(points[3]))

    changed = with_row_position(out, tmp_path, without)
    with pytest.raises(TrackError) as err:
        load_track(changed)
    lines = [p.line() for p in err.value.problems]
    assert any("has no row_position, but other spaces of lane object" in x for x in lines), lines


def test_a_row_position_that_is_not_a_number_is_named(tmp_path, capsys):
    out, _ = imports(level_bottom_straight(2), tmp_path, capsys)

    def text(points: list[ET.Element]) -> None:
        prop = _prop(points[3])
        prop.set("type", "string")
        prop.set("value", "ahead")

    changed = with_row_position(out, tmp_path, text)
    with pytest.raises(TrackError) as err:
        load_track(changed)
    assert any("row_position 'ahead' of hand-placed space" in p.line() for p in err.value.problems)


def test_a_blocked_node_amid_a_bend_is_passed_by_the_lane_beside_it_AMB_69(tmp_path, capsys):
    """A blocked node in the middle of lane A's hairpin, the lane after it reached only by a
    lane change from lane B (Valencia's bend): the import keeps the blocked space and every
    other step; the first build, which places the spaces before any arrow exists, does not
    stop at the lane the blocked space closes."""
    dat = parse_dat(make_dat.board(3, False))
    board = understand(dat)
    a_lane, b_lane = board.lanes[:2]
    _, hairpin = board.corners[-1]
    in_a = [n for n in a_lane if n in hairpin]
    blocked = in_a[len(in_a) // 2]
    after = a_lane[a_lane.index(blocked) + 1]
    node = dat.nodes[blocked]
    dat.nodes[blocked] = type(node)(node.id, node.x, node.y, 4, node.finish)
    dat.edges = [(a, b) for a, b in dat.edges if b != after or a == blocked]  # only lane B leads past it

    def beside(n: int, lane: list[int]) -> int:
        return min(lane, key=lambda m: math.dist(dat.nodes[m].pos, dat.nodes[n].pos))

    # every node of lane A in the bend before the blocked one has a way into lane B, as Valencia's has
    for n in in_a[: in_a.index(blocked)]:
        step = (n, beside(a_lane[a_lane.index(n) + 1], b_lane))
        if step not in dat.edges:
            dat.edges.append(step)
    way_in = (b_lane[b_lane.index(beside(after, b_lane)) - 1], after)
    dat.edges.append(way_in)
    out, said = imports(dat, tmp_path, capsys)
    track = load_track(out)
    spaces = space_of(board, track)
    assert track.blocked == (spaces[blocked],)
    fates = step_fates(understand(dat), track, spaces)
    assert fates[way_in] == "kept"
    assert {f for step, f in fates.items() if blocked not in step} == {"kept"}
    assert "not kept: nothing" in said


@pytest.mark.rules("CORE-MOVE-2", "CORE-MOVE-3")
def test_a_step_over_a_node_of_the_lane_keeps_the_node_and_names_the_step(tmp_path, capsys):
    """Lane B's node on the bottom straight with a fourth step listed past it, from the node
    before straight to the one after (Shanghai has one): the lane still goes through it, not
    round it, and only that step is not kept: no rule lets a car jump its lane's next space
    (CORE-MOVE-2, CORE-MOVE-3), so it is counted as refused and named with its spaces and why."""
    dat = parse_dat(make_dat.board(3, False))
    b_lane = understand(dat).lanes[1]
    straight = [
        k
        for k in range(2, len(b_lane) - 2)
        if len(dat.successors(b_lane[k - 1])) == 3 and not any(dat.nodes[n].curve for n in b_lane[k - 2 : k + 3])
    ]
    k = straight[len(straight) // 2]
    skip = (b_lane[k - 1], b_lane[k + 1])
    dat.edges.append(skip)
    node = dat.nodes[b_lane[k]]  # traced a little off the line, as Shanghai's is
    dat.nodes[b_lane[k]] = type(node)(node.id, node.x, node.y - 8, node.type, node.finish)
    out, said = imports(dat, tmp_path, capsys)
    board, track = understand(dat), load_track(out)
    assert board.lanes[1] == b_lane
    spaces = space_of(board, track)
    fates = step_fates(board, track, spaces)
    assert fates[skip] == "refused" and {f for step, f in fates.items() if step != skip} == {"kept"}
    line = next(x for x in said.splitlines() if f"the step from node {skip[0]} to {skip[1]}" in x)
    assert "is no move under the rules" in line and "(CORE-MOVE-2)" in line
    assert f"it leads past {spaces[b_lane[k]]}, the next space of its own lane" in line and "Fix: " in line


@pytest.mark.rules("CORE-MOVE-3")
def test_a_step_across_two_lanes_is_named_with_why_and_the_fix(tmp_path, capsys):
    """A stray edge from lane A straight into lane C (Korea has one) is no move under the rules
    (CORE-MOVE-3: a lane change enters the lane beside): it is counted as refused, not dropped,
    and listed with its nodes, spaces, the reason and what to do."""
    dat = parse_dat(make_dat.board(3, False))
    a_lane, _, c_lane = understand(dat).lanes
    k = len(a_lane) * 2 // 3
    stray = (a_lane[k], min(c_lane, key=lambda n: math.dist(dat.nodes[n].pos, dat.nodes[a_lane[k + 1]].pos)))
    dat.edges.append(stray)
    out, said = imports(dat, tmp_path, capsys)
    board = understand(dat)
    fates = step_fates(board, load_track(out), space_of(board, load_track(out)))
    assert fates[stray] == "refused" and "dropped" not in fates.values()
    line = next(x for x in said.splitlines() if f"the step from node {stray[0]} to {stray[1]}" in x)
    assert "it crosses 2 lanes in one step" in line and "(CORE-MOVE-3)" in line
    assert "Fix: it is a stray edge of the tracing" in line


@pytest.mark.rules("CORE-MOVE-3")
def test_a_lane_along_part_of_the_lap_is_kept_as_a_lane_that_begins_and_ends(tmp_path, capsys):
    """A fourth lane beside lane A along part of the bottom straight only, ending on a blocked
    node whose one step leads far back to where the lane begins (Indianapolis's fourth lane):
    the map has it as its lane A, drawn from where it begins to where it ends, every step of
    the board is kept (but the two of its blocked end, AMB-69), and the map races."""
    dat = parse_dat(make_dat.board(3, False))
    board = understand(dat)
    a_lane = board.lanes[0]
    straight = [k for k in range(2, len(a_lane) - 14) if not any(dat.nodes[n].curve for n in a_lane[k - 1 : k + 12])]
    k = straight[len(straight) // 2]
    run, before = a_lane[k:][:10], a_lane[k - 1]
    first_id = max(dat.nodes) + 1
    extra = list(range(first_id, first_id + len(run)))
    here = dat.nodes[run[0]]
    beside = min((dat.nodes[n] for n in board.lanes[1]), key=lambda m: math.dist(m.pos, here.pos))
    normal = (beside.x - here.x, beside.y - here.y)  # from lane A to lane B on this straight
    for n, m in zip(run, extra):  # one lane further out than lane A, beside each of its nodes
        node = dat.nodes[n]
        dat.nodes[m] = type(node)(m, node.x - normal[0], node.y - normal[1], 4 if m == extra[-1] else 1, False)
    # along it, diagonally in from lane A's node behind and out to the one ahead, and the blocked
    # end's step back to where it begins
    dat.edges += list(zip(extra, extra[1:])) + [(m, n) for m, n in zip(extra[:-1], run[1:])]
    dat.edges += [(n, m) for n, m in zip([before, *run[:-2]], extra[:-1])] + [(extra[-1], extra[0])]
    out, said = imports(dat, tmp_path, capsys)
    track = load_track(out)
    board = understand(dat)
    assert board.partial == [(extra, -1)] and board.lanes == understand(parse_dat(make_dat.board(3, False))).lanes
    assert track.lanes == 4 and track.partial[0].lane == 0
    spaces = space_of(board, track)
    assert [spaces[n] for n in extra] == [s.name for s in track.lane_run(0)]
    assert track.is_blocked(spaces[extra[-1]]) and "not kept: nothing" in said
    fates = step_fates(board, track, spaces)
    assert {f for (a, b), f in fates.items() if extra[-1] not in (a, b)} == {"kept"}
    assert {f for (a, b), f in fates.items() if extra[-1] in (a, b)} == {"blocked"}
    steps = {(e.src, e.dst): e.kind for e in track.edges}  # into the lane from lane B (the board's A) and out
    assert steps[(spaces[before], spaces[extra[0]])] is EdgeKind.DIAGONAL  # of it, as any lane change (CORE-MOVE-3)
    assert steps[(spaces[extra[-2]], spaces[run[-1]])] is EdgeKind.DIAGONAL
    assert main(["simulate", "--track", str(out), "--cars", "6", "--laps", "1", "--seed", "4"]) == 0


def test_a_gap_with_a_corner_border_in_it_is_kept(tmp_path, capsys):
    """Lane B's last three straight nodes before the 1-stop corner left out (Suzuka's bridge
    ends where a bend begins): the corner's border lies inside the gap, so the space before it
    lies far from that line, and the one after it is the corner's first; the gap's later space
    says after_gap and the map keeps every step."""
    dat = parse_dat(make_dat.board(3, False))
    board = understand(dat)
    b_lane = board.lanes[1]
    _, corner = board.corners[1]
    first = next(k for k, n in enumerate(b_lane) if n in corner)
    gone = b_lane[first - 3 : first]
    for n in gone:
        del dat.nodes[n]
    dat.edges = [
        (a, b_lane[first] if b == gone[0] else b)
        for a, b in dat.edges
        if a not in gone and (b == gone[0] or b not in gone)
    ]
    out, said = imports(dat, tmp_path, capsys)
    assert out.read_text(encoding="utf-8").count('name="after_gap"') == 1
    assert f"before node {b_lane[first]} " in said
    board, track = understand(dat), load_track(out)
    fates = step_fates(board, track, space_of(board, track))
    assert set(fates.values()) == {"kept"}


@pytest.mark.rules("CORE-PIT-2")
def test_a_pit_lane_whose_end_has_a_way_out_beside_it_keeps_its_spaces_on_the_nodes_CORE_PIT_2(tmp_path, capsys):
    """The pit lane's last node has two ways back onto the track, the first listed into the space
    level with it (Austria's): the importer takes the other as the exit and this one as a second
    exit, which leads sideways onto the space beside (AMB-3, a printed way); the pit spaces stay
    on their nodes and every step is kept."""
    dat = parse_dat(make_dat.board(3, False))
    board = understand(dat)
    end, out_to = board.pit[-1], board.pit_exit
    beside = min(board.lanes[0], key=lambda n: math.dist(dat.nodes[n].pos, dat.nodes[end].pos))
    assert beside != out_to
    dat.edges.insert(dat.edges.index((end, out_to)), (end, beside))
    out, said = imports(dat, tmp_path, capsys)
    assert "spaces_on_points" in out.read_text(encoding="utf-8")
    board, track = understand(dat), load_track(out)
    spaces = space_of(board, track)
    assert track.pit.exit == spaces[out_to]
    fates = step_fates(board, track, spaces)
    assert set(fates.values()) == {"kept"}
    assert spaces[beside] in track.pit.extra_exits and "not kept: nothing" in said


def test_a_row_line_moves_where_a_lane_change_would_cross_it_backwards():
    """Lane B's fifth node lies a little behind lane A's sixth, and the board steps from that
    one of lane A into it (a hand's tracing in a bend): the row line the lane with the most
    nodes places between lane A's fifth and sixth nodes cuts lane B before its fifth node, not
    after, so the map's rows do not make that step lead back."""
    nodes = [f"{k} {100 + 40 * k} 100 1" + (" F" if k == 0 else "") for k in range(10)]
    xs = [120 + 40 * k for k in range(9)]
    xs[4] = 100 + 40 * 5 - 12  # just behind lane A's sixth node
    nodes += [f"{10 + k} {x} 140 1" + (" F" if k == 0 else "") for k, x in enumerate(xs)]
    edges = [f"{k} {k + 1}" for k in range(9)] + [f"{10 + k} {11 + k}" for k in range(8)] + ["5 14"]
    dat = parse_dat("\n".join(["board.jpg 0", *nodes, "", *edges]) + "\n")
    board = Board(dat, [list(range(10)), list(range(10, 19))], [], [], None, None)
    pos = {n.id: n.pos for n in dat.nodes.values()}
    assert _row_cuts(board, pos, [(1, 9), (1, 8)], 2) == [(5, 4)]
    dat.edges.remove((5, 14))
    assert _row_cuts(board, pos, [(1, 9), (1, 8)], 2) == [(5, 5)]


def four_lanes() -> DatTrack:
    """The 3-lane oval with a fourth lane outside lane C all round (Indianapolis's oval has
    four): its own steps, and on the straights a diagonal each way between lanes C and D."""
    dat = parse_dat(make_dat.board(3, False))
    c_lane = understand(dat).lanes[2]

    def lap(offset: float) -> list[tuple[float, float, int, int]]:
        raw = make_dat.lane_nodes(offset)
        return raw[make_dat.FINISH_AT :] + raw[: make_dat.FINISH_AT]

    raw, c_segs = lap(-80.0), [seg for *_, seg in lap(-40.0)]
    first = max(dat.nodes) + 1
    d_lane = list(range(first, first + len(raw)))
    for k, (x, y, kind, _) in enumerate(raw):
        dat.nodes[first + k] = type(dat.nodes[0])(first + k, round(x), round(y), kind, k == 0)
    dat.edges += [(d_lane[k], d_lane[(k + 1) % len(d_lane)]) for k in range(len(d_lane))]
    for seg, (shape, *_) in enumerate(make_dat.LAYOUT):
        ds = [d_lane[k] for k, r in enumerate(raw) if r[3] == seg]
        cs = [c_lane[k] for k, s in enumerate(c_segs) if s == seg]
        for i in range(min(len(ds), len(cs)) - 1):  # side by side on a straight, not across the finish line
            if shape == "line" and ds[i + 1] == ds[i] + 1 and c_lane.index(cs[i + 1]) == c_lane.index(cs[i]) + 1:
                dat.edges += [(ds[i], cs[i + 1]), (cs[i], ds[i + 1])]
    return dat


def test_a_board_of_four_lanes_keeps_every_step_and_races(tmp_path, capsys):
    dat = four_lanes()
    out, said = imports(dat, tmp_path, capsys)
    board, track = understand(dat), load_track(out)
    assert track.lanes == 4 and len(board.lanes) == 4
    assert [len(track.lane_spaces(li)) for li in range(4)] == [len(lane) for lane in board.lanes]
    assert set(step_fates(board, track, space_of(board, track)).values()) == {"kept"}
    assert "not kept: nothing" in said
    assert main(["simulate", "--track", str(out), "--cars", "8", "--laps", "1", "--seed", "5"]) == 0


def test_a_curve_one_lane_drives_in_two_runs_is_one_corner_and_named(tmp_path, capsys):
    """Lane A's middle node of the hairpin traced as a straight node (Yas Marina's and
    Valencia's curves are not one run in a lane): the corner stays one, that node is a corner
    space of it, every step is kept, and one line names the node and why."""
    dat = parse_dat(make_dat.board(3, False))
    board = understand(dat)
    stops, hairpin = board.corners[-1]
    in_a = [n for n in board.lanes[0] if n in hairpin]
    middle = in_a[len(in_a) // 2]
    node = dat.nodes[middle]
    dat.nodes[middle] = type(node)(node.id, node.x, node.y, 1, node.finish)
    out, said = imports(dat, tmp_path, capsys)
    board, track = understand(dat), load_track(out)
    assert [c.stops for c in track.corners] == [2, 1, 3]
    spaces = space_of(board, track)
    assert spaces[middle] in track.corners[-1].spaces
    assert set(step_fates(board, track, spaces).values()) == {"kept"}
    line = next(x for x in said.splitlines() if "leaves lane A straight part of the way" in x)
    assert f"(nodes {middle})" in line


def test_a_node_without_a_step_forwards_is_named_not_a_crash(tmp_path, capsys):
    """Every step out of a node of lane B's bottom straight deleted: the import stops with one
    message naming the node, where it lies and the fix, and writes nothing."""
    dat = parse_dat(make_dat.board(3, False))
    b_lane = understand(dat).lanes[1]
    dead = b_lane[len(b_lane) * 2 // 3]
    dat.edges = [(a, b) for a, b in dat.edges if a != dead]
    src, out = tmp_path / "board.dat", tmp_path / "board.tmx"
    src.write_text(dat_text(dat), encoding="utf-8")
    assert main(["track", "import", str(src), str(out)]) == 1
    err = capsys.readouterr().err.strip()
    node = dat.nodes[dead]
    assert f"node {dead} at ({node.x:g}, {node.y:g})" in err and "Fix: " in err and "\n" not in err
    assert not out.exists()


def test_a_one_node_curve_beside_another_corner_is_a_message_not_a_crash(tmp_path, capsys):
    """Lane A's sixth node traced as a 1-stop curve on the finish straight: the lanes meet the
    corner borders a different number of times, which the format refuses; the import says so
    in one message with a fix, and writes nothing."""
    dat = read_dat(REPO / "tests" / "tracks" / "dat" / "oval3.dat")
    sixth = understand(dat).lanes[0][5]
    node = dat.nodes[sixth]
    dat.nodes[sixth] = type(node)(node.id, node.x, node.y, 3, node.finish)
    src, out = tmp_path / "board.dat", tmp_path / "board.tmx"
    src.write_text(dat_text(dat), encoding="utf-8")
    assert main(["track", "import", str(src), str(out)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("the converted map does not pass the checks: ") and "Fix: " in err and "\n" not in err
    assert not out.exists()
