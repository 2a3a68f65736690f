"""Race online in the window speaks the player's language when the homeserver fails: the form
says what the game was doing and why in German and French (the OS's own words stay as the OS
gives them); the error's English stays for the referee's console log."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from game import texts
from game.net.matrix import MatrixError
from game.net.online import read_opening
from game.net.said_error import shown
from game.scenes.remote.lobby import OnlineScene
from game.scenes.remote.series import SeriesError, keep_result
from tests.ui.helpers import make_app, oval
from tests.ui.test_race_history import race


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    texts.set_language("en")


def closed_port() -> int:
    """A local port nothing listens on: the homeserver cannot be reached."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize(
    ("lang", "doing", "why"),
    [
        ("en", "logging in as @ann:localhost: ", "the homeserver {url} cannot be reached ("),
        ("de", "Anmelden als @ann:localhost: ", "der Homeserver {url} ist nicht erreichbar ("),
        ("fr", "connexion en tant que @ann:localhost : ", "le serveur d’accueil {url} est injoignable ("),
    ],
)
def test_joining_a_race_on_an_unreachable_homeserver_says_why_in_the_players_language(
    lang: str, doing: str, why: str, tmp_path: Path
) -> None:
    app = make_app(tmp_path)
    scene = OnlineScene(app)
    app.push(scene)
    texts.set_language(lang)
    url = f"http://127.0.0.1:{closed_port()}"
    scene.values.update(homeserver=url, account="@ann:localhost", password="pw", room="!race:localhost")
    scene.join()
    assert app.scene is scene
    assert scene.problem.startswith(doing + why.format(url=url)), scene.problem


def test_a_room_whose_race_cannot_be_read_is_named_in_french_and_logged_in_english() -> None:
    with pytest.raises(MatrixError) as caught:
        read_opening({"format": "something else"})
    assert str(caught.value).startswith("the room's race cannot be read: ")
    texts.set_language("fr")
    assert caught.value.text().startswith("la course du salon ne peut pas être lue : ")


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "the race is not a championship's race"),
        ("de", "das Rennen gehört zu keiner Meisterschaft"),
        ("fr", "la course n’appartient à aucun championnat"),
    ],
)
def test_a_race_kept_in_no_championship_is_refused_in_the_stewards_language(
    lang: str, expected: str, tmp_path: Path
) -> None:
    """What the steward's window shows when a race to keep in a championship is none's."""
    record = race()
    assert record.header.series is None
    texts.set_language(lang)
    with pytest.raises(SeriesError) as caught:
        keep_result(tmp_path, oval(), record)
    assert shown(caught.value) == expected
    assert str(caught.value) == "the race is not a championship's race"
