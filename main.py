"""Formula D: ``python main.py`` starts the game; sub-commands are tools.

    python main.py                          the game window
    python main.py track check FILE...      every problem of each track file
    python main.py track info FILE [--json] what the game understood of a track
"""

from __future__ import annotations

import argparse
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="main.py", description="Formula D for one computer.")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    track = sub.add_parser("track", help="tools for track designers")
    tsub = track.add_subparsers(dest="track_command", metavar="TRACK_COMMAND", required=True)
    check = tsub.add_parser("check", help="report every problem of the given track files")
    check.add_argument("files", nargs="+", metavar="FILE")
    info = tsub.add_parser("info", help="lap length, corners, pit lane, grid and weather of a track")
    info.add_argument("file", metavar="FILE")
    info.add_argument("--json", action="store_true", help="print JSON instead of text")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.command == "track":
        from game import trackcli

        if args.track_command == "check":
            return trackcli.check(args.files)
        return trackcli.info(args.file, as_json=args.json)
    from game import app

    return app.run()


if __name__ == "__main__":
    sys.exit(main())
