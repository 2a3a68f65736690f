"""The look-ahead's ways out of a corner taken too fast: a double skip down the gears, and the
corner's longest way over lane changes and printed arrows, beyond the lane's own room."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.tracks.load import load_track
from rules.ai.lookahead import lookahead, odds
from rules.ai.prices import Prices
from rules.ai.shapes import brakes_after
from rules.car import Area
from rules.ruleset import FORMULA_D_BASIC, PRESETS

MAPS = Path(__file__).resolve().parents[2] / "maps"
DICE = odds(FORMULA_D_BASIC.gear_dice)
PRICES = Prices(brake=1.0, tyre=0.5, scarce=0.0, out=80.0, spin=12.0, skip=1.0)


@pytest.mark.rules("CORE-GEAR-4", "FD08-GEAR-1", "CORNER-5")
def test_a_double_skip_down_to_first_lets_a_car_brake_to_the_stops_it_still_needs() -> None:
    """Adlerjoch's Adlerkehre needs 3 stops; a car in 4th on its lane's last space (A38) has made 1.
    Every gear from 2nd up rolls past what 3 brake WP can stop, and leaving with 1 stop is out
    (CORNER-5). From 4th to 1st skips two gears: a gearbox and a brake WP (FD08-GEAR-1, two skips'
    price), then a roll of 1 or 2 braked to a stand with the 2 brake WP left (1 and 2 WP):
    -2 x skip - (1/2 x 1 + 1/2 x 2) x brake = -3.5."""
    track = load_track(MAPS / "adlerjoch.tmx")
    la = lookahead(track)
    assert la.lane.corner_way("A38") == ()  # no way on inside the corner from the lane's last space
    assert la.value(DICE, "A38", 4, 1, 1, 3, 6, 1, 1, PRICES, 1) == pytest.approx(-3.5)
    # one brake WP fewer: after the double skip's brake WP a roll of 2 cannot be stopped
    assert la.value(DICE, "A38", 4, 1, 1, 2, 6, 1, 1, PRICES, 1) < -40


@pytest.mark.rules("CORE-GEAR-4", "CORE-GEAR-7")
@pytest.mark.parametrize("key", sorted(PRESETS))
def test_the_look_ahead_s_brake_wp_for_a_skip_is_every_rule_set_s(key: str) -> None:
    """The look-ahead is built per track, not per rule set: the brake WP it takes for one or two
    skipped gears must be what each preset's downshift table charges, and with none left the
    double skip is refused."""
    table = PRESETS[key].downshift
    for skips in (1, 2):
        charged = table.cost(skips).get(Area.BRAKES, 0)
        assert brakes_after(skips, 3) == 3 - charged
        assert (brakes_after(skips, 0) is None) == (charged > 0)


@pytest.mark.rules("CORNER-3", "CORE-MOVE-6")
@pytest.mark.parametrize("name", sorted(p.stem for p in MAPS.glob("*.tmx")))
def test_a_corner_s_longest_way_is_a_walk_of_legal_steps_at_least_the_lane_s_room(name: str) -> None:
    """From every corner space the longest way on inside the corner is made of steps the track
    allows (CORE-MOVE-6: inside corners the arrows decide), every space in the same corner, and
    is never shorter than the lane's own spaces left in the corner."""
    track = load_track(MAPS / f"{name}.tmx")
    lane = lookahead(track).lane
    for sp in track.spaces:
        if sp.corner is None or sp.in_pit:
            continue
        way = lane.corner_way(sp.name)
        assert len(way) >= lane.left_in_corner(sp.name), sp.name
        here = sp.name
        for nxt in way:
            assert nxt in track.successors(here) and track.space(nxt).corner == sp.corner, (sp.name, way)
            here = nxt


@pytest.mark.rules("CORNER-3", "CORNER-4")
def test_a_roll_past_the_lane_s_room_stops_on_the_corner_s_longer_way() -> None:
    """Eichwald's lanes are staggered: from A12 lane A has 4 spaces left in the corner, the way over
    B12 five. A roll of 5 with a stop still to make stops on the way's fifth space, counts the stop
    and costs no WP (CORNER-3); along the lane alone it would fly out of the corner (CORNER-4)."""
    track = load_track(MAPS / "eichwald.tmx")
    la = lookahead(track)
    corner = track.space("A12").corner
    assert corner is not None
    assert la.lane.left_in_corner("A12") == 4
    way = la.lane.corner_way("A12")
    assert len(way) == 5 and way[0] == "B12"
    step = la.step("A12", 5, corner, 0, 3, 5, 1, 1, PRICES)
    assert not step.out and step.value == 5.0
    assert (step.end, step.corner, step.stops, step.brakes, step.tyres) == (way[-1], corner, 1, 3, 5)
