"""Drawing the race screen: the board and cars, the panels, the dice tray, the hints.

A part of ``RaceScene`` (``game.scenes.race.scene``) with one job; it reads the scene's state.
"""

from __future__ import annotations

import pygame

from game import theme
from game.board.marks import (
    draw_destinations,
    draw_extras,
    draw_marker,
    draw_path,
    tone,
)
from game.play.movetext import corner_sign_lines, move_lines
from game.play.race_control import Wait
from game.play.remote_control import RemoteControl
from game.scenes.race.layout import LEAGUE_ROW, TRAY_W
from game.texts import die_name, place_name, tr
from game.widgets.dice import draw_die
from game.widgets.panels import TITLES, draw_tab
from game.widgets.planaid import draw_stop_marks, trap_text
from game.widgets.race_hud import (
    MARGIN,
    PANEL_W,
    TONES,
    draw_banner,
    draw_cars,
    draw_clocks,
    draw_hint,
    draw_log,
    draw_red_flag,
    draw_standings,
    draw_topbar,
)
from game.widgets.street_legend import draw_street_legend, street_hint
from game.widgets.weatherfx import draw_chip
from rules.ai.traps import box_refusal, move_traps
from rules.engine import chance, to_move

# answered in a LeagueDialog; the street race's won WP (STREET-7, STREET-8) in a FreeWPDialog
LEAGUE_QUESTIONS = (Wait.KARMA, Wait.BID, Wait.TCAR, Wait.WP)


class RaceDrawing:
    """The race screen's picture: board, panels, tray, hints, banners."""

    def draw(self, screen: pygame.Surface) -> None:
        state = self.control.state
        wait = self.control.wait()
        self.view.draw(screen)
        clip = screen.get_clip()
        screen.set_clip(self.view.viewport)
        self.weather.draw_under(screen, self.view.viewport, state.weather)
        for space in state.markers:
            s = self.track.space(space)
            draw_marker(screen, self.view, (s.x, s.y))
        choosing = self.idle and wait == Wait.MOVE
        hover = self.keyboard.selected()  # the destination the keys picked, lit as under the mouse
        if hover is None and pygame.mouse.get_focused():
            hover = self.pointed(theme.pointer())
        if self.idle and wait in (Wait.GEAR, Wait.MOVE):
            draw_stop_marks(screen, self.view, self.aid.marks(self.track, state), self.pulse)
        if choosing:
            destinations = self.control.destinations()
            draw_destinations(screen, self.layer, self.view, destinations, hover, self.pulse)
            if hover in destinations and self.menu is None:
                move = destinations[hover][0]
                here = self.track.space(self._here())
                pts = [(here.x, here.y)] + [(self.track.space(n).x, self.track.space(n).y) for n in move.path]
                draw_path(screen, self.view, pts, tone(destinations[hover]))
            draw_extras(screen, self.view, self.track, self._here(), destinations)
        self._draw_cars(screen)
        self.weather.draw_over(screen, self.view.viewport, state.weather)
        if self.red_flag is not None:
            draw_red_flag(screen, self.view.viewport, self.red_flag[0])
        self.announcer.draw(screen, self._announce_area(), lambda car: theme.colour(self.control.entry(car).colour))
        if self.panels.folded("order"):
            draw_tab(screen, self.standings_rect, tr(TITLES["order"]))
        else:
            draw_standings(screen, self.standings_rect.topleft, self.control, self.standings_rect.width)
        draw_street_legend(screen, self.view.viewport, self.track, state.rules.street)
        if self.control.clocks is not None:
            draw_clocks(screen, self.clocks_rect, self.control)
        self.log_rows = []
        reserve = self.log_rect.right - self.buttons["log"].rect.left  # the full log's button and the handle
        since = bool(self.summary) and self.control.wait() == Wait.GEAR  # since your turn, until you choose
        if self.panels.folded("log"):
            draw_tab(screen, self.log_rect, tr("since.title" if since else "log.title"))
        elif since:
            draw_log(screen, self.log_rect, self.summary or [], self.control, 0, "since.title", reserve,
                     shown=self.log_rows, pointer=self._log_pointer())
        else:
            self.log_scroll = draw_log(screen, self.log_rect, self.log, self.control, self.log_scroll,
                                       reserve=reserve, shown=self.log_rows, pointer=self._log_pointer())
        self._draw_tray(screen, wait)
        draw_hint(screen, self.hint_rect, *self._hint(wait))
        screen.set_clip(clip)
        end = draw_topbar(screen, self.top, place_name(self.track.name), self._round_text(), self.buttons["fit"].rect.left - 12)
        if state.rules.weather and self.chip.left > end + 12:
            draw_chip(screen, self.chip, state.weather)
        self._draw_panel(screen, wait)
        self._sync_buttons()
        self.draw_widgets(screen)
        if self.menu is not None:
            picked = self.menu.shown(theme.pointer())
            if picked is not None:
                screen.set_clip(self.view.viewport)
                here = self.track.space(self._here())
                pts = [(here.x, here.y)] + [(self.track.space(n).x, self.track.space(n).y) for n in picked.path]
                draw_path(screen, self.view, pts, tone([picked]))
                screen.set_clip(clip)
            self.menu.draw(screen)
        if self.dialog is not None:
            self.dialog.draw(screen)
        self.keyboard.draw(screen)
        if self.banner is not None:
            area = pygame.Rect(0, 0, *screen.get_size())
            draw_banner(screen, area, self.control, self.banner)

    def _announce_area(self) -> pygame.Rect:
        """The board's width beside the running order (and a race between homes' chat), for the announcements."""
        v = self.view.viewport
        left = self.standings_rect.right + MARGIN
        right = self.tray_rect.left - MARGIN if isinstance(self.control, RemoteControl) else v.right - MARGIN
        return pygame.Rect(left, v.top, max(0, right - left), v.height)

    def _round_text(self) -> str:
        state = self.control.state
        if state.phase == "grid":
            return tr("race.grid_rolls")
        if state.phase == "setup":
            return tr("race.setup_round")
        if state.round == 0:
            return tr("race.start_rolls")
        return tr("race.round", round=state.round)

    def _draw_cars(self, screen: pygame.Surface) -> None:
        active = self.focus_car()
        draw_cars(screen, self.view, self.track, self.control.state, self.control, self.drives,
                  lambda c: c.id == active, self.pulse)

    def _draw_tray(self, screen: pygame.Surface, wait: Wait) -> None:
        r = self.tray_full
        rolling = self.idle and wait == Wait.ROLL
        if self.tray.throw is None and not rolling:
            return  # nothing rolled yet (a race just resumed): no empty tray over the board
        if self.panels.folded("dice") and not rolling:  # folded: the last value on the tab
            throw = self.tray.throw
            draw_tab(screen, self.tray_rect, tr(TITLES["dice"]), str(throw.value) if throw and throw.done else "")
            return
        theme.panel(screen, r, theme.PANEL_DARK, 225, radius=10)
        centre = (r.left + 62, r.centery + 4)
        if rolling:
            c = self.control.chance()
            if c is not None:
                draw_die(screen, centre, 44, c.die, None, glow=(self.pulse * 2) % 2 < 1.4)
                theme.text(screen, "?", 40, theme.TEXT, centre, "center")
                theme.text(screen, theme.fit_text(die_name(c.die.name), 22, TRAY_W - 132), 22, theme.TEXT,
                           (r.left + 120, r.top + 16))
            return
        throw = self.tray.throw
        if throw is None:
            return
        self.tray.draw(screen, centre, 44)
        lines = theme.wrap(throw.caption, 21, TRAY_W - 130, most=3)
        for i, line in enumerate(lines):
            theme.text(screen, line, 21, theme.DIM, (r.left + 120, r.top + 16 + 22 * i))
        if throw.done and throw.outcome is not None:
            colour = TONES[throw.outcome.tone] if throw.outcome.tone != "info" else theme.YELLOW
            text = theme.fit_text(throw.outcome.text(), 32, TRAY_W - 130)
            theme.text(screen, text, 32, colour, (r.left + 120, r.bottom - 14), "bottomleft")

    def _hint(self, wait: Wait) -> tuple[str, theme.Colour]:
        if self.message is not None:
            return self.message
        state = self.control.state
        if self.drives or wait == Wait.COMPUTER:
            crew = {"setup": "race.hint.computer_setup", "pit": "race.hint.computer_pit"}.get(state.phase)
            return tr(crew or "race.hint.computer", name=self.control.name(self.focus_car())), theme.DIM
        if wait == Wait.REMOTE and not self.queue:
            car = to_move(state)
            if car is None or chance(state) is not None:
                return tr("race.hint.referee"), theme.DIM
            return tr("race.hint.remote", name=self.control.name(car)), theme.DIM
        if self.queue or wait == Wait.DICE:
            return tr("race.hint.dice"), theme.DIM
        if wait == Wait.GEAR:
            return tr("race.hint.gear"), theme.YELLOW
        if wait == Wait.ROLL:
            c = self.control.chance()
            return tr("race.hint.roll", die=die_name(c.die.name) if c else ""), theme.YELLOW
        if wait == Wait.MOVE:
            return self._move_hint(), theme.YELLOW
        if wait == Wait.SETUP:
            return tr("race.hint.setup"), theme.YELLOW
        if wait == Wait.PIT:
            return tr("race.hint.pit"), theme.YELLOW
        if wait in LEAGUE_QUESTIONS:
            return tr(f"race.hint.{wait.value}", name=self.control.name(to_move(state) or "")), theme.YELLOW
        if state.finished:
            return tr("race.hint.done"), theme.YELLOW
        return self.help_text(), theme.DIM

    def _move_hint(self) -> str:
        """What the player is offered: the roll, a forced slide, or optional extras with "End move"."""
        offer = self.control.offer()
        if "slide" in offer:
            return tr("race.hint.slide")
        if self.control.optional():
            return tr("race.hint.extras", extras=", ".join(tr(f"via.{v}.name") for v in offer))
        refused = box_refusal(self.track, self.control.state)
        if refused is not None:  # PIT-D-2: why no box is offered
            return trap_text(refused)
        # the key to the destinations' labels, in the very notation they use
        return tr("race.hint.move", brakes=tr("cost.brakes_short", n=1), tyres=tr("cost.tyres_short", n=1))

    def _draw_panel(self, screen: pygame.Surface, wait: Wait) -> None:
        pygame.draw.rect(screen, theme.PANEL, self.panel)
        pygame.draw.line(screen, theme.EDGE, self.panel.topleft, self.panel.bottomleft)
        state = self.control.state
        car_id = self.focus_car()
        if car_id is None:
            return
        car = state.car(car_id)
        entry = self.control.entry(car_id)
        kind = tr(f"driver.{entry.driver}")
        self.dashboard.draw(screen, self.track, state, car, entry, self.control.index(car_id), kind)
        choosing = self.idle and wait == Wait.GEAR
        options = self.control.gear_options() if choosing else {}
        odds = self.control.odds(self.boost and self.buttons["boost"].visible, self.nitro and self.buttons["nitro"].visible) if choosing else {}
        plan, traps = self.aid.of(self.track, state, self.announce) if choosing else (None, {})
        self.gearbox.show(car.gear, state.rules.gear_dice, options, odds, choosing, plan.gears if plan else {}, traps)
        self.gearbox.draw(screen)
        help_y = self.gearbox.rect.bottom + 12 + (LEAGUE_ROW if self._league_gears() else 0)
        said = self.keyboard.targets_help() if self.keyboard.moving() else self.help_text()  # the keys of the moment
        helps = theme.wrap(said, 17, PANEL_W - 28)
        if help_y + 18 * len(helps) <= self.panel.bottom - 12:  # whole, or not at all: never cut off
            for i, line in enumerate(helps):
                theme.text(screen, line, 17, theme.FAINT, (self.panel.left + 14, help_y + 18 * i))

    def hint_at(self, pos: tuple[int, int]) -> list[str]:
        if self.banner is not None or self.menu is not None:
            return []
        if self.dialog is not None:
            return self.dialog.hint_at(pos) or super().hint_at(pos)
        lines = super().hint_at(pos)
        if lines:
            return lines
        if self.line_moment(pos) is not None:
            return [tr("race.log_line_hint")]
        if self.gearbox.rect.collidepoint(pos) and self.gearbox.enabled:
            return self.gearbox.hint(pos)
        if self.view.viewport.collidepoint(pos) and not any(r.collidepoint(pos) for r in self._covers()):
            sign = self.view.corner_sign_at(pos)
            if sign is not None:
                return corner_sign_lines(self.track.corners[sign])
        if self.idle and self.control.wait() == Wait.MOVE and self.view.viewport.collidepoint(pos) \
                and self.keyboard.selected() is None:  # a destination the keys picked says its own cost
            space = self.pointed(pos)
            moves = self.control.destinations().get(space or "")
            if moves:
                here = self._here()
                street = self.control.state.rules.street
                warn = [trap_text(t) for t in move_traps(self.track, self.control.state, moves[0])]
                if len(moves) == 1:
                    return [space or "", *move_lines(self.track, moves[0], here, street), *warn]
                return [tr("race.choose_way", space=space)] + [
                    f"{i}. " + " · ".join(move_lines(self.track, m, here, street)) for i, m in enumerate(moves, 1)]
        return street_hint(self.view, self.track, pos, self.control.state.rules.street)
