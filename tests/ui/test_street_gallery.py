"""The track gallery on the city circuit: the hint under the mouse names the street features."""

from __future__ import annotations

from game.board.catalogue import TrackCatalogue
from game.scenes.menus.gallery import GalleryScene
from tests.conftest import REPO
from tests.ui.helpers import make_app

CITY = REPO / "maps" / "brueckenau.tmx"


def test_the_gallery_shows_the_hint(tmp_path):
    """The track gallery's hint for a space of the city circuit ends with its street feature."""
    app = make_app(tmp_path)
    maps = tmp_path / "maps"
    maps.mkdir()
    for name in ("brueckenau.tmx", "brueckenau-preview.png", "circuit.tsx", "circuit-tiles.png"):
        (maps / name).symlink_to(CITY.parent / name)
    app.tracks = TrackCatalogue(maps, tmp_path / "cache")
    scene = GalleryScene(app)
    app.push(scene)
    app.tracks.load(scene.entry)
    app.frame(0.02)
    track = scene.entry.track
    entry = track.space(track.tunnels[0].entry)
    x, y = scene.view.to_screen((entry.x, entry.y))
    lines = scene.hint_at((round(x), round(y)))
    assert lines[0] == f"Space {entry.name}" and lines[-1].startswith("Tunnel 1: a car here is moved to")
