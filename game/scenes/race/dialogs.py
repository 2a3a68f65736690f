"""The race screen's dialogs: the crew's plan before the start and at the box, the league's
questions (karma, a head-to-head bid, the T-car), the pit plan announced with a gear (PIT-D-6)
and where the street race's won WP go; each answer goes to the race, a refusal stays on screen.

A part the race scene (``game.scenes.race.scene``) owns, with one job.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.play.crew import BoxWork, SetupPlan
from game.play.race_control import Step, Wait
from game.scenes.race.pacing import RacePacing
from game.scenes.race.screen import RaceDialog, RaceScreen
from game.texts import reason_text, tr
from game.widgets.controls import Widget
from game.widgets.crewdialog import CrewDialog
from game.widgets.focus import FocusRing, key_name
from game.widgets.freewpdialog import FreeWPDialog
from game.widgets.leaguedialog import LeagueDialog
from game.widgets.pitplan import PitPlanDialog
from rules.actions import Bid, FreeWP, Karma, TCar
from rules.engine import IllegalAction, to_move
from rules.tables import pit_points

# answered in a LeagueDialog; the street race's won WP (STREET-7, STREET-8) in a FreeWPDialog
LEAGUE_QUESTIONS = (Wait.KARMA, Wait.BID, Wait.TCAR, Wait.WP)


class RaceDialogs:
    """The dialog over the race: which one the moment asks for, its keys and its answer."""

    def __init__(self, scene: RaceScreen, pacing: RacePacing) -> None:
        self.scene = scene
        self.pacing = pacing
        self.ring = FocusRing()  # over the open dialog's buttons

    def plan_label(self) -> str:
        scene = self.scene
        plan = scene.announce or scene.active_car().league.pit_plan
        return tr("race.pit_plan_set", n=pit_points.plan_points(plan)) if plan else tr("race.pit_plan")

    def edit_pit_plan(self) -> None:
        """PIT-D-6: the announcement, changed as often as the driver likes before the roll."""
        scene = self.scene
        if not scene.buttons["pitplan"].visible:
            return
        car = scene.active_car()
        if scene.announce is not None:
            car = car.with_league(pit_plan=scene.announce)

        def confirm(plan: pit_points.PitPlan) -> None:
            scene.announce, scene.dialog = plan, None

        def cancel() -> None:
            scene.dialog = None

        scene.dialog = PitPlanDialog(scene.control.state.rules, car, scene.control.name(car.id), confirm, cancel)
        scene.dialog.layout(scene.dialog_area)

    def open(self) -> None:
        """The human's crew decides (tyres and car before the start, tyres and repairs at the box),
        or the driver answers a league question (karma, a head-to-head bid, the T-car)."""
        scene = self.scene
        state = scene.control.state
        wait = scene.control.wait()
        if wait == Wait.WP:  # STREET-7, STREET-8
            scene.dialog = FreeWPDialog(state, to_move(state) or "", scene.control.name, self.answer)
        elif wait in LEAGUE_QUESTIONS:
            car_id = to_move(state) or ""
            scene.dialog = LeagueDialog(wait.value, state, car_id, scene.control.name, self.answer)
        elif wait == Wait.PIT and state.rules.pit_points:  # PIT-D-10: at the box without an announcement
            car = state.car(state.active or "")
            scene.dialog = PitPlanDialog(state.rules, car, scene.control.name(car.id), self.late_plan, None)
        else:
            car = state.car(state.active or "")
            kind = "setup" if wait == Wait.SETUP else "pit"
            scene.dialog = CrewDialog(kind, state, car, scene.control.name(car.id), self.confirm_crew)
        scene.dialog.layout(scene.dialog_area)

    def late_plan(self, plan: pit_points.PitPlan) -> None:
        """The crew's plan chosen at the box (PIT-D-10: 5 points more than announced in time)."""
        scene = self.scene
        self.answer_dialog(lambda: scene.control.pit_stop(plan.tyre, repairs=dict(plan.repairs), fuel=plan.fuel))

    def answer(self, action: Karma | Bid | TCar | FreeWP) -> None:
        """Hand the driver's answer to a league question (or where its won WP go) to the race."""
        scene = self.scene
        self.answer_dialog(lambda: scene.control.decide(action))

    def confirm_crew(self, plan: SetupPlan | BoxWork) -> None:
        """Hand the crew's plan to the race."""
        scene = self.scene
        if isinstance(plan, SetupPlan):
            reserve = plan.reserve(scene.control.state.rules.car_setup)
            self.answer_dialog(lambda: scene.control.set_up(plan.tyre, plan.wp if plan.build else None, reserve))
        else:
            self.answer_dialog(lambda: scene.control.pit_stop(plan.tyre, plan.long, plan.repairs))

    def answer_dialog(self, act: Callable[[], Step]) -> None:
        """The open dialog's answer goes to the race; the engine's refusal is shown and the dialog stays."""
        scene = self.scene
        if scene.dialog is None or not scene.idle:
            return
        try:
            step = act()
        except IllegalAction as err:
            scene.app.sound.play("error")
            scene.say(reason_text(err.reason))
            return
        scene.dialog = None
        scene.message = None
        self.pacing.play(step)

    def handle(
        self, event: pygame.event.Event, dialog: RaceDialog, widgets: Callable[[pygame.event.Event], bool]
    ) -> bool:
        """While the crew decides, only the dialog and the top bar's buttons take input."""
        if widgets(event):  # the top bar's buttons
            return True
        for w in reversed(dialog.widgets):
            if w.visible and w.handle(event):
                return True
        if event.type == pygame.KEYDOWN and self.dialog_key(event, dialog.widgets):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            dialog.done()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def dialog_key(self, event: pygame.event.Event, widgets: list[Widget]) -> bool:
        """A dialog by keys: the focus keys and arrows move the ring, the press key or Space presses."""
        name = key_name(event)
        action = self.scene.app.keys.action(name, ("ui",))
        step = {"focus.next": 1, "focus.previous": -1}.get(action or "", 0) or {
            pygame.K_DOWN: 1,
            pygame.K_RIGHT: 1,
            pygame.K_UP: -1,
            pygame.K_LEFT: -1,
        }.get(event.key, 0)
        if step:
            self.ring.move(widgets, step)
            return True
        if action == "focus.press" or event.key == pygame.K_SPACE:
            return self.ring.press(widgets)
        return False

    def cancel_dialog(self) -> bool:
        """Esc in a dialog that can be left without an answer (the pit plan announced before the roll)."""
        dialog = self.scene.dialog
        cancel = getattr(dialog, "cancel", None)
        if dialog is None or cancel is None or not getattr(cancel, "visible", False):
            return False
        cancel.on_click()
        return True

    def draw(self, screen: pygame.Surface) -> None:
        """The open dialog, the focus ring on the button the keys are on."""
        dialog = self.scene.dialog
        if dialog is not None:
            dialog.draw(screen)
            self.ring.draw(screen, dialog.widgets)
