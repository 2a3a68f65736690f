"""The game's entry point: ``formula-d`` (or ``python main.py``) opens the window; sub-commands are tools.

    formula-d                          the game window
    formula-d track check FILE...      every problem of each track file
    formula-d track info FILE [--json] what the game understood of a track
    formula-d track render FILE OUT.png [--names] [--arrows]
    formula-d track watch FILE [--out OUT.png] [--names] [--arrows]
    formula-d track import FILE.dat OUT.tmx
    formula-d simulate --track FILE --cars N --laps L --seed S [--rules PRESET] [--grid roll|qualifying]
                       [--record OUT.json]
    formula-d replay RECORD.json [--track FILE]
    formula-d position RECORD.json --at N [--track FILE] [--out POSITION.json]
    formula-d moves POSITION.json [--gear G] [--roll R] [--json]
    formula-d referee --homeserver URL --user @bot:server --track FILE [--create --seat car1=@ann:server ...]
                      [--room ROOM_ID ...]   referee online races (password in FORMULA_D_PASSWORD)
    formula-d steward open|take ...            steward a race by email (docs/online.md)

The tools import only what they need, so ``track check`` starts without a window.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def parser(prog: str = "formula-d") -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=prog, description="Formula D for one computer.")
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
    watch = tsub.add_parser("watch", help="check and render the track again every time it is saved")
    watch.add_argument("file", metavar="FILE")
    watch.add_argument("--out", metavar="OUT.png", help="the picture (default: FILE's name with -render.png)")
    watch.add_argument("--names", action="store_true", help="write every space's name and row")
    watch.add_argument("--arrows", action="store_true", help="draw the lane-change arrows")
    watch.add_argument("--runs", type=_positive, metavar="N", help="stop after N checks (default: until Ctrl+C)")
    watch.add_argument("--for", dest="seconds", type=_seconds, metavar="SECONDS", help="stop after SECONDS")
    imp = tsub.add_parser("import", help="convert a GP Online track (.dat) into a map of this game")
    imp.add_argument("file", metavar="FILE.dat")
    imp.add_argument("out", metavar="OUT.tmx")
    imp.add_argument("--report", metavar="FILE.json", help="write the fidelity report: what was kept, moved, dropped")
    sim = sub.add_parser("simulate", help="play a whole race with computer drivers")
    sim.add_argument("--track", required=True, metavar="FILE")
    sim.add_argument("--cars", type=int, default=10, metavar="N")
    sim.add_argument("--laps", type=int, default=None, choices=(1, 2, 3), metavar="L")
    sim.add_argument("--seed", type=int, default=1, metavar="S")
    sim.add_argument("--rules", default="fd-basic", metavar="PRESET")
    sim.add_argument(
        "--driver",
        default="racer",
        choices=("rookie", "racer", "champion", "careful", "aggressive"),
        help="a computer level, or a driver of older records (careful, aggressive)",
    )
    sim.add_argument(
        "--grid",
        choices=("roll", "qualifying"),
        default=None,
        help="how the grid is set (default: as the rule set says, VAR-20)",
    )
    sim.add_argument("--record", metavar="OUT.json")
    rep = sub.add_parser("replay", help="replay and verify a race record")
    rep.add_argument("record", metavar="RECORD.json")
    rep.add_argument("--track", metavar="FILE", help="the track file (default: find it in maps/ by hash)")
    pos = sub.add_parser("position", help="the position after action N of a race record")
    pos.add_argument("record", metavar="RECORD.json")
    pos.add_argument("--at", type=_count, required=True, metavar="N", help="actions applied (0 = the start)")
    pos.add_argument("--track", metavar="FILE", help="the track file (default: find it in maps/ by hash)")
    pos.add_argument("--out", metavar="POSITION.json", help="write the position here (default: print it)")
    mv = sub.add_parser("moves", help="what can happen in a position: gears and odds, segments, checks")
    mv.add_argument("position", metavar="POSITION.json")
    mv.add_argument("--gear", type=int, choices=range(1, 7), metavar="G", help="at a gear choice: this gear's odds")
    mv.add_argument("--roll", type=int, metavar="R", help="with --gear, or before a roll: the legal moves of this roll")
    mv.add_argument("--json", action="store_true")
    ref = sub.add_parser("referee", help="referee online races from a bot account (docs/online.md)")
    ref.add_argument("--homeserver", required=True, metavar="URL", help="the bot's homeserver URL")
    ref.add_argument("--user", required=True, metavar="@BOT:SERVER", help="the bot's account")
    ref.add_argument("--folder", default="referee", metavar="DIR", help="where the secret seeds are kept")
    ref.add_argument("--track", metavar="FILE", help="the track of the race(s)")
    ref.add_argument("--create", action="store_true", help="open a new race room and invite its players")
    ref.add_argument("--seat", action="append", default=[], metavar="CAR=@USER:SERVER", help="a player's car")
    ref.add_argument("--cars", type=int, default=2, choices=range(2, 11), metavar="N", help="cars")
    ref.add_argument(
        "--laps", type=int, default=0, choices=(0, 1, 2, 3), metavar="L", help="laps (default: the track's)"
    )
    ref.add_argument("--rules", default="fd-basic", metavar="PRESET")
    ref.add_argument("--deadline", default="1d", help="time for one decision: 90s, 10m, 2h, 3d (default 1d)")
    ref.add_argument("--name", default="Formula D race", help="the room's name")
    ref.add_argument("--room", action="append", default=[], metavar="ROOM_ID", help="a race room to resume")
    ref.add_argument("--keep-running", action="store_true", help="go on after the races are over")
    ref.add_argument(
        "--championship",
        type=int,
        metavar="ID",
        help="with --create: the next race of this championship (seat its drivers: --seat ID=@USER:SERVER)",
    )
    ref.add_argument(
        "--data", metavar="DIR", help="the game's data folder, for --championship (default: this computer's)"
    )
    stw = sub.add_parser("steward", help="steward a race by email: open it, take the players' replies (docs/online.md)")
    stw_sub = stw.add_subparsers(dest="steward_command", required=True)
    st_open = stw_sub.add_parser("open", help="open a race: the seed, the first dice, a race file for every player")
    st_open.add_argument("--folder", required=True, metavar="DIR", help="where the race and its secret seed are kept")
    st_open.add_argument("--outbox", required=True, metavar="DIR", help="where the race files to send are written")
    st_open.add_argument("--track", metavar="FILE", help="the race's track")
    st_open.add_argument("--seat", action="append", default=[], metavar="CAR=NAME", help="a player's car")
    st_open.add_argument("--cars", type=int, default=3, choices=range(2, 11), metavar="N", help="cars")
    st_open.add_argument(
        "--laps", type=int, default=0, choices=(0, 1, 2, 3), metavar="L", help="laps (default: the track's)"
    )
    st_open.add_argument("--rules", default="fd-basic", metavar="PRESET")
    st_open.add_argument(
        "--championship",
        type=int,
        metavar="ID",
        help="the next race of this championship of the game (its drivers, karma and track)",
    )
    st_open.add_argument("--data", metavar="DIR", help="the game's data folder (default: this computer's)")
    st_open.add_argument("--deadline", default="3d", help="time for one decision: 90s, 10m, 2h, 3d (default 3d)")
    st_open.add_argument("--name", default="steward", help="the steward's name on the race files")
    st_take = stw_sub.add_parser("take", help="apply the players' reply files and write the next race files")
    st_take.add_argument("--folder", required=True, metavar="DIR")
    st_take.add_argument("--outbox", required=True, metavar="DIR")
    st_take.add_argument("--track", required=True, metavar="FILE")
    st_take.add_argument("--data", metavar="DIR", help="the game's data folder, for a championship's race")
    st_take.add_argument("replies", nargs="*", metavar="REPLY.fdrace")
    return p


def _positive(text: str) -> int:
    """A whole number, 1 or more (argparse type)."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number, 1 or more, not {text!r}")
    return int(text)


def _seconds(text: str) -> float:
    """A finite number of seconds above 0 (argparse type)."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0, not {text!r}")
    return value


def _count(text: str) -> int:
    """A whole number, 0 or more (argparse type)."""
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"must be a whole number, 0 or more, not {text!r}")
    return int(text)


def speak_the_desktop_s_language() -> None:
    """The tools answer in the language of LC_ALL/LC_MESSAGES/LANG; the game window then takes
    the player's setting."""
    from game import texts

    texts.set_language(texts.system_language())


def main(argv: list[str] | None = None, prog: str = "formula-d") -> int:
    """Run the command in ``argv`` (default: the command line); returns the process exit code."""
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `track info | head` ends quietly, like other tools
    args = parser(prog).parse_args(argv)
    speak_the_desktop_s_language()
    if args.command == "track":
        from game.tools import track

        if args.track_command == "check":
            return track.check(args.files)
        if args.track_command == "render":
            return track.render(args.file, args.out, names=args.names, arrows=args.arrows, scale=args.scale)
        if args.track_command == "import":
            from game.tools.trackimport import import_cmd

            return import_cmd(args.file, args.out, args.report)
        if args.track_command == "watch":
            from game.tools.trackwatch import watch

            return watch(args.file, args.out, args.names, args.arrows, runs=args.runs, seconds=args.seconds)
        return track.info(args.file, as_json=args.json)
    if args.command in ("position", "moves"):
        from game.tools import position

        if args.command == "position":
            return position.position_cmd(args.record, args.at, args.track, args.out)
        return position.moves_cmd(args.position, args.gear, args.roll, args.json)
    if args.command in ("simulate", "replay"):
        from game.tools import race

        if args.command == "simulate":
            laps = args.laps or 0
            return race.simulate(
                args.track, args.cars, laps, args.seed, args.rules, args.record, args.driver, args.grid
            )
        return race.replay_cmd(args.record, args.track)
    if args.command == "referee":
        from game.tools.referee import referee_cmd

        return referee_cmd(
            args.homeserver,
            args.user,
            args.folder,
            args.create,
            args.track,
            args.seat,
            args.cars,
            args.laps,
            args.rules,
            args.deadline,
            args.name,
            args.room,
            args.keep_running,
            args.championship,
            args.data,
        )
    if args.command == "steward":
        from game.tools import steward

        if args.steward_command == "open":
            return steward.open_cmd(
                args.folder,
                args.outbox,
                args.track,
                args.seat,
                args.cars,
                args.laps,
                args.rules,
                args.deadline,
                args.name,
                args.championship,
                args.data,
            )
        return steward.take_cmd(args.folder, args.outbox, args.track, args.replies, args.data)
    return run()


def run() -> int:
    """Play until the window is closed; returns the process exit code."""
    import pygame

    from game.app.loop import App
    from game.scenes.menus.menu import MenuScene
    from game.storage.paths import data_dir, maps_dir

    maps, problem = maps_dir()
    if problem:
        print(problem, file=sys.stderr)
    pygame.display.init()
    pygame.font.init()
    try:
        app = App(data_dir(), maps=maps)
        return app.run(MenuScene(app))
    except KeyboardInterrupt:
        return 0
    finally:
        pygame.quit()
