"""``python -m trackgen``: regenerate the shipped maps, or ``--check`` that they are current."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from trackgen.art import make_art
from trackgen.circuits import CIRCUITS
from trackgen.description import MAPS_DIR, Circuit, TrackError
from trackgen.layout import build
from trackgen.tmx import objecttypes_text, project_text, summary, tmx_text

if TYPE_CHECKING:  # pygame is imported once trackgen.art has set the environment for a window-less run
    import pygame


def outputs(circuits: Sequence[Circuit]) -> tuple[dict[Path, tuple[str, str]], dict[Path, pygame.Surface]]:
    """Every generated file: path -> (content, summary); and the preview pictures: path -> Surface."""
    files: dict[Path, tuple[str, str]] = {}
    pictures: dict[Path, pygame.Surface] = {}
    for c in circuits:
        layout = build(c)
        art, preview = make_art(layout)
        files[MAPS_DIR / c.file] = (tmx_text(layout, art), summary(layout))
        pictures[MAPS_DIR / art.preview] = preview
    files[MAPS_DIR / "formula-d.tiled-project"] = (project_text(), "formula-d.tiled-project: object classes")
    files[MAPS_DIR / "objecttypes.xml"] = (objecttypes_text(), "objecttypes.xml: object types for Tiled 1.8")
    return files, pictures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Regenerate the shipped tracks and the Tiled project files.")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file is out of date")
    parser.add_argument("-q", "--quiet", action="store_true", help="print only problems")
    args = parser.parse_args(argv)
    try:
        files, pictures = outputs(CIRCUITS)
    except TrackError as exc:
        print(f"trackgen: {exc}", file=sys.stderr)
        return 2
    import pygame

    stale = 0
    for path, picture in pictures.items():
        if args.check:
            if not path.exists() or pygame.image.load(str(path)).get_size() != picture.get_size():
                stale += 1
                print(f"out of date: {path.name} (run python -m trackgen)", file=sys.stderr)
        else:
            pygame.image.save(picture, str(path))
    for path, (text, info) in files.items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if args.check:
            if current != text:
                stale += 1
                print(f"out of date: {path.name} (run python -m trackgen)", file=sys.stderr)
            continue
        if current != text:
            path.write_text(text, encoding="utf-8")
        if not args.quiet:
            print(info)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
