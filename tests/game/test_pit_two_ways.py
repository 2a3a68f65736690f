"""A pit lane with two entries and two exits (CORE-PIT-2), as some printed boards mark them.

The test stadium's pit lane (tests/game/drawings.py) runs from A48 (row 47) over P1..P12 to
A2; box 1 is on P2, box 10 on P11. The extra ways drawn here: an entry from A49 (row 48, one
space after the drawn entry) onto P2, and an exit from P12 onto A3 (one space after A2).
"""

from __future__ import annotations

import pytest

from game.tracks.build import build
from game.tracks.drawing import Shape, TrackError
from rules.ai.registry import DRIVERS
from rules.moves import MoveRequest, legal_moves
from rules.ruleset import FORMULA_D_BASIC, preset
from rules.track import EdgeKind, Track
from tests.game.drawings import stadium

PLAIN = build(stadium())


def at(name: str) -> tuple[float, float]:
    s = PLAIN.space(name)
    return (s.x, s.y)


def with_ways(*lines: tuple[str, str]):
    d = stadium()
    d.layers["pit"] = d.layers["pit"] + [Shape(90 + i, "pit_lane", (at(a), at(z))) for i, (a, z) in enumerate(lines)]
    return d


TWO = build(with_ways(("A49", "P2"), ("P12", "A3")))


def problems(drawing) -> list[str]:
    with pytest.raises(TrackError) as err:
        build(drawing)
    return [p.line() for p in err.value.problems]


def ends(track: Track, start: str, roll: int, box: str | None = None, rules=FORMULA_D_BASIC) -> set[str | None]:
    req = MoveRequest(track=track, rules=rules, start=start, roll=roll, occupied=frozenset(), box=box)
    return {m.end for m in legal_moves(req)}


def test_the_stadium_is_as_the_docstring_says():
    pit = PLAIN.pit
    assert (pit.entry, pit.exit, pit.boxes[0], pit.boxes[-1], pit.spaces[-1]) == ("A48", "A2", "P2", "P11", "P12")
    assert [PLAIN.space(n).row for n in ("A48", "A49", "A2", "A3")] == [47, 48, 1, 2]


@pytest.mark.rules("CORE-PIT-2")
def test_the_extra_ways_are_edges_and_named_in_the_pit_lane_CORE_PIT_2():
    pit = TWO.pit
    assert (pit.entries, pit.exits) == (("A48", "A49"), ("A2", "A3"))
    ways = [(e.src, e.dst) for e in TWO.edges if e.kind in (EdgeKind.PIT_ENTRY, EdgeKind.PIT_EXIT)]
    assert ways == [("A48", "P1"), ("P12", "A2"), ("A49", "P2"), ("P12", "A3")]
    assert TWO.successors("A49") == ("A50", "B44", "P2")
    assert set(TWO.successors("P12")) == {"A2", "A3"}


def test_track_info_names_both_entries_and_exits():
    from game.tools.track import render_text, summary

    facts = summary(TWO)["pit_lane"]
    assert (facts["entry"], facts["entries"], facts["exits"]) == ("A48", ["A48", "A49"], ["A2", "A3"])
    assert "pit lane: 12 spaces, entry A48 and A49, exit A2 and A3, 10 boxes" in render_text(summary(TWO))
    assert "pit lane: 12 spaces, entry A48, exit A2, 10 boxes" in render_text(summary(PLAIN))


def test_a_pit_lane_without_extra_ways_keeps_its_hash():
    pit_json = PLAIN.canonical_json().split('"pit":', 1)[1]
    assert "extra_entries" not in pit_json and "extra_exits" not in pit_json
    assert TWO.content_hash() != PLAIN.content_hash()


@pytest.mark.rules("CORE-PIT-2", "PIT-B-1")
def test_a_car_turns_in_at_the_second_entry_CORE_PIT_2_PIT_B_1():
    # A49 > P2 > P3 > P4 > P5: box 4 in four spaces, from a space past the drawn entry
    assert "P5" in ends(TWO, "A49", 4, box="P5")
    assert not any(e and e.startswith("P") for e in ends(PLAIN, "A49", 4, box="P5"))
    # PIT-B-1: without a box to reach this turn, neither entry is open
    assert not any(e and e.startswith("P") for e in ends(TWO, "A48", 4) | ends(TWO, "A49", 4))


def test_a_car_still_turns_in_at_the_first_entry():
    assert "P5" in ends(TWO, "A48", 5, box="P5")


@pytest.mark.rules("CORE-PIT-2")
def test_a_car_leaves_by_either_exit_CORE_PIT_2():
    out = ends(TWO, "P11", 3)
    assert {"A3", "A4"} <= out  # P12 > A2 > A3 by the drawn exit; P12 > A3 > A4 by the second
    assert "A4" not in ends(PLAIN, "P11", 3)


@pytest.mark.rules("PIT-D-1")
def test_dresden_pit_entry_is_a_lane_change_at_both_entries_PIT_D_1():
    rules = preset("dresden-2006")
    assert "P5" in ends(TWO, "A49", 4, box="P5", rules=rules)
    assert "P5" in ends(TWO, "A48", 5, box="P5", rules=rules)


@pytest.mark.rules("ORDER-D-3")
def test_pit_cars_stand_at_the_last_entry_AMB_56_ORDER_D_3():
    assert TWO.pit_stand().name == "A49"
    assert TWO.order_row("P5") == 48 and PLAIN.order_row("P5") == 47
    earlier = build(with_ways(("A47", "P1")))
    assert earlier.pit.entries == ("A48", "A47") and earlier.pit_stand().name == "A48"


def test_a_whole_race_runs_with_both_ways_and_replays():
    from rules.files.record import replay
    from rules.run.simulation import play, race_header

    header, _ = race_header(TWO, preset("fd-basic"), 6, 2, 3, "careful", DRIVERS)
    session = play(TWO, header, DRIVERS)
    assert session.state.finished
    assert replay(TWO, session.record()) == session.state


# --- what the checker says ----------------------------------------------------------


def test_a_second_line_with_more_points_is_named():
    d = stadium()
    d.layers["pit"].append(Shape(90, "pit_lane", (at("A49"), (500.0, 120.0), at("P2"))))
    (line,) = problems(d)
    assert "object 90 at (472, 152): the layer 'pit' has a second pit_lane line with 3 points" in line
    assert "a second entry or exit is a line with two points" in line


def test_a_line_that_joins_nothing_is_named():
    (line,) = problems(with_ways(("A49", "B45")))
    assert "object 90 at (472, 152): the second pit_lane line does not join a track space and a pit-lane space" in line


def test_an_entry_after_the_first_box_is_refused():
    (line,) = problems(with_ways(("A50", "P4")))
    assert "the second pit entry joins the pit lane at P4, after the first box" in line
    assert "Fix: end the line on a pit-lane space before the first box" in line


def test_an_exit_before_the_last_box_is_refused():
    (line,) = problems(with_ways(("P6", "A56")))
    assert "the second pit exit leaves the pit lane at P6, before the last box" in line


def test_a_backward_entry_is_refused():
    (line,) = problems(with_ways(("A2", "P1")))
    assert "the second pit entry leads backwards, from A2 to P1" in line


@pytest.mark.rules("CORE-MOVE-1")
def test_an_exit_onto_the_space_beside_the_pit_lanes_end_leads_sideways_AMB_3():
    """P12 lies beside A1, less than half a space ahead of it (Austria's pit lane ends so): a way
    out onto A1 is a sideways step, as a printed sideways arrow, and is kept; one onto A58, a
    space and a half behind, leads backwards and is refused (CORE-MOVE-1)."""
    assert 0 < PLAIN.space("P12").progress - PLAIN.space("A1").progress < 0.5
    track = build(with_ways(("P12", "A1")))
    assert track.pit.exits == ("A2", "A1") and set(track.successors("P12")) == {"A1", "A2"}
    (line,) = problems(with_ways(("P12", "A58")))
    assert "the second pit exit leads backwards, from P12 to A58" in line


def test_the_same_entry_twice_is_refused():
    (line,) = problems(with_ways(("A48", "P1")))
    assert "A48 is already a pit entry" in line


@pytest.mark.rules("CORE-PIT-2")
def test_track_import_keeps_a_second_pit_entry(tmp_path, capsys):
    """A GP Online board with a second step into the pit lane, from the space before its entry
    onto the first pit node: the map has both entries (CORE-PIT-2) and names no pit loss."""
    from game.main import main
    from game.tools.datfile import read_dat
    from game.tools.trackimport import space_of, understand
    from game.tracks.load import load_track
    from tests.conftest import REPO

    plain = REPO / "tests" / "tracks" / "dat" / "oval3.dat"
    board = understand(read_dat(plain))
    lane = next(lane for lane in board.lanes if board.pit_entry in lane)
    before = lane[lane.index(board.pit_entry) - 1]
    head, edges, *rest = plain.read_text(encoding="utf-8").split("\n\n")
    src = tmp_path / "entries.dat"
    src.write_text("\n\n".join([head, edges + f"\n{before} {board.pit[0]}", *rest]), encoding="utf-8")
    out = tmp_path / "entries.tmx"
    assert main(["track", "import", str(src), str(out)]) == 0
    said = capsys.readouterr().out
    assert "pit lane entry" not in said and "not in the map" not in said
    track = load_track(out)
    spaces = space_of(understand(read_dat(src)), track)
    assert track.pit.entries == (spaces[board.pit_entry], spaces[before])
    assert track.successors(spaces[before])[-1] == track.pit.spaces[0]
