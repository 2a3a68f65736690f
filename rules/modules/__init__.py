"""The rule modules: each optional or self-contained part of the rules in a file of its own.

A rule module (slipstream, tyres, pit stops, damage, ...) holds the code of its rules and
names their IDs in its docstring; ``rules.engine`` is the turn procedure (MASTERS-TURN order)
and calls the modules at its steps. A module reads its ``RuleSet`` switches; when they are
off, its functions return the state unchanged (or offer nothing), so the engine calls every
module the same way whatever the rule set.

The seam, step by step (``rules.engine``):

* the gear (MASTERS-TURN-1..3): ``pits.exit_gears`` after a slow stop;
* the gear die (-4): ``tyres.roll_spaces``;
* every black die is the roll of one module's check, ``CheckRoll``: ``pits.on_pit_roll``,
  ``damage.on_check``;
* each segment of the movement (-5..8): ``move_request`` asks ``tyres.multiplier``,
  ``tyres.slide_spaces`` and ``pits.box_to_reach``; after it, ``damage.road_holding_checks``
  (-9), ``pits.enter`` and, at the box, ``pits.at_box`` (-11/12); then the next segment on
  offer: ``tyres.must_slide``, ``tyres.bonus_allowed``, ``slipstream.may_slip``;
* the car stands: ``damage.collision_checks`` (-13) and ``damage.engine_checks`` (-14);
* the crew's ``PitStop``: ``pits.on_pitstop``.

A module that ends the movement returns it closed (``base.close``: phase "check"); the engine
goes on from there. Modules never call back into the turn order.

Imports: a module never imports ``rules.engine``; it may import ``rules.modules.base`` (what
every module needs) and other modules, never in a circle (tests/test_layering.py checks every
import, lazy and TYPE_CHECKING ones included).
"""
