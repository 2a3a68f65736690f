"""The main menu: new race, continue, championships, FD Blitz, time trial, lap records, the races played, track
gallery, the tutorial, settings, quit."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game import theme
from game.app.loop import Scene
from game.board.render import paint_grass
from game.scenes.menus.reading import after_tracks
from game.texts import place_name, tr
from game.widgets.controls import Button

if TYPE_CHECKING:
    from game.app.loop import App
    from rules.league.blitz import Match

BUTTON_W, BUTTON_H, GAP = 400, 54, 14
TITLE_H = 220  # the chequered strip, the name and the subtitle above the buttons


class MenuScene(Scene):
    name = "menu"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.backdrop: pygame.Surface | None = None
        #: The biggest track's picture for a window size, once read (None: no track has one).
        self.picture: tuple[tuple[int, int], pygame.Surface | None] | None = None
        self._made_with: tuple[tuple[int, int], pygame.Surface | None] | None = None  # the picture in ``backdrop``
        self._drawn: tuple[int, int] | None = None  # the window size the menu was last drawn at
        self.title_top = 0
        self.summary: str | None = ""  # what "continue" resumes; None until read from the save
        # the new race's set-up shows its chosen track's loading itself; every other screen that
        # looks tracks up opens once they are read (the reading screen shows how far it got)
        needs = self.with_tracks
        self.continue_button = Button(
            "continue",
            lambda: tr("menu.continue"),
            needs(self.resume),
            "primary",
            hint=lambda: [self.summary] if self.summary else [],
        )
        self.new_button = Button("new_race", lambda: tr("menu.new_race"), self.new_race, "primary")
        championship = Button("championship", lambda: tr("menu.championship"), needs(self.championships))
        blitz = Button("blitz", lambda: tr("menu.blitz"), needs(self.blitz))
        trial = Button("time_trial", lambda: tr("menu.time_trial"), needs(self.time_trial))
        records = Button("records", lambda: tr("menu.records"), needs(self.records))
        races = Button("races", lambda: tr("menu.races"), needs(self.races))
        gallery = Button("gallery", lambda: tr("menu.gallery"), needs(self.gallery))
        settings = Button("settings", lambda: tr("menu.settings"), self.settings)
        quit_button = Button("quit", lambda: tr("menu.quit"), app.quit, "ghost")
        tutorial = Button("tutorial", lambda: tr("tut.button"), needs(self.tutorial))
        online = Button("online", lambda: tr("menu.online"), needs(self.online))
        email = Button("email", lambda: tr("menu.email"), needs(self.email))
        # rows of the menu: the less used entries share a row
        self.rows: list[list[Button]] = [
            [self.continue_button],
            [self.new_button],
            [championship, blitz],
            [online, email, trial],
            [records, races, gallery],
            [tutorial, settings, quit_button],
        ]
        self.widgets = [w for row in self.rows for w in row]

    def enter(self) -> None:
        """Offer "continue" only when there is a saved race (or qualifying session) to continue; its
        summary is read from the save in the frame after the menu shows (reading it takes the rules
        engine, which the first frame does not wait for)."""
        self.continue_button.visible = self.app.saves.exists()
        self.new_button.style = "normal" if self.continue_button.visible else "primary"
        self.summary = None if self.continue_button.visible else ""
        self.layout(self.app.size)

    def _read_summary(self) -> None:
        """The saved race's track, laps and drivers, for the hint of "continue"."""
        from rules.qualifying.session import QualifyingRecord

        record = self.app.saves.peek()
        self.summary = ""
        if record is not None:
            names = ", ".join(e.name for e in record.header.entries)
            self.summary = (
                f"{place_name(record.header.track_name)} · {tr('setup.laps')}: {record.header.laps} · {names}"
            )
            if isinstance(record, QualifyingRecord):
                self.summary = f"{tr('qual.title')} · {self.summary}"

    def layout(self, size: tuple[int, int]) -> None:
        """The title and the buttons under it as one block in the middle of the window."""
        shown = [row for row in self.rows if any(w.visible for w in row)]
        block = TITLE_H + len(shown) * (BUTTON_H + GAP)
        self.title_top = max(10, (size[1] - block) // 2)
        top = self.title_top + TITLE_H
        for i, row in enumerate(shown):
            width = (BUTTON_W - GAP * (len(row) - 1)) // len(row)
            for j, w in enumerate(row):
                left = (size[0] - BUTTON_W) // 2 + j * (width + GAP)
                w.rect = pygame.Rect(left, top + i * (BUTTON_H + GAP), width, BUTTON_H)
        self.backdrop = None

    def with_tracks(self, action: Callable[[], None]) -> Callable[[], None]:
        """``action`` once the tracks are read (at once when they are)."""
        return lambda: after_tracks(self.app, action)

    def tutorial(self) -> None:
        """One lap of the oval with a coach (``game.scenes.menus.tutorial``)."""
        from game.scenes.menus.tutorial import start_tutorial

        start_tutorial(self.app)

    def new_race(self) -> None:
        from game.scenes.setup.lineup import SetupScene

        self.app.push(SetupScene(self.app))

    def resume(self) -> None:
        from game.scenes.launch import continue_race  # the race screens: imported after the menu is up

        if not continue_race(self.app):
            self.enter()

    def championships(self) -> None:
        from game.scenes.league.championships import ChampionshipsScene

        self.app.push(ChampionshipsScene(self.app))

    def open_championship(self, champ_id: int) -> None:
        """A championship's standings over the list (from its race's results, or once created):
        the screens that lead on to its races, reached from the menu so no screen imports its way back."""
        from game.scenes.league.standings import StandingsScene

        self.championships()
        self.app.push(StandingsScene(self.app, champ_id))

    def blitz(self) -> None:
        from game.scenes.setup.blitz_setup import BlitzSetupScene

        self.app.push(BlitzSetupScene(self.app))

    def start_blitz_heat(self, match: Match, players: dict[str, tuple[str, str]]) -> None:
        """A Blitz match's next heat, from its last heat's results."""
        from game.scenes.setup.blitz_setup import start_heat

        start_heat(self.app, match, players)

    def time_trial(self) -> None:
        from game.scenes.qualifying.trial import TrialScene

        self.app.push(TrialScene(self.app))

    def records(self) -> None:
        from game.scenes.qualifying.records import RecordsScene

        self.app.push(RecordsScene(self.app))

    def races(self) -> None:
        from game.scenes.history.races import RacesScene

        self.app.push(RacesScene(self.app))

    def gallery(self) -> None:
        from game.scenes.menus.gallery import GalleryScene

        self.app.push(GalleryScene(self.app))

    def online(self) -> None:
        from game.scenes.remote.lobby import OnlineScene

        self.app.push(OnlineScene(self.app))

    def email(self) -> None:
        from game.scenes.remote.lobby import EmailScene

        self.app.push(EmailScene(self.app))

    def settings(self) -> None:
        from game.scenes.menus.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            from game.scenes.menus.quit import QuitScene

            self.app.push(QuitScene(self.app))
            return True
        return super().handle(event)

    def animating(self) -> bool:
        """Until the save's summary and the backdrop's picture are read, frames go on."""
        return self.summary is None or self.picture is None or self.picture[0] != self._drawn

    def update(self, dt: float) -> None:
        """In the frame after the menu shows: the save's summary, and the backdrop's picture at this
        size (decoding it took most of the menu's first frame, which shows the grass alone)."""
        if self._drawn is None:
            return
        if self.summary is None:
            self._read_summary()
        if self.picture is None or self.picture[0] != self._drawn:
            self._read_picture(self._drawn)

    def _read_picture(self, size: tuple[int, int]) -> None:
        """The biggest track's picture, a little bigger than the window."""
        shown = [e for e in self.app.tracks.entries if e.has_picture()]
        biggest = max(shown, key=lambda e: e.map_size[0] * e.map_size[1], default=None)
        full = biggest.picture_size() if biggest is not None else None
        img = None
        if biggest is not None and full is not None:
            k = min(size[0] / full[0], size[1] / full[1]) * 1.1
            img = biggest.picture((round(full[0] * k), round(full[1] * k)))
        self.picture = (size, img)

    def _backdrop(self, size: tuple[int, int]) -> pygame.Surface:
        """Mown grass with the biggest track's picture on it, darkened behind the title and buttons."""
        self._drawn = size
        picture = self.picture if self.picture is not None and self.picture[0] == size else None
        if self.backdrop is None or self.backdrop.get_size() != size or self._made_with is not picture:
            self.backdrop = pygame.Surface(size)
            self._made_with = picture
            paint_grass(self.backdrop, lambda p: p, 70.0)
            if picture is not None and picture[1] is not None:
                img = picture[1]
                self.backdrop.blit(img, img.get_rect(center=(size[0] // 2, size[1] // 2)))
            shade = pygame.Surface(size, pygame.SRCALPHA)
            for y in range(size[1]):
                edge = abs(y - size[1] * 0.45) / (size[1] * 0.55)
                pygame.draw.line(shade, (12, 14, 18, round(205 - 60 * edge)), (0, y), (size[0], y))
            self.backdrop.blit(shade, (0, 0))
        return self.backdrop

    def draw(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        screen.blit(self._backdrop((w, h)), (0, 0))
        top = self.title_top
        theme.chequer(screen, pygame.Rect(w // 2 - 240, top, 480, 24), 12)
        theme.text(screen, tr("app.title").upper(), 112, theme.TEXT, (w // 2, top + 96), "center", shadow=True)
        pygame.draw.rect(screen, theme.RED, (w // 2 - 240, top + 150, 480, 6))
        theme.text(screen, tr("menu.subtitle"), 26, theme.DIM, (w // 2, top + 186), "center")
        self.draw_widgets(screen)
        theme.text(screen, tr("menu.footer"), 18, theme.FAINT, (w - 14, h - 10), "bottomright")
