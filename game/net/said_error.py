"""Errors a player reads in the window: kept as a text key and values (``Said``), so the window
shows them in the current language while ``str()`` stays English for logs, the console and tests."""

from __future__ import annotations

from game.texts import refused_text
from game.texts.mo import SOURCE
from game.tracks.drawing import Part, Said, say
from rules.files.filelimits import FileRefused


class SaidError(Exception):
    """An error whose message is a ``Said``; a plain string (a text already in the player's
    language, or one from another program) is kept as it is."""

    def __init__(self, said: Said | str) -> None:
        self.said = said
        super().__init__(said.text(SOURCE) if isinstance(said, Said) else said)

    def text(self) -> str:
        """The message in the current language."""
        return self.said.text() if isinstance(self.said, Said) else self.said


def shown(err: BaseException) -> str:
    """What the window shows for ``err``: a ``SaidError`` in the current language, any other
    error (an OS error, a homeserver's answer) as it says itself, a file refused by
    ``rules.files.filelimits`` translated."""
    if isinstance(err, FileRefused):
        return refused_text(err)
    return err.text() if isinstance(err, SaidError) else str(err)


def os_detail(err: OSError) -> Part:
    """Why a file could not be read or written: a refusal of ``rules.files.filelimits`` translated,
    any other OS error in the words the OS gives."""
    if isinstance(err, FileRefused):
        return say("file.refused", reason=err.why, fix=err.remedy)
    return err.strerror or str(err)


def os_text(err: OSError) -> str:
    """``os_detail`` as the window shows it now."""
    detail = os_detail(err)
    return detail.text() if isinstance(detail, Said) else str(detail)
