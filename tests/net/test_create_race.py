"""Race online from the menu (game/scenes/remote/create.py, game/scenes/remote/lobby.py) against the test
Synapse: a player creates a race with a referee bot account, the game referees it and opens its
race screen; bad input in the form gets one message each; the other player's race list says
whose turn it is, and a notice comes when the race waits for them."""

from __future__ import annotations

import secrets
import time

from game.play.race_control import Wait
from game.play.remote_control import RemoteControl
from game.scenes.race.scene import RaceScene
from game.scenes.remote.create import CreateRaceScene
from game.scenes.remote.lobby import OnlineScene
from game.texts import Notice, tr
from tests.net.test_online_window import decide
from tests.ui.helpers import make_app


def user(synapse, name: str) -> tuple[str, str]:
    name = f"{name}{secrets.token_hex(3)}"
    return synapse.register(name, f"pw-{name}"), f"pw-{name}"


def online(app, synapse, account: tuple[str, str]) -> OnlineScene:
    scene = OnlineScene(app)
    app.push(scene)
    scene.values.update(homeserver=synapse.url, account=account[0], password=account[1])
    return scene


def until(what, seconds: float = 60.0) -> None:  # noqa: ANN001
    end = time.monotonic() + seconds
    while not what():
        assert time.monotonic() < end, "waited in vain"
        time.sleep(0.05)


def test_a_player_creates_a_race_the_game_referees_it_and_the_other_gets_the_turn_notice(synapse, tmp_path):
    ann, bob, bot = user(synapse, "ann"), user(synapse, "bob"), user(synapse, "ref")
    bobs = make_app(tmp_path / "bob")  # Bob's game watches his race list before the race exists
    races = online(bobs, synapse, bob)
    races.watch_every = 0.3
    races.list_races()
    until(lambda: races.watching and not races.busy)
    assert races.rooms == []
    app = make_app(tmp_path / "ann")
    form = CreateRaceScene(app, online(app, synapse, ann))
    app.push(form)
    assert form.values["seats"] == f"car1={ann[0]}"
    form.values.update(referee=bot[0], referee_password=bot[1], cars="2", laps="1")
    bad = [
        ({"cars": "1"}, tr("create.bad_cars", most=10)),
        ({"laps": "4"}, tr("create.bad_laps")),
        ({"deadline": "soon"}, tr("create.bad_deadline", deadline="soon")),
        ({"referee": "ref"}, tr("create.bad_referee")),
        ({"seats": f"car1={ann[0]} car9={bob[0]}"}, "car9 is not one of the race's cars car1..car2"),
        ({"seats": f"car1={bot[0]}"}, tr("create.referee_seated")),
    ]
    good = dict(form.values)
    for change, message in bad:
        form.values.update(change)
        form.open_race()
        assert message in form.problem and app.scene is form, (change, form.problem)
        form.values.update(good)
    form.values["seats"] = f"car1={ann[0]}, car2={bob[0]}"
    while form.choice.preset != "fd-basic":
        form.choice.next_rules()
    form.values["referee_password"] = "wrong"
    form.open_race()
    assert "refused" in form.problem and app.scene is form
    form.values["referee_password"] = bot[1]
    form.open_race()
    scene = app.scene
    assert isinstance(scene, RaceScene) and isinstance(scene.control, RemoteControl), form.problem
    ann_screen = scene.control
    assert ann_screen.mine == {"car1"} and ann_screen.human("car2")

    # the race goes on until it waits for Bob: his game says so in a notice
    end = time.monotonic() + 120
    while not any(n.key == "online.turn_notice" for n in bobs.notices):
        assert time.monotonic() < end, [r for r in races.rooms]
        ann_screen.remote_step()
        if ann_screen.wait() not in (Wait.REMOTE, Wait.DONE):
            decide(ann_screen)
        time.sleep(0.02)
    races.update(0)
    (room,) = races.rooms
    assert room.track_name == ann_screen.track.name and races._label_at(0).startswith(room.track_name)
    notice = next(n for n in bobs.notices if n.key == "online.turn_notice")
    assert notice == Notice("online.turn_notice", {"track": room.track_name, "room": room.room})
    assert races.rooms[0].mine and tr("online.your_turn") in races._label_at(0)
    races.closed()
    ann_screen.link.close()
    for hosted in races.hosted + form.online.hosted:
        hosted.stop()
