"""`track import` of board shapes GP Online's traced boards have, each made here from the
project's own 3-lane oval (tests/tracks/dat/oval3.dat) by editing its nodes and steps: the
community's boards carry no licence, so no test reads them."""

from __future__ import annotations

from pathlib import Path

from game.main import main
from game.tools.datfile import DatTrack, read_dat
from game.tools.trackimport import understand
from game.tracks.load import load_track
from tests.conftest import REPO

DAT = REPO / "tests" / "tracks" / "dat"


def dat_text(dat: DatTrack) -> str:
    """A .dat file as GP Online's editor writes it."""
    nodes = [f"{n.id} {n.x:g} {n.y:g} {n.type}" + (" F" if n.finish else "") for n in dat.nodes.values()]
    edges = [f"{a} {b}" for a, b in dat.edges]
    attrs = [f"{k} {v:g}" for k, v in dat.attributes.items()]
    grid = [f"{k} {v:g}" for k, v in dat.grid.items()]
    return "\n".join([dat.header, *nodes, "", *edges, "", *attrs, "", *grid]) + "\n"


def imports(dat: DatTrack, tmp_path: Path, capsys) -> tuple[Path, str]:  # type: ignore[no-untyped-def]
    src, out = tmp_path / "board.dat", tmp_path / "board.tmx"
    src.write_text(dat_text(dat), encoding="utf-8")
    code = main(["track", "import", str(src), str(out)])
    said = capsys.readouterr()
    assert code == 0, said.err
    assert main(["track", "check", str(out)]) == 0
    return out, said.out


def test_a_lane_whose_curve_nodes_no_step_links_to_the_next_lane_joins_its_corner(tmp_path, capsys):
    """Lane C's nodes of the 1-stop corner have no lane change at all (a board listing only the
    lane's own steps there): they still belong to that corner, not to a corner of their own."""
    dat = read_dat(DAT / "oval3.dat")
    board = understand(dat)
    stops, group = board.corners[1]
    assert stops == 1
    lane_c = set(board.lanes[2]) & group
    own = set(board.lanes[2])
    dat.edges = [(a, b) for a, b in dat.edges if not ({a, b} & lane_c) or {a, b} <= own]
    out, said = imports(dat, tmp_path, capsys)
    track = load_track(out)
    assert [c.stops for c in track.corners] == [2, 1, 3]
    assert sum(1 for name in track.corners[1].spaces if name[0] == "C") == len(lane_c)
