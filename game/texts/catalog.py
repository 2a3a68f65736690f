"""The translators' tools: the ``.pot`` template extracted from the English source
(``game/texts/en/``), and the checks.

``python -m game.texts.catalog update`` writes ``game/locale/formula_d.pot`` from the English
source and merges it into every language's ``.po`` (new texts arrive untranslated, changed English
texts arrive untranslated too, removed ones go); ``python -m game.texts.catalog check``
names every key missing, fuzzy or with wrong placeholders in every catalogue. Each key is
the message context (``msgctxt``), the English text the ``msgid``; a ``Plural`` gives
``msgid``/``msgid_plural``; reasons have the context ``reason.<code>``, the names printed
on the boards ``place``. ``extract`` is the same as a Babel extractor (``pybabel extract``
with ``babel.cfg``), run on each module of the English source.
"""

from __future__ import annotations

import ast
import string
import sys
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

from game.texts import PLACE_CONTEXT, en, reason_context
from game.texts.mo import LOCALE, SOURCE, TEMPLATE, catalogue, catalogue_languages
from game.texts.plural import Plural
from rules.reasons import TEMPLATES, Code

PROJECT = "Formula D"
#: Flag for msgfmt --check: the placeholders of a translation must match the English ones.
BRACE = "python-brace-format"


def entries() -> Iterator[tuple[str, str | Plural]]:
    """Every English text with its message context, in the order of the catalogues."""
    yield from en.STRINGS.items()
    for code, entry in en.REASONS.items():
        yield reason_context(code), entry
    for label in en.PLACES:
        yield PLACE_CONTEXT, label


def fields(text: str) -> set[str]:
    """The placeholder names of a text ("{name} drives" -> {"name"})."""
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}
    except ValueError:
        return {"<unbalanced braces>"}


def template() -> Catalog:
    """The ``.pot`` catalogue of every text, as the English source says it today."""
    pot = Catalog(project=PROJECT, version="", copyright_holder="the Formula D authors", fuzzy=False)
    for context, entry in entries():
        msgid = (entry.one, entry.many) if isinstance(entry, Plural) else entry
        both = " ".join(msgid) if isinstance(msgid, tuple) else msgid
        flags = [BRACE] if fields(both) and context != PLACE_CONTEXT else []
        comments = [f"{{{entry.count}}} is the count."] if isinstance(entry, Plural) else []
        pot.add(msgid, context=context, flags=flags, auto_comments=comments)
    return pot


def table(language: str) -> dict[str, tuple[str, ...]]:
    """Every text of a language as written in its catalogue (untranslated ones left out), by
    context; a place by ``place.<English name>``. A plural gives all its forms, any other text
    one: for checks that read what translators wrote."""
    out: dict[str, tuple[str, ...]] = {}
    if language == SOURCE:
        for context, entry in entries():
            key = f"{context}.{entry}" if context == PLACE_CONTEXT else context
            out[key] = (entry.one, entry.many) if isinstance(entry, Plural) else (str(entry),)
        return out
    for message in read(catalogue(language)):
        if not message.id or not message.string or message.fuzzy:
            continue
        msgid = _forms(message.id)[0]
        key = f"{message.context}.{msgid}" if message.context == PLACE_CONTEXT else str(message.context)
        out[key] = _forms(message.string)
    return out


def _messages(catalog: Catalog) -> dict[tuple[str | None, Any], Message]:
    return {(m.context, m.id): m for m in catalog if m.id}


def read(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f)


def write(catalog: Catalog, path: Path) -> None:
    out = BytesIO()
    write_po(out, catalog, width=100, no_location=True, ignore_obsolete=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(out.getvalue())


def template_problems() -> list[str]:
    """How the shipped ``.pot`` differs from the English source (empty when it is up to date)."""
    if not TEMPLATE.exists():
        return [f"{TEMPLATE} is missing: run `python -m game.texts.catalog update`"]
    shipped, wanted = _messages(read(TEMPLATE)), _messages(template())
    out = [f"{TEMPLATE.name}: {ctx} is new or changed in game/texts/en" for ctx, _ in wanted.keys() - shipped.keys()]
    out += [f"{TEMPLATE.name}: {ctx} is gone from game/texts/en" for ctx, _ in shipped.keys() - wanted.keys()]
    both = shipped.keys() & wanted.keys()
    recounted = [key for key in both if shipped[key].auto_comments != wanted[key].auto_comments]
    out += [f"{TEMPLATE.name}: {key[0]} counts by another value in game/texts/en" for key in recounted]
    return sorted(out) + (["run `python -m game.texts.catalog update`"] if out else [])


def problems(language: str, path: Path | None = None) -> list[str]:
    """Every key the language's catalogue (or the ``.po`` at ``path``) lacks, has fuzzy, or fills
    with other placeholders, one line each naming the language, file and key."""
    path = path or catalogue(language)
    po = _messages(read(path))
    shown = path.relative_to(LOCALE.parent.parent) if path.is_relative_to(LOCALE.parent.parent) else path
    name = f"{language} ({shown})"
    out = []
    for key, wanted in _messages(template()).items():
        context = key[0]
        what = f"msgctxt {context!r}" + (f" msgid {key[1]!r}" if context == PLACE_CONTEXT else "")
        found = po.get(key)
        forms = () if found is None else _forms(found.string)
        if found is None or not forms or not all(forms):
            out.append(f"{name}: {what} is not translated")
            continue
        if found.fuzzy:
            out.append(f"{name}: {what} is marked fuzzy: check it and remove the flag")
            continue
        if context == PLACE_CONTEXT and key[1] != "Turn {n}":
            continue
        english = set().union(*map(fields, _forms(wanted.id)))
        for i, text in enumerate(forms):
            # a form for one number alone ("ein Feld") may leave the count out; the last form never does
            optional = {_count_of(wanted)} if wanted.pluralizable and i < len(forms) - 1 else set()
            have = fields(text)
            if have - english:
                out.append(
                    f"{name}: {what} has {sorted(have - english)}, which the English "
                    f"text does not have (it has {sorted(english)})"
                )
            if english - optional - have:
                out.append(f"{name}: {what} lacks {sorted(english - optional - have)}")
    return out


def _forms(text: str | tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
    """A message's id or string as its forms: babel keeps a plural's as a tuple or list, a plain
    text as one string (none where a catalogue has no string at all)."""
    if text is None:
        return ()
    return (text,) if isinstance(text, str) else tuple(text)


def _count_of(message: Message) -> str | None:
    """The count's placeholder of a plural message, from its extracted comment."""
    for comment in message.auto_comments:
        if comment.endswith(" is the count."):
            return comment.split("}")[0].lstrip("{")
    return None


def update() -> list[Path]:
    """Write the ``.pot`` from the English source and merge it into every catalogue; the files written."""
    pot = template()
    written = []
    if template_problems():
        write(pot, TEMPLATE)
        written.append(TEMPLATE)
    for language in catalogue_languages():
        path = catalogue(language)
        po = read(path)
        before = _messages(po)
        po.update(pot, no_fuzzy_matching=True, update_header_comment=False)
        if _messages(po).keys() != before.keys() or any(
            m.auto_comments != before[k].auto_comments for k, m in _messages(po).items() if k in before
        ):
            write(po, path)
            written.append(path)
    return written


def extract(fileobj: IO[bytes], keywords: object, comment_tags: object, options: object) -> Iterator[tuple]:
    """A Babel extractor for a module of the English source (``game/texts/en/``): every text that
    module defines, as ``pgettext``/``npgettext`` with its key, at its line there."""
    lines = _defined_at(fileobj.read())
    for context, entry in entries():
        line = lines.get(f"{context}.{entry}" if context == PLACE_CONTEXT else context)
        if line is None:
            continue
        if isinstance(entry, Plural):
            yield line, "npgettext", (context, entry.one, entry.many), []
        else:
            yield line, "pgettext", (context, entry), []


def _defined_at(source: bytes) -> dict[str, int]:
    """The line of each text a module of the English source defines, as ``table`` keys them: a
    key by its dict entry, a reason by its ``Code`` entry (the rules' ``TEMPLATES`` spread into
    ``REASONS`` at the table's first line), a place by its name in ``PLACES``."""
    found: dict[str, int] = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict):
            for key in node.keys:
                if isinstance(key, ast.Constant) and isinstance(key.value, str):
                    found.setdefault(key.value, key.lineno)
                elif isinstance(key, ast.Attribute) and key.attr in Code.__members__:
                    found.setdefault(reason_context(Code[key.attr]), key.lineno)
            spread = [v for k, v in zip(node.keys, node.values) if k is None]
            if any(isinstance(v, ast.Name) and v.id == "TEMPLATES" for v in spread):
                for code in TEMPLATES:
                    found.setdefault(reason_context(code), node.lineno)
        elif isinstance(node, ast.AnnAssign | ast.Assign) and isinstance(node.value, ast.Tuple):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "PLACES" for t in targets):
                for name in node.value.elts:
                    if isinstance(name, ast.Constant) and isinstance(name.value, str):
                        found.setdefault(f"{PLACE_CONTEXT}.{name.value}", name.lineno)
    return found


def main(argv: list[str]) -> int:
    if argv == ["update"]:
        for path in update():
            print(f"wrote {path}")
        return 0
    if argv == ["check"]:
        found = template_problems() + [p for language in catalogue_languages() for p in problems(language)]
        print("\n".join(found) or "every catalogue is complete")
        return 1 if found else 0
    print("usage: python -m game.texts.catalog update | check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
