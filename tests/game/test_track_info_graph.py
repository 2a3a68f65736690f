"""`track info --json` lists the whole graph: every space of every shipped map with its facts,
every edge with its kind, the blocked spaces and the rows of the turn order (AMB-56)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.main import main
from game.tracks.load import load_track
from rules.track import Track
from tests.conftest import REPO

TRACKS = sorted((REPO / "maps").glob("*.tmx"))


@pytest.fixture(scope="module", params=TRACKS, ids=lambda p: p.name)
def shipped(request: pytest.FixtureRequest) -> tuple[Path, Track]:
    return request.param, load_track(request.param)


def info_json(path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(["track", "info", str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_every_space_and_every_edge_is_listed(shipped: tuple[Path, Track], capsys: pytest.CaptureFixture[str]) -> None:
    path, track = shipped
    facts = info_json(path, capsys)
    listed = {s["name"]: s for s in facts["spaces"]}
    assert list(listed) == [s.name for s in track.spaces]
    for s in track.spaces:
        got = listed[s.name]
        assert (got["lane_index"], got["index"], got["row"], got["x"], got["y"], got["heading"]) == (
            s.lane,
            s.index,
            s.row,
            s.x,
            s.y,
            s.heading,
        )
        assert got["lane"] == ("pit" if s.in_pit else s.name[0])
        assert got["corner"] == s.corner and got["box"] == s.box and got["arrows_only"] == s.arrows_only
    edges = {(s["name"], e["to"], e["kind"]) for s in facts["spaces"] for e in s["successors"]}
    assert edges == {(e.src, e.dst, e.kind.value) for e in track.edges}
    assert facts["edges"] == len(track.edges) == len(edges)
    assert facts["hash"] == track.content_hash()


def test_kinds_name_the_grid_the_boxes_the_pit_and_the_corners(
    shipped: tuple[Path, Track], capsys: pytest.CaptureFixture[str]
) -> None:
    path, track = shipped
    facts = info_json(path, capsys)
    by_kind: dict[str, set[str]] = {}
    for s in facts["spaces"]:
        by_kind.setdefault(s["kind"], set()).add(s["name"])
    assert by_kind["grid"] == set(track.grid)
    assert by_kind.get("box", set()) == (set(track.pit.boxes) if track.pit else set())
    assert by_kind.get("pit", set()) | by_kind.get("box", set()) == (set(track.pit.spaces) if track.pit else set())
    assert by_kind["corner"] == {n for c in track.corners for n in c.spaces} - set(track.grid)
    assert [s["grid"] for s in facts["spaces"] if s["grid"]] != []
    assert {s["name"]: s["grid"] for s in facts["spaces"] if s["grid"]} == {n: i + 1 for i, n in enumerate(track.grid)}


def test_AMB_56_order_rows_put_the_pit_lane_at_its_entry(
    shipped: tuple[Path, Track], capsys: pytest.CaptureFixture[str]
) -> None:
    path, track = shipped
    facts = info_json(path, capsys)
    entry_row = track.space(track.pit.entry).row if track.pit else None  # a street circuit has no pit lane
    for s in facts["spaces"]:
        assert s["order_row"] == (entry_row if s["lane"] == "pit" else s["row"])


def test_no_shipped_map_has_a_blocked_space(shipped: tuple[Path, Track], capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = shipped
    facts = info_json(path, capsys)
    assert facts["blocked"] == [] and not any(s["blocked"] for s in facts["spaces"])


def test_a_broken_track_prints_its_problems_not_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.tmx"
    bad.write_text("<map", encoding="utf-8")
    assert main(["track", "info", str(bad), "--json"]) == 1
    out = capsys.readouterr()
    assert out.out == "" and "not a valid XML file" in out.err
