"""Reading a GP Online track file (``.dat``), the format of the Java Formula D program whose
community traced many printed boards; ``trackimport`` turns it into a map of this game.

The format, as GP Online's own reader (``MapEditor.loadNodes``) reads it, in sections
separated by one empty line each (docs/track-format.md, "Importing a GP Online track"):

1. a header line: the background picture and the corner of the info box, ``IMAGE.jpg N ...``;
2. one node a line, ``ID X Y TYPE [F]``: pixel position, the type as a number
   (0 unknown, 1 straight, 2 curve of 2 stops, 3 curve of 1 stop, 4 blocked, 5 finish,
   6 curve of 3 stops, 7 pit lane) and ``F`` on the nodes the finish line is drawn on;
3. one directed edge a line, ``FROM TO``: a car may step from node FROM to node TO;
4. ``ID VALUE``: on a curve node its distance into the curve (GP Online orders side-by-side
   curve spaces by it), on a pit node a garage (a box);
5. ``ID ANGLE``: a starting-grid slot and the angle its car stands at.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.texts.mo import SOURCE
from game.tracks.drawing import Part, Said, say
from rules.files.filelimits import TRACK, FileRefused, read_bytes

UNKNOWN, STRAIGHT, CURVE_2, CURVE_1, BLOCKED, FINISH, CURVE_3, PIT = range(8)
TYPE_NAMES = (
    "unknown",
    "straight",
    "curve of 2 stops",
    "curve of 1 stop",
    "blocked",
    "finish",
    "curve of 3 stops",
    "pit lane",
)
STOPS = {CURVE_1: 1, CURVE_2: 2, CURVE_3: 3}


MAX_PIXEL = 1_000_000.0  # GP Online's boards are pictures a few thousand pixels wide


class DatError(Exception):
    """A .dat file that cannot be read: what is wrong, on which line, and how to fix it, kept as
    ``said`` so it shows in the language current then (its first argument is the English)."""

    def __init__(self, file: str, line: int | None, message: Said, fix: Said) -> None:
        self.said = say("dat.error", where=f"{file}:{line}" if line else file, message=message, fix=fix)
        super().__init__(self.said.text(SOURCE))

    def __str__(self) -> str:
        return self.said.text()


def _words(words: list[str]) -> Part:
    return repr(" ".join(words))


@dataclass(frozen=True)
class Node:
    id: int
    x: float
    y: float
    type: int
    finish: bool  # the finish line is drawn on it (the F flag, or the old FINISH type)

    @property
    def pos(self) -> tuple[float, float]:
        return (self.x, self.y)

    @property
    def curve(self) -> bool:
        return self.type in STOPS

    @property
    def pit(self) -> bool:
        return self.type == PIT


@dataclass
class DatTrack:
    """What a .dat file holds."""

    header: str
    nodes: dict[int, Node] = field(default_factory=dict)
    edges: list[tuple[int, int]] = field(default_factory=list)
    attributes: dict[int, float] = field(default_factory=dict)
    grid: dict[int, float] = field(default_factory=dict)

    def successors(self, node: int) -> list[int]:
        return [b for a, b in self.edges if a == node]


def read_dat(path: str | Path) -> DatTrack:
    """Parse a .dat file; DatError names the first line that is wrong."""
    file = str(path)
    try:
        raw = read_bytes(path, TRACK)
    except FileRefused as exc:
        raise DatError(file, None, say("dat.refused", reason=exc.why), say("dat.refused.fix", fix=exc.remedy)) from None
    except OSError as exc:
        detail = exc.strerror or str(exc)
        raise DatError(file, None, say("dat.unreadable", detail=detail), say("dat.unreadable.fix")) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    return parse_dat(text, file)


def parse_dat(text: str, file: str = "track.dat") -> DatTrack:
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        raise DatError(file, 1, say("dat.empty_first"), say("dat.empty_first.fix"))
    head = lines[0].split()
    if len(head) >= 4 and all(_is_number(w) for w in head[:4]):
        raise DatError(file, 1, say("dat.no_header"), say("dat.no_header.fix"))
    track = DatTrack(header=lines[0].strip())
    section = 0
    for number, line in enumerate(lines[1:], start=2):
        words = line.split()
        if not words:
            section += 1
            if section > 3:
                raise DatError(file, number, say("dat.sections"), say("dat.sections.fix"))
            continue
        if section == 0:
            _node(track, words, file, number)
        elif section == 1:
            _edge(track, words, file, number)
        else:
            key, value = _pair(track, words, file, number, "attribute" if section == 2 else "grid")
            (track.attributes if section == 2 else track.grid)[key] = value
    if not track.nodes:
        raise DatError(file, 2, say("dat.no_nodes"), say("dat.no_nodes.fix"))
    return track


def _node(track: DatTrack, words: list[str], file: str, number: int) -> None:
    if len(words) not in (4, 5) or not all(_is_number(w) for w in words[:4]):
        raise DatError(file, number, say("dat.node_line", line=_words(words)), say("dat.node_line.fix"))
    if len(words) == 5 and words[4] != "F":
        raise DatError(file, number, say("dat.fifth_word", word=repr(words[4])), say("dat.fifth_word.fix"))
    nid, kind = _int(words[0], file, number, "node_id"), _int(words[3], file, number, "node_type")
    if nid in track.nodes:
        raise DatError(file, number, say("dat.node_twice", node=nid), say("dat.node_twice.fix"))
    if not 0 <= kind < len(TYPE_NAMES):
        last = len(TYPE_NAMES) - 1
        raise DatError(file, number, say("dat.node_type", kind=kind, last=last), say("dat.node_type.fix"))
    x, y = float(words[1]), float(words[2])
    if not (abs(x) <= MAX_PIXEL and abs(y) <= MAX_PIXEL):  # 1e308 overflows every distance
        raise DatError(
            file,
            number,
            say("dat.off_board", node=nid, x=words[1], y=words[2]),
            say("dat.off_board.fix", most=f"{MAX_PIXEL:,.0f}"),
        )
    track.nodes[nid] = Node(nid, x, y, kind, kind == FINISH or len(words) == 5)


def _edge(track: DatTrack, words: list[str], file: str, number: int) -> None:
    if len(words) != 2:
        raise DatError(file, number, say("dat.edge_line", line=_words(words)), say("dat.edge_line.fix"))
    a, b = (_int(w, file, number, "node_id") for w in words)
    for n in (a, b):
        if n not in track.nodes:
            raise DatError(file, number, say("dat.edge_node", a=a, b=b, node=n), say("dat.edge_node.fix"))
    if a == b:
        raise DatError(file, number, say("dat.edge_self", a=a, b=b), say("dat.edge_self.fix"))
    track.edges.append((a, b))


def _pair(track: DatTrack, words: list[str], file: str, number: int, what: str) -> tuple[int, float]:
    if len(words) != 2 or not _is_number(words[1]):
        raise DatError(file, number, say(f"dat.{what}_line", line=_words(words)), say("dat.pair_line.fix"))
    n = _int(words[0], file, number, "node_id")
    if n not in track.nodes:
        raise DatError(file, number, say(f"dat.{what}_node", node=n), say("dat.pair_node.fix"))
    return n, float(words[1])


def _int(word: str, file: str, number: int, what: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise DatError(file, number, say(f"dat.not_whole.{what}", word=repr(word)), say("dat.not_whole.fix")) from None


def _is_number(word: str) -> bool:
    try:
        value = float(word)
    except ValueError:
        return False
    return value == value and abs(value) != float("inf")
