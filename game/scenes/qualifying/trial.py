"""The time trial: one qualifying lap on any track against the clock and the track's best lap.

Pick a track, the rule set and a name; the lap is the qualifying screen
with one driver, the best lap on that track (same rule set) driving along
as a ghost at the times it was driven. Every lap that reaches the line is
kept in the lap records; afterwards the records of the track show it. The
scene holds the records open for as long as it is on the stack (lap after
lap with "drive again") and closes them when it leaves.
"""

from __future__ import annotations

import random
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game import theme
from game.app.loop import Scene
from game.board.catalogue import TrackEntry
from game.play.stopwatch import clock_text
from game.scenes.hotreload import HotReload
from game.scenes.qualifying.scene import QualifyingScene
from game.scenes.setup.chosen_track import ChosenTrack
from game.storage.laprecords import LapRecords
from game.storage.lineup import MAX_NAME, NAMES
from game.texts import tr
from game.widgets.controls import Button, TextField, Widget
from game.widgets.page import Page
from game.widgets.trackpicture import TrackPicture, draw_broken
from rules.choice import following_preset, known_preset
from rules.files.record import Entry
from rules.qualifying.session import QualifyingSession
from rules.ruleset import PRESETS

if TYPE_CHECKING:
    from game.app.loop import App


class TrialScene(ChosenTrack, Scene):
    name = "trial"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        lineup = app.lineup()
        self.track_file = app.tracks.pick(lineup.track)
        self.preset = known_preset(lineup.preset)
        human = next((d for d in lineup.drivers if d.kind == "human"), lineup.drivers[0])
        self.driver = human
        self.name_text = human.name
        self.records = LapRecords(app.data)
        for notice in self.records.notices:
            app.notify(notice)
        self.picture = TrackPicture()
        self.best_text: tuple[str, str] | None = None  # (track hash + preset, text)
        self.about: tuple[tuple[str, int], list[str]] | None = None  # ((text, width), wrapped lines)
        self.track_buttons = [
            Button(f"track.{e.path.stem}", partial(self.track_label, e), partial(self.choose, e), px=22)
            for e in app.tracks.entries
        ]
        self.fixed: list[Widget] = [
            Button("back", lambda: tr("button.back"), app.pop),
            Button("start", lambda: tr("trial.start"), self.start, "primary"),
            Button(
                "preset",
                lambda: tr(f"preset.{self.preset}"),
                self.next_preset,
                px=22,
                hint=lambda: [tr(f"preset.{self.preset}.about")],
            ),
            TextField("name", lambda: self.name_text, self.rename, MAX_NAME),
        ]
        self.start_button = self.fixed[1]
        self.widgets = [*self.fixed, *self.track_buttons]
        self.right = pygame.Rect(0, 0, 0, 0)  # the choices' column
        self.reload = HotReload(app, None)  # the chosen track's map, saved in Tiled: its picture follows

    @property
    def broken(self) -> bool:
        """The chosen track failed to load: nothing to drive, so no Start (its problems show instead)."""
        e = self.entry
        return e is None or (e.loaded and e.track is None)

    def closed(self) -> None:
        """Back, or home from the lap's pause card or the records: the records file is let go."""
        self.reload.stop()
        self.records.close()

    def track_label(self, e: TrackEntry) -> str:
        """The track's name as its button shows it: its map's title until the track is read."""
        return e.name

    def choose(self, e: TrackEntry) -> None:
        self.track_file = e.path.name

    def next_preset(self) -> None:
        self.preset = following_preset(self.preset)

    def rename(self, text: str) -> None:
        self.name_text = text

    def start(self) -> None:
        """One lap, alone, with the best lap of the track as the ghost."""
        e = self.app.tracks.get(self.track_file)
        if e is None or e.track is None or e.board is None or e.hash is None:
            return  # a broken track: its problems show instead of the picture
        track, board, digest = e.track, e.board, e.hash
        rules = PRESETS[self.preset].model_copy(update={"grid": "qualifying"})
        me = Entry(
            id="car1",
            name=self.name_text.strip() or NAMES[0],
            driver="human",
            colour=self.driver.colour,
            number=self.driver.number,
            wear=rules.default_wear,
        )
        best = self.records.ghost_lap(digest, self.preset)
        session = QualifyingSession(track, rules, (me,), random.SystemRandom().randrange(2**31))
        preset = self.preset

        def done(lap: QualifyingSession) -> None:
            from game.scenes.qualifying.records import RecordsScene

            # the records of the map the lap ended on: a map saved during the lap is another track
            shown = digest if lap.track is track else lap.track.content_hash()
            self.app.replace(RecordsScene(self.app, shown, scene.saved, again=self.start))

        scene = QualifyingScene(self.app, session, board, done, self.records, preset, best=best, trial=True)
        self.reload.stop()  # the lap watches the map now; this screen again once it is back on top
        self.reload = HotReload(self.app, None)
        if self.app.scene is self:
            self.app.push(scene)
        else:
            self.app.replace(scene)

    def layout(self, size: tuple[int, int]) -> None:
        page = Page(size)
        body = page.body
        byid = {x.id: x for x in self.fixed}
        byid["back"].rect = page.back()
        byid["start"].rect = page.forward()
        left_w = max(300, min(520, round(body.width * 0.34)))
        for i, b in enumerate(self.track_buttons):
            b.rect = pygame.Rect(body.left, body.top + 32 + i * 50, left_w, 42)
        x = body.left + left_w + 40
        self.right = pygame.Rect(x, body.top, body.right - x, body.height)
        label_w = max(theme.font(28).size(tr(k))[0] for k in ("setup.rules", "trial.driver")) + 24
        byid["preset"].rect = pygame.Rect(x + label_w, body.top, min(420, body.right - x - label_w), 44)
        byid["preset"].visible = len(PRESETS) > 1
        byid["name"].rect = pygame.Rect(x + label_w, body.top + 56, min(260, body.right - x - label_w), 44)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and TextField.focused is None:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
                return True
        return super().handle(event)

    def _best(self, e: TrackEntry) -> str:
        """The line about the track's best lap in this rule set (read once per choice)."""
        key = f"{e.hash}:{self.preset}"
        if self.best_text is None or self.best_text[0] != key:
            best = self.records.best(e.hash or "", self.preset, limit=1)
            text = (
                tr("trial.best", name=best[0].driver, score=best[0].score, time=clock_text(best[0].time_ms))
                if best
                else tr("trial.no_best")
            )
            self.best_text = (key, text)
        return self.best_text[1]

    def update(self, dt: float) -> None:
        """The chosen track may finish loading in the background: a broken one loses its Start.
        Its map is watched once loaded: saved again, the picture and the best lap follow it."""
        self.start_button.visible = not self.broken
        e = self.entry
        if e is not None and e.loaded and self.reload.entry is not e:
            self.reload.stop()
            self.reload = HotReload(self.app, e)
        if self.reload.poll() is not None:
            self.picture, self.best_text = TrackPicture(), None

    def draw(self, screen: pygame.Surface) -> None:
        """The choices, the best lap, the track's picture and what a time trial is; the picture
        takes the height between the best lap's line and the explanation, never over either."""
        page = Page(screen.get_size())
        page.draw(screen, tr("trial.title"))
        body = page.body
        theme.text(screen, tr("setup.track"), 26, theme.DIM, (body.left, body.top + 4))
        for b in self.track_buttons:
            b.style = "primary" if b.id == f"track.{self.entry.path.stem if self.entry else ''}" else "normal"
        r = self.right
        preset, name = self.fixed[2].rect, self.fixed[3].rect
        theme.text(screen, tr("setup.rules"), 28, theme.TEXT, (r.left, preset.centery), "midleft")
        if len(PRESETS) == 1:
            theme.text(screen, tr(f"preset.{self.preset}"), 26, theme.YELLOW, (preset.left, preset.centery), "midleft")
        theme.text(screen, tr("trial.driver"), 28, theme.TEXT, (r.left, name.centery), "midleft")
        about = self._about(r.width)
        about_top = r.bottom - 22 * len(about)
        e = self.entry
        area = pygame.Rect(r.left, name.bottom + 52, r.width, about_top - 16 - name.bottom - 52)
        if e is not None and e.loaded and e.track is not None:
            theme.text(screen, self._best(e), 24, theme.YELLOW, (r.left, name.bottom + 30), "midleft")
            self.picture.draw(screen, e, area)
        elif e is not None and e.loaded:
            draw_broken(screen, e, area)
        for i, line in enumerate(about):
            theme.text(screen, line, 20, theme.DIM, (r.left, about_top + 22 * i))
        self.draw_widgets(screen)

    def _about(self, width: int) -> list[str]:
        """The explanation's lines, wrapped again only when the language or the width changed."""
        key = (tr("trial.about"), width)
        if self.about is None or self.about[0] != key:
            self.about = (key, theme.wrap(key[0], 20, width, most=4))
        return self.about[1]

    def status(self) -> dict[str, Any]:
        status = super().status()
        status.update(track=self.track_file, preset=self.preset)
        return status
