"""The catalogues compiled for ``gettext``: each ``.po`` becomes a ``.mo`` in the user's cache.

The game ships only the ``.po`` files translators edit; at the first start with a new or
changed catalogue it compiles it with Babel (pure Python, nothing downloaded) into the
cache folder, named by a digest of the ``.po`` so an updated game never reads a stale
``.mo``. The write is atomic (temporary file, then rename); if the cache cannot be
written the catalogue is compiled in memory for this run.
"""

from __future__ import annotations

import gettext
import hashlib
import os
import tempfile
from io import BytesIO
from pathlib import Path

import platformdirs

#: The language the code is written in; it needs no catalogue.
SOURCE = "en"
DOMAIN = "formula_d"
LOCALE = Path(__file__).resolve().parent.parent / "locale"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
APP_FOLDER = "formula-d"


def catalogue(language: str) -> Path:
    """Where a language's catalogue lives in the game's folder."""
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def catalogue_languages() -> list[str]:
    """Every language with a catalogue, sorted."""
    return sorted(p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def cache_folder() -> Path:
    """The user's cache folder for compiled catalogues (``XDG_CACHE_HOME`` on Linux)."""
    return Path(platformdirs.user_cache_dir(APP_FOLDER, appauthor=False)) / "locale"


def compile_po(po: bytes) -> bytes:
    """A ``.po`` file's text as ``.mo`` bytes; fuzzy entries are left out, as msgfmt does."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    out = BytesIO()
    write_mo(out, read_po(BytesIO(po)))
    return out.getvalue()


def compiled(language: str, folder: Path | None = None) -> bytes:
    """The language's ``.mo`` bytes, from the cache or compiled now (and cached if possible)."""
    po = catalogue(language).read_bytes()
    target = (folder or cache_folder()) / f"{language}-{hashlib.sha256(po).hexdigest()[:16]}.mo"
    try:
        return target.read_bytes()
    except OSError:
        pass
    mo = compile_po(po)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(mo)
            os.replace(tmp, target)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    except OSError:
        pass  # a read-only cache: the catalogue is compiled again at the next start
    return mo


def load(language: str, folder: Path | None = None) -> gettext.GNUTranslations:
    """The language's catalogue for ``pgettext``/``npgettext``."""
    return gettext.GNUTranslations(BytesIO(compiled(language, folder)))
