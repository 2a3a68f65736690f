"""``formula-d referee``: bad input gives one message and an exit code; against the test
Synapse, the bot opens a race of computer cars and referees it to the flag."""

from __future__ import annotations

import secrets

import pytest

from game.main import main
from game.net.race_setup import deadline_seconds
from game.tools.referee import PASSWORD_ENV
from tests.conftest import REPO
from tests.net.synapse import free_port

OVAL = str(REPO / "maps" / "oval.tmx")


def referee(*args: str) -> list[str]:
    return [
        "referee",
        "--homeserver",
        "http://127.0.0.1:1",
        "--user",
        "@bot:localhost",
        "--track",
        OVAL,
        *args,
    ]


@pytest.mark.parametrize(
    "args,message",
    [
        (("--create", "--deadline", "soon"), "the deadline must be a whole number with s, m, h or d"),
        (("--create", "--seat", "car1=ann"), "write CAR=@user:server"),
        (("--create", "--seat", "car7=@ann:x.org"), "car7 is not one of the race's cars car1..car2"),
        (("--create", "--rules", "chess"), "'chess' is not a rule set"),
        ((), "say which races to referee"),
    ],
)
def test_bad_arguments_get_one_message(capsys, monkeypatch, args, message):
    monkeypatch.setenv(PASSWORD_ENV, "pw")
    assert main(referee(*args)) == 2
    assert message in capsys.readouterr().err


def test_the_password_comes_from_the_environment_only(capsys, monkeypatch):
    monkeypatch.delenv(PASSWORD_ENV, raising=False)
    assert main(referee("--create")) == 2
    assert PASSWORD_ENV in capsys.readouterr().err


def test_deadlines_in_seconds_minutes_hours_and_days():
    assert [deadline_seconds(t) for t in ("90s", "10m", "2h", "3d", "45")] == [90, 600, 7200, 259200, 45]


def test_an_unreachable_homeserver_is_named(capsys, monkeypatch):
    monkeypatch.setenv(PASSWORD_ENV, "pw")
    args = referee("--create")
    args[2] = f"http://127.0.0.1:{free_port()}"
    assert main(args) == 1
    err = capsys.readouterr().err
    assert "cannot be reached" in err and "Traceback" not in err


def test_the_referee_opens_a_race_and_referees_it_to_the_flag(synapse, capsys, monkeypatch, tmp_path):
    name = f"bot{secrets.token_hex(3)}"
    user = synapse.register(name, "pw-bot")
    monkeypatch.setenv(PASSWORD_ENV, "wrong")
    args = [
        "referee",
        "--homeserver",
        synapse.url,
        "--user",
        user,
        "--track",
        OVAL,
        "--folder",
        str(tmp_path),
        "--create",
        "--laps",
        "1",
    ]
    assert main(args) == 1
    assert "refused" in capsys.readouterr().err
    monkeypatch.setenv(PASSWORD_ENV, "pw-bot")
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "invite sent to nobody" in out and "over after" in out
    assert len(list((tmp_path / "seeds").glob("*.txt"))) == 1


@pytest.mark.rules("SEASON-4")
def test_SEASON_4_the_referee_runs_a_championships_next_race_and_keeps_its_result(
    synapse, capsys, monkeypatch, tmp_path
):
    from game.storage.championships import ChampionshipStore
    from rules.league import championship as ch

    data = tmp_path / "data"
    store = ChampionshipStore(data)
    members = tuple(ch.Member(id=f"m{i}", name=f"M{i}", driver="rookie", number=i + 1) for i in range(2))
    champ_id = store.create(
        ch.Championship(name="Online cup", preset="fd-basic", tracks=("oval.tmx",), laps=1, members=members)
    )
    store.close()
    name = f"bot{secrets.token_hex(3)}"
    user = synapse.register(name, "pw-bot")
    monkeypatch.setenv(PASSWORD_ENV, "pw-bot")
    args = [
        "referee",
        "--homeserver",
        synapse.url,
        "--user",
        user,
        "--folder",
        str(tmp_path / "seeds"),
        "--create",
        "--championship",
        str(champ_id),
        "--data",
        str(data),
    ]
    assert main(args) == 0
    assert "race 1 of Online cup is in the championship" in capsys.readouterr().out
    store = ChampionshipStore(data)
    (record,) = store.races(champ_id)
    store.close()
    assert record.header.series.race == 0 and record.header.dice == "fair" and record.header.fair.seed
    assert main(args) == 2  # the cup's only race is in: there is no next one
    assert "the championship 'Online cup' is over" in capsys.readouterr().err
