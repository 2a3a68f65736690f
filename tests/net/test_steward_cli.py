"""``formula-d steward``: a race by email from the command line, and a championship's race by
email (SEASON-1) whose result goes into the championship's standings like a local race's, its dice
checked against the steward's revealed seed first (CORE-DICE-1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.main import main
from game.net.mailrace import MailPlayer, Steward
from game.play.series import replayed
from game.storage.championships import ChampionshipStore
from rules.files.record import replay
from rules.league import championship as ch
from tests.conftest import REPO
from tests.net.test_mailrace import mail, player_turn
from tests.rules.remote_helpers import OVAL

TRACK = str(REPO / "maps" / "oval.tmx")


def steward(*args: str) -> int:
    return main(["steward", *args])


def race_by_mail(tmp: Path, folder: Path, players: list[str], data: Path | None = None) -> Steward:
    """The players answer every file the steward sends, through their inboxes, to the flag."""
    games = {name: MailPlayer(tmp / name, name) for name in players}
    sent = sorted((tmp / "out").glob("*.fdrace"))
    extra = ["--data", str(data)] if data else []
    for _ in range(400):
        replies = []
        for name, game in games.items():
            inbox = tmp / f"inbox-{name}"
            mail([p for p in sent if p.name.endswith(f"-{name}.fdrace")], inbox)
            reply = player_turn(game, inbox, tmp / "replies")
            replies += [str(reply)] if reply else []
        done = Steward(folder, OVAL).state.revealed
        if done:
            return Steward(folder, OVAL)
        before = set((tmp / "out").glob("*.fdrace"))
        assert (
            steward(
                "take",
                "--folder",
                str(folder),
                "--outbox",
                str(tmp / "out"),
                "--track",
                TRACK,
                *replies,
                *extra,
            )
            == 0
        )
        sent = sorted(set((tmp / "out").glob("*.fdrace")) - before)
    raise AssertionError("the race did not end")


@pytest.mark.rules("SEASON-1")
def test_SEASON_1_three_players_and_a_steward_race_by_email_from_the_command_line(tmp_path, capsys):
    folder = tmp_path / "steward"
    assert (
        steward(
            "open",
            "--folder",
            str(folder),
            "--outbox",
            str(tmp_path / "out"),
            "--track",
            TRACK,
            "--seat",
            "car1=anna",
            "--seat",
            "car2=ben",
            "--seat",
            "car3=carl",
            "--cars",
            "4",
            "--laps",
            "1",
            "--name",
            "stewart",
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "send " in out and "waiting for" in out
    assert steward("open", "--folder", str(folder), "--outbox", str(tmp_path / "out"), "--track", TRACK) == 2
    assert "holds a race already" in capsys.readouterr().err
    done = race_by_mail(tmp_path, folder, ["anna", "ben", "carl"])
    record = done.record()
    assert [e.name for e in record.header.entries[:3]] == ["anna", "ben", "carl"]
    assert record.header.dice == "fair" and record.header.fair.seed
    assert replay(OVAL, record).finished
    assert "the race is over; the seed is revealed" in capsys.readouterr().out


def test_bad_steward_input_gets_one_message(tmp_path, capsys):
    base = ["open", "--folder", str(tmp_path / "s"), "--outbox", str(tmp_path / "o")]
    assert steward(*base, "--track", TRACK, "--seat", "car1") == 2
    assert "write CAR=NAME" in capsys.readouterr().err
    assert steward(*base) == 2
    assert "--track FILE" in capsys.readouterr().err
    assert steward(*base, "--championship", "7", "--data", str(tmp_path)) == 2
    assert "there is no championship 7" in capsys.readouterr().err
    assert steward("take", "--folder", str(tmp_path / "none"), "--outbox", str(tmp_path), "--track", TRACK) == 1
    assert "cannot read" in capsys.readouterr().err


@pytest.mark.rules("SEASON-4")
def test_SEASON_4_a_championships_race_by_email_counts_in_its_standings(tmp_path, capsys):
    data = tmp_path / "data"
    store = ChampionshipStore(data)
    members = (
        ch.Member(id="anna", name="Anna", number=3),
        ch.Member(id="ben", name="Ben", number=5, colour="#2f6fd0"),
        ch.Member(id="cy", name="Cy", driver="racer", number=9, colour="#30a030"),
    )
    champ_id = store.create(
        ch.Championship(
            name="Mail league",
            preset="fd-basic",
            tracks=("oval.tmx",) * 2,
            laps=1,
            members=members,
            scheme=ch.SCHEMES["f1"],
        )
    )
    store.close()
    folder = tmp_path / "steward"
    base = ["open", "--folder", str(folder), "--outbox", str(tmp_path / "out"), "--data", str(data)]
    assert steward(*base, "--championship", str(champ_id), "--seat", "anna=anna") == 2
    assert "seat the championship's human drivers anna, ben" in capsys.readouterr().err
    assert steward(*base, "--championship", str(champ_id), "--seat", "anna=anna", "--seat", "ben=ben") == 0
    done = race_by_mail(tmp_path, folder, ["anna", "ben"], data)
    assert done.record().header.series.race == 0
    assert "race 1 of Mail league is in the championship" in capsys.readouterr().out
    store = ChampionshipStore(data)
    records, kept = store.races(champ_id), store.outcomes(champ_id)
    champ = store.get(champ_id)
    store.close()
    assert len(records) == 1 and records[0].header.fair.seed
    played = replayed(champ, records, lambda f: OVAL, kept)
    assert not played.problems and sum(s.race for s in played.scores[0].values()) == 10 + 8 + 6
    standings = ch.standings(champ, played.scores, {})
    assert {s.driver for s in standings} == {"anna", "ben", "cy"} and standings[0].total == 10
