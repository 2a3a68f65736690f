"""The Brückenau City Circuit, the shipped board of the street race (its rules are
tested elsewhere, this is the board they need): narrow streets between walls, a tunnel pair, a danger zone with
black spaces, the residents' windows, the police station, 2- and 3-stop corners and no pit lane.
A full 10-car race on it runs through ``python main.py simulate`` and its record replays."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from game.board.render import read_art
from game.tracks.load import load_track
from tests.conftest import REPO

CITY = REPO / "maps" / "brueckenau.tmx"


@pytest.fixture(scope="module")
def city():
    return load_track(CITY)


@pytest.mark.rules("STREET-4", "STREET-5", "STREET-6", "STREET-7")
def test_the_city_circuit_is_a_street_board(city):
    """STREET-4: no pits; STREET-5..7: every street feature is on the board."""
    assert city.pit is None
    assert city.lanes == 2 and read_art(CITY).surroundings == "walls"
    assert {z.kind for z in city.zones} == {"shooting", "danger", "police"}
    danger = next(z for z in city.zones if z.kind == "danger")
    assert danger.black and set(danger.black) <= set(danger.spaces)
    assert {c.stops for c in city.corners} >= {2, 3}
    assert len(city.grid) >= 10


@pytest.mark.rules("STREET-7")
def test_the_tunnel_leads_forward_from_one_numbered_space_to_the_other(city):
    """STREET-7: each tunnel moves a car from its entry to the exit with its number, further on in the lap."""
    assert city.tunnels
    for t in city.tunnels:
        entry, exit_ = city.space(t.entry), city.space(t.exit)
        assert not entry.in_pit and not exit_.in_pit
        assert exit_.progress > entry.progress
        assert city.tunnel_from(t.entry) == t


def run(*args: str) -> subprocess.CompletedProcess[str]:
    out = subprocess.run([sys.executable, "main.py", *args], cwd=REPO, capture_output=True, text=True, timeout=600)
    assert "Traceback" not in out.stderr, out.stderr
    return out


@pytest.mark.parametrize("rules", ["fd-basic", "fde-advanced", "street"])
def test_a_ten_car_race_on_the_city_circuit_finishes_and_replays(rules, tmp_path):
    record = tmp_path / "city.json"
    out = run(
        "simulate", "--track", str(CITY), "--cars", "10", "--seed", "7", "--rules", rules, "--record", str(record)
    )
    assert out.returncode == 0, out.stderr
    places = [line for line in out.stdout.splitlines() if line[:3].strip().rstrip(".").isdigit() and "lap(s)" in line]
    assert len(places) == 10 and any("finished" in line for line in places), out.stdout
    replayed = run("replay", str(record))
    assert replayed.returncode == 0, replayed.stderr
    assert "verified: all" in replayed.stdout


@pytest.mark.rules("STREET-5", "STREET-6", "STREET-7")
def test_track_info_lists_the_zones_and_tunnels(city):
    """STREET-5..7 as ``track info`` tells a designer: each zone with its spaces, each tunnel's ends."""
    out = run("track", "info", str(CITY))
    assert out.returncode == 0, out.stderr
    danger = next(z for z in city.zones if z.kind == "danger")
    assert (
        f"danger zone (object {danger.object_id}): {len(danger.spaces)} spaces, {danger.spaces[0]} to "
        f"{danger.spaces[-1]}, black spaces {' '.join(danger.black)}"
    ) in out.stdout.splitlines()
    for t in city.tunnels:
        assert f"tunnel {t.number}: from {t.entry} to {t.exit}" in out.stdout.splitlines()
    facts = json.loads(run("track", "info", str(CITY), "--json").stdout)
    assert [z["kind"] for z in facts["zones"]] == [z.kind for z in city.zones]
    assert facts["tunnels"] == [{"number": t.number, "entry": t.entry, "exit": t.exit} for t in city.tunnels]


@pytest.mark.rules("STREET-3", "STREET-5", "STREET-7", "STREET-8")
def test_a_street_race_on_the_city_circuit_meets_every_street_feature(city):
    """The street preset on its own board, through the loop ``simulate`` uses: nitro (STREET-3), the
    windows' checks (STREET-5), the police station (STREET-7), the tunnel (STREET-7) and the tyre WP
    back at the line (STREET-8) all happen in a 10-car race, whose record replays to the same end."""
    from rules.ai.registry import DRIVERS
    from rules.files.record import replay, steps
    from rules.ruleset import preset
    from rules.run.simulation import play, race_header

    header, _ = race_header(city, preset("street"), 10, 2, 5, "careful", DRIVERS)
    session = play(city, header, DRIVERS)
    record = session.record()
    kinds = {e.kind for s in steps(city, record) for e in s.events}
    purposes = {e.data.get("purpose") for s in steps(city, record) for e in s.events if e.kind == "check"}
    assert {"nitro", "tunnel", "police", "tyres_back"} <= kinds, kinds
    assert "shooting" in purposes, purposes
    assert replay(city, record) == session.state
