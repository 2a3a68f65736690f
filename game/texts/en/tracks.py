"""The track designer's messages: track check, track render, track watch and a broken track in
the game; they speak Tiled's words to someone drawing a board."""

from __future__ import annotations

from game.texts.plural import Plural

# --- the track designer's messages: track check, track render, a broken track in the game ----
DESIGNER: dict[str, str | Plural] = {
    "track.where.track": "track",
    "track.where.object": "{where}: object {id}",
    "track.where.at": "{where} at ({x}, {y})",
    "track.line": "{where}: {message}. Fix: {fix}",
    "track.line_without_fix": "{where}: {message}",
    "track.blocked_not_point": "a blocked space is not a point",
    "track.blocked_not_point.fix": (
        "delete it and place a point (Insert Point, I) of class blocked_space on the centre of the printed space"
    ),
    "track.what.pit_box": "pit box {n}",
    "track.what.pit_space": "a pit-lane space",
    "track.blocked_in_pit": "the blocked space is on {space}, {what}: the pit lane has no blocked spaces",
    "track.blocked_in_pit.fix": (
        "move the blocked_space point onto a space of the lanes, or delete it (draw a pit lane only where "
        "cars may drive)"
    ),
    "track.blocked_off_space": "the blocked space is not on a space",
    "track.blocked_off_space.fix": (
        "move the blocked_space point onto the centre of a space of the lanes (track render --names shows "
        "them), or delete it"
    ),
    "track.blocked_twice": "two blocked spaces are on {space} (objects {first} and {second})",
    "track.blocked_twice.fix": "delete one of them: one blocked_space point per printed space",
    "track.what.grid_slot": "grid slot {n}",
    "track.what.qualifying_start": "the qualifying start",
    "track.what.line_space": "a space at the start/finish line",
    "track.what.pit_entry": "the pit entry",
    "track.what.pit_exit": "the pit exit",
    "track.what.tunnel_entry": "the entry of tunnel {n}",
    "track.what.tunnel_exit": "the exit of tunnel {n}",
    "track.blocked_used.grid_slot.fix": "move the grid slot or the blocked space",
    "track.blocked_used.qualifying_start.fix": "move the qualifying start or the blocked space",
    "track.blocked_used.line_space.fix": (
        "a lap is counted there: move the blocked space off the spaces on either side of the line"
    ),
    "track.blocked_used.pit_entry.fix": "move the pit_lane line's first point or the blocked space",
    "track.blocked_used.pit_exit.fix": "move the pit_lane line's last point or the blocked space",
    "track.blocked_used.tunnel_entry.fix": "move the tunnel_entry or the blocked space",
    "track.blocked_used.tunnel_exit.fix": "move the tunnel_exit or the blocked space",
    "track.blocked_used": "the blocked space on {space} is {what}, which a car must be able to use",
    "track.corner_no_way": "no way leads through this corner",
    "track.corner_no_way.fix": "add arrows so cars can drive from the corner's entry to its exit",
    "track.corner_inside": "corner property inside is {value}, not 'left' or 'right'",
    "track.corner_inside.fix": (
        "set the string property inside to left or right (in lower case: the side the corner turns to, "
        "seen in the driving direction), or delete it to let the game work the side out"
    ),
    "track.not_behind_line": "{cls} on {space} is not behind the start/finish line",
    "track.not_behind_line.fix": (
        "place the grid and the qualifying start on the spaces just before the start/finish line"
    ),
    "track.slot_off_space": "grid slot is not on a track space",
    "track.slot_off_space.fix": "move the grid slot point onto the centre of a space",
    "track.slot_position_twice": "two grid slots have position {position}",
    "track.slot_position_twice.fix": "number the grid slots 1, 2, 3, ... once each",
    "track.slots_share_space": "two grid slots are on space {space}",
    "track.slots_share_space.fix": "put every grid slot on its own space",
    "track.grid_positions": "the grid has positions {positions}; it needs positions 1 to at least {least}",
    "track.grid_positions.fix": "add grid_slot points in layer 'grid' numbered 1, 2, 3, ... without gaps",
    "track.grid_points": "layer 'grid' has {n} objects of class {cls}",
    "track.grid_points.fix": "place exactly one point of class {cls}",
    "track.point_off_space": "the {cls} point is not on a track space",
    "track.point_off_space.fix": "move it onto the centre of a space",
    "track.nlc_not_polyline": "the no_lane_change line is not a polyline",
    "track.nlc_closed": "the no_lane_change line is not a polyline (it is a closed polygon)",
    "track.nlc_not_polyline.fix": (
        "redraw it with the Insert Polygon tool along the line between two lanes and press Enter"
    ),
    "track.nlc_across": "the no_lane_change line crosses lane {lane} between {src} and {dst}",
    "track.nlc_across.fix": "draw it along the line between two lanes, not across a lane",
    "track.nlc_over": "the no_lane_change line runs over the centre of {space}",
    "track.nlc_over.fix": "draw it on the line between two lanes, half way between their spaces' centres",
    "track.nlc_no_change": "the no_lane_change line crosses no diagonal lane change",
    "track.nlc_no_change.fix": (
        "draw it on a straight, on the line between two lanes, from half a space before the first "
        "forbidden change to half a space after the last; in corners and arrow zones cars change lanes "
        "only along the arrows anyway"
    ),
    "track.nlc_outside": "the no_lane_change line lies outside the lanes",
    "track.nlc_outside.fix": "draw it on the line between two lanes where the board forbids lane changes",
    "track.what.closed": "it is a closed polygon",
    "track.what.points": "it has {n} points",
    "track.arrow_points": "arrow is not a line with two points ({what})",
    "track.arrow_points.fix": (
        "redraw it with the Insert Polygon tool: click its start space, then its end space, then press "
        "Enter (first select nothing, Edit > Select None: a click on the end of a selected line extends "
        "that line)"
    ),
    "track.arrow_start_off": "the arrow's start is not on a space",
    "track.arrow_start_off.fix": "move the arrow's start point onto the centre of a space",
    "track.arrow_end_off": "the arrow's end is not on a space",
    "track.arrow_end_off.fix": "move the arrow's end point onto the centre of a space",
    "track.arrow_not_adjacent": "arrow from {src} to {dst} does not lead into an adjacent lane",
    "track.arrow_not_adjacent.fix": "let the arrow end in the lane right next to its start",
    "track.arrow_backwards": (
        "arrow from {src} (row {src_row}) to {dst} (row {dst_row}) does not point forwards: it leads back "
        "along the track"
    ),
    "track.arrow_backwards.fix": (
        "draw the arrow in the driving direction: from its start space to a space beside it or further on"
    ),
    "track.arrow_on_straight": (
        "arrow from {src} to {dst} lies on a straight, outside every corner and arrow zone, where cars "
        "change lanes without arrows"
    ),
    "track.arrow_on_straight.fix": (
        "delete the arrow, or draw an arrow_zone around it if lane changes there go only along arrows"
    ),
    "track.arrow_to_and_fro": (
        "sideways arrows lead from {src} to {dst} and back, so a car could drive to and fro without getting anywhere"
    ),
    "track.arrow_to_and_fro.fix": "delete one of the two arrows: a sideways lane change goes one way only",
    "track.pit_none": "layer 'pit' has 0 pit lanes",
    "track.pit_none.fix": "draw one polyline of class pit_lane, or delete the layer 'pit'",
    "track.pit_not_polyline": "the pit lane is not a polyline",
    "track.pit_closed": "the pit lane is not a polyline (it is a closed polygon)",
    "track.pit_not_polyline.fix": (
        "redraw it with the Insert Polygon tool from the entry space to the exit space and press Enter "
        "(clicking the first point again closes it into a polygon)"
    ),
    "track.pit_start_off": "the pit lane does not start on a track space",
    "track.pit_start_off.fix": "move the pit lane's first point onto the entry space",
    "track.pit_end_off": "the pit lane does not end on a track space",
    "track.pit_end_off.fix": "move the pit lane's last point onto the exit space",
    "track.pit_too_long": Plural(
        "the pit lane is more than {most} space long",
        "the pit lane is more than {most} spaces long",
        count="most",
    ),
    "track.pit_too_long.fix": "draw the pit lane beside the track",
    "track.pit_on_points": "pit_lane property spaces_on_points is {value}, not true or false",
    "track.pit_on_points.fix": "make it a bool property (tick it to put a pit space on every point between the ends)",
    "track.pit_short": Plural(
        "the pit lane has room for {n} space, fewer than {boxes} boxes need",
        "the pit lane has room for {n} spaces, fewer than {boxes} boxes need",
    ),
    "track.pit_short.fix": "make the pit lane longer",
    "track.box_off_pit": "box is not on a pit-lane space",
    "track.box_off_pit.fix": "move the box point onto the pit lane",
    "track.box_number_twice": "two boxes have number {number}",
    "track.box_number_twice.fix": "number the boxes 1, 2, 3, ... once each",
    "track.boxes_share_space": "two boxes are on pit space {space}",
    "track.boxes_share_space.fix": "put every box on its own pit-lane space",
    "track.box_numbers": "the pit lane has boxes {boxes}; it needs boxes numbered 1 to at least {least}",
    "track.box_numbers.fix": "add box points numbered 1, 2, 3, ... without gaps, one per car",
    "track.pit_backwards": "the pit lane runs backwards along the track somewhere",
    "track.pit_backwards.fix": "draw the pit lane in the driving direction, beside the track, from entry to exit",
    "track.pit_second_points": "the layer 'pit' has a second pit_lane line with {n} points",
    "track.pit_second_closed": "the layer 'pit' has a second pit_lane line with {n} points (a closed polygon)",
    "track.pit_second_points.fix": (
        "draw one pit_lane polyline for the pit lane; a second entry or exit is a line with two points: "
        "from the track space onto the pit-lane space (an entry) or from the pit-lane space onto the "
        "track space (an exit)"
    ),
    "track.pit_second_ends": "the second pit_lane line does not join a track space and a pit-lane space",
    "track.pit_second_ends.fix": (
        "draw a second entry from the centre of a track space onto the pit-lane space cars turn into, or "
        "a second exit from a pit-lane space onto the track space they rejoin on"
    ),
    "track.pit_second_entry_backwards": "the second pit entry leads backwards, from {src} to {dst}",
    "track.pit_second_exit_backwards": "the second pit exit leads backwards, from {src} to {dst}",
    "track.pit_second_backwards.fix": (
        "draw it in the driving direction: from a track space onto a pit-lane space further on, or from a "
        "pit-lane space onto a track space further on"
    ),
    "track.pit_entry_late": (
        "the second pit entry joins the pit lane at {space}, after the first box: cars turning in there "
        "could not reach every box"
    ),
    "track.pit_entry_late.fix": "end the line on a pit-lane space before the first box, usually the first one",
    "track.pit_exit_early": (
        "the second pit exit leaves the pit lane at {space}, before the last box: cars could leave "
        "without reaching their box"
    ),
    "track.pit_exit_early.fix": "start the line on a pit-lane space after the last box, usually the last one",
    "track.pit_entry_twice": "{space} is already a pit entry",
    "track.pit_exit_twice": "{space} is already a pit exit",
    "track.pit_link_twice.fix": "delete this line, or move its track end onto another space",
    "track.lane_points": "lane has fewer than 3 points",
    "track.lane_points.fix": "draw the lane as a polyline or polygon around the whole circuit",
    "track.lane_open": "lane does not close the lap: its last point is far from its first",
    "track.lane_open.fix": "move the lane's last point onto its first point, or draw the lane as a polygon",
    "track.partial_value": "lane property partial is {value}, not true or false",
    "track.partial_value.fix": (
        "set the bool property partial on a lane that begins and ends (an open polyline), or delete it"
    ),
    "track.partial_closed": "the lane with partial set is closed: a lane that begins and ends is an open polyline",
    "track.partial_points": "the lane with partial set has fewer than 2 points",
    "track.partial_closed.fix": (
        "draw it as a polyline (finish with Enter) from where the printed lane begins to where it ends, in "
        "the driving direction; or delete the property partial to make it a lane of the whole lap"
    ),
    "track.partial_short": "the lane with partial set is {pixels} px long, shorter than one space",
    "track.partial_short.fix": "draw it from the first space of the printed lane to its last",
    "track.partial_between": (
        "the lane with partial set runs between lanes of the whole lap at ({x}, {y}): a lane that begins "
        "and ends must be the leftmost or the rightmost lane"
    ),
    "track.partial_between.fix": (
        "draw it beside the outermost lane, about a lane's width outside it, in the driving direction"
    ),
    "track.partial_twice": "two lanes with partial set lie on the {side} of the track",
    "track.partial_twice.fix": "a side has one lane that begins and ends: join them into one, or delete one",
    "track.what.side_left": "left",
    "track.what.side_right": "right",
    "track.partial_order": (
        "space {space} of the lane with partial set, at ({x}, {y}), is not further along the lap than the "
        "space before it, measured against the lane beside it"
    ),
    "track.partial_order.fix": (
        "draw the lane in the driving direction and keep it beside the lane next to it; one space of it "
        "for each space of that lane at most"
    ),
    "track.start_crossings": "the start/finish line crosses lane object {lane} {n} times",
    "track.start_crossings.fix": "make the start/finish line cross every lane exactly once",
    "track.corner_not_polygon": "corner is not a polygon",
    "track.corner_not_polygon.fix": "draw the corner's stop area as a polygon",
    "track.corner_crossings": "lane object {lane} crosses the corner border {n} times",
    "track.corner_crossings.fix": "shape the corner polygon so every lane enters it once and leaves it once",
    "track.corner_has_start": "the corner contains the start/finish line",
    "track.corner_has_start.fix": "move the start/finish line onto a straight, outside every corner",
    "track.row_crossings": "row line crosses lane object {lane} {n} times",
    "track.row_crossings.fix": "draw the row line straight across the track so it crosses every lane once",
    "track.lane_reversed": "this lane is drawn against the direction of the other lanes",
    "track.lane_reversed.fix": (
        "delete the lane and draw it again in the driving direction, from the start/finish line round the "
        "lap (Tiled 1.8 cannot reverse a polyline)"
    ),
    "track.what.nothing_more": "nothing more",
    "track.cuts_order": (
        "lane object {lane} meets {mine} here, where lane object {first} meets {theirs}: every lane must "
        "cross the corner borders and row lines in the same order"
    ),
    "track.cuts_order.fix": "make that corner or row line span the whole width of the track, square to the lanes",
    "track.stagger": "lane property stagger is {value}, not a fraction of a space from 0 up to (not including) 1",
    "track.stagger.fix": (
        "set the float property stagger to how far the lane's spaces sit ahead of the even spread, e.g. "
        "0.5 for half a space, or delete it"
    ),
    "track.cuts_close": "less than half a space lies between {first} and {second}",
    "track.cuts_close.fix": "move them at least one space apart, or together",
    "track.row_position_missing": (
        "hand-placed space {space} has no row_position, but other spaces of lane object {lane} between "
        "the same two lines have one"
    ),
    "track.row_position_missing.fix": (
        "give every point of the lane between those two lines a row_position, or none of them"
    ),
    "track.row_position_nan": "row_position {value} of hand-placed space {space} is not a number",
    "track.row_position_nan.fix": (
        "set the float property row_position to where the space lies among the piece's rows (0 the first "
        "row after the line before it, 0.5 half a row on), or delete it"
    ),
    "track.row_position_order": (
        "row_position {value} of hand-placed space {space} is not greater than {before}, that of the "
        "space before it on lane object {lane}"
    ),
    "track.row_position_order.fix": "give the spaces of a lane increasing row_position values in the driving direction",
    "track.what.cut_start": "the start/finish line",
    "track.what.cut_enter": "the start of corner object {id}",
    "track.what.cut_leave": "the end of corner object {id}",
    "track.what.cut_row": "row line object {id}",
    "track.placed_not_point": "a hand-placed space is not a point",
    "track.placed_not_point.fix": "delete it and place a point (Insert Point) on the centre of the printed space",
    "track.placed_off_lane": "the hand-placed space is {pixels} pixels from the nearest lane, more than half a space",
    "track.placed_off_lane.fix": "move the point onto the line of the lane it belongs to, or delete it",
    "track.placed_close": (
        "hand-placed spaces {first} and {second} on lane object {lane} are {pixels} pixels apart along "
        "the lane, less than half a space"
    ),
    "track.placed_close.fix": "place one point per printed space, on its centre: move them apart or delete one",
    "track.placed_apart": Plural(
        (
            "hand-placed spaces {first} and {second} on lane object {lane} are {spaces} space apart along the "
            "lane: a space between them has no point"
        ),
        (
            "hand-placed spaces {first} and {second} on lane object {lane} are {spaces} spaces apart along "
            "the lane: a space between them has no point"
        ),
        count="spaces",
    ),
    "track.placed_apart.fix": (
        "place a point on every printed space between them (hand-placed spaces replace all the lane's "
        "spaces between the two lines around them)"
    ),
    "track.what.after": "after {line}",
    "track.what.before": "before {line}",
    "track.placed_end": Plural(
        (
            "hand-placed space {space} is the lane's first or last one {what}, but lies {spaces} space from "
            "that line: the spaces in between have no point"
        ),
        (
            "hand-placed space {space} is the lane's first or last one {what}, but lies {spaces} spaces from "
            "that line: the spaces in between have no point"
        ),
        count="spaces",
    ),
    "track.placed_end.fix": (
        "place a point on every printed space of this lane between the two lines, or delete these points "
        "to let the game spread the spaces evenly there"
    ),
    "track.street_pit": "the track has a pit lane and street-race features: a street race has no pits (STREET-4)",
    "track.street_pit.fix": "delete the layer 'pit' for a street circuit, or delete the zones and tunnels",
    "track.zone.shooting": "shooting zone",
    "track.zone.danger": "danger zone",
    "track.zone.police": "police station",
    "track.zone_not_polygon": "the {zone} is not a polygon",
    "track.zone_not_polygon.fix": (
        "draw it with the Insert Polygon tool (P) over the lanes and click its first point again to close "
        "it (a rectangle from Insert Rectangle is not read)"
    ),
    "track.zone_empty": "the {zone} covers no space: it lies outside the lanes",
    "track.zone_empty.fix": (
        "draw the polygon over the lanes so that it covers the centres of its spaces (track render --names shows them)"
    ),
    "track.zone_clash": "the {zone} and the {other} object {id} both cover {space}",
    "track.zone_clash.fix": "a space belongs to one zone at most: move the polygons apart",
    "track.black_off_space": "the black space is not on a space",
    "track.black_off_space.fix": "move the black_space point onto the centre of a space",
    "track.what.in_zone": "in the {zone} object {id}",
    "track.what.no_zone": "outside every zone",
    "track.black_outside": "the black space on {space} is outside the danger zone ({inside})",
    "track.black_outside.fix": (
        "move the black_space point onto a space of a danger_zone polygon, or draw the danger zone over it"
    ),
    "track.black_twice": "two black spaces are on {space}",
    "track.black_twice.fix": "delete one of them",
    "track.danger_no_black": "the danger zone has no black spaces",
    "track.danger_no_black.fix": (
        "place black_space points (Insert Point, I) on the spaces of the zone that count as dangerous (STREET-6)"
    ),
    "track.tunnel_entry_off": "the tunnel entry is not on a track space",
    "track.tunnel_entry_off_n": "the tunnel entry {n} is not on a track space",
    "track.tunnel_exit_off": "the tunnel exit is not on a track space",
    "track.tunnel_exit_off_n": "the tunnel exit {n} is not on a track space",
    "track.tunnel_off.fix": "move the {cls} point onto the centre of a space of the lanes",
    "track.tunnel_entry_twice": "two tunnel entries have number {n}",
    "track.tunnel_exit_twice": "two tunnel exits have number {n}",
    "track.tunnel_twice.fix": "give each tunnel pair its own number: one {entry} and one {exit} per number",
    "track.tunnel_entry_shared": "the tunnel entry {n} is on {space}, where object {id} is already a tunnel end",
    "track.tunnel_exit_shared": "the tunnel exit {n} is on {space}, where object {id} is already a tunnel end",
    "track.tunnel_shared.fix": "put every tunnel entry and exit on its own space",
    "track.tunnel_entry_alone": "the tunnel entry {n} has no partner: no {other} has number {n}",
    "track.tunnel_exit_alone": "the tunnel exit {n} has no partner: no {other} has number {n}",
    "track.tunnel_alone.fix": (
        "place a {other} point with number {n} on the space at the tunnel's other end, or delete this one"
    ),
    "track.tunnel_backwards": "tunnel {n} leads from {entry} back to {exit}, or across the start/finish line",
    "track.tunnel_backwards.fix": (
        "put the tunnel_exit further along the lap than its tunnel_entry, both on the same side of the "
        "start/finish line (swap the two classes if they are the wrong way round)"
    ),
    "track.no_circuit_name": "the map has no circuit_name",
    "track.no_circuit_name.fix": "add a string map property circuit_name, e.g. 'Lindenring'",
    "track.no_laps": "the map has no laps property (the laps a race here usually runs)",
    "track.no_laps.fix": "add an int map property laps: 1, 2 or 3, e.g. 2 for a Grand Prix circuit",
    "track.laps": "map property laps is {value}, not 1, 2 or 3",
    "track.laps.fix": "set the int map property laps to 1, 2 or 3",
    "track.space_length": "map property space_length is {value}, not a length of at least {least} pixels",
    "track.space_length.fix": "set the float map property space_length to the length of one space in pixels, e.g. 48",
    "track.no_weather": "the map has no {prop}",
    "track.no_weather.fix": "add a string map property {prop}, e.g. '13-20', or '' if it never happens",
    "track.weather_range": "map property {prop} is {value}, not a range of black-die results",
    "track.weather_range.fix": "write it as 'a-b' with 1 <= a <= b <= 20, a single number, or leave it empty",
    "track.results": Plural(
        "result {values}",
        "results {values}",
    ),
    "track.weather_both": "{results} in both {first} and {second}",
    "track.weather_none": "{results} in none",
    "track.weather_table": "the weather table does not cover the black-die results 1 to 20 exactly once: {gaps}",
    "track.weather_table.fix": (
        "make weather_sun, weather_variable and weather_rain split 1-20 without gaps or overlaps, e.g. "
        "rain 1-5, variable 6-12, sun 13-20"
    ),
    "track.weather_order": "variable weather does not lie between sun and rain on the barometer",
    "track.weather_order.fix": "order the ranges sun, variable, rain, e.g. rain 1-5, variable 6-12, sun 13-20",
    "track.reserved_property": "custom property {name} is a reserved name",
    "track.reserved_property.fix": "rename or delete that custom property; Tiled's own fields use these names",
    "track.wrong_class": "object of class {cls} in layer {layer}",
    "track.wrong_class_meant": "object of class {cls} in layer {layer} (the closest class is {meant})",
    "track.wrong_class.fix": (
        "set its class (the Type field in Tiled 1.8, Class in later versions) to {classes}, or move it to another layer"
    ),
    "track.either": "{some} or {last}",
    "track.int_missing": "{cls} property {prop} is missing",
    "track.int_missing.fix": (
        "set the int property {prop} to a value from {lo} to {hi} (a grey value in Tiled's Properties is "
        "only the project's default and is not saved: click it and type the number)"
    ),
    "track.int_wrong": "{cls} property {prop} is {value}",
    "track.int_wrong.fix": "set the int property {prop} to a value from {lo} to {hi}",
    "track.no_layer": "the map has no object layer named '{layer}'",
    "track.no_lanes_layer.fix": "add an object layer 'lanes' with one polyline per lane",
    "track.no_start_layer.fix": "add an object layer 'start_finish' with one polyline across all lanes",
    "track.no_grid_layer.fix": "add an object layer 'grid' with the grid slots and the qualifying start",
    "track.lanes": Plural(
        "the track has {n} lane",
        "the track has {n} lanes",
    ),
    "track.too_many_lanes": (
        "the track has {n} lanes, more than the {most} a board may have (lanes are lettered {first} to {last})"
    ),
    "track.lanes.fix": "draw 2 to {most} lanes (3 is usual) in the layer 'lanes'",
    "track.start_lines": "layer 'start_finish' has {n} start/finish lines",
    "track.start_lines.fix": "draw exactly one polyline of class start_finish",
    "track.lane_too_long": Plural(
        "the lane is {pixels} pixels long: more than {most} space",
        "the lane is {pixels} pixels long: more than {most} spaces",
        count="most",
    ),
    "track.lane_too_long.fix": "draw the track smaller or make space_length larger",
    "track.unreached": Plural(
        "{n} space cannot be reached from the grid, starting with {space}",
        "{n} spaces cannot be reached from the grid, starting with {space}",
    ),
    "track.unreached.fix": (
        "add arrows or diagonal room so cars can get into that lane, or join the pit lane to the track{blocked}"
    ),
    "track.stuck": Plural(
        "{n} space leads nowhere (the lap cannot go on from it), starting with {space}",
        "{n} spaces lead nowhere (the lap cannot go on from them), starting with {space}",
    ),
    "track.stuck.fix": "join the lane or pit lane back to the track{blocked}",
    "track.what.blocked_on": "{space} (object {id})",
    "track.blocked_hint": (
        "; a blocked space closes its lane, so check the blocked_space points on {spaces}: a lane needs a "
        "way round them"
    ),
    "track.pytmx": "pytmx cannot read the map ({detail})",
    "track.pytmx.fix": "open and save it again in Tiled",
    "track.not_object_layer": "layer {layer} is not an object layer",
    "track.not_object_layer.fix": "recreate {layer} as an object layer",
    "track.cannot_look": "cannot look at the file ({detail})",
    "track.check_path.fix": "check the path; track files end in .tmx",
    "track.no_file": "no such file",
    "track.folder": "this is a folder, not a track file",
    "track.folder.fix": "give the path of a .tmx file",
    "track.json_map": "JSON maps (.tmj) are not supported",
    "track.json_map.fix": "in Tiled use File > Save As and choose the .tmx format",
    "track.not_xml": "not a valid XML file ({detail})",
    "track.not_xml.fix": "open the track in Tiled and save it as .tmx",
    "track.refused": "{detail}",
    "track.refused.fix": "{detail}",
    "track.file_unreadable": "cannot read the file ({detail})",
    "track.file_unreadable.fix": "check that the file exists and is readable",
    "track.not_map": "not a Tiled map (the root element is <{tag}>)",
    "track.not_map.fix": "give the path of a .tmx map, not a tileset or other file",
    "track.orientation": "the map is {orientation}",
    "track.orientation.fix": "create the track as an orthogonal map",
    "track.infinite": "the map is infinite",
    "track.infinite.fix": "in Tiled: Map > Map Properties, untick Infinite",
    "track.zstd": "a tile layer uses zstd compression",
    "track.zstd.fix": "in Map Properties set Tile Layer Format to CSV or Base64 (zlib)",
    "track.json_tileset": "tileset {tileset} is a JSON tileset",
    "track.json_tileset.fix": "export the tileset as .tsx",
    "track.tileset_missing": "the tileset {tileset} is not at {place}",
    "track.tileset_missing.fix": (
        "copy {name} to that place (the shipped one is maps/circuit.tsx with its circuit-tiles.png), or "
        "open the map in Tiled and point it to the tileset's new place"
    ),
    "track.layer_twice": "two layers are named {layer}",
    "track.layer_twice.fix": "give every layer its own name",
    "track.unknown_layer": (
        "layer {layer} is not a layer the game reads, so its objects are ignored; the closest is {meant}"
    ),
    "track.unknown_layer.fix": "rename the layer to {meant} (layer names are lower case, with _ between words)",
    "track.what.map": "the map",
    "track.what.layer": "layer {layer}",
    "track.what.object": "the object",
    "track.id_twice": "two objects have this id",
    "track.id_twice.fix": "let Tiled give ids: copy the object and delete the old one",
    "track.tile_object": "the object in layer {layer} is a tile object (a picture)",
    "track.tile_object.fix": (
        "delete it and draw the object again: grid slots, boxes and the qualifying start are points "
        "(Insert Point), lanes, lines and arrows polylines, corners and zones polygons"
    ),
    "track.template": "the object uses a template",
    "track.template.fix": "select it in Tiled and use 'Detach' (templates load incorrectly)",
    "track.property_reserved": "{what} has a custom property named {name}, a name Tiled or pytmx reserves",
    "track.property_reserved.fix": "rename or delete that custom property",
    "track.property_class": "{what} has a class-typed property {name}",
    "track.property_class.fix": (
        "use int, float, bool or string properties (Tiled 1.8 drops class properties on export)"
    ),
    "track.property_value": "{what}'s {kind} property {name} is {value}",
    "track.property_value.fix": "enter a valid {kind}",
    "track.property_infinite": "{what}'s property {name} is {value}",
    "track.property_infinite.fix": "enter a finite number",
    "track.offset": "layer {layer} (or its group) has an offset",
    "track.offset.fix": "set the layer's Offset X and Y to 0 in its properties",
    "track.offset_nan": "a layer offset is not a number",
    "track.offset_nan.fix": "set Offset X and Y to numbers",
    "track.coordinate": "the object's {prop} is {value}, not a number",
    "track.coordinate.fix": "move the object in Tiled to reset it",
    "track.rotated": "the object is rotated",
    "track.rotated.fix": "set its Rotation to 0 and draw it in place (rotation is not applied to points)",
    "track.polygon_points": "the polygon's points are not a list of x,y numbers",
    "track.polygon_points.fix": "redraw the polygon in Tiled",
    "track.polyline_points": "the polyline's points are not a list of x,y numbers",
    "track.polyline_points.fix": "redraw the polyline in Tiled",
    "track.ok": "{file}: ok",
    "track.not_rendered": "{file}: not rendered; fix the problems above (python main.py track check {file})",
    "track.watch.start": "watching {file} (Ctrl+C ends); the board is drawn into {picture}",
    "track.watch.stopped": "stopped watching {file}",
    "track.watch.gone": "[{time}] {file}: the file is gone; waiting for it to be saved again",
    "track.watch.problems": Plural(
        "[{time}] {file}: {n} problem, the picture is not updated",
        "[{time}] {file}: {n} problems, the picture is not updated",
    ),
    "track.watch.not_drawn": "[{time}] {file}: checked ok, but not drawn:",
    "track.watch.not_written": "[{time}] {picture}: not written: {detail}",
    "track.watch.ok": "[{time}] {file}: ok, board drawn into {picture}",
}
