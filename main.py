"""Formula D: ``python main.py`` starts the game; sub-commands are tools.

    python main.py                          the game window
    python main.py track check FILE...      every problem of each track file
    python main.py track info FILE [--json] what the game understood of a track
    python main.py track render FILE OUT.png [--names] [--arrows]
    python main.py simulate --track FILE --cars N --laps L --seed S [--rules PRESET] [--record OUT.json]
    python main.py replay RECORD.json [--track FILE]
    python main.py moves POSITION.json --gear G [--roll R] [--json]
"""

from __future__ import annotations

import argparse
import os
import signal
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if hasattr(signal, "SIGPIPE"):
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `track info | head` ends quietly, like other tools


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
    render = tsub.add_parser("render", help="draw the board as the game sees it into a PNG")
    render.add_argument("file", metavar="FILE")
    render.add_argument("out", metavar="OUT.png")
    render.add_argument("--names", action="store_true", help="write every space's name and row")
    render.add_argument("--arrows", action="store_true", help="draw the lane-change arrows")
    render.add_argument("--scale", type=float, default=1.0, help="pixels per map pixel (default 1)")
    sim = sub.add_parser("simulate", help="play a whole race with computer drivers")
    sim.add_argument("--track", required=True, metavar="FILE")
    sim.add_argument("--cars", type=int, default=10, metavar="N")
    sim.add_argument("--laps", type=int, default=None, choices=(1, 2, 3), metavar="L")
    sim.add_argument("--seed", type=int, default=1, metavar="S")
    sim.add_argument("--rules", default="fd-basic", metavar="PRESET")
    sim.add_argument("--driver", default="careful", choices=("careful", "aggressive"))
    sim.add_argument("--record", metavar="OUT.json")
    rep = sub.add_parser("replay", help="replay and verify a race record")
    rep.add_argument("record", metavar="RECORD.json")
    rep.add_argument("--track", metavar="FILE", help="the track file (default: find it in maps/ by hash)")
    mv = sub.add_parser("moves", help="legal moves (with --roll) or odds (without) in a position")
    mv.add_argument("position", metavar="POSITION.json")
    mv.add_argument("--gear", type=int, required=True, choices=range(1, 7), metavar="G")
    mv.add_argument("--roll", type=int, metavar="R")
    mv.add_argument("--json", action="store_true")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.command == "track":
        from game import trackcli

        if args.track_command == "check":
            return trackcli.check(args.files)
        if args.track_command == "render":
            return trackcli.render(args.file, args.out, names=args.names, arrows=args.arrows, scale=args.scale)
        return trackcli.info(args.file, as_json=args.json)
    if args.command in ("simulate", "replay", "moves"):
        from game import simcli

        if args.command == "simulate":
            laps = args.laps or 0
            return simcli.simulate(args.track, args.cars, laps, args.seed, args.rules, args.record, args.driver)
        if args.command == "replay":
            return simcli.replay_cmd(args.record, args.track)
        return simcli.moves_cmd(args.position, args.gear, args.roll, args.json)
    from game.ui import main as ui

    return ui.run()


if __name__ == "__main__":
    sys.exit(main())
