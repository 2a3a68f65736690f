"""A race by email in the real window (SEASON-1): three players and a steward, through files, to
the flag. The steward runs ``formula-d steward``; each player opens the newest race file in the
game's "Race by email" with real clicks and typing, decides in the race screen, and the reply
file the game writes goes back to the steward; every die is checked against the steward's seed
at the end (CORE-DICE-1). Screenshots of the file exchange are kept in the test's folder."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.main import main
from game.net.mailrace import Steward
from rules.files.record import replay
from tests.conftest import REPO
from tests.e2e.desktop import Desktop, Status
from tests.e2e.test_race_e2e import choose_gear, choose_target
from tests.rules.remote_helpers import OVAL

TRACK = str(REPO / "maps" / "oval.tmx")
PLAYERS = {"car1": "anna", "car2": "ben", "car3": "carl"}


def open_file(d: Desktop, path: Path, name: str, shots: Path | None) -> None:
    """From the menu: Race by email, the file and the player's name typed, Open."""
    s = d.wait(lambda s: s.get("scene") == "menu", what="the menu")
    d.button(s, "email")
    s = d.wait(lambda s: s.get("scene") == "email", what="the email form")
    d.button(s, "file")
    d._on_window("type", "--delay", "2", str(path))
    d.button(s, "name")
    d._on_window("type", "--delay", "2", name)
    d.key("Return")
    if shots is not None:
        d.shown(d.status())
        d.screenshot(shots / "email-open.png")
    d.button(s, "open")


def decide(d: Desktop, shots: Path | None) -> Status:
    """In the race screen: play what came since, then this player's one decision; back to the menu."""
    for _ in range(200):
        s = d.wait(
            lambda s: (
                s.get("scene") == "race"
                and not s.get("busy")
                and (s.get("banner") or s.get("wait") == "gear" or "targets" in s or "menu" in s)
            ),
            timeout=90,
            what="this player's decision",
        )
        if s["banner"]:
            d.key("Return")
        elif "menu" in s:
            x, y = s["menu"][0]
            d.click(x, y)
        elif s["wait"] == "gear":
            d.key(choose_gear(s))
        elif not s["targets"]:
            d.key("f")
        else:
            t = choose_target(s)
            d.click(t["x"], t["y"])
        after = d.changed(s)
        if after.get("wait") == "remote":
            break
    else:
        raise AssertionError("no decision was taken")
    if shots is not None:
        d.shown(d.wait(lambda s: s.get("wait") == "remote" and not s.get("busy")))
        d.screenshot(shots / "email-reply.png")
    d.key("Escape")
    s = d.wait(lambda s: s.get("scene") == "pause", what="the pause menu")
    d.button(s, "leave")
    return s


@pytest.mark.rules("SEASON-1")
def test_SEASON_1_three_players_race_by_email_in_the_window_to_the_flag(desktop: Desktop, tmp_path: Path) -> None:
    folder, outbox, mailbox = tmp_path / "steward", tmp_path / "outbox", tmp_path / "mail"
    seats = [f"--seat={car}={name}" for car, name in PLAYERS.items()]
    assert (
        main(
            [
                "steward",
                "open",
                "--folder",
                str(folder),
                "--outbox",
                str(outbox),
                "--track",
                TRACK,
                *seats,
                "--cars",
                "3",
                "--laps",
                "1",
                "--name",
                "stewart",
            ]
        )
        == 0
    )
    shots = tmp_path / "shots"
    shots.mkdir()
    decisions = 0
    for _ in range(400):
        steward = Steward(folder, OVAL)
        if steward.state.revealed:
            break
        (car,) = steward.referee.waiting_for()
        name = PLAYERS[car]
        newest = sorted(outbox.glob(f"*-{name}.fdrace"))[-1]
        mailbox.mkdir(exist_ok=True)
        received = Path(shutil.copy(newest, mailbox / newest.name))  # the mail to the player
        first = decisions == 4
        open_file(desktop, received, name, shots if first else None)
        decide(desktop, shots if first else None)
        (reply,) = [p for p in mailbox.glob(f"*-{name}-decision.fdrace")]
        assert (
            main(
                [
                    "steward",
                    "take",
                    "--folder",
                    str(folder),
                    "--outbox",
                    str(outbox),
                    "--track",
                    TRACK,
                    str(reply),
                ]
            )
            == 0
        )
        reply.unlink()
        decisions += 1
    steward = Steward(folder, OVAL)
    assert steward.state.revealed and decisions > 20
    assert replay(OVAL, steward.record()).finished  # every die checked against the revealed seed
    assert {p.name for p in shots.iterdir()} == {"email-open.png", "email-reply.png"}
