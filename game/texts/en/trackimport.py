"""`track import`: the converter of a GP Online board and its .dat reader, in the words of GP
Online's track editor and Tiled."""

from __future__ import annotations

from game.texts.plural import Plural

# `track import`: what the converter of a GP Online board (.dat) says, to someone who knows
# GP Online's track editor (nodes, edges, node types) and Tiled.
CONVERTER: dict[str, str | Plural] = {
    "import.out_not_tmx": "the map is written as a Tiled .tmx file; give a name ending in .tmx",
    "import.report_not_json": "the report is written as JSON; give a name ending in .json",
    "import.cannot_write_map": "{out}: cannot write the map ({detail})",
    "import.fails_check": "{out}: written, but it does not pass track check; fix the problems above in Tiled",
    "import.cannot_write_report": "{report}: cannot write the report ({detail})",
    "import.written": "{out}: written; track check: ok",
    "import.read": "{src}: {nodes} nodes, {steps} steps, header {header}",
    "import.kept": (
        "kept: {lanes} lanes ({per_lane}), {corners} corners (stops {stops}), {pit}, grid of {grid}{blocked}"
    ),
    "import.kept.spaces": Plural("{spaces} space", "{spaces} spaces", count="spaces"),
    "import.kept.no_pit": "no pit lane",
    "import.kept.pit": Plural(
        "pit lane of {spaces} space with {boxes} boxes",
        "pit lane of {spaces} spaces with {boxes} boxes",
        count="spaces",
    ),
    "import.kept.blocked": Plural(", {n} blocked space {spaces}", ", {n} blocked spaces {spaces}"),
    "import.gap": Plural(
        "before node {node} ({space}, {far} space after the space before it)",
        "before node {node} ({space}, {far} spaces after the space before it)",
        count="whole",
    ),
    "import.gaps": (
        "gaps: the board has no space {gaps}: a bridge or a tunnel, or a node the tracing left out; each is kept "
        "as one step, its space marked after_gap (if a node is missing, add it in GP Online's editor)"
    ),
    "import.steps": (
        "steps: {board} on the board, {kept} kept, {moved} moved to another space, {dropped} dropped, {refused} "
        "no move under the rules (left out, CORE-MOVE-3), {blocked} touching a blocked space (left out, AMB-69)"
    ),
    "import.assumed": (
        "assumed: laps {laps}, weather sun {sun}, variable {variable}, rain {rain}, qualifying start on {start}, "
        "space length {length} px; the header's picture and info-box corner are not used"
    ),
    "import.not_kept": "not kept ({n}):",
    "import.not_kept.nothing": "not kept: nothing",
    "import.list": "{first}, {rest}",
    "import.ids_more": "{ids} and {more} more",
    "import.none": "none",
    "import.lane": "lane {lane}",
    "import.the_pit_lane": "the pit lane",
    "import.type.unknown": "unknown",
    "import.type.straight": "straight",
    "import.type.curve_2": "curve of 2 stops",
    "import.type.curve_1": "curve of 1 stop",
    "import.type.blocked": "blocked",
    "import.type.finish": "finish",
    "import.type.curve_3": "curve of 3 stops",
    "import.type.pit": "pit lane",
    "import.edge.straight": "straight",
    "import.edge.diagonal": "diagonal",
    "import.edge.arrow": "arrow",
    "import.edge.pit_entry": "pit entry",
    "import.edge.pit": "pit lane",
    "import.edge.pit_exit": "pit exit",
    "import.stray": Plural(
        "{n} track node lies in no lane and was left out: {ids}",
        "{n} track nodes lie in no lane and were left out: {ids}",
    ),
    "import.unknown_type": "node {node} has the type 'unknown'; it became a straight space",
    "import.finish_nodes": Plural(
        "the finish line has {n} node, so the converter cannot tell the lanes (it needs 2 to 4). Fix: mark "
        "one node of each lane with F (or type 5) in GP Online's editor",
        "the finish line has {n} nodes, so the converter cannot tell the lanes (it needs 2 to 4). Fix: mark "
        "one node of each lane with F (or type 5) in GP Online's editor",
    ),
    "import.no_start_step": "no step leaves the finish line. Fix: add the edges from the finish nodes forwards",
    "import.into_lanes": Plural("into lane {lanes}", "into lanes {lanes}", count="count"),
    "import.into_needed": "only into nodes the other lanes need",
    "import.lanes_tangled": (
        "following lane {lane} from finish node {start}, node {node} at ({x}, {y}) leads on {into}, so the lanes "
        "cannot be told apart. Fix: give every node a straight successor (the next node of the same lane) in GP "
        "Online's editor"
    ),
    "import.dead_end": (
        "node {node} at ({x}, {y}) has no step forwards, so lane {lane} does not close the lap. Fix: add its "
        "edges in GP Online's editor"
    ),
    "import.never_returns": "lane {lane} never returns to its finish node {node}. Fix: check its edges",
    "import.blocked_unfollowed": Plural(
        "the lane through blocked node {end} at ({x}, {y}) ends there: its one step leads {far} space away, to "
        "node {again}, but the lane cannot be followed back from node {end} to node {again}. Fix: in GP Online's "
        "editor give each of that lane's nodes a step to the next node of its lane",
        "the lane through blocked node {end} at ({x}, {y}) ends there: its one step leads {far} spaces away, to "
        "node {again}, but the lane cannot be followed back from node {end} to node {again}. Fix: in GP Online's "
        "editor give each of that lane's nodes a step to the next node of its lane",
        count="far",
    ),
    "import.partial_lane": Plural(
        "the lane from node {again} at ({ax}, {ay}) to node {end} at ({ex}, {ey}) runs along part of the lap "
        "only ({n} node) and not beside the leftmost or the rightmost lane all along (or a second such lane lies "
        "on that side), so its nodes {ids} and every step into or out of them are left out. Fix: in GP Online's "
        "editor check that the lane's nodes lie beside the outermost lane, one lane further out",
        "the lane from node {again} at ({ax}, {ay}) to node {end} at ({ex}, {ey}) runs along part of the lap "
        "only ({n} nodes) and not beside the leftmost or the rightmost lane all along (or a second such lane lies "
        "on that side), so its nodes {ids} and every step into or out of them are left out. Fix: in GP Online's "
        "editor check that the lane's nodes lie beside the outermost lane, one lane further out",
        count="n",
    ),
    "import.curve_no_lane": (
        "the curve of nodes {ids} has no space in lane {lane} and no step to it; a corner of this format spans "
        "every lane. Fix: give that lane curve nodes there"
    ),
    "import.curve_lane_straight": (
        "the curve of nodes {ids} leaves lane {lane} straight (nodes {nodes}); a corner of this format spans "
        "every lane, so they are corner spaces in the map"
    ),
    "import.curve_on_finish": (
        "the curve of nodes {ids} begins on the finish line in lane {lane} (node {node}); the format's start "
        "line cannot lie in a corner, so that space, {space}, is a straight space and the corner begins after it"
    ),
    "import.curve_part_straight": (
        "the curve of nodes {ids} leaves lane {lane} straight part of the way (nodes {nodes}) where another lane "
        "drives one curve; a corner of this format is one run of spaces in each lane, so they are corner spaces "
        "in the map"
    ),
    "import.curve_broken": (
        "the curve of nodes {ids} is not one unbroken run in lane {lane} (or holds the finish line). Fix: mark "
        "the nodes between as curve nodes, or move the finish line onto a straight"
    ),
    "import.curve_mixed": ("the curve of nodes {ids} mixes {kinds}; one corner has one stop count, so it asks {stops}"),
    "import.no_pit_entry": "no step leads from the track into the pit lane; its {n} nodes were left out",
    "import.pit_branch": "the pit lane branches at node {node}; the branch to {ids} was left out",
    "import.pit_no_return": "the pit lane from node {node} never returns to the track; its nodes were left out",
    "import.pit_stray": Plural(
        "{n} pit node is not on the pit lane's one way and was left out: {ids}",
        "{n} pit nodes are not on the pit lane's one way and were left out: {ids}",
    ),
    "import.fresh_changes": Plural(
        "the map allows lane changes the board does not have, from node {ids}",
        "the map allows lane changes the board does not have, from nodes {ids}",
        count="count",
    ),
    "import.unmatched": Plural(
        "the lane changes of this board could not be matched in {rounds} builds; the last still had {n} "
        "problem: {first}. Fix: check the lane changes of the nodes it names in GP Online's editor "
        "(every step should lead forwards, into the next lane or the same one)",
        "the lane changes of this board could not be matched in {rounds} builds; the last still had {n} "
        "problems, the first: {first}. Fix: check the lane changes of the nodes it names in GP Online's editor "
        "(every step should lead forwards, into the next lane or the same one)",
    ),
    "import.border_crossed": Plural(
        "lane {lane} meets the border the converter drew around the curve nodes {ids} {times} time, not twice: "
        "the lanes' curves begin or end far apart in a tight bend, or another stretch of track runs close by. "
        "Fix: in GP Online's editor mark the curve nodes so each lane's curve begins and ends beside its "
        "neighbours'; or draw that corner's polygon in Tiled",
        "lane {lane} meets the border the converter drew around the curve nodes {ids} {times} times, not twice: "
        "the lanes' curves begin or end far apart in a tight bend, or another stretch of track runs close by. "
        "Fix: in GP Online's editor mark the curve nodes so each lane's curve begins and ends beside its "
        "neighbours'; or draw that corner's polygon in Tiled",
        count="times",
    ),
    "import.long_step": Plural(
        "node {nodes} of lane {lane}, a step much longer than the board's other steps ({message}). Fix: the "
        "format needs a node on every printed space: add the missing node next to it in GP Online's editor",
        "nodes {nodes} of lane {lane}, a step much longer than the board's other steps ({message}). Fix: the "
        "format needs a node on every printed space: add the missing nodes next to them in GP Online's editor",
        count="count",
    ),
    "import.lanes_maybe_wrong": (
        "{line} (the lanes found may be wrong: check that every node has a step to the next node of its own lane)"
    ),
    "import.not_converted": "the converted map does not pass the checks: {problems}",
    "import.lane_count": Plural(
        "{what} has {board} space on the board but {map} in the map (the format spreads a lane's spaces evenly "
        "between corner borders; the nodes are not evenly spaced there)",
        "{what} has {board} spaces on the board but {map} in the map (the format spreads a lane's spaces evenly "
        "between corner borders; the nodes are not evenly spaced there)",
        count="board",
    ),
    "import.corner_counts": Plural(
        "corner {corner} ({stops} stop, nodes {ids}): {counts}; its spaces are not as long as the "
        "straights' (the format has one space length)",
        "corner {corner} ({stops} stops, nodes {ids}): {counts}; its spaces are not as long as the "
        "straights' (the format has one space length)",
        count="stops",
    ),
    "import.corner_count": Plural(
        "lane {lane} {board} space on the board, {map} in the map",
        "lane {lane} {board} spaces on the board, {map} in the map",
        count="board",
    ),
    "import.pit_spread": (
        "the pit lane's spaces on its nodes do not pass the checks (they lead back along the track), so the "
        "format spreads them evenly along it, up to {far} px from their node on the board (node {node})"
    ),
    "import.no_space": Plural(
        "{n} node has no space of its own in the map: {ids}", "{n} nodes have no space of their own in the map: {ids}"
    ),
    "import.moved_step": "{src}-{dst} as {to_src}-{to_dst}",
    "import.moved_on": Plural(
        "{n} lane change leads to a space the map's rows put level with or behind its start (the row "
        "positions measured beside the neighbouring lane disagree with the board's step there), so it became "
        "a step one row ahead, to that lane's next space: {steps}{more}. Fix: in Tiled, give the space it should "
        "lead to a row_position greater than its start's",
        "{n} lane changes lead to a space the map's rows put level with or behind their start (the row "
        "positions measured beside the neighbouring lane disagree with the board's step there), so each became "
        "a step one row ahead, to that lane's next space: {steps}{more}. Fix: in Tiled, give the space it should "
        "lead to a row_position greater than its start's",
    ),
    "import.step_lost": "the step from node {a} to {b} ({space_a} to {space_b}) is not in the map: {why}",
    "import.why.refused": (
        "{message}. Fix: in GP Online's editor let the step lead forwards, to the next lane or along its own; a "
        "way in or out of the pit lane forwards along the track"
    ),
    "import.step_refused": (
        "the step from node {a} to {b} ({space_a} to {space_b}) is no move under the rules and is left out: {why}"
    ),
    "import.why.lanes": (
        "it crosses {n} lanes in one step, but a car enters the space straight ahead or the next space of the "
        "lane beside (CORE-MOVE-3), so no printed board has it. Fix: it is a stray edge of the tracing; delete "
        "it in GP Online's editor"
    ),
    "import.why.past": (
        "it leads past {space}, the next space of its own lane, but every space entered counts as one "
        "(CORE-MOVE-3) and a car may not jump over a car on {space} (CORE-MOVE-2), so no printed board has it. "
        "Fix: it is a stray edge of the tracing; delete it in GP Online's editor"
    ),
    "import.why.pit_spread": (
        "the pit lane's spaces are spread evenly along it (above), so its nodes and the map's pit spaces do not "
        "pair up one to one. Fix: in GP Online's editor move the first pit node beside or after the space the "
        "pit entry leaves from"
    ),
    "import.why.other": "the map has no step like it. Fix: check the node's edges in GP Online's editor",
    "import.extra_step": (
        "the map allows a {kind} step {src} to {dst} (nodes {a} to {b}) that the board does not have"
    ),
    "import.grid_lost": Plural(
        "{n} grid slot is not on a lane space and was left out",
        "{n} grid slots are not on a lane space and were left out",
    ),
}

# The GP Online .dat reader (``track import``): what is wrong on which line, then the fix.
DAT_READER: dict[str, str | Plural] = {
    "dat.error": "{where}: {message}. Fix: {fix}",
    "dat.refused": "{reason}",
    "dat.refused.fix": "{fix}",
    "dat.unreadable": "cannot read the file ({detail})",
    "dat.unreadable.fix": "check the path",
    "dat.empty_first": "the first line is empty",
    "dat.empty_first.fix": "a GP Online track starts with its header, e.g. 'board.jpg 0'",
    "dat.no_header": "the file has no header line: it starts with a node",
    "dat.no_header.fix": "add the header 'IMAGE.jpg 0' as the first line, as GP Online's editor writes it",
    "dat.sections": "more than four sections",
    "dat.sections.fix": (
        "separate nodes, edges, attributes and grid by one empty line each, with no empty line at the end "
        "or inside a section"
    ),
    "dat.no_nodes": "the file has no nodes",
    "dat.no_nodes.fix": "give one node a line after the header: ID X Y TYPE",
    "dat.node_line": "a node line must be 'ID X Y TYPE' or 'ID X Y TYPE F', not {line}",
    "dat.node_line.fix": "write the node's number, its x and y pixel and its type number",
    "dat.fifth_word": "the fifth word of a node line can only be F (finish), not {word}",
    "dat.fifth_word.fix": "delete it, or write F for a node on the finish line",
    "dat.node_twice": "node {node} is given twice",
    "dat.node_twice.fix": "give every node its own number",
    "dat.node_type": "node type {kind} is not one of 0-{last}",
    "dat.node_type.fix": "use 1 straight, 2/3/6 curve of 2/1/3 stops, 4 blocked, 5 finish, 7 pit lane",
    "dat.off_board": "node {node} lies at ({x}, {y}), off any board",
    "dat.off_board.fix": "give its pixel on the board's picture (at most {most} either way)",
    "dat.edge_line": "an edge line must be 'FROM TO', not {line}",
    "dat.edge_line.fix": "write the two node numbers of the step, or check for a missing empty line between sections",
    "dat.edge_node": "the edge {a} {b} names node {node}, which the file does not have",
    "dat.edge_node.fix": "add that node or delete the edge",
    "dat.edge_self": "the edge {a} {b} leads from node {a} to itself",
    "dat.edge_self.fix": "delete it: a step goes to another node",
    "dat.attribute_line": "an attribute line must be 'ID NUMBER', not {line}",
    "dat.grid_line": "a grid slot line must be 'ID NUMBER', not {line}",
    "dat.pair_line.fix": "write the node's number and the value",
    "dat.attribute_node": "the attribute names node {node}, which the file does not have",
    "dat.grid_node": "the grid slot names node {node}, which the file does not have",
    "dat.pair_node.fix": "fix the node number",
    "dat.not_whole.node_id": "the node id {word} is not a whole number",
    "dat.not_whole.node_type": "the node type {word} is not a whole number",
    "dat.not_whole.fix": "write it as a whole number",
}
