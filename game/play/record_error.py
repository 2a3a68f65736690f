"""Why a race record does not replay, in the player's language where the rules said why."""

from __future__ import annotations

import re

from game.tracks.drawing import Said, say
from rules.files.record import RecordError
from rules.modules.base import IllegalAction

#: How ``rules.files.record`` names an action that does not replay (its English, for logs).
_NOT_REPLAYED = re.compile(r"action (\d+) \((.*)\) does not replay: ")


def record_said(err: RecordError) -> Said | str:
    """Why a record does not replay, in the player's language where the rules refused an action:
    ``rules.files.record`` raises from the rules' refusal, whose reason travels as the error's context;
    anything else about a record in the English the record's checks give."""
    refused, found = err.__context__, _NOT_REPLAYED.match(str(err))
    if isinstance(refused, IllegalAction) and found:
        return say("record.does_not_replay", n=int(found[1]), action=found[2], reason=refused.reason)
    return str(err)


def record_text(err: RecordError) -> str:
    """``record_said`` as the window shows it now."""
    said = record_said(err)
    return said.text() if isinstance(said, Said) else said
