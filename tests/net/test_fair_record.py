"""CORE-DICE-1: the record a remote race's screen keeps names its dice as the referee's (``fair``),
with the commitment and the seed revealed at the flag, and ``formula-d replay`` checks every die
of it against that seed, as it checks a local record's dice against the record's own seed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.main import main
from game.play.race_control import Wait
from game.play.remote_control import RemoteControl
from rules.ai.registry import DRIVERS, computer_action
from rules.files.record import RecordError, dumps, loads, replay
from rules.remote.race_view import RaceView
from rules.remote.referee import Referee
from rules.remote.referee_protocol import Decision
from tests.rules.remote_helpers import OVAL, SEED, deliver, opening

SEATS = {"car1": "@ann:test", "car2": "@bob:test"}


class Table:
    """Ann's screen and the referee at one table: what the screen sends reaches the referee, what the
    referee sends reaches both players' views; Bob decides like the Racer level. The table has no
    room to chat in and the race no head-to-head bids."""

    chats = False

    def __init__(self) -> None:
        self.race = opening(SEATS)
        self.referee = Referee(OVAL, self.race, SEED, drivers=DRIVERS)
        self.account = "@ann:test"
        self.view = RaceView(OVAL, self.race)
        self.bob = RaceView(OVAL, self.race)
        deliver([self.view, self.bob], self.referee.step(0))

    def pump(self) -> list[str]:
        while not self.bob.state.finished and self.bob.to_move() in self.bob.mine("@bob:test"):
            if self.bob.to_move() not in self.referee.waiting_for():
                break
            d = Decision(seq=len(self.bob.actions), action=computer_action(OVAL, self.bob.state, "racer"))
            deliver([self.view, self.bob], self.referee.receive("@bob:test", d, 0))
        return []

    def send(self, message: Decision) -> str:
        deliver([self.view, self.bob], self.referee.receive(self.account, message, 0))
        return ""

    def say(self, text: str) -> None:
        """Nothing is said: the table has no room."""

    def seal_bid(self, car: str, amount: int) -> str:
        """Nothing is sealed: the race has no bids."""
        return ""

    def sealed(self) -> set[str]:
        return set()


def played(tmp_path: Path) -> Path:
    """Ann's screen plays the race to the flag; its record is written as the game keeps it."""
    control = RemoteControl(OVAL, Table())
    for _ in range(20_000):
        control.remote_step()
        w = control.wait()
        if w == Wait.DONE:
            break
        if w != Wait.REMOTE:
            action = computer_action(OVAL, control.state, "racer")
            control._act(action)
    assert control.wait() == Wait.DONE
    record = control.session.record()
    assert record.header.dice == "fair" and record.header.fair is not None and record.header.fair.seed == SEED
    path = tmp_path / "race.json"
    path.write_text(dumps(record))
    return path


@pytest.mark.rules("CORE-DICE-1")
def test_CORE_DICE_1_replay_checks_a_remote_races_dice_against_the_revealed_seed(tmp_path, capsys):
    path = played(tmp_path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "every die checked against the referee's revealed seed (commitment " in out
    raw = json.loads(path.read_text())
    rolls = [i for i, a in enumerate(raw["actions"]) if a["kind"] == "roll"]
    changed = json.loads(path.read_text())
    at = rolls[5]
    changed["actions"][at]["value"] = 1 if changed["actions"][at]["value"] != 1 else 2
    with pytest.raises(RecordError, match=f"action {at + 1} rolled .* but the referee's seed gives"):
        replay(OVAL, loads(json.dumps(changed)))
    wrong = json.loads(path.read_text())
    wrong["header"]["fair"]["seed"] = "f" * 64
    (tmp_path / "wrong.json").write_text(json.dumps(wrong))
    assert main(["replay", str(tmp_path / "wrong.json")]) == 1
    assert "not the one committed to before the first roll" in capsys.readouterr().err


def test_a_remote_record_before_the_flag_says_its_dice_are_not_checked_yet(tmp_path, capsys):
    raw = json.loads(played(tmp_path).read_text())
    raw["header"]["fair"]["seed"] = ""
    raw["actions"] = raw["actions"][:40]
    (tmp_path / "running.json").write_text(json.dumps(raw))
    assert main(["replay", str(tmp_path / "running.json")]) == 0
    assert "the referee has not revealed its seed yet" in capsys.readouterr().out


@pytest.mark.rules("CORE-DICE-1")
def test_CORE_DICE_1_a_local_record_from_its_seed_is_checked_die_by_die(tmp_path, capsys):
    from rules.files.record import same_drivers
    from rules.ruleset import FORMULA_D_BASIC
    from rules.run.simulation import play

    record = play(OVAL, same_drivers(OVAL, FORMULA_D_BASIC, 2, 1, seed=7, driver="racer"), DRIVERS).record()
    path = tmp_path / "local.json"
    path.write_text(dumps(record))
    assert main(["replay", str(path)]) == 0
    assert "every die checked against seed 7" in capsys.readouterr().out
    raw = json.loads(path.read_text())
    first = next(i for i, a in enumerate(raw["actions"]) if a["kind"] == "roll")
    raw["actions"][first]["value"] += 1 if raw["actions"][first]["value"] < 4 else -1
    (tmp_path / "changed.json").write_text(json.dumps(raw))
    assert main(["replay", str(tmp_path / "changed.json")]) == 1
    assert "is not the die seed 7 rolls there" in capsys.readouterr().err


def test_a_remote_races_screen_opens_where_its_player_last_decided():
    """The record up to Ann's last decision is the race log; what came since plays step by step."""
    table = Table()
    cars = []
    while cars.count("car1") < 6 or cars[-1] != "car2":  # Ann and Bob decide, as their games would
        for view, who in ((table.view, "@ann:test"), (table.bob, "@bob:test")):
            car = view.to_move()
            if car in view.mine(who) and car in table.referee.waiting_for():
                d = Decision(seq=len(view.actions), action=computer_action(OVAL, view.state, "racer"))
                deliver([table.view, table.bob], table.referee.receive(who, d, 0))
                cars.append(car)
                break
    actions = table.view.actions
    last = max(i for i, a in enumerate(actions) if getattr(a, "car", None) == "car1") + 1
    control = RemoteControl(OVAL, table)
    assert len(control.history) == len(control.session.actions) == last < len(actions)
    assert control.wait() == Wait.REMOTE and control.remote_step().action == actions[last]
