"""Draw docs/images/architecture.svg: the layers of the code and the flow of one turn.

    python docs/make_architecture.py          write the picture
    python docs/make_architecture.py --check  exit 1 if the committed picture is out of date

The layers are the ones ``tests/test_layering.py`` enforces; the turn is the path
a click on a highlighted space takes through the code (docs/architecture.md).
"""

from __future__ import annotations

import sys
from html import escape
from pathlib import Path

OUT = Path(__file__).resolve().parent / "images" / "architecture.svg"

#: Top to bottom: (package, what it holds, fill colour). Each imports only those below it.
LAYERS = (
    ("main · tools", "entry point; track / simulate / replay / referee / steward", "#f4d9c6"),
    ("game.scenes", "the screens: race (its parts), qualifying, menus, set-up, ...", "#f7e3b5"),
    ("game.app", "window and UI scale, scene stack, key map and focus keys, loop", "#f3efb0"),
    ("game.widgets", "controls and focus ring, gear box, dice, HUDs, folding panels", "#dcefb8"),
    ("game.board", "printed board, camera and framing, cars and marks, catalogue", "#c5ebc9"),
    ("game.theme", "colours, fonts, shared drawing helpers", "#bfe6dd"),
    ("game.play", "race control, pacing, announcements, log, crew plans (no pygame)", "#bcdff0"),
    ("game.net", "races between homes: email race files, Matrix (no pygame)", "#c4daf2"),
    ("game.tracks · storage · texts", "loader (pytmx) · player's files, key map · en / de / fr", "#c9d3f2"),
    ("rules", "engine: phase table, turn hooks, rule modules and their state slices; drivers", "#dccbf0"),
)

#: The flow of one turn, as (where, what happens).
TURN = (
    ("player", "clicks a highlighted space, or picks it by keys"),
    ("scenes.race", "RaceScene.clicked(space): one way, or the way menu"),
    ("play.race_control", "RaceControl.drive(move): the only door to the rules"),
    ("rules.run.session", "RaceSession.act(action): records it for replay"),
    ("rules.engine · phases", "apply(track, state, action): the phase's row names the handler"),
    ("rules.turn · hooks", "the turn's steps call the modules' hooks in MASTERS-TURN order"),
    ("play.race_control", "autosave of the record; a Step with the events"),
    ("widgets.anims · announcer", "the events as animations at their pace; cards for all"),
    ("board · widgets", "redraw; the camera frames the next decision"),
)

W, H = 1180, 700


def box(x: int, y: int, w: int, h: int, fill: str, title: str, text: str) -> str:
    return (
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="8" fill="{fill}" stroke="#5a5a5a"/>'
        f'<text x="{x + 12}" y="{y + 22}" font-family="sans-serif" font-size="15" font-weight="bold" '
        f'fill="#222">{escape(title)}</text>'
        f'<text x="{x + 12}" y="{y + 41}" font-family="sans-serif" font-size="13" fill="#333">{escape(text)}</text>'
    )


def svg() -> str:
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}">',
        '<defs><marker id="a" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
        'orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#444"/></marker></defs>',
        f'<rect width="{W}" height="{H}" fill="#fbfaf6"/>',
        '<text x="24" y="36" font-family="sans-serif" font-size="18" font-weight="bold" '
        'fill="#222">Layers: each imports only those below it</text>',
        '<text x="640" y="36" font-family="sans-serif" font-size="18" font-weight="bold" '
        'fill="#222">One turn: a click on a highlighted space</text>',
    ]
    y = 52
    for title, text, fill in LAYERS:
        parts.append(box(24, y, 560, 54, fill, title, text))
        y += 64
    y = 52
    for i, (where, what) in enumerate(TURN):
        parts.append(box(640, y, 516, 54, "#ffffff", where, what))
        if i + 1 < len(TURN):
            parts.append(
                f'<line x1="898" y1="{y + 54}" x2="898" y2="{y + 70}" stroke="#444" '
                'stroke-width="2" marker-end="url(#a)"/>'
            )
        y += 72
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main(argv: list[str]) -> int:
    text = svg()
    if argv == ["--check"]:
        if not OUT.is_file() or OUT.read_text(encoding="utf-8") != text:
            print(f"out of date: {OUT} (run python docs/make_architecture.py)", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
