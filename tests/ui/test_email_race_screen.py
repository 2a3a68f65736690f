"""Race by email in the window (game/scenes/remote/lobby.py): the player opens the steward's race file,
the race screen shows the race and waits for the others (Wait.REMOTE), and the player's decision
becomes a reply file to mail back, not a change of the race."""

from __future__ import annotations

from pathlib import Path

from game.net.mailrace import Steward
from game.net.race_setup import race_header
from game.net.racefile import read
from game.play.race_control import Wait
from game.play.remote_control import RemoteControl
from game.scenes.race.scene import RaceScene
from game.scenes.remote.lobby import EmailScene
from game.texts import tr
from tests.ui.helpers import active_id, make_app, oval

SEATS = {"car1": "anna", "car2": "ben"}


def test_a_player_opens_the_stewards_file_and_their_decision_becomes_a_reply_file(tmp_path: Path) -> None:
    steward = Steward.open_race(
        tmp_path / "steward",
        oval(),
        race_header(oval(), "fd-basic", 3, 1, SEATS),
        SEATS,
        "stewart",
        86400,
        now=0,
    )
    whose = SEATS[active_id(steward.referee.session.state)]
    file = next(p for p in steward.send(tmp_path / "mail") if p.name.endswith(f"-{whose}.fdrace"))
    app = make_app(tmp_path / "data")
    form = EmailScene(app)
    app.push(form)
    form.values.update(file=str(tmp_path / "missing.fdrace"), name=whose)
    form.open_file()
    assert "cannot read it" in form.problem and app.scene is form
    form.values["file"] = str(file)
    form.open_file()
    scene = app.scene
    assert isinstance(scene, RaceScene) and isinstance(scene.control, RemoteControl)
    control = scene.control
    assert control.human("car1") and control.human("car2") and not control.human("car3")
    for _ in range(3000):
        scene.update(1 / 30)
        scene.banner = None  # "your turn": the player clicks it away
        if control.wait() in (Wait.GEAR, Wait.MOVE) and scene.idle:
            break
    assert control.wait() in (Wait.GEAR, Wait.MOVE) and control.mine_to_move()  # a start may begin with a move
    seq = len(control.session.actions)
    if control.wait() == Wait.GEAR:
        scene.choose(1)
    else:
        scene.drive(control.moves()[0])
    assert control.wait() == Wait.REMOTE and len(control.session.actions) == seq  # sent, not applied
    replies = sorted(file.parent.glob(f"*-{whose}-decision.fdrace"))
    assert len(replies) == 1
    sent = read(replies[0]).message
    assert sent is not None and sent.seq == seq
    scene.update(1 / 30)
    assert scene.message is not None and scene.message[0] == tr("email.reply", path=str(replies[0]))
    scene.message = None
    assert scene.drawing.hint(Wait.REMOTE)[0] == tr("race.hint.remote", name=control.name(control.state.active))
    assert steward.take(replies[0], now=1) == []  # the steward's game takes the reply as it is
