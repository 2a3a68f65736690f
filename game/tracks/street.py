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

from game.tracks.drawing import Drawing, Said, Shape, say
from game.tracks.geometry import Point, point_in_polygon
from rules.track import Space, Tunnel, Zone

ZONES_LAYER = "zones"
TUNNELS_LAYER = "tunnels"
STREET_LAYERS = (ZONES_LAYER, TUNNELS_LAYER)
#: Zone classes and the ``Zone.kind`` each becomes.
ZONE_KINDS = {"shooting_zone": "shooting", "danger_zone": "danger", "police_station": "police"}
BLACK_SPACE = "black_space"
ENTRY, EXIT = "tunnel_entry", "tunnel_exit"
MAX_TUNNEL = 99


class Collector(Protocol):
    """The part of ``builder.Builder`` the features need: the drawing and its problem list."""

    d: Drawing

    def fail(self, message: Said, hint: Said, shape: Shape | None = None, at: Point | None = None) -> None: ...

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
        b.fail(say("track.street_pit"), say("track.street_pit.fix"), drawn[0])
    return zones, tunnels


def _zones(b: Collector, objs: dict[str, list[Shape]], near: Finder) -> tuple[Zone, ...]:
    """Each zone polygon with the spaces it covers; black spaces only inside a danger zone (STREET-6)."""
    track_spaces = [s for s in near.spaces if not s.in_pit]
    found: list[tuple[Shape, str, list[Space]]] = []
    owner: dict[str, tuple[Shape, str]] = {}
    for cls, kind in ZONE_KINDS.items():
        for shape in objs[cls]:
            word = say(f"track.zone.{kind}")
            if not shape.closed or len(shape.points) < 3:
                b.fail(say("track.zone_not_polygon", zone=word), say("track.zone_not_polygon.fix"), shape)
                continue
            covered = [s for s in track_spaces if point_in_polygon((s.x, s.y), shape.points)]
            if not covered:
                b.fail(say("track.zone_empty", zone=word), say("track.zone_empty.fix"), shape)
                continue
            clash = next((s for s in covered if s.name in owner), None)
            if clash is not None:
                other, other_kind = owner[clash.name]
                b.fail(
                    say(
                        "track.zone_clash",
                        zone=word,
                        other=say(f"track.zone.{other_kind}"),
                        id=other.id,
                        space=clash.name,
                    ),
                    say("track.zone_clash.fix"),
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
            b.fail(say("track.black_off_space"), say("track.black_off_space.fix"), point)
            continue
        zone = owner.get(sp.name)
        if zone is None or zone[1] != "danger":
            inside = (
                say("track.what.in_zone", zone=say(f"track.zone.{zone[1]}"), id=zone[0].id)
                if zone
                else say("track.what.no_zone")
            )
            b.fail(say("track.black_outside", space=sp.name, inside=inside), say("track.black_outside.fix"), point)
            continue
        if sp.name in placed:
            b.fail(say("track.black_twice", space=sp.name), say("track.black_twice.fix"), point)
            continue
        placed.add(sp.name)
        black.setdefault(zone[0].id, []).append(sp.name)
    zones = []
    for shape, kind, covered in found:
        if kind == "danger" and not black.get(shape.id):
            b.fail(say("track.danger_no_black"), say("track.danger_no_black.fix"), shape)
        order = sorted(covered, key=lambda s: (s.row, s.lane))
        rank = {s.name: i for i, s in enumerate(order)}
        zones.append(
            Zone(
                kind=kind,
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
        end = "entry" if cls == ENTRY else "exit"
        for point in shapes:
            number = b.int_prop(point, "number", 1, MAX_TUNNEL)
            sp = near.snap(point.anchor)
            if sp is None:
                b.fail(
                    say(f"track.tunnel_{end}_off" + ("_n" if number is not None else ""), n=number or 0),
                    say("track.tunnel_off.fix", cls=cls),
                    point,
                )
                continue
            if number is None:
                continue
            if number in ends[cls]:
                b.fail(
                    say(f"track.tunnel_{end}_twice", n=number),
                    say("track.tunnel_twice.fix", entry=ENTRY, exit=EXIT),
                    point,
                )
                continue
            if sp.name in used:
                b.fail(
                    say(f"track.tunnel_{end}_shared", n=number, space=sp.name, id=used[sp.name].id),
                    say("track.tunnel_shared.fix"),
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
                    say(f"track.tunnel_{'entry' if cls == ENTRY else 'exit'}_alone", n=number, other=other),
                    say("track.tunnel_alone.fix", other=other, n=number),
                    point,
                )
    for number in sorted(set(ends[ENTRY]) & set(ends[EXIT])):
        (e_obj, e_sp), (_, x_sp) = ends[ENTRY][number], ends[EXIT][number]
        if x_sp.progress <= e_sp.progress:
            b.fail(
                say("track.tunnel_backwards", n=number, entry=e_sp.name, exit=x_sp.name),
                say("track.tunnel_backwards.fix"),
                e_obj,
            )
            continue
        tunnels.append(Tunnel(number=number, entry=e_sp.name, exit=x_sp.name))
    return tuple(tunnels)
