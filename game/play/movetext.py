"""What a legal move costs and causes, in words (tooltips, the way menu, board tags)."""

from __future__ import annotations

from game.texts import place_name, reason_text, tr
from rules.moves import Move
from rules.track import Corner, Track


def move_lines(track: Track, move: Move, here: str, street: bool = False) -> list[str]:
    """Every consequence of ``move`` worth knowing before choosing it; in a street race (``street``)
    also what the city circuit does to it (STREET-5, STREET-7, STREET-8)."""
    if move.out is not None:
        return [tr("cost.out", reason=reason_text(move.out))]
    lines: list[str] = []
    if move.via != "roll":
        lines.append(tr(f"via.{move.via}", n=len(move.path)))
    if move.slip_brake:
        lines.append(tr("via.slip_brake"))
    if not move.path:
        lines.append(tr("cost.stay", space=here))
    costs = []
    if move.brakes:
        costs.append(tr("cost.brakes", n=move.brakes))
    if move.tyres:
        costs.append(tr("cost.tyres", n=move.tyres))
    lines.append(", ".join(costs) if costs else tr("cost.free"))
    if move.blocked:
        lines.append(tr("cost.blocked"))
    if move.dangers:
        lines.append(tr("cost.checks", n=move.dangers))
    if move.spin:
        lines.append(tr("cost.spin"))
    if move.corner is not None and not move.spin:
        corner = track.corners[move.corner]
        lines.append(tr("cost.stop", stops=move.stops, required=corner.stops, corner=place_name(corner.label)))
    if move.in_box:
        lines.append(tr("cost.pit"))
    if move.finishes:
        lines.append(tr("cost.finish"))
    return lines + (street_lines(track, move) if street else [])


def street_lines(track: Track, move: Move) -> list[str]:
    """The city circuit on the way: the residents' windows (STREET-5), the police station and a
    tunnel entry to stop on (STREET-7), the tyres and WP back on the line (STREET-8)."""
    kinds = {z.kind for z in (track.zone_of(n) for n in move.path) if z is not None}
    lines = [tr("cost.shooting")] if "shooting" in kinds else []
    if "police" in kinds:
        lines.append(tr("cost.police"))
    gate = track.tunnel_from(move.end) if move.end else None
    if gate is not None:
        lines.append(tr("cost.tunnel", number=gate.number, space=gate.exit))
    if move.laps and not move.finishes:
        lines.append(tr("cost.line_wp"))
    return lines


def corner_sign_lines(corner: Corner) -> list[str]:
    """What a corner's sign on the board says (CORNER-1, CORNER-2): the yellow stops to make, the
    red and the green number of spaces of the shortest and the longest way through it."""
    return [
        place_name(corner.label),
        tr("race.flags.stops", n=corner.stops),
        tr("race.flags.shortest", n=corner.shortest),
        tr("race.flags.longest", n=corner.longest),
    ]


def move_tag(move: Move) -> str:
    """The few letters shown on a highlighted space: "−2 brk −1 tyr", "Slip +3 −1 brk", "OUT", or nothing
    when free. Costs start with their number, so a tag never reads like a space's name (B1, C17)."""
    if move.out is not None:
        return tr("cost.out_short")
    parts = [tr(f"via.{move.via}.short", n=len(move.path))] if move.via != "roll" else []
    if move.brakes:
        parts.append(tr("cost.brakes_short", n=move.brakes))
    if move.tyres:
        parts.append(tr("cost.tyres_short", n=move.tyres))
    return " ".join(parts)
