"""Every GP Online board in a folder through the designer's whole loop, one line a board.

    python bench/import_boards.py DIR [--runs N] [--keep DIR]

For every ``*.dat`` in DIR: ``track import`` (with ``--report``), ``track check``, ``track
render``, a simulated race of 10 cars (or as many as the grid holds) over 1 lap with Racers,
the board's steps the map kept, moved to another space, dropped or refused as no move under the
rules (the report's counts), and
how long loading the map takes against pytmx's parse of the same file (median CPU time of N
runs each, as ``bench/track_load.py`` measures it). Then the totals. ``--keep`` keeps the
maps, renders and reports in DIR instead of a temporary folder.

The boards are not the project's (GP Online's repository has no licence): copy its
``tracks/*.dat`` and ``server/src/main/resources/*.dat`` into a folder of your own
(docs/track-format.md, "Importing a GP Online track"). Nothing is asserted.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import statistics
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from simulate import race  # noqa: E402
from track_load import medians  # noqa: E402

from game.tools import track as track_tools  # noqa: E402
from game.tools.trackimport import import_cmd  # noqa: E402
from game.tracks.load import check_track, load_track  # noqa: E402


@dataclass
class Outcome:
    name: str
    imported: bool = False
    checked: bool = False
    rendered: bool = False
    raced: bool = False
    steps: dict | None = None
    ratio: float | None = None
    why: str = ""


def quiet(work, *args) -> tuple[int, str]:
    """Run a command's function, its printed output caught: (exit code, its last error line)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = work(*args)
    lines = err.getvalue().strip().splitlines() or out.getvalue().strip().splitlines()
    return code, lines[-1] if lines else ""


def one_board(src: Path, out: Path, runs: int) -> Outcome:
    o = Outcome(src.stem)
    tmx, report, png = out / f"{src.stem}.tmx", out / f"{src.stem}.json", out / f"{src.stem}.png"
    code, said = quiet(import_cmd, str(src), str(tmx), str(report))
    if code:
        o.why = said
        return o
    o.imported = True
    o.steps = json.loads(report.read_text(encoding="utf-8"))["steps"]
    problems = check_track(tmx)
    o.checked = not problems
    if problems:
        o.why = problems[0].line()
        return o
    code, said = quiet(track_tools.render, str(tmx), str(png))
    o.rendered = code == 0
    o.why = "" if o.rendered else said
    track = load_track(tmx)
    try:
        state = race(track, 1, 1, "racer", cars=10).state  # UnfinishedRace if it stops before the flag
        o.raced = all(car.status != "racing" for car in state.cars)
    except Exception as exc:  # noqa: BLE001 - a bench reports what broke and goes on with the next board
        o.why = o.why or f"race: {type(exc).__name__}: {exc}"
    if runs:
        parse, load = medians(tmx, runs)
        o.ratio = load / parse
    return o


def line(o: Outcome) -> str:
    marks = " ".join(
        f"{word} {'yes' if ok else 'NO '}"
        for word, ok in (("imported", o.imported), ("checked", o.checked), ("rendered", o.rendered), ("raced", o.raced))
    )
    s = o.steps
    steps = (
        ""
        if s is None
        else (
            f"  steps {s['board']}: kept {s['kept']}, moved {s['moved']}, "
            f"dropped {s['dropped']}, refused {s['refused']}, blocked {s['blocked']}"
        )
    )
    ratio = "" if o.ratio is None else f"  load {o.ratio:.1f}x"
    why = f"  ({o.why})" if o.why else ""
    return f"{o.name:18} {marks}{steps}{ratio}{why}"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("folder", metavar="DIR", help="a folder of GP Online .dat files")
    p.add_argument("--runs", type=int, default=3, metavar="N", help="load timings per board (default 3, 0: none)")
    p.add_argument("--keep", metavar="DIR", help="write the maps, renders and reports here")
    args = p.parse_args(argv)
    files = sorted(Path(args.folder).glob("*.dat"))
    if not files:
        print(f"{args.folder}: no .dat files", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(args.keep) if args.keep else Path(tmp)
        out.mkdir(parents=True, exist_ok=True)
        done = []
        for src in files:
            done.append(one_board(src, out, args.runs))
            print(line(done[-1]), flush=True)
    n = len(done)
    total = {
        k: sum(o.steps[k] for o in done if o.steps) for k in ("board", "kept", "moved", "dropped", "refused", "blocked")
    }
    print(
        f"imported {sum(o.imported for o in done)} of {n}, checked {sum(o.checked for o in done)}, "
        f"rendered {sum(o.rendered for o in done)}, raced {sum(o.raced for o in done)}"
    )
    print(
        f"steps of the imported boards: {total['board']}, kept {total['kept']}, moved {total['moved']}, "
        f"dropped {total['dropped']}, refused as no move under the rules {total['refused']}, "
        f"touching a blocked space {total['blocked']}"
    )
    ratios = [o.ratio for o in done if o.ratio is not None]
    if ratios:
        print(
            f"load against pytmx's parse: median {statistics.median(ratios):.1f}, worst {max(ratios):.1f} "
            f"({max(done, key=lambda o: o.ratio or 0).name})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
