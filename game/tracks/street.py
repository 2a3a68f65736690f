"""The street race's track features: zones drawn over the lanes and numbered tunnel ends.

What a designer draws (docs/track-format.md, "Street race"):

* layer ``zones``: polygons of class ``shooting_zone`` (the residents'
  windows, STREET-5), ``danger_zone`` (STREET-6) and ``police_station``
  (STREET-7) over the lanes; a zone holds the spaces whose centres it covers.
  Points of class ``black_space`` mark the danger zone's black spaces.
* layer ``tunnels``: points of class ``tunnel_entry`` and ``tunnel_exit``, each
  on a space, with the int property ``number``; a car on the entry is moved to
  the exit with the same number (STREET-7).

``street_features`` turns them into ``Track.zones`` and ``Track.tunnels`` and
reports every mistake with the object's id and position. ``build`` calls it
with its problem collector, so the features' problems join the others.
STREET-4 (no pits) makes a street feature on a track with a pit lane an error.
"""

from __future__ import annotations

from typing import Protocol

from game.tracks.drawing import Drawing, Shape
from game.tracks.geometry import Point, point_in_polygon
from rules.track import Space, Tunnel, Zone

ZONES_LAYER = "zones"
TUNNELS_LAYER = "tunnels"
STREET_LAYERS = (ZONES_LAYER, TUNNELS_LAYER)
#: Zone classes and the ``Zone.kind`` each becomes.
ZONE_KINDS = {"shooting_zone": "shooting", "danger_zone": "danger", "police_station": "police"}
BLACK_SPACE = "black_space"
ENTRY, EXIT = "tunnel_entry", "tunnel_exit"
ZONE_WORDS = {"shooting": "shooting zone", "danger": "danger zone", "police": "police station"}
MAX_TUNNEL = 99


class Collector(Protocol):
    """The part of ``builder.Builder`` the features need: the drawing and its problem list."""

    d: Drawing

    def fail(self, message: str, hint: str, shape: Shape | None = None, at: Point | None = None) -> None: ...

    def objects(self, layer: str, *kinds: str) -> dict[str, list[Shape]]: ...

    def int_prop(self, s: Shape, key: str, lo: int, hi: int) -> int | None: ...


class Finder(Protocol):
    """``build.SpaceFinder``: the track space under a drawn point."""

    spaces: list[Space]

    def snap(self, pt: Point, pit: bool = False) -> Space | None: ...


def street_features(b: Collector, near: Finder, has_pit: bool) -> tuple[tuple[Zone, ...], tuple[Tunnel, ...]]:
    """The zones and tunnels of the map (empty when it has none), problems reported to ``b``."""
    zone_objs = b.objects(ZONES_LAYER, *ZONE_KINDS, BLACK_SPACE)
    tunnel_objs = b.objects(TUNNELS_LAYER, ENTRY, EXIT)
    zones = _zones(b, zone_objs, near)
    tunnels = _tunnels(b, tunnel_objs[ENTRY], tunnel_objs[EXIT], near)
    drawn = [s for shapes in (*zone_objs.values(), *tunnel_objs.values()) for s in shapes]
    if has_pit and drawn:
        b.fail(
            "the track has a pit lane and street-race features: a street race has no pits (STREET-4)",
            "delete the layer 'pit' for a street circuit, or delete the zones and tunnels",
            drawn[0],
        )
    return zones, tunnels


def _zones(b: Collector, objs: dict[str, list[Shape]], near: Finder) -> tuple[Zone, ...]:
    """Each zone polygon with the spaces it covers; black spaces only inside a danger zone (STREET-6)."""
    track_spaces = [s for s in near.spaces if not s.in_pit]
    found: list[tuple[Shape, str, list[Space]]] = []
    owner: dict[str, tuple[Shape, str]] = {}
    for cls, kind in ZONE_KINDS.items():
        for shape in objs[cls]:
            word = ZONE_WORDS[kind]
            if not shape.closed or len(shape.points) < 3:
                b.fail(
                    f"the {word} is not a polygon",
                    "draw it with the Insert Polygon tool (P) over the lanes and click its first point again to close it "
                    "(a rectangle from Insert Rectangle is not read)",
                    shape,
                )
                continue
            covered = [s for s in track_spaces if point_in_polygon((s.x, s.y), shape.points)]
            if not covered:
                b.fail(
                    f"the {word} covers no space: it lies outside the lanes",
                    "draw the polygon over the lanes so that it covers the centres of its spaces "
                    "(track render --names shows them)",
                    shape,
                )
                continue
            clash = next((s for s in covered if s.name in owner), None)
            if clash is not None:
                other, other_kind = owner[clash.name]
                b.fail(
                    f"the {word} and the {ZONE_WORDS[other_kind]} object {other.id} both cover {clash.name}",
                    "a space belongs to one zone at most: move the polygons apart",
                    shape,
                )
                continue
            owner.update((s.name, (shape, kind)) for s in covered)
            found.append((shape, kind, covered))
    black: dict[int, list[str]] = {}
    placed: set[str] = set()
    for point in objs[BLACK_SPACE]:
        sp = near.snap(point.anchor)
        if sp is None:
            b.fail("the black space is not on a space", "move the black_space point onto the centre of a space", point)
            continue
        zone = owner.get(sp.name)
        if zone is None or zone[1] != "danger":
            inside = f"in the {ZONE_WORDS[zone[1]]} object {zone[0].id}" if zone else "outside every zone"
            b.fail(
                f"the black space on {sp.name} is outside the danger zone ({inside})",
                "move the black_space point onto a space of a danger_zone polygon, or draw the danger zone over it",
                point,
            )
            continue
        if sp.name in placed:
            b.fail(f"two black spaces are on {sp.name}", "delete one of them", point)
            continue
        placed.add(sp.name)
        black.setdefault(zone[0].id, []).append(sp.name)
    zones = []
    for shape, kind, covered in found:
        if kind == "danger" and not black.get(shape.id):
            b.fail(
                "the danger zone has no black spaces",
                "place black_space points (Insert Point, I) on the spaces of the zone that count as dangerous (STREET-6)",
                shape,
            )
        order = sorted(covered, key=lambda s: (s.row, s.lane))
        rank = {s.name: i for i, s in enumerate(order)}
        zones.append(
            Zone(
                kind=kind,  # type: ignore[arg-type]
                spaces=tuple(s.name for s in order),
                black=tuple(sorted(black.get(shape.id, ()), key=rank.__getitem__)),
                object_id=shape.id,
            )
        )
    first_row = {shape.id: min(s.row for s in covered) for shape, _, covered in found}
    zones.sort(key=lambda z: (first_row[z.object_id], z.object_id))  # in lap order, for track info
    return tuple(zones)


def _tunnels(b: Collector, entries: list[Shape], exits: list[Shape], near: Finder) -> tuple[Tunnel, ...]:
    """Tunnel pairs (STREET-7): one entry and one exit per number, each on its own space, the exit further on."""
    ends: dict[str, dict[int, tuple[Shape, Space]]] = {ENTRY: {}, EXIT: {}}
    used: dict[str, Shape] = {}
    for cls, shapes in ((ENTRY, entries), (EXIT, exits)):
        word = cls.replace("_", " ")
        for point in shapes:
            number = b.int_prop(point, "number", 1, MAX_TUNNEL)
            sp = near.snap(point.anchor)
            if sp is None:
                b.fail(
                    f"the {word}" + (f" {number}" if number is not None else "") + " is not on a track space",
                    f"move the {cls} point onto the centre of a space of the lanes",
                    point,
                )
                continue
            if number is None:
                continue
            if number in ends[cls]:
                b.fail(
                    f"two {word.replace('entry', 'entries').replace('exit', 'exits')} have number {number}",
                    f"give each tunnel pair its own number: one {ENTRY} and one {EXIT} per number",
                    point,
                )
                continue
            if sp.name in used:
                b.fail(
                    f"the {word} {number} is on {sp.name}, where object {used[sp.name].id} is already a tunnel end",
                    "put every tunnel entry and exit on its own space",
                    point,
                )
                continue
            used[sp.name] = point
            ends[cls][number] = (point, sp)
    tunnels = []
    for cls, other in ((ENTRY, EXIT), (EXIT, ENTRY)):
        for number, (point, _) in sorted(ends[cls].items()):
            if number not in ends[other]:
                b.fail(
                    f"the {cls.replace('_', ' ')} {number} has no partner: no {other} has number {number}",
                    f"place a {other} point with number {number} on the space at the tunnel's other end, "
                    "or delete this one",
                    point,
                )
    for number in sorted(set(ends[ENTRY]) & set(ends[EXIT])):
        (e_obj, e_sp), (_, x_sp) = ends[ENTRY][number], ends[EXIT][number]
        if x_sp.progress <= e_sp.progress:
            b.fail(
                f"tunnel {number} leads from {e_sp.name} back to {x_sp.name}, or across the start/finish line",
                "put the tunnel_exit further along the lap than its tunnel_entry, both on the same side of the "
                "start/finish line (swap the two classes if they are the wrong way round)",
                e_obj,
            )
            continue
        tunnels.append(Tunnel(number=number, entry=e_sp.name, exit=x_sp.name))
    return tuple(tunnels)
