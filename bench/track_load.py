"""How long loading a track takes, against pytmx's own parse of the same file.

    python bench/track_load.py [--runs N]

For every shipped track and for generated stress maps (an oval of the most lanes
the format allows, 10, with 1,000 spaces per lane; and of 4 lanes with nearly
2,000, the most a lane may have), prints the median CPU time of ``pytmx.TiledMap(file)``, of
``load_track(file)`` (read, check and build the graph; no cache) and their ratio.
Each stress map is measured twice: as generated (a few polylines, so pytmx's
parse is tiny) and with every space placed by hand (a point per space in the
layer ``spaces``, the file a traced board makes). The two are measured in turn,
each run from a collected heap.

Where it stands (the target is at most 5; on a machine shared by six builds a
figure moves by some 0.5 between runs): the shipped tracks 1.6 to 2.9, the oval 3.5
to 4.1 (4.8 once), stress-10x1000-hand 3.7 to 4.9 (some 280 ms against pytmx's 65
in a quiet moment, 4.3), stress-4x1960-hand 4.0 to 4.7; as generated, stress-10x1000
43 to 61 (some 190 ms against 3.3) and stress-4x1960 50 to 79.

Where the time goes on stress-10x1000-hand (CPU ms, each phase of ``load_track``
timed on its own, best of 9, against pytmx's 63 for the whole file): reading the
file 53, of which the XML parse (once, for the precheck and pytmx both) is some 22,
the precheck's checks 9, and the 10,000 plain points, the spaces, 15: the loader
reads them from the tree itself, where pytmx's objects for them would cost more than
the rest of the reading (pytmx reads the hundred other objects, 2); the spaces 77,
of which validating the 10,261 ``Space`` models in one call is 22; the steps 41, of
which validating the 27,794 ``Edge`` models is 24; the hand-placed spaces' lanes 27
(``NearPaths``: one cell look-up per point); reachability 16; the cuts 10, corners
8, the rest 12; and the cycle collector's one pass over the new track's 100,000
objects when it resumes after the load, some 35. The collector is paused while the
track loads: with it running the load takes 560 ms instead of 305, while pytmx's
parse from a collected heap takes as long with it running as paused, so the ratio
is not flattered by it. No step is far above the cost of touching each space or
step a few times in Python.

The stress maps as generated cannot reach 5 in pure Python with this ``Track``
model: their file is a few dozen polylines (pytmx 3.5 ms), but the graph is the same
10,261 spaces and 27,794 steps. Validating those models alone takes 46 ms (13 times
pytmx's parse), the collector's pass over them some 30, making and checking the
spaces and steps (rows, diagonals, reachability, corners) another 110, some 10 us a
space. Ratio 5 would be 18 ms, under 2 us a space for everything: about what
validating its ``Space`` model alone costs. It would take a graph that is not built
up front (a ``Track`` that derives its steps on demand, or holds them as plain
tuples instead of pydantic models, which changes rules/), or building it outside
Python; the game keeps its cache, so a map is built once per change.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytmx  # noqa: E402

import trackgen  # noqa: E402
from game.tracks.builder import MAX_LANES, MAX_SPACES  # noqa: E402
from game.tracks.load import load_track  # noqa: E402
from trackgen import Arc, Circuit, Corner, Pit, Straight, towards  # noqa: E402

REPO = Path(__file__).resolve().parent.parent


def cpu_ms(work: Callable[[], object]) -> float:
    """The CPU time of this process for one ``work``: other work on a shared machine does not
    stretch it, as it stretches the time on the clock. The run starts from a collected heap
    holding no track, so the cycle collector's passes during pytmx's parse walk no more
    objects than they would in a program that only parses."""
    gc.collect()
    start = time.process_time()
    work()
    return (time.process_time() - start) * 1000


def medians(path: Path, runs: int) -> tuple[float, float]:
    """The median milliseconds of pytmx's parse and of ``load_track`` on ``path``, their runs
    taken in turn, so a change in the machine's load while a file is measured touches both."""
    parse, load = [], []
    for _ in range(runs):
        parse.append(cpu_ms(lambda: pytmx.TiledMap(str(path))))
        load.append(cpu_ms(lambda: load_track(path)))
    return statistics.median(parse), statistics.median(load)


def stress_circuit(lanes: int, spaces_per_lane: int) -> Circuit:
    """An oval whose innermost lane has about ``spaces_per_lane`` spaces: two long straights,
    a 2-stop and a 1-stop hairpin, a pit lane and the usual grid."""
    space, radius = 48.0, 400.0
    straight = (spaces_per_lane * space - 2 * 3.14159 * (radius - (lanes - 1) * 20)) / 2
    arrows = towards(lanes, "left", (0.2, 0.6)) + towards(lanes, "right", (0.4, 0.8))
    return Circuit(
        file=f"stress-{lanes}x{spaces_per_lane}.tmx",
        name=f"Stress {lanes} lanes",
        laps=3,
        lanes=lanes,
        lane_spacing=40.0,
        space_length=space,
        start_at=straight / 2,
        segments=(
            Straight(straight),
            Arc(radius, 180.0, "left", Corner(2, "North", arrows=arrows)),
            Straight(straight),
            Arc(radius, 180.0, "left", Corner(1, "South", arrows=arrows)),
        ),
        pit=Pit(side="right", entry=12, exit=6, offset=64.0, ramp=72.0, boxes=10),
    )


def placed_by_hand(text: str, path: Path) -> str:
    """The map ``text`` (saved at ``path``) with a layer ``spaces`` holding a point on every lane space."""
    track = load_track(path)
    root = ET.fromstring(text)
    next_id = int(root.get("nextobjectid", "1"))
    layer = ET.SubElement(
        root, "objectgroup", id=str(1 + max(int(e.get("id", "0")) for e in root if e.get("id"))), name="spaces"
    )
    for i, sp in enumerate(s for s in track.spaces if not s.in_pit):
        obj = ET.SubElement(layer, "object", id=str(next_id + i), type="space", x=repr(sp.x), y=repr(sp.y))
        ET.SubElement(obj, "point")
    root.set("nextobjectid", str(next_id + len(layer)))
    return ET.tostring(root, encoding="unicode")


def stress_maps(tmp: Path) -> list[Path]:
    """The generated stress maps, each also with every space placed by hand."""
    files = []
    for lanes, per_lane in ((MAX_LANES, 1000), (4, MAX_SPACES - 40)):
        path = tmp / f"stress-{lanes}x{per_lane}.tmx"
        text = trackgen.tmx_text(trackgen.build(stress_circuit(lanes, per_lane)))
        path.write_text(text, encoding="utf-8")
        by_hand = tmp / f"stress-{lanes}x{per_lane}-hand.tmx"
        by_hand.write_text(placed_by_hand(text, path), encoding="utf-8")
        files += [path, by_hand]
    return files


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per file; the median is printed")
    args = parser.parse_args()
    print(f"{'track':28} {'spaces':>7} {'pytmx ms':>9} {'load ms':>9} {'ratio':>6}")
    with tempfile.TemporaryDirectory() as tmp:
        files = sorted((REPO / "maps").glob("*.tmx")) + stress_maps(Path(tmp))
        for path in files:
            spaces = len(load_track(path).spaces)
            parse, load = medians(path, args.runs)
            print(f"{path.name:28} {spaces:>7} {parse:>9.1f} {load:>9.1f} {load / parse:>6.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
