"""Race by email in the window speaks the player's language when it refuses a file: a race file
changed by hand, opened in German and French, shows why in that language on the form, while the
error's English stays for logs; the steward's window names a tampered reply likewise."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from game import texts
from game.net.mailrace import MailPlayer, Steward
from game.net.race_setup import race_header
from game.net.racefile import RaceFileError, read, write
from game.scenes.remote.lobby import EmailScene
from game.scenes.remote.steward import StewardScene
from rules.actions import Roll
from rules.ai.registry import computer_action
from rules.remote.referee_protocol import Decision
from tests.ui.helpers import active_id, make_app, oval

SEATS = {"car1": "anna", "car2": "ben"}


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    texts.set_language("en")


def stewards_file(tmp_path: Path) -> tuple[Steward, Path, str]:
    steward = Steward.open_race(
        tmp_path / "steward", oval(), race_header(oval(), "fd-basic", 3, 1, SEATS), SEATS, "stewart", 86400, now=0
    )
    whose = SEATS[active_id(steward.referee.session.state)]
    file = next(p for p in steward.send(tmp_path / "mail") if p.name.endswith(f"-{whose}.fdrace"))
    return steward, file, whose


def changed_by_hand(file: Path) -> Path:
    """The file with its sender changed and its digest left as it was."""
    raw = json.loads(file.read_text(encoding="utf-8"))
    raw["sender"] = "mallory"
    edited = file.with_name("edited.fdrace")
    edited.write_text(json.dumps(raw), encoding="utf-8")
    return edited


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            "the file was changed after it was written (its digest does not match): ask the sender for the file again",
        ),
        (
            "de",
            "die Datei wurde nach dem Schreiben verändert (ihre Prüfsumme stimmt nicht): bitte den Absender um die "
            "Datei noch einmal",
        ),
        (
            "fr",
            "le fichier a été modifié après son écriture (son empreinte ne correspond pas) : "
            "redemandez le fichier à l’expéditeur",
        ),
    ],
)
def test_a_race_file_changed_by_hand_is_refused_in_the_players_language(
    lang: str, expected: str, tmp_path: Path
) -> None:
    _, file, whose = stewards_file(tmp_path)
    edited = changed_by_hand(file)
    app = make_app(tmp_path / "data")
    form = EmailScene(app)
    app.push(form)
    texts.set_language(lang)
    form.values.update(file=str(edited), name=whose)
    form.open_file()
    assert app.scene is form
    assert form.problem.startswith(str(edited)) and form.problem.endswith(expected)
    with pytest.raises(RaceFileError) as caught:
        read(edited)
    assert str(caught.value).endswith("ask the sender for the file again")  # the log's English


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "de",
            ": die Aufzeichnung in dieser Datei weicht bei Aktion 1 von der des Rennens ab: die Datei wurde "
            "manipuliert; nichts wurde übernommen",
        ),
        (
            "fr",
            " : l’historique de ce fichier diffère de celui de la course à l’action 1 : "
            "le fichier a été falsifié ; rien n’a été appliqué",
        ),
    ],
)
def test_a_forged_reply_is_named_in_the_stewards_language(lang: str, expected: str, tmp_path: Path) -> None:
    """A reply whose first die roll was changed, with its digest written anew: the steward refuses it."""
    steward, file, whose = stewards_file(tmp_path)
    player = MailPlayer(tmp_path / whose, whose)
    view = player.open(file, oval())
    reply = read(
        player.reply(
            view, Decision(seq=len(view.actions), action=computer_action(oval(), view.state, "racer")), tmp_path / "out"
        )
    )
    first = reply.applied[0]
    assert isinstance(first.action, Roll)
    changed = first.model_copy(update={"action": Roll(value=first.action.value % 20 + 1)})
    forged = write(reply.model_copy(update={"applied": (changed, *reply.applied[1:])}), tmp_path / "forged.fdrace")
    texts.set_language(lang)
    with pytest.raises(RaceFileError) as caught:
        steward.take(forged, now=1)
    assert caught.value.text() == f"{forged}{expected}"
    assert "the file was tampered with; nothing was applied" in str(caught.value)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("de", "die Bedenkzeit muss eine ganze Zahl mit s, m, h oder d sein (wie 10m oder 3d), nicht 'bald'"),
        ("fr", "le délai doit être un nombre entier suivi de s, m, h ou d (comme 10m ou 3d), pas 'bald'"),
    ],
)
def test_the_stewards_window_says_how_to_write_the_deadline_in_the_stewards_language(
    lang: str, expected: str, tmp_path: Path
) -> None:
    app = make_app(tmp_path / "data")
    email = EmailScene(app)
    app.push(email)
    email.steward()
    form = app.scene
    assert isinstance(form, StewardScene)
    texts.set_language(lang)
    folder = tmp_path / "round4"
    form.values.update(folder=str(folder), seats="car1=anna car2=ben car3=carl", cars="3", laps="1", deadline="bald")
    form.open_race()
    assert form.problem == expected and not folder.exists()


def test_the_stewards_report_gives_the_referees_notices_in_the_stewards_language(tmp_path: Path) -> None:
    """A missed deadline: the command's log says it in English, the window's report in French."""
    steward, _, _ = stewards_file(tmp_path)
    english = steward.tick(10**6)
    texts.set_language("fr")
    report = steward.news()
    assert english and len(report) == len(english) and report != english
    assert any("a laissé passer le délai" in line for line in report)
    assert any("missed the deadline" in line for line in english)
    assert steward.news() == []
