"""The levels a player picks per seat, Rookie, Racer and Champion, with the prices they were
tuned to (how they drive: ``rules.ai.levels``)."""

from __future__ import annotations

from fractions import Fraction
from typing import TypedDict

from rules.ai.careful import Style
from rules.ai.levels import Level


class Prices(TypedDict, total=False):
    """Some of a ``Level``'s prices, as a tuning run found them: spread into ``Level``, so each is
    checked against the field of its name."""

    brake: float
    tyre: float
    scarcity: float
    rain: float
    reserve: float
    field_reserve: float
    crowd: float
    out: float
    race: float
    exposure: float
    exposed: float
    boxed: float
    skip: float
    slip: float
    exact_gears: int
    flag: float


#: the Rookie's timid temper is set against ``bench/newcomer.py``, a plain model of a new player: with
#: ``timid=1.5`` the newcomer won 35 % of 224 duels on seeds from 1000 (7 circuits, 1 and 3 laps, fd-basic
#: and fde-advanced) and 31 % on the default seeds, at the edge of the third a beginner should win; with 2.0
#: 43 % and 34 % (``bench/drivers.py --match rookie:newcomer --match racer:rookie --duels 8 --fields 0``,
#: the Racer still 79-98 % of its duels against it; 2.5 and 3 let the newcomer win 50 % and 55 %). Its
#: random slip-ups of before (one gear choice in four the second best) cost it races by crashes, not by a
#: beginner's caution. Once the look-ahead saw a double skip and a corner's longest way out, 2.0 let the
#: newcomer win only 22 % of 112 duels on the default seeds (``--duels 4``); 2.5 gives it 31 % there and 43 %
#: on seeds from 1000 (3.0: 45 % on the default seeds), the Racer 75-96 % of its duels against the Rookie
ROOKIE = Level(
    name="rookie",
    style=Style(max_out=Fraction(0), wear_weight=5.0, foresight=1.0),
    depth=1,
    brake=2.0,
    tyre=2.0,
    scarcity=0.6,
    out=80.0,
    skip=4.0,
    timid=2.5,
)
#: the prices ``bench/tune_drivers.py --level racer --rounds 2 --duels 4`` found (self-play duels on
#: the shipped tracks, 1 and 3 laps, fd-basic), re-tuned after the slide, the street race and the
#: brink came in (crowd 0.75 won 9 of 16 paired duels); the field's prices (field_reserve, race,
#: exposure, exposed, boxed) were set from 10-car 3-lap fields against the bench opponent
#: (``bench/drivers.py --match champion:bench --fields 2 --duels 0 --laps 3``: reserve 3 -> 8 in a
#: full field and exposure 0.3 -> 0.6 took the Champion's retirements on the seven circuits from 31 %
#: to 10 %); the Racer keeps those, the Champion takes ``FIELD_TUNED``'s, found by self-play fields.
#: ``race`` is a price per lap of the race left, whatever a lap's rows: it was found as 0.5 a row on the shipped
#: circuits (70-113 spaces a lap on all but the oval); GP Online's boards have 300-460 rows a lap, where a price per
#: row made a retirement early in a 3-lap field 2-3 times as dear and kept the Champion slow there (tuning GP boards,
#: fd-basic 3-lap fields against the Pro bot, seeds from 2000: 12 -> 19 of 32 won with 75 a lap)
TUNED: Prices = {
    "brake": 1.05,
    "tyre": 0.9,
    "scarcity": 0.275,
    "reserve": 3.0,
    "field_reserve": 5.0,
    "crowd": 0.75,
    "out": 80.0,
    "race": 75.0,
    "exposure": 0.6,
    "exposed": 0.08,
    "boxed": 0.5,
    "skip": 0.75,
    "slip": 2.25,
}
#: the Racer's steady temper: WP twice as dear for each corner still ahead and a larger reserve
#: in a duel (the Champion's 8.5 in a full field, so its field retirements do not grow; 8 before the
#: Champion's field tuning):
#: it keeps WP for later and leaves the Champion the duels' close calls (``bench/drivers.py --match
#: champion:racer --duels 4 --fields 0``, 7 circuits, 1 and 3 laps: the Champion's 55 % -> 66 % of 56
#: duels under fd-basic, 75 % under fde-advanced; 10-car 3-lap races against the bench opponent, 2 per
#: circuit: 27 % -> 23 % of 70 Racers retired under fd-basic, 50 % -> 44 % under fde-advanced)
STEADY: Prices = {"scarcity": 0.55, "reserve": 5.0, "field_reserve": 3.5}
RACER_PRICES: Prices = {**TUNED, **STEADY, "exact_gears": 2}
RACER = Level(
    name="racer",
    style=Style(max_out=Fraction(1, 6), wear_weight=2.0, foresight=0.75),
    depth=1,
    exact_near=3,
    crowd_near=6,
    temper=0.2,
    **RACER_PRICES,
)
#: the Champion's prices as ``bench/tune_drivers.py --level champion --cars 10 --laps 3 --preset fde-advanced
#: --duels 1 --rounds 1`` moved them from ``TUNED`` (self-play 10-car fields on the seven circuits, 5 against
#: 5, a race won by the better mean finishing position: 14 races a step; dearer brakes, tyres and scarcity,
#: less reserve in a duel and more in a full field, fewer checks expected per car and more from the cars
#: behind; ``race``, ``boxed`` and the other prices stayed)
FIELD_TUNED: Prices = {
    "brake": 1.35,
    "tyre": 1.2,
    "scarcity": 0.425,
    "reserve": 1.5,
    "field_reserve": 7.0,
    "exposure": 0.5,
    "exposed": 0.12,
}
#: the Champion's scarcity in rain in a race a full field started: six times the dry one (10-car 3-lap
#: fde-advanced fields against the bench opponent in rain, 49 races on the seven circuits: 35 % of the
#: Champions retired with the dry scarcity, 23 % with twice it, 8.4 % with six times; of 26 of those
#: races 2.5, 3.5, 4.5 and 8 times left 17, 14, 11 and 9 % out); in a duel once: six times there won
#: 28 of 98 3-lap rain duels against the Racer, once 66 of 98
RAIN: Prices = {"rain": 6.0}
#: the Champion's prices against the port of GP Online's Pro bot (``bench/gponline_pro.py``), tuned on
#: adlerjoch and kranzfeld with seeds from 1000 (1-lap 10-car fields, fd-basic and fde-advanced, 24 races
#: a step): with the block and neighbour prices counted only before the last lap (``laps_after``) it won
#: 8 of 24 instead of 6; a slipstream's option worth 3.5 spaces, cheaper brakes, tyres and scarcity 10 of 24,
#: its mean place 5.28 against the Pro bot's 5.72, fewer retirements, fewer WP left at the flag
#: its two best gears by the lane's view played out exactly (and its lowest), not three: as many wins, the
#: same mean place, a 10-car 3-lap race on hohenau in 9 s instead of 11; on the last lap, ending ahead of a
#: rival that has moved (``flag_order``) worth as much as finishing (1-lap fd-basic duels on the seven circuits
#: with seeds from 2000: 20 of 46 same-round finishes won instead of 18)
PRO_TUNED: Prices = {"slip": 3.5, "brake": 0.8, "tyre": 0.7, "scarcity": 0.3, "exact_gears": 2, "flag": 100.0}
CHAMPION_PRICES: Prices = {**TUNED, **FIELD_TUNED, **RAIN, **PRO_TUNED}
#: the Champion's bold temper in a one-lap race's pack (``Level.bold``): of the gears worth nearly as much as
#: its best it takes the highest; found against the Pro bot on the seven circuits with seeds from 1000 (1-lap
#: 10-car fields, 56 races a rule set): bold 3 to 6 took its mean place from 5.80 to 5.31-5.60 under fd-basic
#: and from 5.37 to 4.94-5.21 under fde-advanced (8 gave back part of it); judged on seeds from 1 (``bench/
#: drivers.py --match champion:gponline-pro --duels 8 --fields 8 --laps 1``) fields won 39 % -> 57 % and
#: 45 % -> 63 %, duels the same. Bold on the last lap of 3-lap races too, it lost places and flew out of more
#: corners (fde-advanced fields, seeds from 1000: mean place 3.92 -> 4.16, 4.3 % -> 7.1 % retired).
#: Its ``rain_ready`` style puts it on rain tyres while the weather may still turn in a race of more than one
#: lap: in the 50 fde-advanced races of seeds from 1000 with a variable forecast on the seven circuits (10 cars,
#: 3 laps, each with the slots swapped: 100 races) its retirements fell from 26.2 % to 6.8 % (in rain from
#: 21.2 % to 1.8 %: whole teams on slicks had slid out of short 3-stop corners) and its mean place went from
#: 4.24 to 4.17; over one lap it lost (fields won 53 % -> 26 %: the rain comes late if at all, the soft
#: tyres' bonus every turn), and 3-lap duels, with few 20s and 30s to change the weather, stayed level (56/53 %).
#: Its ``duel_tyres`` car (``levels.duel_setup``: four WP on the tyres, three in rain) was found against the Pro bot
#: in fde-advanced duels on the seven circuits: with two, three and four WP moved to the tyres 1-lap duels won
#: 55.4 % -> 51.8 / 55.4 / 60.7 % (56 duels, seeds from 1010), with three and four 55.4 % -> 69.6 / 73.2 % (112
#: duels, seeds from 1020; the mean finishing round 20.7 -> 19.9); with four, 3-lap duels 74.1 % -> 79.5 % (112,
#: seeds from 1020, retired 11.6 % -> 15.2 %) and 66.1 % -> 68.8 % (112, seeds from 1040, retired 9.8 % -> 8.0 %).
#: The same car in 10-car fields (1 lap, 28 races, seeds from 1020) retired 12.1 % -> 20.7 % of the Champions and
#: lost 0.6 places: in a field it builds the car ``Level.choose_setup`` describes. There, over 3 laps, a WP moved from
#: the tyres to the brakes (the finishers had kept 3.1 tyre WP and 0.7 brake WP at the flag, and blocks without brakes
#: were the first reason of retirement) took the retired Champions from 27 to 18 of 400 (the seven circuits' default
#: seeds and twelve GP boards) with as many wins (60 of 80); over 1 lap, as many wins (51 of 80) and more retired
#: (30 -> 37 of 400, most out of corners).
#: It prices a gearbox WP paid for a skip by the scarcity of the skips still to come alone (``gearbox=0``:
#: the gearbox buys nothing else, CORE-GEAR-7): against the Pro bot in fd-basic 1-lap duels on the seven
#: circuits it won 52.9 % -> 56.3 % of 560 (280 from seed 1000: 54.3 -> 57.1 %, 280 from seed 2000: 51.4 ->
#: 55.4 %; WP left at the flag 14.0 -> 13.7), within the noise but both ways up; 3-lap duels (140, seeds from
#: 1100) 73.6 % -> 72.1 % and 1-lap 10-car fields (56) mean place 5.62 -> 5.51, within their noise
#: It expects engine checks (CORE-ENGINE-2) at a third of its collision exposure: they check only the cars in 5th or
#: 6th, and its cars lost 0.5 engine WP a 3-lap 10-car race on GP Online's boards, where at the collisions'
#: exposure it had expected near three failed checks, priced its first engine WP lost as the race lost and so kept
#: out of 5th (12 % of its turns in 5th or 6th, the Pro bot's 26 %; ``CHAMPION.engine_risk`` up to 40 spaces a turn)
CHAMPION = Level(
    name="champion",
    style=Style(max_out=Fraction(1, 6), wear_weight=1.5, foresight=0.75, rain_ready=True),
    exact=True,
    bold=4.0,
    duel_tyres=True,
    gearbox=0.0,
    engine_exposure=0.15,
    **CHAMPION_PRICES,
)
LEVELS: tuple[Level, ...] = (ROOKIE, RACER, CHAMPION)
DEFAULT = RACER
