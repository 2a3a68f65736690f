"""Tracks drawn without the newer features keep the graph hash their records pin."""

from pathlib import Path

import pytest

from game.tracks.load import load_track
from rules.track import Track, Tunnel, Zone

ROOT = Path(__file__).resolve().parents[2]

# Worked out from the maps as shipped; a record of a race on these boards names its track
# by this hash, so a loader change must not move it, nor new scenery (pictures only: it never
# moves a space). Only a change of a board's graph in trackgen/ may.
PINNED = {
    "maps/adlerjoch.tmx": "d76fb5d8362a2bd9b396d5607e918137f266747e842be2b8835f4ca3cf68ded0",
    "maps/eichwald.tmx": "86632b2ea711213107e0582326dfb6ebd8cd952270d0677486dcb1ae1e43fb02",
    "maps/kranzfeld.tmx": "6e7c95a147f6caf3cee7e93d4cb4a2a25de7df7a171bd1ffa4bd5395d1becb0e",
    "maps/brueckenau.tmx": "06ca570657d70b23a081e86c87553d6a9e337218c506b38be2615bb2d9f9c7e1",
    "maps/hafenstadt.tmx": "fbe6ddeff560601deec9928f1d411a5cbfebfc96b1cd204a1c11313a8d9a5f8e",
    "maps/hohenau.tmx": "46c3c533c74cfd5a6294d444c7fb91ab8e4cdcdeb2ccbd33dc778a5c4d69fcf5",
    "maps/oval.tmx": "495e91bfabb762360059a8286e9bf1243b8f0c0350fe4ef253523b837f38efa1",
    "tests/tracks/walkthrough/guide_circuit.tmx": "83da76c7a569695ce857a7967f634601430bfc6f2fb36e2dfbc8608bdc543074",
}


@pytest.mark.parametrize("path", sorted(PINNED))
def test_a_track_keeps_its_pinned_hash(path):
    assert load_track(ROOT / path).content_hash() == PINNED[path]


def test_street_areas_are_part_of_the_hash_once_drawn():
    track = load_track(ROOT / "maps/oval.tmx")
    first, second = track.spaces[0].name, track.spaces[1].name
    zoned = Track.model_validate(
        {**track.model_dump(), "zones": (Zone(kind="danger", spaces=(first,), black=(first,), object_id=1),)}
    )
    tunnelled = Track.model_validate({**track.model_dump(), "tunnels": (Tunnel(number=1, entry=first, exit=second),)})
    assert len({track.content_hash(), zoned.content_hash(), tunnelled.content_hash()}) == 3
    assert zoned.zone_of(first).kind == "danger" and zoned.zone_of(second) is None
    assert tunnelled.tunnel_from(first).exit == second and tunnelled.tunnel_from(second) is None
