"""The league's questions as the race screen asks them: karma after a check (KARMA-3), a secret
head-to-head bid (H2H-2) and the T-car (TCAR-1, AMB-38), in English and German."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.scenes.race.screen import RaceDialog
from game.texts import set_language, tr
from game.widgets.gearbox import GearBox
from game.widgets.leaguedialog import LeagueDialog
from rules.actions import Action, Bid, Karma, TCar
from rules.ai.registry import DRIVERS
from rules.car import Area
from rules.dice import Purpose
from rules.engine import gear_options, t_car_problem, t_car_proposal
from rules.odds import gear_odds
from rules.ruleset import DRESDEN_2006
from rules.state import CarState, Check, HeadToHead, HeldCheck, LeagueCar, LeagueRace, Phase, RaceState
from rules.tables.profiles import Profile
from tests.ui.helpers import active_car, board_of, open_display, oval, spy_texts

W = DRESDEN_2006.default_wear


def state(phase: str, pools: dict[str, int], **kw: Any) -> RaceState:
    cars = tuple(CarState(id=c, space="A10", wp=W, setup=W, league=LeagueCar(karma=k)) for c, k in pools.items())
    return RaceState(
        track_hash=oval().content_hash(), rules=DRESDEN_2006, laps=3, cars=cars, phase=Phase(phase), round=2, **kw
    )


def click(dialog: RaceDialog, button_id: str) -> None:
    b = next(w for w in dialog.widgets if w.id == button_id)
    assert b.visible, button_id
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        b.handle(pygame.event.Event(kind, button=1, pos=b.rect.center))


def ask(kind: str, s: RaceState, car: str) -> tuple[LeagueDialog, list[Action]]:
    sent: list[Action] = []
    dialog = LeagueDialog(kind, s, car, lambda c: f"Driver {c}", sent.append)
    dialog.layout(pygame.Rect(0, 0, 1280, 800))
    return dialog, sent


@pytest.mark.rules("KARMA-3")
def test_KARMA_3_the_card_offers_only_what_the_pool_pays_for() -> None:
    open_display()
    held = HeldCheck(check=Check(purpose=Purpose.ENGINE, car="a"), natural=3)
    poor, sent = ask("karma", state("karma", {"a": 30}, league=LeagueRace(held=held)), "a")
    assert [w.id for w in poor.widgets if w.visible] == ["karma.raise", "karma.accept"]  # 40 for a re-roll is too much
    click(poor, "karma.raise")
    rich, sent2 = ask("karma", state("karma", {"a": 45}, league=LeagueRace(held=held)), "a")
    click(rich, "karma.reroll")
    rich.done()  # Enter accepts
    assert sent == [Karma(spend="raise")] and sent2 == [Karma(spend="reroll"), Karma(spend="accept")]


@pytest.mark.rules("H2H-2")
def test_H2H_2_a_bid_goes_from_nothing_to_the_whole_pool_and_names_no_other_bid() -> None:
    open_display()
    bids = HeadToHead(cars=("a", "b"), bids=(7,))
    dialog, sent = ask("bid", state("bid", {"a": 23, "b": 2}, league=LeagueRace(bids=bids)), "b")
    click(dialog, "bid.minus")
    for _ in range(5):
        click(dialog, "bid.plus")
    dialog.done()
    assert sent == [Bid(amount=2)]  # b's pool is 2
    assert not any("7" in line for line in dialog.lines())  # a's secret bid is never shown


LESS = DRESDEN_2006.car_setup.total - DRESDEN_2006.t_car_wp  # 22 - 20


@pytest.mark.rules("TCAR-1")
def test_TCAR_1_AMB_38_the_t_car_has_2_WP_less_every_area_at_least_one() -> None:
    """2 WP less than the set-up: of the 22 WP "car + box" (AMB-32) 1 stays in the box, so the
    T-car has 19 and its box 1, 20 in all."""
    open_display()
    s = state("tcar", {"a": 30, "b": 30})
    wear = t_car_proposal(s, s.car("a"))
    assert LESS == 2 and wear.total() == W.total() - LESS == 19
    assert all(wear[a] >= 1 for a in DRESDEN_2006.car_setup.areas)
    assert all(wear[a] <= W[a] for a in DRESDEN_2006.car_setup.areas)
    dialog, sent = ask("tcar", s, "a")
    click(dialog, "tcar.retire")
    dialog.done()
    assert sent == [TCar(wp=None), TCar(wp=wear)]


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_AMB_38_the_driver_chooses_the_areas_that_lose_the_two_WP(language: str) -> None:
    """The crew proposes 2 WP off the tyres (the fullest area); the driver puts them back and
    takes them off the fuel and the engine instead. The T-car only goes with exactly 2 WP less
    than the set-up, no area below 1."""
    open_display()
    set_language(language)
    s = state("tcar", {"a": 30})
    dialog, sent = ask("tcar", s, "a")
    assert dialog.wear.tyres == W.tyres - 2
    for _ in range(3):
        click(dialog, "tcar.more.tyres")  # the third is refused: never above the set-up
    assert dialog.wear.tyres == W.tyres
    assert not next(b for b in dialog.widgets if b.id == "tcar.take").visible
    assert tr("league.tcar_more", n=2) in dialog.lines()
    dialog.done()  # Enter does nothing while the T-car is not ready
    for _ in range(W.engine + 1):
        click(dialog, "tcar.less.engine")  # never below 1
    assert dialog.wear.engine == 1
    click(dialog, "tcar.less.fuel")
    assert tr("league.tcar_ready", n=W.total() - LESS) in dialog.lines()
    click(dialog, "tcar.take")
    chosen = W.model_copy(update={"fuel": W.fuel - 1, "engine": W.engine - 1})
    assert sent == [TCar(wp=chosen)] and t_car_problem(s, s.car("a"), chosen) is None
    set_language("en")


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_every_league_card_speaks_both_languages(language: str) -> None:
    open_display()
    set_language(language)
    try:
        held = HeldCheck(check=Check(purpose=Purpose.COLLISION, car="a"), natural=1, raised=1)
        cards = [
            ask("karma", state("karma", {"a": 60}, league=LeagueRace(held=held)), "a")[0],
            ask("bid", state("bid", {"a": 5, "b": 5}, league=LeagueRace(bids=HeadToHead(cars=("a", "b")))), "a")[0],
            ask("tcar", state("tcar", {"a": 0, "b": 0}), "a")[0],
        ]
        screen = pygame.display.get_surface()
        assert screen is not None
        for card in cards:
            lines = card.lines()
            assert all(lines) and "{" not in " ".join(lines)
            card.draw(screen)
        assert "2" in cards[0].lines()[1]  # the roll with its raise
    finally:
        set_language("en")


@pytest.mark.rules("ENG-D-3", "PIT-D-6")
def test_ENG_D_3_PIT_D_6_the_boost_and_the_announcement_go_with_the_next_gear(tmp_path) -> None:
    """Through the race screen: B switches the boost on, P opens the pit plan, and the gear
    then declared carries both (and only that gear: the next one starts without)."""
    from game.scenes.menus.menu import MenuScene
    from rules.actions import ChooseGear
    from tests.ui.helpers import make_app
    from tests.ui.test_layout import race

    app = make_app(tmp_path)
    app.push(MenuScene(app))
    scene = race(app, "dresden-2006")
    app.frame(0.016)
    assert scene.buttons["boost"].visible and scene.buttons["pitplan"].visible
    key = lambda k: scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))  # noqa: E731
    plain = scene.control.odds()
    key(pygame.K_b)
    boosted = scene.control.odds(True)
    assert boosted and all(boosted[g].advance > plain[g].advance for g in boosted)  # the gear box counts the boost
    key(pygame.K_p)
    plan_card = scene.dialog
    assert plan_card is not None and plan_card.kind == "plan"
    click(plan_card, "plan.tyre.plus")  # hard tyres: 6 points
    key(pygame.K_RETURN)
    assert scene.dialog is None and scene.announce is not None and scene.announce.tyre is not None
    gear = active_car(scene.control.state).gear
    scene.choose(max(1, gear))
    sent = scene.control.session.actions[-1]
    assert isinstance(sent, ChooseGear) and sent.boost and sent.pit is not None and sent.pit.tyre is not None
    assert not scene.boost and scene.announce is None


@pytest.mark.rules("PIT-D-6", "PIT-D-11", "DRESDEN-PROFILE-1", "KARMA-1")
def test_KARMA_1_DRESDEN_PROFILE_1_PIT_D_11_the_dashboard_shows_profile_karma_and_the_crew_at_work(monkeypatch) -> None:
    """The driver line names the profile; the kit the box reserve (AMB-32); a line of its own the
    pool and an announced stop (PIT-D-6) or the points still to work off at the box."""
    from game.texts import tr
    from game.widgets.dashboard import Dashboard
    from rules.files.record import Entry
    from rules.tables.pit_points import PitPlan
    from rules.tables.tyres import Tyre

    screen = open_display()
    d = Dashboard()
    s = state("gear", {"a": 33, "b": 30})
    car = (
        s.car("a")
        .with_league(profile=Profile.REGENGOTT, pit_plan=PitPlan(fuel=2, tyre=Tyre.SOFT))
        .model_copy(update={"reserve": 1})
    )
    drawn = spy_texts(monkeypatch)
    d.draw(screen, oval(), s, car, Entry(id="a", name="Anna", wear=W), 0, "Human")
    assert d._driver(s, car, "Human") in drawn and tr("profile.regengott") in d._driver(s, car, "Human")
    league = f"{tr('dash.karma_pool', n=33)} · {tr('dash.pit_plan', n=8)}"
    assert league in drawn and tr("dash.reserve", n=1) in d._kit(s, car) and "8" not in d._kit(s, car)
    working = car.with_league(pit_points=4)
    assert d._league_line(s, working) == f"{tr('dash.karma_pool', n=33)} · {tr('dash.pit_points', n=4)}"
    classic = s.model_copy(update={"rules": s.rules.model_copy(update={"profiles": False, "karma": False})})
    assert d._driver(classic, car, "Human") == "Human"


@pytest.mark.rules("OUT-D-3")
def test_OUT_D_3_a_wreck_is_drawn_burnt_out_where_it_stands() -> None:
    """The same car drawn as a wreck is darker, with smoke, on its own space (not hidden)."""
    from game.board.marks import draw_car_on_board
    from game.board.view import BoardView
    from tests.ui.helpers import catalogue

    screen = open_display()
    view = BoardView(board_of(catalogue().get("oval.tmx")))
    view.set_viewport(screen.get_rect())
    space = oval().space("A10")
    view.centre_on((space.x, space.y))
    pose = (space.x, space.y, space.heading)
    x, y = view.to_screen((space.x, space.y))
    side = round(view.board.lane_width * view.scale)  # about the car's length
    box = pygame.Rect(0, 0, side, side)
    box.center = (round(x), round(y))
    box = box.clip(screen.get_rect())
    bright = []
    for wreck in (False, True):
        screen.fill((0, 120, 0))
        draw_car_on_board(screen, view, pose, "#f0f0f0", 0, 1, False, 0.0, wreck)
        average = pygame.transform.average_color(screen, box)
        bright.append(sum(average[:3]) / 3)
    assert box.width > 6 and bright[1] < bright[0] * 0.8


@pytest.mark.rules("PIT-D-10")
def test_PIT_D_10_at_the_box_without_an_announcement_the_plan_costs_five_more_and_cannot_be_put_off() -> None:
    from game.texts import tr
    from game.widgets.pitplan import PitPlanDialog
    from rules.tables.pit_points import PitPlan

    open_display()
    car = (
        state("pit", {"a": 30, "b": 30})
        .car("a")
        .model_copy(update={"wp": W.model_copy(update={"fuel": 1, "body": 1}), "reserve": 1})
    )
    sent: list[PitPlan] = []
    late = PitPlanDialog(DRESDEN_2006, car, "A", sent.append, None)
    late.layout(pygame.Rect(0, 0, 1280, 800))
    assert not late.cancel.visible
    assert late.plan.fuel == 3 and late.confirm.label() == tr("plan.work", n=12 + 5)  # 3 fuel: 12 points
    click(late, "plan.body.plus")
    click(late, "plan.body.plus")  # the reserve holds 1 WP: a second repair is not offered
    late.done()
    assert sent == [PitPlan(fuel=3, repairs={Area.BODY: 1})]


@pytest.mark.rules("RESTART-1")
def test_RESTART_1_the_race_screen_shows_the_red_flag(tmp_path) -> None:
    """A restart event raises the red-flag band over the board for a moment, in the player's words."""
    from game.play.race_control import Step
    from game.scenes.menus.menu import MenuScene
    from game.texts import tr
    from rules.actions import Event, Roll
    from tests.ui.helpers import make_app
    from tests.ui.test_layout import race

    app = make_app(tmp_path)
    app.push(MenuScene(app))
    scene = race(app, "dresden-2006")
    s = scene.control.state
    scene.pacing.reveal(
        Step(
            action=Roll(value=3),
            events=(Event(kind="restart", data={"full": False}),),
            car=None,
            chance=None,
            before=s,
            after=s,
        )
    )
    assert scene.red_flag is not None and scene.red_flag[0] == tr("log.restart")
    app.frame(0.016)
    for _ in range(400):
        scene.update(1 / 60)
    assert scene.red_flag is None


@pytest.mark.rules("DRESDEN-PROFILE-5")
@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_DRESDEN_PROFILE_5_the_gear_box_shows_the_spaces_the_profile_moves(language: str) -> None:
    """A Leichter Flitzer's 2nd gear moves 3-5 (the die 2-4, +1): the table's range column and the
    hint say so, and the hint names the die's own range; a Normalo's reads the die's."""
    open_display()
    set_language(language)
    track = oval()
    base = state("gear", {"a": 30})
    base = base.model_copy(update={"active": "a"})
    ranges = {}
    for profile in (Profile.NORMALO, Profile.LEICHTER_FLITZER):
        s = base.with_car(base.car("a").with_league(profile=profile).model_copy(update={"gear": 1}))
        box = GearBox()
        box.rect = pygame.Rect(0, 0, 380, 414)
        box.show(1, s.rules.gear_dice, gear_options(track, s), gear_odds(track, s), enabled=True)
        ranges[profile] = box.hint(box.row(2).center)[0]
    assert ranges[Profile.NORMALO].endswith(": 2–4")
    assert ": 3–5 " in ranges[Profile.LEICHTER_FLITZER] and "2–4" in ranges[Profile.LEICHTER_FLITZER]
    set_language("en")


@pytest.mark.rules("TEAM-B-2", "PIT-D-4")
def test_PIT_D_4_the_dashboard_of_a_car_sharing_its_team_box_names_the_team_and_no_stock(monkeypatch) -> None:
    """A league team shares a box, not a stock of repair WP (that is TEAM-B-2's): the team line
    shows the pair and the name, and no stock (the game once crashed drawing one)."""
    from game.play.standings import team_name
    from game.widgets.dashboard import Dashboard
    from rules.files.record import Entry

    screen = open_display()
    s = state("gear", {"a": 30, "b": 30})
    s = s.model_copy(update={"cars": tuple(c.model_copy(update={"team": 0}) for c in s.cars)})
    assert s.team_stock == ()
    drawn = spy_texts(monkeypatch)
    Dashboard().draw(screen, oval(), s, s.car("a"), Entry(id="a", name="Anna", wear=W), 0, "Human")
    stock = tr("dash.team_stock", n=0).split("0")[0]  # "team stock "
    assert team_name(0) in drawn and not [t for t in drawn if t.startswith(stock)]


@pytest.mark.rules("PIT-D-6", "PIT-D-11")
def test_PIT_D_6_PIT_D_11_a_stop_by_points_through_the_race_screen(tmp_path) -> None:
    """A human league car 5 spaces before its box: P announces the crew's proposal (the tank filled:
    3 fuel WP, 12 points), 3rd gear and a 5 take it exactly to the box (PIT-D-6), 4th-gear rolls
    at the box work the points off (PIT-D-11: 8, then 8 of which 4 are surplus) and the car drives
    out with its tank full."""
    from game.board.view import BoardView
    from game.play.race_control import RaceControl, Wait
    from game.scenes.menus.menu import MenuScene
    from game.scenes.race.scene import RaceScene
    from rules.dice import ForcedDice
    from rules.run.session import RaceSession
    from tests.rules.test_dresden_pits import at_c58
    from tests.ui.helpers import make_app
    from tests.ui.modules_helpers import control_at
    from tests.ui.test_race_scene import click as click_at
    from tests.ui.test_race_scene import key, settle

    app = make_app(tmp_path)
    app.change_settings(app.settings.model_copy(update={"animation_speed": 5, "mute": True}))
    app.push(MenuScene(app))
    state = at_c58(gear=3)
    header = control_at(state).header
    session = RaceSession(oval(), header, dice=ForcedDice((5, *[8] * 80)), drivers=DRIVERS)
    session.state = state
    scene = RaceScene(app, RaceControl(oval(), session), BoardView(board_of(app.tracks.get("oval.tmx"))))
    app.push(scene)
    settle(scene)
    key(scene, pygame.K_RETURN)  # the banner naming the driver
    app.frame(0.016)
    key(scene, pygame.K_p)
    card = scene.dialog
    assert card is not None and card.kind == "plan"
    key(scene, pygame.K_RETURN)
    assert scene.announce is not None and scene.announce.fuel == 3
    key(scene, pygame.K_3)
    key(scene, pygame.K_SPACE)
    settle(scene)
    assert scene.control.wait() == Wait.MOVE and "P4" in scene.control.destinations()
    box = scene.view.to_screen((oval().space("P4").x, oval().space("P4").y))
    click_at(scene, box)
    settle(scene)
    m = scene.control.state.car("m")
    assert m.space == "P4" and m.league.pit_points == 12  # announced 4 per fuel WP, nothing beyond the box to count
    for _ in range(6):  # far's turns pass; m's turns at the box: 4th gear, a roll
        if scene.control.state.car("m").league.pit_points is None:
            break
        settle(scene)
        if scene.control.wait() == Wait.GEAR and scene.control.state.active == "m":
            key(scene, pygame.K_4)
            key(scene, pygame.K_SPACE)
            settle(scene)
        if scene.control.wait() == Wait.MOVE:
            move = max(scene.control.moves(), key=lambda mv: len(mv.path))
            scene.drive(move)
            settle(scene)
    m = scene.control.state.car("m")
    assert m.league.pit_points is None and m.space != "P4" and m.setup is not None and m.wp.fuel == m.setup.fuel
