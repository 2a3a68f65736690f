"""A text that changes with a count, as gettext's ``msgid``/``msgid_plural`` pair."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Plural:
    """The English singular and plural of one text; the value named ``count`` picks the form.

    Each catalogue holds as many forms as its language's plural rule needs (French says
    "0 case", English "0 spaces"), so the code never chooses a form itself."""

    one: str
    many: str
    count: str = "n"
