"""Race by email, the steward's side in the window (game/scenes/remote/steward.py): a race opened in
a folder writes a file for every player; the replies put in its inbox are taken, oldest first,
and the next files written; bad input gets one message each (SEASON-1)."""

from __future__ import annotations

import pytest

from game.net.mailrace import MailPlayer
from game.scenes.remote.lobby import EmailScene
from game.scenes.remote.steward import StewardScene
from game.texts import tr
from rules.ai.registry import computer_action
from rules.engine import chance
from rules.remote.referee_protocol import Decision
from tests.rules.remote_helpers import OVAL
from tests.ui.helpers import make_app


@pytest.mark.rules("SEASON-1")
def test_SEASON_1_the_steward_opens_a_race_and_takes_the_replies_in_the_window(tmp_path):
    app = make_app(tmp_path / "data")
    email = EmailScene(app)
    app.push(email)
    email.steward()
    form = app.scene
    assert isinstance(form, StewardScene)
    folder = tmp_path / "round4"
    form.values.update(folder=str(folder), seats="car1=anna car2", cars="3", laps="1")
    form.open_race()
    assert form.problem == tr("steward.bad_seats") and not folder.exists()
    form.values.update(seats="car1=anna car2=ben car3=carl", deadline="soon")
    form.open_race()
    assert "the deadline must be a whole number" in form.problem
    form.values["deadline"] = "3d"
    form.open_race()
    assert form.problem == "" and form.report[0].startswith("Action ")
    sent = sorted((folder / "outbox").glob("*.fdrace"))
    assert {p.name.split("-")[-1] for p in sent} == {"anna.fdrace", "ben.fdrace", "carl.fdrace"}
    form.open_race()
    assert form.problem == tr("steward.exists", folder=str(folder))
    for _ in range(6):  # each player whose turn it is answers into the steward's inbox
        for name in ("anna", "ben", "carl"):
            newest = sorted((folder / "outbox").glob(f"*-{name}.fdrace"))[-1]
            player = MailPlayer(tmp_path / name, name)
            view = player.open(newest, OVAL)
            car = view.to_move()
            if car in view.mine(name) and chance(view.state) is None and not view.state.finished:
                action = computer_action(OVAL, view.state, "racer")
                player.reply(view, Decision(seq=len(view.actions), action=action), folder / "inbox")
        before = len(list((folder / "outbox").glob("*.fdrace")))
        form.take()
        assert form.problem == "" and not list((folder / "inbox").glob("*.fdrace"))
        assert len(list((folder / "outbox").glob("*.fdrace"))) == before + 3
    assert len(list((folder / "inbox" / "taken").glob("*.fdrace"))) >= 6
    form.values["folder"] = str(tmp_path / "empty")
    form.take()
    assert form.problem == tr("steward.no_race", folder=str(tmp_path / "empty"))


def answer(folder, players: list[str], tmp_path) -> None:
    """Each player whose turn it is answers the newest file into the steward's inbox."""
    for name in players:
        newest = sorted((folder / "outbox").glob(f"*-{name}.fdrace"))[-1]
        player = MailPlayer(tmp_path / name, name)
        view = player.open(newest, OVAL)
        car = view.to_move()
        if car in view.mine(name) and chance(view.state) is None and not view.state.finished:
            action = computer_action(OVAL, view.state, "racer")
            player.reply(view, Decision(seq=len(view.actions), action=action), folder / "inbox")


@pytest.mark.rules("SEASON-4")
def test_SEASON_4_the_stewards_game_runs_a_championships_next_race_into_its_standings(tmp_path):
    from game.storage.championships import ChampionshipStore
    from rules.league import championship as ch

    app = make_app(tmp_path / "data")
    store = ChampionshipStore(app.data)
    members = (
        ch.Member(id="anna", name="Anna", number=3),
        ch.Member(id="ben", name="Ben", number=5, colour="#2f6fd0"),
        ch.Member(id="cy", name="Cy", driver="racer", number=9, colour="#30a030"),
    )
    champ = ch.Championship(name="Mail cup", preset="fd-basic", tracks=("oval.tmx",) * 2, laps=1, members=members)
    champ_id = store.create(champ)
    store.close()
    form = StewardScene(app)
    app.push(form)
    form._next_champ()
    assert form._champ_label() == tr("steward.championship", name="Mail cup")
    folder = tmp_path / "cup1"
    form.values.update(folder=str(folder), seats="anna=anna")
    form.open_race()
    assert "seat the championship's human drivers anna, ben" in form.problem
    form.values["seats"] = "anna=anna ben=ben"
    form.open_race()
    assert form.problem == ""
    for _ in range(200):
        answer(folder, ["anna", "ben"], tmp_path)
        form.take()
        assert form.problem == ""
        if tr("steward.over") in form.report:
            break
    assert form.report[-1] == tr("steward.kept", name="Mail cup")
    store = ChampionshipStore(app.data)
    (record,) = store.races(champ_id)
    store.close()
    assert record.header.series.race == 0 and record.header.fair.seed
    assert {e.id for e in record.header.entries} == {"anna", "ben", "cy"}
