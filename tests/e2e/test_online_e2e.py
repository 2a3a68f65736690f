"""An online race in the real window against the test Synapse: Ann's game lists her races (whose
turn it is), opens the race room, chats in the room beside the race and decides with real clicks
and keys, while Bob's client and the referee bot play their part. Screenshots of the race list and
of the online race screen are kept in the test's folder."""

from __future__ import annotations

import asyncio
import secrets
import threading
import time
from pathlib import Path

from game.net.matrix import MatrixLink
from game.net.online import OnlinePlayer, RefereeBot
from tests.e2e.desktop import Desktop
from tests.e2e.test_race_e2e import choose_gear, choose_target
from tests.net.conftest import synapse  # noqa: F401  (the fixture)
from tests.net.test_online import play
from tests.rules.remote_helpers import OVAL, opening


def background(coro_factory) -> threading.Event:  # noqa: ANN001
    """Run a coroutine in a thread of its own; the event stops it."""
    stop = threading.Event()
    threading.Thread(target=lambda: asyncio.run(coro_factory(stop)), daemon=True).start()
    return stop


def test_an_online_race_in_the_window_with_its_race_list_and_chat(
    desktop: Desktop,
    synapse,  # noqa: F811  (the fixture imported above)
    tmp_path: Path,
) -> None:
    names = {who: f"{who}{secrets.token_hex(3)}" for who in ("ann", "bob", "ref")}
    users = {who: synapse.register(name, f"pw-{name}") for who, name in names.items()}
    rooms: list[str] = []
    said: list[tuple[str, str]] = []

    async def referee(stop: threading.Event) -> None:
        link = MatrixLink(synapse.url, users["ref"])
        await link.login(f"pw-{names['ref']}")
        bot = RefereeBot(link, OVAL, tmp_path / "referee")
        race = opening({"car1": users["ann"], "car2": users["bob"]}, cars=3, deadline=3600)
        named = tuple(e.model_copy(update={"name": n}) for e, n in zip(race.header.entries, ("Ann", "Bob", "Racer")))
        race = race.model_copy(update={"header": race.header.model_copy(update={"entries": named})})
        rooms.append(await bot.open_race(race.header, race.seats, 3600, "Lindenring evening race"))
        await bot.serve(until=stop.is_set, retry=0.3)
        await link.close()

    async def bob(stop: threading.Event) -> None:
        while not rooms:
            await asyncio.sleep(0.1)
        link = MatrixLink(synapse.url, users["bob"])
        await link.login(f"pw-{names['bob']}")
        player = OnlinePlayer(link, OVAL, rooms[0])
        await player.connect()
        await player.say("Good luck, Ann! See you at the flag.")
        done = asyncio.Event()
        task = asyncio.create_task(play(player, done))
        while not stop.is_set():
            await asyncio.sleep(0.2)
        done.set()
        await task
        said.extend((c.sender, c.text) for c in player.chat)
        await link.close()

    stops = [background(referee), background(bob)]
    end = time.monotonic() + 60
    while not rooms:
        assert time.monotonic() < end, "no race room"
        time.sleep(0.1)
    desktop.kill_game()
    desktop.env.update(
        FORMULA_D_HOMESERVER=synapse.url,
        FORMULA_D_ACCOUNT=users["ann"],
        FORMULA_D_PASSWORD=f"pw-{names['ann']}",
    )
    desktop.launch()
    shots = tmp_path / "shots"
    shots.mkdir()
    s = desktop.wait(lambda s: s.get("scene") == "menu", what="the menu")
    desktop.button(s, "online")
    s = desktop.wait(lambda s: s.get("scene") == "online", what="Race online")
    desktop.button(s, "list")
    s = desktop.wait(lambda s: "room0" in s.get("buttons", {}), timeout=90, what="the race list")
    desktop.shown(s, frames=3)
    desktop.screenshot(shots / "online-races.png")
    desktop.button(s, "room0")
    desktop.wait(lambda s: s.get("scene") == "race", timeout=90, what="the online race screen")
    decisions = 0
    chatted = False
    while decisions < 12:
        s = desktop.wait(
            lambda s: (
                s.get("scene") == "race"
                and not s.get("busy")
                and (s.get("banner") or s.get("wait") == "gear" or "targets" in s or "menu" in s)
            ),
            timeout=90,
            what="Ann's decision",
        )
        if s["banner"]:
            desktop.key("Return")
        elif not chatted:
            desktop.button(s, "chat")  # the chat line at the panel's foot
            desktop._on_window("type", "--delay", "5", "Thanks Bob, you too!")
            desktop.key("Return")
            chatted = True
            continue
        elif "menu" in s:
            desktop.click(*s["menu"][0])
        elif s["wait"] == "gear":
            desktop.key(choose_gear(s))
            decisions += 1
        elif not s["targets"]:
            desktop.key("f")
        else:
            t = choose_target(s)
            desktop.click(t["x"], t["y"])
            decisions += 1
        desktop.changed(s)
    s = desktop.wait(  # Ann's next decision, a gear or a move: the twelfth may have been either
        lambda s: s.get("scene") == "race" and not s.get("busy") and s.get("wait") in ("gear", "move"), timeout=90
    )
    if s["banner"]:  # "Ann's turn": clicked away for the picture
        desktop.key("Return")
        s = desktop.wait(lambda s: not s.get("banner") and not s.get("busy"), what="the race screen without its banner")
    assert s["round"] >= 3, s  # Ann's gears and moves went to the referee and came back
    desktop.shown(s, frames=3)
    desktop.screenshot(shots / "online-race.png")
    for stop in stops:
        stop.set()
    end = time.monotonic() + 30
    while not said and time.monotonic() < end:
        time.sleep(0.1)
    assert (users["ann"], "Thanks Bob, you too!") in said
