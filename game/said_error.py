"""Errors a player reads in the window: kept as a text key and values (``Said``), so the window
shows them in the current language while ``str()`` stays English for logs, the console and tests."""

from __future__ import annotations

import re

from game.texts import refused_text
from game.texts.mo import SOURCE
from game.tracks.drawing import Part, Said, say
from rules.filelimits import FileRefused
from rules.modules.base import IllegalAction
from rules.record import RecordError


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
    ``rules.filelimits`` translated."""
    if isinstance(err, FileRefused):
        return refused_text(err)
    return err.text() if isinstance(err, SaidError) else str(err)


def os_detail(err: OSError) -> Part:
    """Why a file could not be read or written: a refusal of ``rules.filelimits`` translated,
    any other OS error in the words the OS gives."""
    if isinstance(err, FileRefused):
        return say("file.refused", reason=err.why, fix=err.remedy)
    return err.strerror or str(err)


def os_text(err: OSError) -> str:
    """``os_detail`` as the window shows it now."""
    detail = os_detail(err)
    return detail.text() if isinstance(detail, Said) else str(detail)


#: How ``rules.record`` names an action that does not replay (its English, for logs).
_NOT_REPLAYED = re.compile(r"action (\d+) \((.*)\) does not replay: ")


def record_said(err: RecordError) -> Said | str:
    """Why a record does not replay, in the player's language where the rules refused an action:
    ``rules.record`` raises from the rules' refusal, whose reason travels as the error's context;
    anything else about a record in the English the record's checks give."""
    refused, found = err.__context__, _NOT_REPLAYED.match(str(err))
    if isinstance(refused, IllegalAction) and found:
        return say("record.does_not_replay", n=int(found[1]), action=found[2], reason=refused.reason)
    return str(err)


def record_text(err: RecordError) -> str:
    """``record_said`` as the window shows it now."""
    said = record_said(err)
    return said.text() if isinstance(said, Said) else said
