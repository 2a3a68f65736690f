"""The designer's command-line tools: ``track check``, ``track info`` and ``track render``."""

from __future__ import annotations

import json
import math
import os
import sys

from game.texts import tr
from game.tools.output import cannot_write
from game.tracks.drawing import TrackError
from game.tracks.load import check_track, load_track
from rules.track import Track


def check(files: list[str]) -> int:
    """Print every problem, one line each; exit 1 if any file has one."""
    bad = 0
    for f in files:
        problems = check_track(f)
        for p in problems:
            print(p.line())
        if problems:
            bad += 1
        else:
            print(tr("track.ok", file=f))
    return 1 if bad else 0


def info(file: str, as_json: bool = False) -> int:
    try:
        track = load_track(file)
    except TrackError as err:
        for p in err.problems:
            print(p.line(), file=sys.stderr)
        return 1
    facts = summary(track)
    if as_json:
        from game.tools.trackgraph import graph

        print(json.dumps(facts | graph(track), indent=2))
    else:
        print(render_text(facts))
    return 0


def summary(track: Track) -> dict:
    """The facts a designer checks: lap lengths, corners, pit, grid, weather, hash."""
    pit = track.pit
    return {
        "name": track.name,
        "laps": track.laps,
        "lanes": track.lanes,
        "rows": track.rows,
        "lap_length": {track.lane_spaces(li)[0].name[0]: len(track.lane_spaces(li)) for li in range(track.lanes)},
        "corners": [
            {
                "label": c.label,
                "stops": c.stops,
                "inside": c.inside,
                "shortest": c.shortest,
                "longest": c.longest,
                "first": min(c.spaces, key=lambda n: track.space(n).progress),
                "spaces": len(c.spaces),
            }
            for c in track.corners
        ],
        "pit_lane": None
        if pit is None
        else {
            "length": len(pit.spaces),
            "entry": pit.entry,
            "exit": pit.exit,
            "entries": list(pit.entries),
            "exits": list(pit.exits),
            "boxes": list(pit.boxes),
        },
        "grid": list(track.grid),
        "qualifying_start": track.qualifying_start,
        "zones": [
            {"kind": z.kind, "object": z.object_id, "spaces": list(z.spaces), "black": list(z.black)}
            for z in track.zones
        ],
        "tunnels": [{"number": t.number, "entry": t.entry, "exit": t.exit} for t in track.tunnels],
        "blocked": list(track.blocked),
        "partial": [
            {
                "lane": track.space(r.first).name[0],
                "first": r.first,
                "last": r.last,
                "spaces": len(track.lane_spaces(r.lane)),
            }
            for r in track.partial
        ],
        "weather": {k: _range(v) for k, v in track.weather.model_dump().items()},
        "hash": track.content_hash(),
    }


def _range(r: list[int] | tuple[int, int] | None) -> str:
    if not r:
        return "never"
    return str(r[0]) if r[0] == r[1] else f"{r[0]}-{r[1]}"


#: How ``track info`` names the street race's zones (STREET-5..7).
ZONE_NAMES = {"shooting": "shooting zone", "danger": "danger zone", "police": "police station"}


def render_text(f: dict) -> str:
    lines = [
        f"{f['name']}: {f['lanes']} lanes, {f['rows']} rows, default {f['laps']} lap(s)",
        "lap length: " + ", ".join(f"lane {k} {v} spaces" for k, v in f["lap_length"].items()),
        *(
            f"lane {p['lane']} begins and ends: {p['spaces']} spaces from {p['first']} to {p['last']}"
            for p in f["partial"]
        ),
        "corners:",
    ]
    for c in f["corners"]:
        lines.append(
            f"  {c['label']}: {c['stops']} stop(s), inside {c['inside']}, "
            f"shortest {c['shortest']}, longest {c['longest']}, from {c['first']}"
        )
    pit = f["pit_lane"]
    lines.append(
        "pit lane: none"
        if pit is None
        else f"pit lane: {pit['length']} spaces, entry {' and '.join(pit['entries'])}, "
        f"exit {' and '.join(pit['exits'])}, {len(pit['boxes'])} boxes"
    )
    lines.append(f"grid: {len(f['grid'])} slots, pole {f['grid'][0]}: " + " ".join(f["grid"]))
    lines.append(f"qualifying start: {f['qualifying_start']}")
    for z in f["zones"]:
        black = f", black spaces {' '.join(z['black'])}" if z["black"] else ""
        lines.append(
            f"{ZONE_NAMES[z['kind']]} (object {z['object']}): {len(z['spaces'])} spaces, "
            f"{z['spaces'][0]} to {z['spaces'][-1]}{black}"
        )
    for t in f["tunnels"]:
        lines.append(f"tunnel {t['number']}: from {t['entry']} to {t['exit']}")
    if f["blocked"]:  # AMB-69
        lines.append(f"blocked spaces ({len(f['blocked'])}, no car may use them): " + " ".join(f["blocked"]))
    w = f["weather"]
    lines.append(f"weather: sun {w['sun']}, variable {w['variable']}, rain {w['rain']}")
    lines.append(f"hash: {f['hash']}")
    return "\n".join(lines)


#: Largest picture ``track render`` writes, in pixels (about 20000 x 20000 would need gigabytes).
MAX_RENDER_PIXELS = 80_000_000
#: Largest ``--scale``: a map drawn 10 times its size already shows every name sharply.
MAX_SCALE = 10.0
MIN_SCALE = 0.01  # the renderer keeps 4 decimals of the scale


def render(file: str, out: str, names: bool = False, arrows: bool = False, scale: float = 1.0) -> int:
    """Draw the board exactly as the game does into a PNG; exit 1 with the problems if it cannot.

    ``names`` writes every space's name and row on it and tints the rows, so
    side-by-side spaces share a colour; ``arrows`` draws the lane-change
    arrows. Runs without a display (SDL's dummy video driver).
    """
    try:
        track = load_track(file)
    except TrackError as err:
        for p in err.problems:
            print(p.line(), file=sys.stderr)
        print(tr("track.not_rendered", file=file), file=sys.stderr)
        return 1
    # inf or nan would overflow the picture size; below MIN_SCALE the drawing rounds the scale to 0
    if not (math.isfinite(scale) and MIN_SCALE <= scale <= MAX_SCALE):
        print(f"{file}: --scale must be a number from {MIN_SCALE:g} to {MAX_SCALE:g}, not {scale:g}", file=sys.stderr)
        return 1
    if cannot_write(out, ".png", "the picture is written as PNG; give a file name ending in .png"):
        return 1
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.board.apart import problems
    from game.board.render import BoardOptions, BoardRenderer, read_art

    pygame.font.init()
    art = read_art(file)
    board = BoardRenderer(track, art=art)
    w, h = board.size_at(scale)
    if w * h > MAX_RENDER_PIXELS:
        print(f"{out}: {w} x {h} pixels is too large; use a smaller --scale", file=sys.stderr)
        return 1
    picture = board.render(BoardOptions(names=names, rows=names, arrows=arrows), scale)
    try:
        pygame.image.save(picture, out)
    except (pygame.error, OSError) as exc:
        print(f"{out}: cannot write the picture ({exc})", file=sys.stderr)
        return 1
    x, y, bw, bh = board.bounds
    print(f"{out}: {w} x {h} px, map pixels ({x:.0f}, {y:.0f}) to ({x + bw:.0f}, {y + bh:.0f}) at scale {scale:g}")
    if scale == 1:
        print(f"{out}: to lay it over the map in Tiled, add it as an image layer with offset X {x:.0f}, Y {y:.0f}")
    for note in [*art.notes, *problems(board)]:
        print(f"{file}: note: {note}")
    if names and 0.28 * board.lane_width * scale < 8:
        print(
            f"{out}: note: the names are too small to draw at scale {scale:g}; use --scale "
            f"{8 / (0.28 * board.lane_width):.2g} or more"
        )
    return 0
