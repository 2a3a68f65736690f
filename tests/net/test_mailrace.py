"""A league race by email (SEASON-1): three players and a steward exchange race files to the
flag; tampered, stale and foreign files are refused with one message each."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from game.net.mailrace import MailPlayer, Steward
from game.net.racefile import RaceFileError, digest, read, write
from rules.actions import Roll
from rules.ai.registry import computer_action
from rules.engine import chance
from rules.files.record import same_drivers
from rules.remote.referee_protocol import Decision
from rules.ruleset import FORMULA_D_BASIC
from tests.rules.remote_helpers import OVAL

PLAYERS = {"car1": "anna", "car2": "ben", "car3": "carl"}


def new_race(tmp: Path, deadline: int = 3 * 86400) -> Steward:
    header = same_drivers(OVAL, FORMULA_D_BASIC, 4, 1, seed=0, driver="racer")
    entries = tuple(e.model_copy(update={"driver": "human"}) if e.id in PLAYERS else e for e in header.entries)
    return Steward.open_race(
        tmp / "steward",
        OVAL,
        header.model_copy(update={"entries": entries}),
        PLAYERS,
        "stewart",
        deadline,
        now=0,
    )


def mail(paths: list[Path], to: Path) -> list[Path]:
    """The email: a copy of each file in the receiver's inbox."""
    to.mkdir(parents=True, exist_ok=True)
    return [Path(shutil.copy(p, to / p.name)) for p in paths]


def player_turn(player: MailPlayer, inbox: Path, outbox: Path) -> Path | None:
    """The player opens the newest file for them and, if one of their cars must decide, replies."""
    newest = sorted(inbox.glob(f"*-{player.name}.fdrace"))[-1]
    view = player.open(newest, OVAL)
    car = view.to_move()
    if view.state.finished or car not in view.mine(player.name) or chance(view.state) is not None:
        return None
    return player.reply(
        view, Decision(seq=len(view.actions), action=computer_action(OVAL, view.state, "racer")), outbox
    )


@pytest.mark.rules("SEASON-1")
def test_SEASON_1_three_players_and_a_steward_race_by_email_to_the_flag(tmp_path):
    steward = new_race(tmp_path)
    players = {name: MailPlayer(tmp_path / name, name) for name in PLAYERS.values()}
    sent = steward.send(tmp_path / "out")
    replies = 0
    for _ in range(2000):
        for name in players:
            mail([p for p in sent if p.name.endswith(f"-{name}.fdrace")], tmp_path / name / "inbox")
        answers = [a for n, p in players.items() if (a := player_turn(p, tmp_path / n / "inbox", tmp_path / n / "out"))]
        if not answers:
            break
        assert len(answers) == 1  # only the player whose car is to move is asked
        steward = Steward(tmp_path / "steward", OVAL)  # the steward's game is closed and opened between mails
        assert steward.take(mail(answers, tmp_path / "steward" / "inbox")[0], now=replies) == []
        replies += 1
        sent = steward.send(tmp_path / "out")
    views = [p.open(sorted((tmp_path / n / "inbox").glob("*.fdrace"))[-1], OVAL) for n, p in players.items()]
    assert replies > 20 and all(v.state.finished and v.verified is True for v in views)
    assert all(v.actions == views[0].actions for v in views)


def test_a_tampered_race_file_is_refused_and_nothing_is_applied(tmp_path):
    steward = new_race(tmp_path)
    anna = MailPlayer(tmp_path / "anna", "anna")
    files = steward.send(tmp_path / "out")
    mine = next(p for p in files if p.name.endswith("-anna.fdrace"))
    raw = json.loads(mine.read_text())
    raw["applied"][0]["action"]["value"] = raw["applied"][0]["action"]["value"] % 20 + 1
    edited = tmp_path / "edited.fdrace"
    edited.write_text(json.dumps(raw))
    with pytest.raises(RaceFileError, match="changed after it was written"):
        anna.open(edited, OVAL)
    # a cleverer forger recomputes the digest: the steward still refuses the record it never had
    whose = steward.referee.session.state.active
    player = MailPlayer(tmp_path / PLAYERS[whose], PLAYERS[whose])
    view = player.open(next(p for p in files if p.name.endswith(f"-{PLAYERS[whose]}.fdrace")), OVAL)
    reply = read(
        player.reply(
            view,
            Decision(seq=len(view.actions), action=computer_action(OVAL, view.state, "racer")),
            tmp_path / "out",
        )
    )
    changed = Roll(value=raw["applied"][0]["action"]["value"])
    forged = reply.model_copy(
        update={"applied": (reply.applied[0].model_copy(update={"action": changed}), *reply.applied[1:])}
    )
    write(forged, tmp_path / "forged.fdrace")
    before = steward.state.applied
    with pytest.raises(RaceFileError, match="differs from the race's at action 1: the file was tampered with"):
        steward.take(tmp_path / "forged.fdrace", now=1)
    assert steward.state.applied == before and digest(forged)


def test_a_player_refuses_a_file_that_rewrites_the_history_it_saw(tmp_path):
    steward = new_race(tmp_path)
    whose = steward.referee.session.state.active
    name = PLAYERS[whose]
    player = MailPlayer(tmp_path / name, name)
    first = next(p for p in steward.send(tmp_path / "out1") if p.name.endswith(f"-{name}.fdrace"))
    view = player.open(first, OVAL)
    action = computer_action(OVAL, view.state, "racer")
    steward.take(player.reply(view, Decision(seq=len(view.actions), action=action), tmp_path / "out1"), now=1)
    newer = next(p for p in steward.send(tmp_path / "out2") if p.name.endswith(f"-{name}.fdrace"))
    player.open(newer, OVAL)
    with pytest.raises(RaceFileError, match="differs from the file seen before \\(or the file is older\\)"):
        player.open(first, OVAL)


def test_out_of_turn_and_unseated_replies_get_a_notice_in_the_next_file(tmp_path):
    steward = new_race(tmp_path)
    whose = steward.referee.session.state.active
    other = next(n for c, n in PLAYERS.items() if c != whose)
    player = MailPlayer(tmp_path / other, other)
    view = player.open(next(p for p in steward.send(tmp_path / "out") if p.name.endswith(f"-{other}.fdrace")), OVAL)
    action = computer_action(OVAL, view.state, "racer")
    seq = len(view.actions)
    notices = steward.take(player.reply(view, Decision(seq=seq, action=action), tmp_path / "out"), now=1)
    assert notices == [f"to {other}: it is not your turn: the race waits for {steward.referee._name(whose)}"]
    assert len(steward.state.applied) == seq
    again = read(next(p for p in steward.send(tmp_path / "out2") if p.name.endswith(f"-{other}.fdrace")))
    assert [(n.key, n.to) for n in again.notices] == [("not_your_turn", other)]
    stranger = MailPlayer(tmp_path / "eve", "eve")
    stranger.open(next(p for p in steward.send(tmp_path / "out3") if p.name.endswith(f"-{other}.fdrace")), OVAL)
    eve = steward.take(stranger.reply(view, Decision(seq=seq, action=action), tmp_path / "out"), now=2)
    assert eve == ["to eve: eve has no seat in this race: only seated players decide"]


def test_a_player_who_misses_the_email_deadline_is_driven_by_the_fallback_level(tmp_path):
    steward = new_race(tmp_path, deadline=86400)
    seq = len(steward.state.applied)
    assert steward.tick(now=86399) == []
    notices = steward.tick(now=86400)
    assert len(notices) == 1 and "missed the deadline" in notices[0]
    assert steward.state.applied[seq].by == "deadline"


def test_a_file_of_another_race_or_no_race_file_at_all_is_named(tmp_path):
    steward = new_race(tmp_path)
    other = new_race(tmp_path / "two")
    name = PLAYERS[other.referee.session.state.active]
    player = MailPlayer(tmp_path / name, name)
    view = player.open(next(p for p in other.send(tmp_path / "o") if p.name.endswith(f"-{name}.fdrace")), OVAL)
    reply = player.reply(
        view,
        Decision(seq=len(view.actions), action=computer_action(OVAL, view.state, "racer")),
        tmp_path / "o",
    )
    with pytest.raises(RaceFileError, match="belongs to another race"):
        steward.take(reply, now=1)
    junk = tmp_path / "junk.fdrace"
    junk.write_text("[1, 2")
    with pytest.raises(RaceFileError, match="not a race file \\(not JSON"):
        steward.take(junk, now=1)
    junk.write_text('{"format": "something else"}')
    with pytest.raises(RaceFileError, match="not a race file of this game"):
        player.open(junk, OVAL)


def test_a_reply_to_an_older_file_gets_a_notice_and_changes_nothing(tmp_path):
    steward = new_race(tmp_path)
    name = PLAYERS[steward.referee.session.state.active]
    first = next(p for p in steward.send(tmp_path / "out1") if p.name.endswith(f"-{name}.fdrace"))
    player = MailPlayer(tmp_path / name, name)
    view = player.open(first, OVAL)
    action = computer_action(OVAL, view.state, "racer")
    reply = player.reply(view, Decision(seq=len(view.actions), action=action), tmp_path / "out1")
    steward.take(reply, now=1)
    applied = steward.state.applied
    again = steward.take(reply, now=2)  # the same reply mailed twice
    assert len(again) == 1 and f"{name} answered an older file" in again[0]
    assert steward.state.applied == applied
