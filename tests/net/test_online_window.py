"""The race screen's model plays an online race (game/play/remote_control.py over
game/net/online_link.py): two players' windows and the referee bot race to the flag against the
test Synapse; the screen's decisions go to the referee, never straight into the rules."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from game.net.online import RefereeBot
from game.net.online_link import OnlineLink
from game.play.race_control import Wait
from game.play.remote_control import RemoteControl
from rules.actions import Bid, ChooseGear, Drive, FreeWP, Karma, TCar
from rules.ai.registry import computer_action
from rules.engine import IllegalAction
from tests.net.test_online import account
from tests.rules.remote_helpers import OVAL, opening


def decide(control: RemoteControl) -> None:
    """What a player clicks: the Racer level's choice, through the screen's own methods."""
    action = computer_action(OVAL, control.state, "racer")
    if isinstance(action, ChooseGear):
        control.choose_gear(action.gear, action.boost, action.pit, action.nitro)
    elif isinstance(action, Drive):
        move = next(m for m in control.moves() if m.path == action.path and m.via == action.via)
        control.drive(move)
    elif isinstance(action, (Karma, Bid, TCar, FreeWP)):
        control.decide(action)
    else:
        raise AssertionError(f"the screen has no way to make {action!r}")


def test_two_race_screens_play_an_online_race_to_the_flag(synapse, tmp_path):
    async def open_race():
        ref, ann, bob = (
            await account(synapse, "ref"),
            await account(synapse, "ann"),
            await account(synapse, "bob"),
        )
        bot = RefereeBot(ref, OVAL, tmp_path)
        race = opening({"car1": ann.user_id, "car2": bob.user_id})
        room = await bot.open_race(race.header, race.seats, 600, "Window race")
        users = ann.user_id, bob.user_id
        await ann.close()
        await bob.close()
        return bot, room, users

    loop = asyncio.new_event_loop()
    bot, room, (ann_id, bob_id) = loop.run_until_complete(open_race())
    referee = threading.Thread(
        target=lambda: loop.run_until_complete(bot.serve(until=bot.finished, retry=0.3)), daemon=True
    )
    referee.start()
    controls = []
    for user in (ann_id, bob_id):
        link = OnlineLink(synapse.url, user, room, OVAL)
        link.connect(f"pw-{user[1:].split(':')[0]}")
        controls.append(RemoteControl(OVAL, link))
    ann = controls[0]
    assert ann.human("car2") and ann.mine == {"car1"}  # the other player is a person, not a computer
    refused = False
    end = time.monotonic() + 300
    while not all(c.wait() == Wait.DONE for c in controls):
        assert time.monotonic() < end, [c.session.where() for c in controls]
        for control in controls:
            control.remote_step()
            if control.wait() not in (Wait.REMOTE, Wait.DONE):
                if not refused and control.state.phase == "gear":
                    with pytest.raises(IllegalAction):
                        control.choose_gear(6)  # refused by the rules here: nothing is sent
                    refused = True
                decide(control)
                assert control.wait() == Wait.REMOTE  # sent, not applied
        time.sleep(0.01)
    referee.join(30)
    for control in controls:
        while control.link.view.verified is None and time.monotonic() < end:  # the seed comes after the flag
            control.remote_step()
            time.sleep(0.05)
        assert control.link.view.verified is True
        assert control.session.actions == bot.races[room].session.actions
        control.link.close()
    assert refused
