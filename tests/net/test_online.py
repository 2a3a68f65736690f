"""Online races against a real Synapse: two players' clients and the referee bot race a 2-car
race to the flag in a room (one player closes the game and comes back, the homeserver goes
away for a while), every die checked against the revealed seed (CORE-DICE-1); a missed
deadline; forged, malformed and unseated events."""

from __future__ import annotations

import asyncio
import secrets
from pathlib import Path

import pytest

from game.net.matrix import MatrixLink
from game.net.online import OnlinePlayer, RefereeBot
from rules.actions import Roll
from rules.files.record import Record, replay
from rules.remote.race_view import RaceView
from rules.remote.referee_protocol import APPLIED, DECISION, Applied
from tests.net.synapse import Synapse
from tests.rules.remote_helpers import OVAL, decision, opening


async def account(server: Synapse, name: str) -> MatrixLink:
    """A fresh user on the test homeserver, logged in."""
    name = f"{name}{secrets.token_hex(3)}"
    user = server.register(name, f"pw-{name}")
    link = MatrixLink(server.url, user)
    await link.login(f"pw-{name}")
    return link


async def new_race(server: Synapse, tmp: Path, deadline: int = 600) -> tuple[RefereeBot, str, MatrixLink, MatrixLink]:
    ref, ann, bob = await account(server, "ref"), await account(server, "ann"), await account(server, "bob")
    bot = RefereeBot(ref, OVAL, tmp / "referee")
    race = opening({"car1": ann.user_id, "car2": bob.user_id})
    room = await bot.open_race(race.header, race.seats, deadline, "Oval test race")
    return bot, room, ann, bob


def view_of(player: OnlinePlayer) -> RaceView:
    """The player's view of the race, which ``connect`` made."""
    assert player.view is not None, "connect first"
    return player.view


async def play(player: OnlinePlayer, stop: asyncio.Event, until_actions: int | None = None) -> None:
    """The player's game: sends its decision once per action, until the flag (or ``until_actions``)."""
    asked = -1
    while not stop.is_set():
        view = view_of(player)
        if view.state.finished and view.verified is not None:
            return
        if until_actions is not None and len(view.actions) >= until_actions:
            return
        d = decision(view, player.link.user_id)
        if d is not None and d.seq != asked:
            asked = d.seq
            await player.send(d)
        await player.poll(timeout_ms=500, retry=0.3)


@pytest.mark.rules("CORE-DICE-1")
def test_CORE_DICE_1_two_players_and_the_referee_race_to_the_flag_over_matrix(synapse, tmp_path):
    async def scenario() -> None:
        bot, room, ann_link, bob_link = await new_race(synapse, tmp_path)
        served = asyncio.create_task(bot.serve(until=bot.finished, retry=0.3))
        ann, bob = OnlinePlayer(ann_link, OVAL, room), OnlinePlayer(bob_link, OVAL, room)
        await ann.connect()
        await bob.connect()
        stop = asyncio.Event()
        await bob.say("good luck!")
        bob_task = asyncio.create_task(play(bob, stop))
        await asyncio.wait_for(play(ann, stop, until_actions=40), 120)
        await ann_link.close()  # ann closes the game ...
        synapse.stop()  # ... and the homeserver goes away for a while
        await asyncio.sleep(1.5)
        synapse.start()
        again = MatrixLink(synapse.url, ann_link.user_id)
        await again.login(f"pw-{ann_link.user_id[1:].split(':')[0]}")
        ann = OnlinePlayer(again, OVAL, room)  # ... and comes back: the room replays
        await ann.connect()
        assert len(view_of(ann).actions) >= 40
        await asyncio.wait_for(asyncio.gather(play(ann, stop), bob_task, served), 600)
        for player in (ann, bob):
            assert view_of(player).state.finished and view_of(player).verified is True, player.problems
            assert not player.problems
        assert view_of(ann).actions == view_of(bob).actions == bot.races[room].session.actions
        assert (bob_link.user_id, "good luck!") in [(c.sender, c.text) for c in ann.chat]
        final = replay(OVAL, Record(header=view_of(ann).opening.header, actions=tuple(view_of(ann).actions)))
        assert final == view_of(ann).state
        # a spectator who joins later replays the room and checks every die
        late = OnlinePlayer(again, OVAL, room)
        await late.connect()
        assert view_of(late).verified is True and view_of(late).actions == view_of(ann).actions
        for link in (again, bob_link, bot.link):
            await link.close()

    asyncio.run(scenario())


def test_a_player_who_misses_the_deadline_is_driven_by_the_fallback_level_with_a_notice(synapse, tmp_path):
    async def scenario() -> None:
        bot, room, ann_link, bob_link = await new_race(synapse, tmp_path, deadline=2)
        noticed = asyncio.Event()

        async def until() -> None:
            ann = OnlinePlayer(ann_link, OVAL, room)
            await ann.connect()
            while not any(c.note and c.note.key == "deadline_move" for c in ann.chat):
                await ann.poll(timeout_ms=500)
            assert any(a.by == "deadline" and "missed the deadline" in a.notice for a in view_of(ann).applied)
            noticed.set()

        await asyncio.wait_for(asyncio.gather(bot.serve(until=noticed.is_set, retry=0.3), until()), 60)
        for link in (ann_link, bob_link, bot.link):
            await link.close()

    asyncio.run(scenario())


def test_forged_malformed_and_unseated_events_are_refused_and_change_nothing(synapse, tmp_path):
    async def scenario() -> None:
        bot, room, ann_link, bob_link = await new_race(synapse, tmp_path)
        eve = await account(synapse, "eve")
        await bot.link.client.room_invite(room, eve.user_id)
        ann, spectator = OnlinePlayer(ann_link, OVAL, room), OnlinePlayer(eve, OVAL, room)
        await ann.connect()
        await spectator.connect()
        at = len(view_of(ann).actions)
        await ann_link.send(room, Applied(seq=at, action=Roll(value=20), by="dice"))  # forged
        await ann_link.client.room_send(room, DECISION, {"seq": "soon", "action": {"kind": "gear", "gear": 9}})
        await ann_link.client.room_send(room, APPLIED, {"nonsense": True})
        move = decision(view_of(ann), ann_link.user_id) or decision(view_of(ann), bob_link.user_id)
        await eve.send(room, move)  # eve has no seat
        await asyncio.wait_for(bot.serve(until=lambda: len(bot.log) >= 3, retry=0.3), 60)
        for _ in range(10):
            await spectator.poll(timeout_ms=300)
        texts = [c.text for c in spectator.chat]
        assert any("sent org.formula_d.applied, which only the referee sends: ignored" in t for t in texts), texts
        assert any("refused: org.formula_d.decision: seq" in t for t in texts), texts
        assert any("has no seat in this race" in t for t in texts), texts
        assert any(p.key == "not_referee" for p in spectator.problems), spectator.problems
        assert len(view_of(spectator).actions) == at and bot.races[room].seq == at
        for link in (ann_link, bob_link, eve, bot.link):
            await link.close()

    asyncio.run(scenario())


def test_a_referee_that_goes_away_resumes_from_the_room_and_answers_what_came_meanwhile(synapse, tmp_path):
    async def scenario() -> None:
        bot, room, ann_link, bob_link = await new_race(synapse, tmp_path)
        ann, bob = OnlinePlayer(ann_link, OVAL, room), OnlinePlayer(bob_link, OVAL, room)
        await ann.connect()
        await bob.connect()
        at = bot.races[room].seq
        user = bot.link.user_id
        await bot.link.close()  # the referee goes away; a player decides meanwhile
        car = view_of(ann).to_move()
        d = decision(view_of(ann), ann_link.user_id) or decision(view_of(bob), bob_link.user_id)
        assert d is not None
        await (ann if car == "car1" else bob).send(d)
        link = MatrixLink(synapse.url, user)
        await link.login(f"pw-{user[1:].split(':')[0]}")
        again = RefereeBot(link, OVAL, tmp_path / "referee")
        referee = await again.resume(room)
        decided = referee.session.actions[at]
        assert referee.seq > at and not isinstance(decided, Roll) and decided.car == car
        while len(view_of(ann).actions) <= at:
            await ann.poll(timeout_ms=500)
        assert view_of(ann).actions[at] == referee.session.actions[at]
        for each in (ann_link, bob_link, link):
            await each.close()

    asyncio.run(scenario())
