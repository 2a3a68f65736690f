"""Tracks drawn without the newer features keep the graph hash their records pin."""

from pathlib import Path

import pytest

from game.tracks.load import load_track
from rules.track import Track, Tunnel, Zone

ROOT = Path(__file__).resolve().parents[2]

# Worked out once from the maps as shipped; a record of a race on these boards
# names its track by this hash, so a loader change must not move it, nor new scenery
# (pictures only: it never moves a space).
PINNED = {
    "maps/adlerjoch.tmx": "ac6b267954851c8a91318617ff1f5736507772dc2610998f3167f19b4ffad3fd",
    "maps/eichwald.tmx": "75871a8352eb0fa87e7f01fcc3a133eb74344ede800b72cfb26b08ea930502ae",
    "maps/kranzfeld.tmx": "15f360c2ab5607219604979e92f340ddc5dc593a94f3529d96d22f2d3d303eed",
    "maps/brueckenau.tmx": "06ca570657d70b23a081e86c87553d6a9e337218c506b38be2615bb2d9f9c7e1",
    "maps/hafenstadt.tmx": "d13b57c8a22ae12f201b5c2ff3682b4b4d24f33211a609ac0eb39bf138b6b6b8",
    "maps/hohenau.tmx": "fbd124086d234cace454b2f2fbf4f44fc384d83b66593ce5145df7d471ff7db3",
    "maps/oval.tmx": "495e91bfabb762360059a8286e9bf1243b8f0c0350fe4ef253523b837f38efa1",
    "tests/tracks/walkthrough/guide_circuit.tmx": "83da76c7a569695ce857a7967f634601430bfc6f2fb36e2dfbc8608bdc543074",
}


@pytest.mark.parametrize("path", sorted(PINNED))
def test_a_track_keeps_its_pinned_hash(path):
    assert load_track(ROOT / path).content_hash() == PINNED[path]


def test_street_areas_are_part_of_the_hash_once_drawn():
    track = load_track(ROOT / "maps/oval.tmx")
    first, second = track.spaces[0].name, track.spaces[1].name
    zoned = Track.model_validate({**track.model_dump(), "zones": (Zone(kind="danger", spaces=(first,), black=(first,), object_id=1),)})
    tunnelled = Track.model_validate({**track.model_dump(), "tunnels": (Tunnel(number=1, entry=first, exit=second),)})
    assert len({track.content_hash(), zoned.content_hash(), tunnelled.content_hash()}) == 3
    assert zoned.zone_of(first).kind == "danger" and zoned.zone_of(second) is None
    assert tunnelled.tunnel_from(first).exit == second and tunnelled.tunnel_from(second) is None
