"""The rule modules: each part of the rules that the turn procedure calls, in a file of its own.

A rule module (the start, weather, tyres, slipstream, pit stops, damage, the qualifying lap)
holds the code of its rules and names their IDs in its docstring; ``rules.turn`` is the turn
procedure (MASTERS-TURN order) and calls the modules at its steps, ``rules.rounds`` the game
round, and the modules that join a step by a hook are listed in ``rules.hooks`` (gear, roll,
line, the car stands, a turn begins, the game round ends). The actions a driver decides are
the rows of ``rules.phases``. A module's state of its own is its slice of the race state
(``CarState.street`` and ``RaceState.street`` for the street race, ``RaceState.league`` for the
Dresden league's karma hold, head-to-heads, T-cars and restarts). A module reads its
``RuleSet`` switches; when they are off its functions return the state unchanged (or offer
nothing), so the engine calls every module the same way whatever the rule set. The pure
tables a module asks stay beside the engine: ``rules.tables.weather`` (TAB-WEATHER), ``rules.tables.tyres``
(TAB-TYRE-C/D), ``rules.tables.checks``, ``rules.moves`` (movement).

The seam, step by step (``rules.turn``, ``rules.rounds``, ``rules.hooks``):

* the start: ``start.new_race``; the crews' ``SetUp``: ``start.on_setup``; in D each car's
  turn may begin with its start roll (``dresden_start.begin_turn``, after a spin
  ``dresden_start.after_spin``);
* the gear (MASTERS-TURN-1..3): ``pits.exit_gears`` after a slow stop, the gears from 0
  (``dresden_start.gears_from_zero``); announced with it (``hooks.GEAR``) the engine boost
  (``boost.on_gear``) and the street race's nitro (``nitro.on_gear``);
* the gear die (-4): ``tyres.roll_spaces``, ``driver_profiles.roll_spaces`` and on a launch
  ``driver_profiles.launch_spaces``, ``qualifying_lap.count_roll``; after a 20 in 5th or a 30
  in 6th ``weather.owe_determination``;
  the spaces added (``hooks.ROLL``): ``boost.extra_spaces``, ``nitro.extra_spaces``;
* every black die is a module's check, each a ``base.CheckRoll`` in ``rules.turn``'s
  ``_CHECK_ROLLS``: ``start.on_grid_roll``, ``start.on_start_roll``, ``weather.on_roll``,
  ``pits.on_pit_roll``, ``karma.on_check`` (the modified roll and the driver's karma choice,
  then ``damage.on_check``); the driver's ``Karma``: ``karma.on_karma``;
* a segment of the movement (-5..8): ``move_request`` asks ``tyres.multiplier``,
  ``tyres.slide_spaces``, ``pits.box_to_reach`` and ``qualifying_lap.QUALIFYING_WP``; the
  segment's moves: ``driver_profiles.corner_stop_moves`` (a player's path:
  ``driver_profiles.check_roll_path``); the segment driven: ``qualifying_lap.tallied`` and
  ``qualifying_lap.end_of_segment`` on a lap, else ``damage.road_holding_checks`` (-9),
  ``pits.enter`` and at the box ``pits.at_box`` (-11/12); the next segment on offer:
  ``tyres.must_slide``, ``tyres.bonus_allowed``,
  ``driver_profiles.launch_offered``, ``slipstream.may_slip``;
* the crew's ``PitStop``: ``pits.on_pitstop``;
* the car stands: in a street race first ``city.tunnel``; then ``hooks.STAND``:
  ``city.police_pass``, ``city.shooting_checks`` (its check: ``city.on_shooting``),
  ``damage.collision_checks`` (-13, with ``wrecks.collision_checks``), ``damage.engine_checks``
  (-14); then ``free_wp.ask`` for WP won on the line (``free_wp.on_line``, ``hooks.LINE``, when
  a segment crosses it); the driver's ``FreeWP``: ``free_wp.on_free_wp``;
* a turn begins (``hooks.TURN``): ``nitro.new_turn``, ``dresden_start.begin_turn``;
* the movement is over (phase "check"): ``weather.after_turn``; the game round is over
  (``hooks.ROUND_END``): ``free_wp.police_payout``, ``weather.after_round`` (-15), then
  ``head_to_head.new_round`` and ``karma.count_lead``; the race's start: ``city.opening_markers`` (``start.new_race``);
* the sweep is about to order level cars: ``head_to_head.call`` (``Bid``: ``head_to_head.on_bid``);
  the race is over: ``karma.at_race_end``;
* FD Blitz's ``TimeOut``, whenever a player's clock runs out in the car's own turn:
  ``clock.on_time_out``.

A module that ends the movement returns it closed (``base.close``: phase "check"); the start
ends in phase "check" with nothing pending. The turn order goes on from there (``rules.rounds``):
modules never call back into it.

Imports: a module never imports ``rules.engine``, ``rules.turn``, ``rules.rounds``,
``rules.phases`` or ``rules.hooks``; it may import ``rules.modules.base`` (what
every module needs) and other modules, never in a circle (tests/test_layering.py checks every
import, lazy and TYPE_CHECKING ones included). Other code imports the public names from
``rules.engine``, which re-exports them.
"""
