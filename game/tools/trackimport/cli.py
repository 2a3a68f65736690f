"""``track import``: read a ``.dat``, convert it, write the ``.tmx`` and say what was kept and what
was lost (and, on request, a JSON report)."""

from __future__ import annotations

import json
import sys
from pathlib import Path as FsPath

from game.texts import tr
from game.texts.mo import SOURCE
from game.tools.datfile import DatError, read_dat
from game.tools.output import cannot_write
from game.tools.trackimport.board import LAPS, WEATHER, ImportProblem, measures, space_of
from game.tools.trackimport.comparison import fidelity, kept_line
from game.tools.trackimport.conversion import convert
from game.tools.trackimport.geometry import gaps_before
from game.tools.trackimport.lanes import understand
from game.tools.trackimport.tmx import tmx_text
from game.tracks.drawing import TrackError, say
from game.tracks.load import load_track
from rules.files.record import write_atomic


def import_cmd(src: str, out: str, report: str | None = None) -> int:
    """Convert ``src`` into ``out`` and print what was kept and what was lost; ``report`` also
    gets it as JSON (``fidelity``)."""
    if cannot_write(out, ".tmx", tr("import.out_not_tmx")):
        return 1
    if report is not None and cannot_write(report, ".json", tr("import.report_not_json")):
        return 1
    target = FsPath(out)
    try:
        dat = read_dat(src)
        board = understand(dat)
        drawing, _, lost = convert(board, FsPath(src).stem)
    except (DatError, ImportProblem) as err:
        print(f"{err}", file=sys.stderr)
        return 1
    try:
        write_atomic(target, tmx_text(drawing, measures(board)[3]))
    except OSError as err:
        print(tr("import.cannot_write_map", out=out, detail=err.strerror or str(err)), file=sys.stderr)
        return 1
    try:
        written = load_track(target)
    except TrackError as err:  # the format refused it after all: say so, keep the file to fix in Tiled
        for p in err.problems:
            print(p.line(), file=sys.stderr)
        print(tr("import.fails_check", out=out), file=sys.stderr)
        return 1
    print(tr("import.read", src=src, nodes=len(dat.nodes), steps=len(dat.edges), header=repr(dat.header)))
    print(kept_line(written).text())
    spaces = space_of(board, written)
    gaps = tuple(
        say("import.gap", node=n, space=spaces.get(n, "?"), far=float(round(far, 1)), whole=round(far))
        for n, far in gaps_before(board).items()
    )
    if gaps:
        print(say("import.gaps", gaps=gaps).text())
    facts = fidelity(board, written)
    steps = facts["steps"]
    print(
        tr(
            "import.steps",
            board=steps["board"],
            kept=steps["kept"],
            moved=steps["moved"],
            dropped=steps["dropped"],
            refused=steps["refused"],
            blocked=steps["blocked"],
        )
    )
    print(
        say(
            "import.assumed",
            laps=LAPS,
            sun=WEATHER["weather_sun"],
            variable=WEATHER["weather_variable"],
            rain=WEATHER["weather_rain"],
            start=written.qualifying_start,
            length=measures(board)[1],
        ).text()
    )  # one decimal, with the language's sign
    lost = board.lost + lost
    print(tr("import.not_kept", n=len(lost)) if lost else tr("import.not_kept.nothing"))
    for line in lost:
        print(f"  - {line.text()}")
    if report is not None:  # in English whatever the language: a script reads it
        try:
            text = json.dumps(
                {"file": src, "map": out}
                | facts
                | {"gaps": [g.text(SOURCE) for g in gaps], "not_kept": [x.text(SOURCE) for x in lost]},
                indent=2,
            )
            write_atomic(FsPath(report), text + "\n")
        except OSError as err:
            print(tr("import.cannot_write_report", report=report, detail=err.strerror or str(err)), file=sys.stderr)
            return 1
    print(tr("import.written", out=out))
    return 0
