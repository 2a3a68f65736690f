"""The race screen's panel of a race between homes (game/scenes/remote/panel.py): the room's chat
typed and sent with Enter, the referee's notices in the player's language, and a head-to-head
bid sealed from the screen (H2H-2), opened by the player's game only once every bid is sealed."""

from __future__ import annotations

import asyncio

import pygame
import pytest

from game.net.matrix import CHAT, NOTE, RoomEvent
from game.net.online import OnlinePlayer
from game.scenes.race.scene import RaceScene
from game.scenes.remote.lobby import open_remote
from game.scenes.remote.panel import RemotePanel
from game.texts import set_language, tr
from rules.remote.fair_dice import bid_matches
from rules.remote.race_view import RaceView
from rules.remote.referee_notes import note
from rules.remote.referee_protocol import BidOpen, BidSeal
from tests.net.test_fair_record import Table
from tests.rules.remote_helpers import OVAL, REFEREE
from tests.rules.test_referee import bid_referee
from tests.ui.helpers import make_app


class Link(Table):
    """Ann's game at the table, keeping what the screen sends: chat lines and sealed bids."""

    chats = True

    def __init__(self) -> None:
        super().__init__()
        self.said: list[str] = []
        self.seals: list[tuple[str, int]] = []
        self.news: list[str] = []

    def pump(self) -> list[str]:
        super().pump()
        news, self.news = self.news, []
        return news

    def say(self, text: str) -> None:
        self.said.append(text)

    def seal_bid(self, car: str, amount: int) -> str:
        self.seals.append((car, amount))
        return ""

    def sealed(self) -> set[str]:
        return {car for car, _ in self.seals}


def panel_of(scene: RaceScene) -> RemotePanel:
    return next(w for w in scene.widgets if isinstance(w, RemotePanel))


def typed(scene: RaceScene, field: pygame.Rect, text: str, erase: int = 0) -> None:
    """A click into the field, ``erase`` times Backspace, the text typed, Enter."""
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=field.center))
    for _ in range(erase):
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b"))
    for ch in text:
        scene.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))


def test_the_room_chat_is_typed_in_the_panel_and_notices_show_in_the_players_language(tmp_path):
    app = make_app(tmp_path)
    link = Link()
    assert open_remote(app, link) == ""
    scene = app.scene
    assert isinstance(scene, RaceScene)
    scene.draw(app.screen)
    panel = panel_of(scene)
    assert panel.rect.width > 200 and panel.rect.height > 100 and scene.view.viewport.contains(panel.rect)
    typed(scene, panel.chat.rect, "good luck, 2 laps")
    assert link.said == ["good luck, 2 laps"] and panel.message == "" and not panel.chat.editing
    scene.handle(pygame.event.Event(pygame.TEXTINPUT, text="3"))  # a key after Enter is the race's again
    assert panel.message == ""
    set_language("de")
    try:
        link.news.append(tr("referee.deadline_move", name="Bob", level="racer"))
        scene.draw(app.screen)
        assert scene.control.transcript[-1] == "Bob hat die Frist verpasst: die Stufe racer hat diesen Zug entschieden"
    finally:
        set_language("en")


def bid_asked(tmp_path):
    """Car a's player in the race window of a race between homes, asked for a sealed bid (H2H-2)."""
    referee, seats = bid_referee()
    app = make_app(tmp_path)
    link = Link()
    link.account = seats["a"]
    link.referee, link.race = referee, referee.opening
    link.view = RaceView(OVAL, referee.opening)
    link.view.session.state = referee.session.state
    assert open_remote(app, link) == ""
    app.scene.control.session.state = referee.session.state
    return app, link


@pytest.mark.rules("H2H-2")
def test_H2H_2_a_bid_is_sealed_from_the_panel_within_the_cars_karma(tmp_path):
    app, link = bid_asked(tmp_path)
    scene = app.scene
    control = scene.control
    assert control.bids_asked() == ["a"]
    scene.draw(app.screen)
    panel = panel_of(scene)
    pool = control.state.car("a").league.karma
    typed(scene, panel.bid.rect, str(pool + 1))
    assert link.seals == [] and panel.problem == tr("remote.bid_range", karma=pool)
    typed(scene, panel.bid.rect, str(pool), erase=3)
    assert link.seals == [("a", pool)] and control.bids_asked() == []


@pytest.mark.rules("H2H-2")
def test_H2H_2_a_players_game_opens_its_sealed_bid_only_when_the_referee_says_all_are_sealed():
    referee, seats = bid_referee()

    class Room:
        """The player's side of the room: what the game sends is kept."""

        user_id = seats["a"]
        sent: list = []

        async def send(self, room: str, message, tx_id=None) -> str:  # noqa: ANN001
            self.sent.append(message)
            return "$event"

    room = Room()
    player = OnlinePlayer(room, OVAL, "!race:test")
    player.view = RaceView(OVAL, referee.opening)
    player.view.session.state = referee.session.state
    asyncio.run(player.seal_bid("a", 3))
    seal = room.sent[-1]
    assert isinstance(seal, BidSeal) and seal.car == "a" and player.opens_due() == []
    sealed = {"msgtype": "m.notice", "body": "every bid is sealed", NOTE: note("bids_sealed").model_dump()}
    forged = RoomEvent("!race:test", "$1", "@eve:test", CHAT, sealed, 0)
    player.take(forged)  # only the referee's word opens a bid
    assert player.opens_due() == []
    player.take(RoomEvent("!race:test", "$2", REFEREE, CHAT, sealed, 0))
    asyncio.run(player.open_bids())
    opened = room.sent[-1]
    assert isinstance(opened, BidOpen) and (opened.car, opened.amount, opened.seq) == ("a", 3, seal.seq)
    assert bid_matches(seal.seal, "a", 3, opened.nonce)
    assert player.opens_due() == []  # opened once


@pytest.mark.rules("H2H-2")
def test_H2H_2_the_type_key_opens_the_sealed_bid_to_the_keyboard(tmp_path):
    """No mouse: T puts the keys into the bid asked for, the digits and Enter seal it."""
    app, link = bid_asked(tmp_path)
    scene = app.scene
    scene.draw(app.screen)
    pool = scene.control.state.car("a").league.karma
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t"))
    assert panel_of(scene).bid.editing
    for ch in str(pool):
        app.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert link.seals == [("a", pool)]
