"""Lane changes as printed boards draw them: long and sideways arrows, and a corner's inside side.

Golden edges worked out by hand on the test stadium (tests/game/drawings.py): its first
corner fills rows 2-17 (the bottom straight follows: A21 in row 20, B20 in row 22); lane A has
one space a row there (A3 in row 2 ... A18 in row 17), lane B has B5 in row 5 (progress 4.58)
and B9 in row 10, lane A has A6 in row 5 (progress 5.0) and A4 in row 3.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.tracks.build import build
from game.tracks.drawing import Shape, TrackError
from rules.ai.registry import DRIVERS
from rules.moves import MoveRequest, check_path, legal_moves
from rules.ruleset import FORMULA_D_BASIC
from rules.track import EdgeKind, Track
from tests.game.drawings import stadium

PLAIN = build(stadium())


def at(name: str) -> tuple[float, float]:
    s = PLAIN.space(name)
    return (s.x, s.y)


def with_arrows(*pairs: tuple[str, str]):
    d = stadium()
    d.layers["arrows"] = [Shape(70 + i, "arrow", (at(a), at(z))) for i, (a, z) in enumerate(pairs)]
    return d


def arrows(track: Track) -> list[tuple[str, str]]:
    return [(e.src, e.dst) for e in track.edges if e.kind == EdgeKind.ARROW]


def problems(drawing) -> list[str]:
    with pytest.raises(TrackError) as err:
        build(drawing)
    return [p.line() for p in err.value.problems]


def ends(track: Track, start: str, roll: int, cars: tuple[str, ...] = ()) -> set[str | None]:
    req = MoveRequest(track=track, rules=FORMULA_D_BASIC, start=start, roll=roll, occupied=frozenset(cars))
    return {m.end for m in legal_moves(req)}


def test_the_stadium_is_as_the_docstring_says():
    assert [(n, PLAIN.space(n).row) for n in ("A3", "A4", "A6", "A18", "B5", "B9")] == [
        ("A3", 2),
        ("A4", 3),
        ("A6", 5),
        ("A18", 17),
        ("B5", 5),
        ("B9", 10),
    ]
    assert PLAIN.space("B5").progress < PLAIN.space("A6").progress
    assert (PLAIN.corners[0].first_row, PLAIN.corners[0].last_row) == (2, 17)


@pytest.mark.rules("CORE-MOVE-6")
def test_an_arrow_seven_rows_long_is_kept_as_printed_CORE_MOVE_6():
    t = build(with_arrows(("A4", "B9")))
    assert arrows(t) == [("A4", "B9")]
    assert t.successors("A4") == ("A5", "B9")


@pytest.mark.rules("CORE-MOVE-2", "CORE-MOVE-3")
def test_a_car_drives_a_long_arrow_as_one_space_CORE_MOVE_3_AMB_3():
    t = build(with_arrows(("A4", "B9")))
    assert "B9" in ends(t, "A3", 2)  # A3 > A4 > B9: seven rows ahead for two spaces
    assert "B9" not in ends(PLAIN, "A3", 2)
    assert "B9" not in ends(t, "A3", 2, cars=("B9",))  # CORE-MOVE-2: an occupied end stays shut


def test_a_sideways_arrow_is_a_step_of_one_space_AMB_3():
    t = build(with_arrows(("A6", "B5")))
    assert arrows(t) == [("A6", "B5")]
    assert t.space("A6").row == t.space("B5").row
    req = MoveRequest(track=t, rules=FORMULA_D_BASIC, start="A4", roll=3, occupied=frozenset())
    move = check_path(req, ("A5", "A6", "B5"))
    assert move.end == "B5" and move.laps == 0  # progress falls 0.42 there: no lap is counted
    assert not t.crosses_line("A6", "B5")
    assert "B5" in ends(t, "A4", 3) and "B5" not in ends(PLAIN, "A4", 3)


@pytest.mark.rules("CORE-MOVE-2")
def test_a_sideways_arrow_is_refused_where_a_car_stands_CORE_MOVE_2():
    t = build(with_arrows(("A6", "B5")))
    assert "B5" not in ends(t, "A4", 3, cars=("B5",))


def test_the_line_is_still_crossed_by_the_step_over_it():
    lane = PLAIN.lane_spaces(0)
    last, first = lane[-1].name, lane[0].name
    assert PLAIN.crosses_line(last, first) and not PLAIN.crosses_line(first, lane[1].name)


def test_sideways_arrows_there_and_back_are_refused():
    lines = problems(with_arrows(("A6", "B5"), ("B5", "A6")))
    assert lines == [
        f"track: object 71 at ({at('B5')[0]:.0f}, {at('B5')[1]:.0f}): sideways arrows lead from B5 to A6 and back, "
        "so a car could drive to and fro without getting anywhere. Fix: delete one of the two arrows: "
        "a sideways lane change goes one way only"
    ]


def test_a_backward_arrow_names_both_rows():
    (line,) = problems(with_arrows(("A9", "B5")))
    assert "arrow from A9 (row 8) to B5 (row 5) does not point forwards: it leads back along the track" in line
    assert line.startswith("track: object 70 at (")


@pytest.mark.rules("CORE-MOVE-6")
def test_an_arrow_on_a_straight_stays_an_error_CORE_MOVE_6():
    (line,) = problems(with_arrows(("A21", "B20")))
    assert "lies on a straight, outside every corner and arrow zone" in line


# --- the corner's inside side (AMB-10) -------------------------------------------


def corner_props(**props):
    d = stadium()
    first = d.layers["corners"][0]
    d.layers["corners"][0] = Shape(first.id, first.cls, first.points, True, first.name, {**first.props, **props})
    return d


@pytest.mark.rules("FD08-ORDER-1")
def test_inside_property_overrides_the_derived_side_AMB_10():
    assert PLAIN.corners[0].inside == "right"  # the stadium turns right
    t = build(corner_props(inside="left"))
    assert t.corners[0].inside == "left" and t.corners[1].inside == "right"
    assert [t.inside_rank(n) for n in ("A3", "B3", "C3")] == [0, 1, 2]  # FD08-ORDER-1: lane A first now
    assert t.content_hash() != PLAIN.content_hash()


def test_inside_property_that_agrees_keeps_the_hash():
    assert build(corner_props(inside="right")).content_hash() == PLAIN.content_hash()


@pytest.mark.parametrize("value", ["Left", "inner", 1])
def test_a_wrong_inside_value_is_named_with_the_fix(value):
    (line,) = problems(corner_props(inside=value))
    assert line.startswith("track: object 11 at (1024, 120): ")
    assert f"corner property inside is {value!r}, not 'left' or 'right'" in line
    assert "Fix: set the string property inside to left or right" in line


@pytest.mark.rules("CORE-MOVE-6")
def test_track_import_keeps_a_lane_change_six_rows_long(tmp_path, capsys):
    """A GP Online board whose corner has a lane change from node 8 (lane A) to node 89 (lane B),
    six rows on in the map (A9 in row 8 to B13 in row 14): the converted map keeps it as one
    arrow (CORE-MOVE-6), and says nothing about it as lost."""
    from game.main import main
    from game.tools.datfile import read_dat
    from game.tools.trackimport import space_of, understand
    from game.tracks.load import load_track
    from tests.conftest import REPO

    header_and_nodes, edges, *rest = (
        (REPO / "tests" / "tracks" / "dat" / "oval3.dat").read_text(encoding="utf-8").split("\n\n")
    )
    src = tmp_path / "long.dat"
    src.write_text("\n\n".join([header_and_nodes, edges + "\n8 89", *rest]), encoding="utf-8")
    out = tmp_path / "long.tmx"
    assert main(["track", "import", str(src), str(out)]) == 0
    said = capsys.readouterr().out
    assert "node 8 to 89" not in said and "lane change(s)" not in said
    track = load_track(out)
    spaces = space_of(understand(read_dat(src)), track)
    a, z = track.space(spaces[8]), track.space(spaces[89])
    assert a.lane == 0 and z.lane == 1 and z.row - a.row >= 6
    assert any(e.kind == EdgeKind.ARROW for e in track.out_edges(a.name) if e.dst == z.name)


CORNER = [s.name for s in PLAIN.spaces if s.corner == 0 and s.lane in (0, 1)]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(CORNER), st.sampled_from(CORNER)), min_size=1, max_size=6))
def test_any_arrows_in_a_corner_build_or_are_named_AMB_3(pairs):
    """Whatever arrows a designer draws in a corner, the track either builds with every arrow a
    step forwards or sideways into the next lane (never to and fro, never over the line), or
    every problem names an arrow."""
    try:
        t = build(with_arrows(*pairs))
    except TrackError as err:
        assert {p.object_id for p in err.problems} <= {70 + i for i in range(len(pairs))}
        return
    made = arrows(t)
    for a, z in made:
        src, dst = t.space(a), t.space(z)
        assert abs(src.lane - dst.lane) == 1 and 0 <= dst.row - src.row
        assert not t.crosses_line(a, z) and (z, a) not in made
    assert t.corners[0].shortest <= t.corners[0].longest


def test_a_whole_race_runs_over_long_and_sideways_arrows_and_replays():
    """Computer drivers race two laps through the corner with both arrows (the loop of
    ``simulate``), and the record replays to the same end."""
    from rules.files.record import replay
    from rules.ruleset import preset
    from rules.run.simulation import play, race_header

    t = build(with_arrows(("A4", "B9"), ("A6", "B5")))
    header, _ = race_header(t, preset("fd-basic"), 6, 2, 4, "careful", DRIVERS)
    session = play(t, header, DRIVERS)
    assert session.state.finished
    assert replay(t, session.record()) == session.state
