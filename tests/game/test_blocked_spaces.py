"""Blocked spaces (AMB-69): a printed space no car may use, a ``blocked_space`` point in the
layer ``spaces``. The space stays on the board, drawn and named, but no step leads into or out of
it, so no legal move, race or restart ever puts a car on it."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.main import main
from game.tracks.build import build
from game.tracks.drawing import Drawing, Shape, TrackError
from rules.actions import Drive
from rules.ai.registry import DRIVERS
from rules.files.record import replay, same_drivers
from rules.moves import MoveRequest, legal_moves
from rules.ruleset import PRESETS
from rules.run.session import RaceSession
from rules.track import Track
from tests.game.drawing_tmx import write_tmx
from tests.game.drawings import CX1, CX2, CY, stadium

#: on the back straight (rows 18 to 30 of the stadium), in all three lanes but never level
BLOCKED = ("C16", "B23", "A27")


def with_blocked(d: Drawing, track: Track, names: tuple[str, ...], first_id: int = 600) -> Drawing:
    """The drawing with a blocked_space point on the centre of each named space of ``track``."""
    d.layers.setdefault("spaces", [])
    d.layers["spaces"] += [
        Shape(first_id + i, "blocked_space", ((track.space(n).x, track.space(n).y),)) for i, n in enumerate(names)
    ]
    return d


@pytest.fixture(scope="module")
def plain() -> Track:
    return build(stadium())


@pytest.fixture(scope="module")
def blocked(plain) -> Track:
    return build(with_blocked(stadium(), plain, BLOCKED))


def messages(d: Drawing) -> list[str]:
    with pytest.raises(TrackError) as err:
        build(d)
    return [p.line() for p in err.value.problems]


def test_AMB_69_a_blocked_space_stays_on_the_board_but_no_step_leads_into_or_out_of_it(plain, blocked):
    """AMB-69: the spaces are the same; every step touching a blocked space is gone, no other."""
    assert blocked.blocked == BLOCKED  # in lap order
    assert [s.name for s in blocked.spaces] == [s.name for s in plain.spaces]
    assert all(blocked.is_blocked(n) for n in BLOCKED) and not blocked.is_blocked("B24")
    for n in BLOCKED:
        assert blocked.out_edges(n) == () and blocked.in_edges(n) == ()
    touching = [e for e in plain.edges if e.src in BLOCKED or e.dst in BLOCKED]
    assert touching and set(blocked.edges) == set(plain.edges) - set(touching)


def test_AMB_69_straight_ahead_is_still_the_printed_lane(plain, blocked):
    """AMB-2 with AMB-69: a car two spaces beyond a blocked space is not directly ahead."""
    assert blocked.ahead("B22") == "B23" and blocked.ahead("B23") == "B24"
    assert blocked.behind("B24") == "B23" and blocked.behind("B23") == "B22"
    assert all(blocked.ahead(s.name) == plain.ahead(s.name) for s in plain.spaces)


def test_AMB_69_the_graph_hash_of_a_board_without_blocked_spaces_is_unchanged(plain, blocked):
    assert "blocked" not in plain.canonical_json()
    assert '"blocked":["C16","B23","A27"]' in blocked.canonical_json()
    assert plain.content_hash() != blocked.content_hash()


def test_AMB_69_hand_placed_spaces_ignore_blocked_points(plain):
    """Layer 'spaces' holds both classes: the blocked points are no hand-placed spaces."""
    d = with_blocked(stadium(), plain, ("B23",))
    d.layers["spaces"] += [Shape(500 + i, "space", ((s.x, s.y),)) for i, s in enumerate(plain.lane_spaces(1))]
    t = build(d)
    assert [(s.name, s.x, s.y) for s in t.spaces] == [(s.name, s.x, s.y) for s in plain.spaces]
    assert t.blocked == ("B23",)


def test_AMB_69_the_checker_names_every_misplaced_blocked_space(plain):
    """One message each, with object id and position: off every space, twice, a grid slot, the
    line, a lane closed with no way round."""
    d = with_blocked(stadium(), plain, ("B23", "B23", plain.grid[0], "B1"))
    d.layers["spaces"].append(Shape(610, "blocked_space", (((CX1 + CX2) / 2, CY),)))  # the infield
    lines = messages(d)
    assert any("object 601" in m and "two blocked spaces are on B23 (objects 600 and 601)" in m for m in lines)
    assert any("object 602" in m and f"the blocked space on {plain.grid[0]} is grid slot 1" in m for m in lines)
    assert any("object 603" in m and "the blocked space on B1 is a space at the start/finish line" in m for m in lines)
    assert any("object 610" in m and "the blocked space is not on a space" in m for m in lines)
    closed = messages(
        with_blocked(stadium(), plain, ("A7",))
    )  # lane A of the first corner changes lanes only at arrows
    assert any("cannot be reached from the grid" in m or "lead nowhere" in m for m in closed)
    assert all("blocked_space points on A7 (object 600)" in m for m in closed)


def test_AMB_69_a_blocked_space_beside_an_open_one_leaves_the_lap_open(plain):
    """The reachability check exempts the blocked spaces themselves: two lanes blocked level
    with each other on a straight still leave lane C."""
    t = build(with_blocked(stadium(), plain, ("A24", "B24")))
    assert t.blocked == ("A24", "B24")


def test_AMB_69_a_seeded_race_never_puts_a_car_on_a_blocked_space_and_replays(blocked: Track) -> None:
    rules = PRESETS["fde-advanced"]
    session = RaceSession(blocked, same_drivers(blocked, rules, 6, 1, 11, "aggressive"), drivers=DRIVERS)
    seen: set[str] = set()
    while not session.state.finished:
        session.advance()
        seen |= {c.space for c in session.state.cars if c.space is not None}
    assert not seen & set(BLOCKED)
    driven = {sp for a in session.actions if isinstance(a, Drive) for sp in a.path}
    assert driven and not driven & set(BLOCKED)  # nor drove through one
    back_straight = {s.name for s in blocked.spaces if 18 <= s.row <= 30 and not s.in_pit}
    assert len(seen & back_straight) >= 5  # the cars stopped among the blocked spaces, lap after lap
    final = replay(blocked, session.record())
    assert final == session.state


@settings(max_examples=80, deadline=None)
@given(data=st.data(), roll=st.integers(1, 20), brakes=st.integers(0, 6))
def test_AMB_69_no_legal_move_ends_on_or_passes_through_a_blocked_space(blocked, data, roll, brakes):
    """From any open space, with any roll and other cars anywhere, every legal move's path
    (each space it enters) avoids the blocked spaces."""
    open_spaces = [s.name for s in blocked.spaces if not blocked.is_blocked(s.name)]
    start = data.draw(st.sampled_from(open_spaces), label="start")
    others = data.draw(st.sets(st.sampled_from(open_spaces), max_size=6), label="others")
    req = MoveRequest(
        track=blocked,
        rules=PRESETS["fde-advanced"],
        start=start,
        roll=roll,
        occupied=frozenset(others - {start}),
        brakes=brakes,
        tyres=brakes,
    )
    for move in legal_moves(req):
        assert not set(move.path) & set(BLOCKED)


@pytest.fixture(scope="module")
def blocked_file(plain, tmp_path_factory) -> Path:
    return write_tmx(with_blocked(stadium(), plain, BLOCKED), tmp_path_factory.mktemp("blocked") / "blocked.tmx")


def test_AMB_69_track_info_lists_the_blocked_spaces(blocked_file, capsys):
    assert main(["track", "info", str(blocked_file)]) == 0
    assert "blocked spaces (3, no car may use them): C16 B23 A27" in capsys.readouterr().out
    assert main(["track", "info", str(blocked_file), "--json"]) == 0
    facts = json.loads(capsys.readouterr().out)
    assert facts["blocked"] == list(BLOCKED)
    by_name = {s["name"]: s for s in facts["spaces"]}
    assert all(
        by_name[n]["blocked"] and by_name[n]["kind"] == "blocked" and by_name[n]["successors"] == [] for n in BLOCKED
    )
    assert not any(e["to"] in BLOCKED for s in facts["spaces"] for e in s["successors"])
    assert sum(s["blocked"] for s in facts["spaces"]) == 3


def test_AMB_69_the_board_crosses_a_blocked_space_out_in_red_hatching(blocked_file, blocked, tmp_path, capsys):
    """``track render`` (the board's own painter) hatches each blocked space red and white; an
    open space of the same straight keeps its asphalt, without a no-lane-change line beside it."""
    out = tmp_path / "board.png"
    assert main(["track", "render", str(blocked_file), str(out)]) == 0
    said = capsys.readouterr().out
    left, top = (float(v) for v in said.split("map pixels (")[1].split(")")[0].split(", "))
    picture = pygame.image.load(str(out))

    def red_share(name: str) -> float:
        s = blocked.space(name)
        box = [(round(s.x - left + dx), round(s.y - top + dy)) for dx in range(-14, 15, 2) for dy in range(-14, 15, 2)]
        return sum(1 for p in box if _reddish(picture.get_at(p))) / len(box)

    assert all(red_share(n) > 0.2 for n in BLOCKED)
    assert red_share("B21") == 0 and red_share("A24") == 0


def _reddish(c: pygame.Color) -> bool:
    return c.r > 150 and c.g < 80 and c.b < 80


def test_AMB_69_the_hint_under_the_mouse_says_a_space_is_blocked(blocked):
    from game import texts
    from game.board.street_art import space_lines

    assert space_lines(blocked, "B23") == [texts.tr("gallery.blocked_space")]
    assert space_lines(blocked, "B24") == []


def test_AMB_69_a_position_with_a_car_on_a_blocked_space_is_refused(blocked):
    """A position file (``moves``, ``odds``) may not put a car where no car may stand."""
    from rules.files.position import problem

    session = RaceSession(blocked, same_drivers(blocked, PRESETS["fde-advanced"], 3, 1, 5), drivers=DRIVERS)
    while session.state.round < 2:
        session.advance()
    state = session.state
    assert problem(blocked, state) is None
    moved = state.with_car(state.cars[0].model_copy(update={"space": "B23"}))
    assert (
        problem(blocked, moved)
        == f"car {state.cars[0].id}: space 'B23' is blocked on this track: no car may stand on it"
    )


def test_AMB_69_a_blocked_space_drawn_as_a_line_is_named(plain):
    d = stadium()
    a, b = plain.space("B23"), plain.space("B24")
    d.layers["spaces"] = [Shape(620, "blocked_space", ((a.x, a.y), (b.x, b.y)))]
    assert any("object 620" in m and "a blocked space is not a point" in m for m in messages(d))
