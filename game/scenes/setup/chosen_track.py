"""The track chosen on a set-up screen (the race set-up, the time trial), loaded in the background."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.board.catalogue import TrackEntry

if TYPE_CHECKING:
    from game.app.loop import App


class ChosenTrack:
    """For a scene with a ``track_file`` choice: the track's entry, and that the screen keeps
    drawing while the track, its picture and its facts are still on their way. The chosen
    track's board is laid out in the background, so the race or lap starts at once."""

    app: App
    _track_file: str = ""

    @property
    def track_file(self) -> str:
        return self._track_file

    @track_file.setter
    def track_file(self, file_name: str) -> None:
        if file_name != self._track_file:
            self.app.tracks.prepare(file_name)
        self._track_file = file_name

    @property
    def entry(self) -> TrackEntry | None:
        """The chosen track's entry, possibly still loading in the background."""
        return self.app.tracks.find(self.track_file)

    def animating(self) -> bool:
        return self.app.tracks.loading(self.track_file)
