"""Drawing the qualifying screen: the board with the car and the ghost, the destinations, the
dice tray, the driver's card, the stopwatch and counters beside the gear box; and what it
shows as data for the status file.

A part the qualifying scene (``game.scenes.qualifying.scene``) owns, with one job.
"""

from __future__ import annotations

from typing import Any

import pygame

from game import theme
from game.board.cars import draw_car
from game.board.marks import draw_car_on_board, draw_destinations
from game.play.stopwatch import clock_text
from game.scenes.qualifying.input import QualifyingInput
from game.scenes.qualifying.screen import QualifyingScreen
from game.scenes.race.board import draw_die_waiting, draw_route, draw_side_panel, middle
from game.texts import place_name, tr
from game.widgets.qualifying_hud import draw_banner, draw_classification, draw_counters, draw_stopwatch
from game.widgets.race_hud import MARGIN, TOP, draw_hint, draw_topbar
from rules.engine import chance, gear_options
from rules.gears import ShiftCost
from rules.odds import gear_odds
from rules.qualifying.grid import LapResult, score

GHOST_ALPHA = 185  # the ghost car shows through: the lap to beat, not a car in the way
GHOST_COLOUR = "#6fe3ff"  # a cold cyan no livery uses, that stands out from asphalt, grass and kerbs
READY_GAP = 2  # empty card lines under the driver's card text: room for the start button (+1 for tyres)
COUNT_STEP = 0.6  # seconds per countdown number


class QualifyingDrawing:
    """The qualifying screen's picture, and what it shows as data."""

    def __init__(self, scene: QualifyingScreen, input: QualifyingInput) -> None:
        self.scene = scene
        self.input = input

    def draw(self, screen: pygame.Surface) -> None:
        scene = self.scene
        scene.view.draw(screen)
        clip = screen.get_clip()
        screen.set_clip(scene.view.viewport)
        wait = scene.wait()
        hover = self.input.pointed(theme.pointer()) if pygame.mouse.get_focused() else None
        if wait == "move" and scene.idle:
            self.draw_targets(screen, hover)
        self.draw_cars(screen)
        board = scene.view.viewport
        if scene.session.results or scene.phase != "ready":
            draw_classification(
                screen,
                (MARGIN, TOP + MARGIN),
                scene.shown_results(),
                scene.rules.qualifying,
                scene.session.entries,
                highlight=scene.result.driver if scene.result else None,
            )
        self.draw_tray(screen, wait)
        draw_hint(screen, scene.hint_rect, *self.hint(wait))
        self.draw_card(screen, board)
        screen.set_clip(clip)
        title = tr("qual.trial_title") if scene.trial else tr("qual.title")
        draw_topbar(screen, scene.top, place_name(scene.track.name), title, scene.top.right - MARGIN)
        self.draw_panel(screen, wait)
        if scene.paused:
            draw_banner(screen, board, tr("qual.paused"), [(tr("qual.paused_hint"), theme.DIM)])
        scene.draw_widgets(screen)

    def draw_targets(self, screen: pygame.Surface, hover: str | None) -> None:
        scene = self.scene
        dest = scene.destinations()
        draw_destinations(screen, scene.layer, scene.view, dest, hover, scene.pulse)
        targets = scene.ranked_targets()
        shown = hover if hover in dest else (targets[scene.pick % len(targets)] if targets else None)
        if shown is None:
            return
        lap = scene.session.lap
        assert lap is not None
        move = dest[shown][0]
        draw_route(
            screen,
            scene.view,
            scene.track,
            lap.state.car(lap.entry.id).space or scene.track.qualifying_start,
            move,
            [move],
        )

    def draw_cars(self, screen: pygame.Surface) -> None:
        scene = self.scene
        if scene.ghost is not None and scene.phase == "driving":
            pose = scene.ghost.pose(scene.watch.elapsed_ms)
            surf = scene.ghost_layer.clear(screen.get_size())
            x, y = scene.view.to_screen(pose[:2])
            draw_car(surf, (x, y), pose[2], scene.view.board.lane_width * scene.view.scale * 1.02, GHOST_COLOUR, 8, 0)
            surf.set_alpha(GHOST_ALPHA)
            screen.blit(surf, (0, 0))
        entry = scene.entry
        if entry is None:
            return
        index = next(i for i, e in enumerate(scene.session.entries) if e.id == entry.id)
        if scene.phase == "computer" and scene.replay is not None:
            pose = scene.replay.pose(int(scene.replay_ms))
        elif entry.id in scene.drives:
            pose = scene.drives[entry.id].pose
        else:
            state = scene.session.lap.state if scene.session.lap is not None else scene.shown_state
            space = state.car(entry.id).space if state is not None else None
            s = scene.track.space(space or scene.track.qualifying_start)
            pose = (s.x, s.y, s.heading)
        draw_car_on_board(
            screen,
            scene.view,
            pose,
            entry.colour,
            index,
            entry.number,
            scene.phase == "driving" and scene.idle,
            scene.pulse,
        )

    def draw_tray(self, screen: pygame.Surface, wait: str) -> None:
        scene = self.scene
        if scene.phase != "driving" or (scene.tray.throw is None and wait != "roll"):
            return
        r = scene.tray_rect
        theme.panel(screen, r, theme.PANEL_DARK, 225, radius=10)
        centre = (r.left + 56, r.centery)
        lap = scene.session.lap
        c = chance(lap.state) if lap is not None else None
        if wait == "roll" and scene.idle and c is not None:
            draw_die_waiting(screen, centre, 40, c.die, scene.pulse, 38)
            theme.text(screen, tr("qual.press_space"), 22, theme.YELLOW, (r.left + 108, r.centery), "midleft")
            return
        scene.tray.draw(screen, centre, 40)
        if scene.tray.throw is not None and scene.tray.throw.done:
            theme.text(
                screen,
                tr("qual.spaces", n=scene.tray.throw.value),
                30,
                theme.YELLOW,
                (r.left + 108, r.centery),
                "midleft",
            )

    def hint(self, wait: str) -> tuple[str, theme.Colour]:
        scene = self.scene
        if scene.message:
            return scene.message, (255, 150, 140)
        if scene.phase == "computer":
            return tr("qual.hint.computer", name=scene.entry.name if scene.entry else ""), theme.DIM
        if wait == "gear":
            return tr("qual.hint.gear"), theme.YELLOW
        if wait == "roll":
            return tr("qual.hint.roll"), theme.YELLOW
        if wait == "move" and scene.optional():
            return tr("qual.hint.extra"), theme.YELLOW
        if wait == "move":
            return tr("qual.hint.move"), theme.YELLOW
        return tr("qual.hint.keys"), theme.DIM

    def draw_card(self, screen: pygame.Surface, board: pygame.Rect) -> None:
        scene = self.scene
        entry = scene.entry
        n = len(scene.session.results) + (1 if scene.phase in ("ready", "countdown", "driving") else 0)
        drivers = len(scene.session.entries)
        of = tr("qual.lap_of", n=max(1, n), total=drivers)
        if scene.session.runs > 1:  # QUAL-D-13: the lap within its run
            run = (max(1, n) - 1) // drivers
            of = tr("qual.run_lap_of", run=run + 1, runs=scene.session.runs, n=max(1, n) - run * drivers, total=drivers)
        if scene.phase == "ready" and entry is not None:
            lines = [(of, theme.DIM), (self.conditions(), theme.TEXT)]
            if scene.session.tyre_choice:
                lines.append((tr("qual.choose_tyres"), theme.DIM))
            best = scene.best
            footer = (
                tr("qual.ghost", name=best.driver, score=best.score, time=clock_text(best.time_ms))
                if best is not None and scene.ghost is not None
                else tr("qual.ready_hint")
            )
            gap = READY_GAP + scene.session.tyre_choice
            draw_banner(
                screen, board, tr("qual.driver_up", name=entry.name), lines + [("", theme.DIM)] * gap, footer=footer
            )
        elif scene.phase == "countdown" and entry is not None:
            digit = str(min(3, int(scene.countdown / COUNT_STEP) + 1))
            draw_banner(screen, board, entry.name, [(of, theme.DIM)], big=digit)
        elif scene.phase == "result":
            result = scene.result or (scene.session.results[-1] if scene.session.results else None)
            if result is not None:
                self.draw_result(screen, board, result)

    def conditions(self) -> str:
        scene = self.scene
        if scene.session.barometer is None:
            return tr("qual.weather.none")
        return tr(
            "qual.weather",
            weather=tr(f"qual.barometer.{scene.session.barometer}"),
            roll=scene.session.weather_roll or 0,
        )

    def draw_result(self, screen: pygame.Surface, board: pygame.Rect, r: LapResult) -> None:
        scene = self.scene
        q = scene.rules.qualifying
        if r.qualified:
            title = tr("qual.result", name=r.name, score=score(r, q), time=clock_text(r.time_ms))
            ink = theme.GREEN
        else:
            title = tr("qual.result_failed", name=r.name)
            ink = (255, 150, 140)
        lines = [
            (tr("qual.breakdown", rolls=r.rolls, minutes=r.minutes, penalty=r.penalty), theme.TEXT),
            (self.lap_end(r), ink),
        ]
        draw_banner(screen, board, title, lines, footer=tr("qual.continue"))

    @staticmethod
    def lap_end(r: LapResult) -> str:
        """How the lap ended: a corner's missed stops (QUAL-4), a standstill (AMB-70) or the line."""
        if r.failed:
            return tr("qual.failed_in", corner=r.failed)
        return tr("qual.crossed") if r.finished else tr("qual.stood_still")

    def draw_panel(self, screen: pygame.Surface, wait: str) -> None:
        scene = self.scene
        draw_side_panel(screen, scene.panel)
        clock = scene.clock_rect
        if scene.phase == "computer" and scene.replay is not None:
            ms, running = min(int(scene.replay_ms), scene.replay.end_ms), True
        elif scene.phase == "result" and scene.session.results:
            ms, running = scene.session.results[-1].time_ms, False
        else:
            ms, running = scene.watch.elapsed_ms, scene.watch.running
        entry = scene.entry
        draw_stopwatch(
            screen,
            clock,
            ms,
            running,
            scene.phase == "driving" and not scene.watch.started,
            entry.name if entry else "",
        )
        tally = self.tally()
        draw_counters(
            screen,
            scene.counters_rect,
            [
                (tr("qual.rolls"), str(tally[0]), theme.TEXT),
                (tr("qual.penalty"), str(tally[1]), theme.ORANGE if tally[1] else theme.TEXT),
                (tr("qual.score"), str(tally[0] + tally[1] + ms // 60_000), theme.YELLOW),
            ],
        )
        lap = scene.session.lap
        choosing = scene.phase == "driving" and scene.idle and wait == "gear" and lap is not None
        options = gear_options(scene.track, lap.state) if choosing and lap else {}
        odds = gear_odds(scene.track, lap.state) if choosing and lap else {}
        gear = lap.state.car(lap.entry.id).gear if lap is not None else 0
        scene.gearbox.show(gear, scene.rules.gear_dice, options, odds, choosing)
        scene.gearbox.draw(screen)

    def tally(self) -> tuple[int, int]:
        """Rolls and penalty of the lap on screen."""
        scene = self.scene
        if scene.phase == "computer" and scene.replay is not None:
            lap_state = scene.replay.state.lap
        elif scene.session.lap is not None:
            lap_state = scene.session.lap.state.lap
        elif scene.phase == "result" and scene.session.results:
            r = scene.session.results[-1]
            return r.rolls, r.penalty
        else:
            return 0, 0
        if lap_state is None:
            return 0, 0
        penalty = lap_state.penalty if scene.rules.qualifying.tyre_multiplier else lap_state.overshoot
        return lap_state.rolls, penalty

    def hint_at(self, pos: tuple[int, int], widgets: list[str]) -> list[str]:
        """What the mouse at ``pos`` is over says; ``widgets`` is what the scene's buttons say there."""
        scene = self.scene
        if widgets:
            return widgets
        if scene.gearbox.rect.collidepoint(pos) and scene.gearbox.enabled:
            return scene.gearbox.hint(pos)
        return []

    def status(self, status: dict[str, Any]) -> dict[str, Any]:
        """``status``, what every scene reports, with the lap on screen (for the end-to-end checks)."""
        scene = self.scene
        wait = scene.wait() if scene.idle else ""
        status.update(
            phase=scene.phase,
            wait=wait,
            busy=bool(scene.queue) or scene.view.gliding,
            paused=scene.paused,
            clock=scene.watch.elapsed_ms,
            running=scene.watch.running,
            driver=scene.entry.name if scene.entry else "",
            results=[r.name for r in scene.session.results],
            circuit=scene.view.board.track.name,
        )
        lap = scene.session.lap
        if wait == "gear" and lap is not None:
            odds = gear_odds(scene.track, lap.state)
            status["gears"] = {
                str(g): {"legal": isinstance(o, ShiftCost), "out": float(odds[g].out) if g in odds else 1.0}
                for g, o in gear_options(scene.track, lap.state).items()
            }
        if wait == "move":
            out = []  # in the order Tab walks them: the best first
            dest = scene.destinations()
            for space in scene.ranked_targets():
                ms = dest[space]
                x, y = middle(scene.view, space)
                if scene.view.viewport.collidepoint(x, y) and not scene.tray_rect.collidepoint(x, y):
                    out.append(
                        {
                            "space": space,
                            "x": x,
                            "y": y,
                            "steps": len(ms[0].path),
                            "out": ms[0].out is not None,
                            "penalty": ms[0].tyres,
                        }
                    )
            status["targets"] = out
        return status
