"""The track gallery: every shipped track as a board to pan, zoom and hover."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import theme
from game.app.loop import Scene
from game.board.catalogue import TrackEntry
from game.board.street_art import space_lines
from game.board.view import BoardView
from game.play.movetext import corner_sign_lines
from game.scenes.hotreload import HotReload, swap_board
from game.texts import place_name, tr
from game.widgets.controls import Button

if TYPE_CHECKING:
    from game.app.loop import App

HEADER = 100  # the track's name and two lines of its facts; a narrow window adds lines
FACT_ROW = 21
GAP = "   "  # between two facts on a line
FOOTER = 30


def fact_lines(facts: list[str], px: int, width: int) -> list[str]:
    """The facts side by side, a wide gap between them, in as many lines as ``width`` needs;
    a fact goes whole to the next line (only one wider than a line is wrapped itself)."""
    lines: list[str] = []
    for fact in facts:
        joined = f"{lines[-1]}{GAP}{fact}" if lines else fact
        if lines and theme.font(px).size(joined)[0] <= width:
            lines[-1] = joined
        else:
            lines += theme.wrap(fact, px, width)
    return lines


class GalleryScene(Scene):
    name = "gallery"
    arrow_focus = False  # the arrows pan or scroll here

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.index = 0
        self.view: BoardView | None = None
        self.back = Button("back", lambda: tr("button.back"), app.pop)
        self.next = Button("next", lambda: "›", lambda: self.turn(1), px=34)
        self.prev = Button("prev", lambda: "‹", lambda: self.turn(-1), px=34)
        self.widgets = [self.back, self.prev, self.next]
        self.size = app.size
        self.facts: list[tuple[str, int, theme.Colour]] = []  # the header's lines of facts, wrapped to the width
        self.header = HEADER
        self.reload = HotReload(app, None)
        self.open()

    @property
    def entry(self) -> TrackEntry | None:
        entries = self.app.tracks.entries
        return self.app.tracks.load(entries[self.index]) if entries else None

    def open(self) -> None:
        """Show the current track's board, and lay out the next page's in the background."""
        entry = self.entry
        board = entry.board if entry is not None else None
        self.view = BoardView(board) if board is not None else None
        self.reload.stop()
        self.reload = HotReload(self.app, entry)  # saving the shown map in Tiled shows the new board
        self.layout(self.size)
        entries = self.app.tracks.entries
        if len(entries) > 1:
            self.app.tracks.prepare(entries[(self.index + 1) % len(entries)].path.name)

    def closed(self) -> None:
        self.reload.stop()

    def turn(self, step: int) -> None:
        if self.app.tracks.entries:
            self.index = (self.index + step) % len(self.app.tracks.entries)
            self.open()

    def layout(self, size: tuple[int, int]) -> None:
        """The header grows by the lines the track's facts need at this width; the board gets the rest."""
        self.size = size
        w, h = size
        self.back.rect = pygame.Rect(w - 150, 20, 130, 44)
        self.next.rect = pygame.Rect(w - 210, 20, 50, 44)
        self.prev.rect = pygame.Rect(w - 270, 20, 50, 44)
        entry = self.entry
        facts = entry.facts() if entry is not None and entry.track is not None else []
        self.facts = [(line, 21, theme.YELLOW) for line in fact_lines(facts[:3], 21, w - 40)]
        self.facts += [(line, 19, theme.DIM) for line in fact_lines(facts[3:], 19, w - 40)]
        self.header = HEADER + FACT_ROW * max(0, len(self.facts) - 2)
        if self.view is not None:
            self.view.set_viewport(pygame.Rect(0, self.header, w, h - self.header - FOOTER))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return True
            if event.key == pygame.K_TAB:
                self.turn(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return True
        if super().handle(event):
            return True
        if self.view is not None:
            self.view.handle(event)
        return False

    def update(self, dt: float) -> None:
        fresh = self.reload.poll()
        if fresh is not None and fresh.board is not None:
            if self.view is None:
                self.view = BoardView(fresh.board)
            else:
                swap_board(self.view, fresh.board)
            self.layout(self.size)  # the facts may have changed too
        if self.view is not None:
            self.view.update(dt)

    def animating(self) -> bool:
        return self.view is not None and self.view.animating()  # the gallery loads a track before it shows it

    def draw(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        screen.fill(theme.BACKDROP)
        entry = self.entry
        if self.view is not None:
            self.view.draw(screen)
            self._hover(screen)
        pygame.draw.rect(screen, theme.PANEL_DARK, (0, 0, w, self.header))
        theme.chequer(screen, pygame.Rect(0, self.header - 4, w, 4), 4)
        n = len(self.app.tracks.entries)
        if entry is None:
            theme.text(screen, tr("setup.no_tracks"), 30, theme.TEXT, (20, 20))
        else:
            name = theme.text(screen, place_name(entry.name), 40, theme.TEXT, (20, 14))
            count = tr("gallery.count", i=self.index + 1, n=n)
            if name.right + 20 + theme.font(19).size(count)[0] < self.prev.rect.left - 20:
                theme.text(screen, count, 19, theme.DIM, (self.prev.rect.left - 20, name.centery), "midright")
            for i, (line, px, ink) in enumerate(self.facts):
                theme.text(screen, line, px, ink, (22, 58 + FACT_ROW * i))
            if self.view is None:
                for i, line in enumerate([tr("setup.broken")] + entry.problems[:12]):
                    theme.text(
                        screen, theme.fit_text(line, 22, w - 40), 22, (255, 150, 140), (20, self.header + 20 + 26 * i)
                    )
        pygame.draw.rect(screen, theme.PANEL_DARK, (0, h - FOOTER, w, FOOTER))
        theme.text(screen, tr("gallery.help"), 19, theme.DIM, (14, h - FOOTER // 2), "midleft")
        self.draw_widgets(screen)

    def status(self) -> dict[str, Any]:
        """The debug status: which circuit is shown and the hash of the board on screen."""
        status = super().status()
        entry = self.entry
        status.update(
            circuit=entry.name if entry is not None else None,
            board=self.view.board.track.content_hash() if self.view is not None else None,
        )
        return status

    def _hover(self, screen: pygame.Surface) -> None:
        assert self.view is not None
        name = self.view.space_at(theme.pointer()) if pygame.mouse.get_focused() else None
        if name is None or self.view.dragging:
            return
        pygame.draw.lines(screen, theme.YELLOW, True, self.view.polygon(name), 3)

    def hint_at(self, pos: tuple[int, int]) -> list[str]:
        lines = super().hint_at(pos)
        entry = self.entry
        if lines or self.view is None or entry is None or entry.track is None:
            return lines
        sign = self.view.corner_sign_at(pos)
        if sign is not None:
            return corner_sign_lines(entry.track.corners[sign])
        name = self.view.space_at(pos)
        if name is None:
            return []
        s = entry.track.space(name)
        if s.in_pit:
            where = tr("gallery.box", box=s.box) if s.box else tr("gallery.pit")
        else:
            where = tr("gallery.lane", lane=name[0], row=s.row)
        corner = entry.track.corners[s.corner] if s.corner is not None else None
        if corner is None:
            what = tr("gallery.straight")
        elif corner.stops == 1:
            what = tr("facts.corner_1", label=place_name(corner.label))
        else:
            what = tr("facts.corner_n", label=place_name(corner.label), n=corner.stops)
        return [tr("gallery.space", name=name), where, what, *space_lines(entry.track, name)]
