"""Drawing the race screen: the board and cars, the panels, the dice tray, the hints.

A part the race scene (``game.scenes.race.scene``) owns, with one job.
"""

from __future__ import annotations

import pygame

from game import theme
from game.board.marks import draw_destinations, draw_extras, draw_marker
from game.play.movetext import corner_sign_lines, move_lines
from game.play.race_control import Wait
from game.play.remote_control import RemoteControl
from game.scenes.race.board import draw_die_waiting, draw_route, draw_side_panel
from game.scenes.race.dialogs import LEAGUE_QUESTIONS, RaceDialogs
from game.scenes.race.input import RaceInput
from game.scenes.race.keys import RaceKeys
from game.scenes.race.layout import LEAGUE_ROW, TRAY_W, RaceLayout
from game.scenes.race.log import RaceLog
from game.scenes.race.screen import RaceScreen
from game.texts import die_name, place_name, tr
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


class RaceDrawing:
    """The race screen's picture: board, panels, tray, hints, banners."""

    def __init__(
        self,
        scene: RaceScreen,
        layout: RaceLayout,
        input: RaceInput,
        dialogs: RaceDialogs,
        log: RaceLog,
        keys: RaceKeys,
    ) -> None:
        self.scene = scene
        self.layout = layout
        self.input = input
        self.dialogs = dialogs
        self.log = log
        self.keys = keys

    def draw(self, screen: pygame.Surface) -> None:
        scene = self.scene
        state = scene.control.state
        wait = scene.control.wait()
        scene.view.draw(screen)
        clip = screen.get_clip()
        screen.set_clip(scene.view.viewport)
        scene.weather.draw_under(screen, scene.view.viewport, state.weather)
        for space in state.markers:
            s = scene.track.space(space)
            draw_marker(screen, scene.view, (s.x, s.y))
        choosing = scene.idle and wait == Wait.MOVE
        hover = self.keys.selected()  # the destination the keys picked, lit as under the mouse
        if hover is None and pygame.mouse.get_focused():
            hover = self.input.pointed(theme.pointer())
        if scene.idle and wait in (Wait.GEAR, Wait.MOVE):
            draw_stop_marks(screen, scene.view, scene.aid.marks(scene.track, state), scene.pulse)
        if choosing:
            destinations = scene.control.destinations()
            draw_destinations(screen, scene.layer, scene.view, destinations, hover, scene.pulse)
            if hover in destinations and scene.menu is None:
                draw_route(screen, scene.view, scene.track, scene.here(), destinations[hover][0], destinations[hover])
            draw_extras(screen, scene.view, scene.track, scene.here(), destinations)
        self.draw_cars(screen)
        scene.weather.draw_over(screen, scene.view.viewport, state.weather)
        if scene.red_flag is not None:
            draw_red_flag(screen, scene.view.viewport, scene.red_flag[0])
        scene.announcer.draw(screen, self.announce_area(), lambda car: theme.colour(scene.control.entry(car).colour))
        if scene.panels.folded("order"):
            draw_tab(screen, scene.standings_rect, tr(TITLES["order"]))
        else:
            draw_standings(screen, scene.standings_rect.topleft, scene.control, scene.standings_rect.width)
        draw_street_legend(screen, scene.view.viewport, scene.track, state.rules.street)
        if scene.control.clocks is not None:
            draw_clocks(screen, scene.clocks_rect, scene.control)
        scene.log_rows = []
        reserve = scene.log_rect.right - scene.buttons["log"].rect.left  # the full log's button and the handle
        since = bool(scene.summary) and scene.control.wait() == Wait.GEAR  # since your turn, until you choose
        if scene.panels.folded("log"):
            draw_tab(screen, scene.log_rect, tr("since.title" if since else "log.title"))
        elif since:
            draw_log(
                screen,
                scene.log_rect,
                scene.summary or [],
                scene.control,
                0,
                "since.title",
                reserve,
                shown=scene.log_rows,
                pointer=self.log.pointer(),
            )
        else:
            scene.log_scroll = draw_log(
                screen,
                scene.log_rect,
                scene.log,
                scene.control,
                scene.log_scroll,
                reserve=reserve,
                shown=scene.log_rows,
                pointer=self.log.pointer(),
            )
        self.draw_tray(screen, wait)
        draw_hint(screen, scene.hint_rect, *self.hint(wait))
        screen.set_clip(clip)
        end = draw_topbar(
            screen, scene.top, place_name(scene.track.name), self.round_text(), scene.buttons["fit"].rect.left - 12
        )
        if state.rules.weather and scene.chip.left > end + 12:
            draw_chip(screen, scene.chip, state.weather)
        self.draw_panel(screen, wait)
        self.layout.sync_buttons()
        scene.draw_widgets(screen)
        if scene.menu is not None:
            picked = scene.menu.shown(theme.pointer())
            if picked is not None:
                screen.set_clip(scene.view.viewport)
                draw_route(screen, scene.view, scene.track, scene.here(), picked, [picked])
                screen.set_clip(clip)
            scene.menu.draw(screen)
        self.dialogs.draw(screen)
        self.keys.draw(screen)
        if scene.banner is not None:
            area = pygame.Rect(0, 0, *screen.get_size())
            draw_banner(screen, area, scene.control, scene.banner)

    def announce_area(self) -> pygame.Rect:
        """The board's width beside the running order (and a race between homes' chat), for the announcements."""
        scene = self.scene
        v = scene.view.viewport
        left = scene.standings_rect.right + MARGIN
        right = scene.tray_rect.left - MARGIN if isinstance(scene.control, RemoteControl) else v.right - MARGIN
        return pygame.Rect(left, v.top, max(0, right - left), v.height)

    def round_text(self) -> str:
        scene = self.scene
        state = scene.control.state
        if state.phase == "grid":
            return tr("race.grid_rolls")
        if state.phase == "setup":
            return tr("race.setup_round")
        if state.round == 0:
            return tr("race.start_rolls")
        return tr("race.round", round=state.round)

    def draw_cars(self, screen: pygame.Surface) -> None:
        scene = self.scene
        active = scene.focus_car()
        draw_cars(
            screen,
            scene.view,
            scene.track,
            scene.control.state,
            scene.control,
            scene.drives,
            lambda c: c.id == active,
            scene.pulse,
        )

    def draw_tray(self, screen: pygame.Surface, wait: Wait) -> None:
        scene = self.scene
        r = scene.tray_full
        rolling = scene.idle and wait == Wait.ROLL
        if scene.tray.throw is None and not rolling:
            return  # nothing rolled yet (a race just resumed): no empty tray over the board
        if scene.panels.folded("dice") and not rolling:  # folded: the last value on the tab
            throw = scene.tray.throw
            draw_tab(screen, scene.tray_rect, tr(TITLES["dice"]), str(throw.value) if throw and throw.done else "")
            return
        theme.panel(screen, r, theme.PANEL_DARK, 225, radius=10)
        centre = (r.left + 62, r.centery + 4)
        if rolling:
            c = scene.control.chance()
            if c is not None:
                draw_die_waiting(screen, centre, 44, c.die, scene.pulse, 40)
                theme.text(
                    screen,
                    theme.fit_text(die_name(c.die.name), 22, TRAY_W - 132),
                    22,
                    theme.TEXT,
                    (r.left + 120, r.top + 16),
                )
            return
        throw = scene.tray.throw
        if throw is None:
            return
        scene.tray.draw(screen, centre, 44)
        lines = theme.wrap(throw.caption, 21, TRAY_W - 130, most=3)
        for i, line in enumerate(lines):
            theme.text(screen, line, 21, theme.DIM, (r.left + 120, r.top + 16 + 22 * i))
        if throw.done and throw.outcome is not None:
            colour = TONES[throw.outcome.tone] if throw.outcome.tone != "info" else theme.YELLOW
            text = theme.fit_text(throw.outcome.text(), 32, TRAY_W - 130)
            theme.text(screen, text, 32, colour, (r.left + 120, r.bottom - 14), "bottomleft")

    def hint(self, wait: Wait) -> tuple[str, theme.Colour]:
        scene = self.scene
        if scene.message is not None:
            return scene.message
        state = scene.control.state
        if scene.drives or wait == Wait.COMPUTER:
            crew = {"setup": "race.hint.computer_setup", "pit": "race.hint.computer_pit"}.get(state.phase)
            return tr(crew or "race.hint.computer", name=scene.control.name(scene.focus_car())), theme.DIM
        if wait == Wait.REMOTE and not scene.queue:
            car = to_move(state)
            if car is None or chance(state) is not None:
                return tr("race.hint.referee"), theme.DIM
            return tr("race.hint.remote", name=scene.control.name(car)), theme.DIM
        if scene.queue or wait == Wait.DICE:
            return tr("race.hint.dice"), theme.DIM
        if wait == Wait.GEAR:
            return tr("race.hint.gear"), theme.YELLOW
        if wait == Wait.ROLL:
            c = scene.control.chance()
            return tr("race.hint.roll", die=die_name(c.die.name) if c else ""), theme.YELLOW
        if wait == Wait.MOVE:
            return self.move_hint(), theme.YELLOW
        if wait == Wait.SETUP:
            return tr("race.hint.setup"), theme.YELLOW
        if wait == Wait.PIT:
            return tr("race.hint.pit"), theme.YELLOW
        if wait in LEAGUE_QUESTIONS:
            return tr(f"race.hint.{wait.value}", name=scene.control.name(to_move(state) or "")), theme.YELLOW
        if state.finished:
            return tr("race.hint.done"), theme.YELLOW
        return scene.help_text(), theme.DIM

    def move_hint(self) -> str:
        """What the player is offered: the roll, a forced slide, or optional extras with "End move"."""
        scene = self.scene
        offer = scene.control.offer()
        if "slide" in offer:
            return tr("race.hint.slide")
        if scene.control.optional():
            return tr("race.hint.extras", extras=", ".join(tr(f"via.{v}.name") for v in offer))
        refused = box_refusal(scene.track, scene.control.state)
        if refused is not None:  # PIT-D-2: why no box is offered
            return trap_text(refused)
        # the key to the destinations' labels, in the very notation they use
        return tr("race.hint.move", brakes=tr("cost.brakes_short", n=1), tyres=tr("cost.tyres_short", n=1))

    def draw_panel(self, screen: pygame.Surface, wait: Wait) -> None:
        scene = self.scene
        draw_side_panel(screen, scene.panel)
        state = scene.control.state
        car_id = scene.focus_car()
        if car_id is None:
            return
        car = state.car(car_id)
        entry = scene.control.entry(car_id)
        kind = tr(f"driver.{entry.driver}")
        scene.dashboard.draw(screen, scene.track, state, car, entry, scene.control.index(car_id), kind)
        choosing = scene.idle and wait == Wait.GEAR
        options = scene.control.gear_options() if choosing else {}
        odds = (
            scene.control.odds(
                scene.boost and scene.buttons["boost"].visible, scene.nitro and scene.buttons["nitro"].visible
            )
            if choosing
            else {}
        )
        plan, traps = scene.aid.of(scene.track, state, scene.announce) if choosing else (None, {})
        scene.gearbox.show(car.gear, state.rules.gear_dice, options, odds, choosing, plan.gears if plan else {}, traps)
        scene.gearbox.draw(screen)
        help_y = scene.gearbox.rect.bottom + 12 + (LEAGUE_ROW if scene.league_gears() else 0)
        said = self.keys.targets_help() if self.keys.moving() else scene.help_text()  # the keys of the moment
        helps = theme.wrap(said, 17, PANEL_W - 28)
        if help_y + 18 * len(helps) <= scene.panel.bottom - 12:  # whole, or not at all: never cut off
            for i, line in enumerate(helps):
                theme.text(screen, line, 17, theme.FAINT, (scene.panel.left + 14, help_y + 18 * i))

    def hint_at(self, pos: tuple[int, int], widgets: list[str]) -> list[str]:
        """What the mouse at ``pos`` is over says; ``widgets`` is what the scene's buttons say there."""
        scene = self.scene
        if scene.banner is not None or scene.menu is not None:
            return []
        if scene.dialog is not None:
            return scene.dialog.hint_at(pos) or widgets
        if widgets:
            return widgets
        if self.log.line_moment(pos) is not None:
            return [tr("race.log_line_hint")]
        if scene.gearbox.rect.collidepoint(pos) and scene.gearbox.enabled:
            return scene.gearbox.hint(pos)
        if scene.view.viewport.collidepoint(pos) and not any(r.collidepoint(pos) for r in self.layout.covers()):
            sign = scene.view.corner_sign_at(pos)
            if sign is not None:
                return corner_sign_lines(scene.track.corners[sign])
        if (
            scene.idle
            and scene.control.wait() == Wait.MOVE
            and scene.view.viewport.collidepoint(pos)
            and self.keys.selected() is None
        ):  # a destination the keys picked says its own cost
            space = self.input.pointed(pos)
            moves = scene.control.destinations().get(space or "")
            if moves:
                here = scene.here()
                street = scene.control.state.rules.street
                warn = [trap_text(t) for t in move_traps(scene.track, scene.control.state, moves[0])]
                if len(moves) == 1:
                    return [space or "", *move_lines(scene.track, moves[0], here, street), *warn]
                return [tr("race.choose_way", space=space)] + [
                    f"{i}. " + " · ".join(move_lines(scene.track, m, here, street)) for i, m in enumerate(moves, 1)
                ]
        return street_hint(scene.view, scene.track, pos, scene.control.state.rules.street)
