"""The rule modules: each optional or self-contained part of the rules in a file of its own.

A rule module (slipstream, tyres, pit stops, damage, ...) holds the code of its rules and
names their IDs in its docstring; ``rules.engine`` is the turn procedure (MASTERS-TURN order)
and calls the modules at its steps. A module reads its ``RuleSet`` switches; when they are
off, its functions return the state unchanged (or offer nothing), so the engine calls every
module the same way whatever the rule set.

The seam, step by step (``rules.engine``):

* the start: ``start.new_race``, the crews' ``SetUp`` (``start.on_setup``);
* the gear (MASTERS-TURN-1..3): ``pits.exit_gears`` after a slow stop;
* the gear die (-4): ``tyres.roll_spaces``; a 20 in 5th or a 30 in 6th,
  ``weather.owe_determination``;
* every black die is the roll of one module's check, a ``base.CheckRoll``:
  ``start.on_grid_roll``, ``start.on_start_roll``, ``weather.on_roll``, ``pits.on_pit_roll``,
  ``damage.on_check``;
* each segment of the movement (-5..8): ``move_request`` asks ``tyres.multiplier``,
  ``tyres.slide_spaces`` and ``pits.box_to_reach``; after it, ``damage.road_holding_checks``
  (-9), ``pits.enter`` and, at the box, ``pits.at_box`` (-11/12); then the next segment on
  offer: ``tyres.must_slide``, ``tyres.bonus_allowed``, ``slipstream.may_slip``;
* the car stands: ``damage.collision_checks`` (-13) and ``damage.engine_checks`` (-14);
* the crew's ``PitStop``: ``pits.on_pitstop``;
* the movement is over (phase "check"): ``weather.after_turn``; the game round is over:
  ``weather.after_round`` (MASTERS-TURN-15).

A module that ends the movement returns it closed (``base.close``: phase "check"), and one
that ends the start returns phase "check" with nothing pending; the engine's turn order goes
on from there. Modules never call back into the turn order.

Imports: a module never imports ``rules.engine``; it may import ``rules.modules.base`` (what
every module needs) and other modules, never in a circle (tests/test_layering.py checks every
import, lazy and TYPE_CHECKING ones included).
"""
