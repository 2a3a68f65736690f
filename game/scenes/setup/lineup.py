"""Race set-up: track (with picture and facts), laps, rules and 2-10 drivers.

The choices are remembered for the next race. Each driver is human or a
computer of a level (Rookie, Racer, Champion: ``rules.ai.levels``) with a name, a colour and a car number;
colours and numbers are kept distinct by cycling to the next free one.
"""

from __future__ import annotations

import math
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game import theme
from game.app.loop import Scene
from game.board.cars import badge, badge_of, body_of, car_icon, pattern_of
from game.board.catalogue import TrackEntry
from game.play.race_length import race_length
from game.scenes.launch import car_name
from game.scenes.setup.chosen_track import ChosenTrack
from game.storage.lineup import COLOURS, GRIDS, KINDS, MAX_NAME, NAMES, Driver, Lineup
from game.texts import place_name, tr
from game.widgets.controls import Button, TextField, Widget
from game.widgets.page import Page
from game.widgets.page import message as page_message
from game.widgets.trackpicture import TrackPicture, draw_broken
from rules.choice import RuleChoice, following_preset, known_preset, rules_of
from rules.ruleset import PRESETS, RuleSet
from rules.tables.profiles import Profile
from rules.tables.roster import street_driver

if TYPE_CHECKING:
    from game.app.loop import App

TRACK_ROW = 50  # a track button's row in the list of tracks
FACTS_ROOM = 160  # px the chosen track's facts need below the list of tracks
ROW = 46  # a driver row's height where the window has room; it shrinks to fit ten drivers
ROW_PARTS = 6  # kind, name, profile (league rules only), colour, number, remove


class SetupScene(ChosenTrack, Scene):
    name = "setup"

    def __init__(self, app: App, championship: bool = False) -> None:
        super().__init__(app)
        self.championship = championship  # the drivers and rules of a new championship; its races come next
        lineup = app.lineup()
        self.track_file = app.tracks.pick(lineup.track)
        self.laps = lineup.laps
        self.laps_set = lineup.laps_set  # the player set the laps: a track chosen afterwards keeps them
        self.preset = known_preset(lineup.preset)
        self.grid = lineup.grid
        self.modules = dict(lineup.modules)
        self.propose_laps()
        self.message = ""
        self.drivers: list[Driver] = list(lineup.drivers)
        self.size = app.size
        self.picture = TrackPicture()
        self.message_area = self.track_area = self.choices = pygame.Rect(0, 0, 0, 0)
        self.drivers_y = 0
        self.icon = (76, 40)  # a driver's car beside the row
        self.fixed: list[Widget] = [
            Button("back", lambda: tr("button.back"), self.leave),
            Button("next", lambda: tr("setup.next_races" if self.championship else "setup.next"), self.next, "primary"),
            Button("laps.minus", lambda: "−", lambda: self.set_laps(-1), px=32),
            Button("laps.plus", lambda: "+", lambda: self.set_laps(1), px=32),
            Button(
                "preset", self.preset_label, self.next_preset, px=22, hint=lambda: [tr(f"preset.{self.preset}.about")]
            ),
            Button(
                "modules",
                lambda: tr("setup.modules"),
                self.edit_modules,
                px=22,
                hint=lambda: [tr("setup.modules.about")],
            ),
            Button("add", lambda: tr("setup.add_driver"), self.add_driver, px=22),
            Button(
                "grid",
                lambda: tr(f"setup.grid.{self.grid}"),
                self.next_grid,
                px=22,
                hint=lambda: [tr(f"setup.grid.{self.grid}.about")],
            ),
            Button("primer", lambda: "?", self.primer, px=26, hint=lambda: [tr("primer.button")]),
            Button("hints", self.hints_label, self.toggle_hints, px=22, hint=lambda: [tr("setup.hints.about")]),
        ]
        self.track_buttons = [
            Button(f"track.{e.path.stem}", partial(self.track_label, e), partial(self.choose_track, e), px=22)
            for e in app.tracks.entries
        ]
        # more tracks than the window has rows for: the list shows a page at a time
        self.track_page: int | None = None  # None: the page of the chosen track
        self.pages, self.page_shown = 1, 0
        self.pager = [
            Button("tracks.prev", lambda: tr("setup.tracks.prev"), lambda: self.turn_page(-1), px=26),
            Button("tracks.next", lambda: tr("setup.tracks.next"), lambda: self.turn_page(1), px=26),
        ]
        self._trim()
        self.rebuild()

    @property
    def room(self) -> int:
        e = self.entry
        if e is None:
            return 0
        return e.max_drivers if e.loaded else 10

    # --- the driver rows ----------------------------------------------------------------

    def rebuild(self) -> None:
        """New widgets for the driver rows (their number changed)."""
        rows: list[Widget] = []
        for i in range(len(self.drivers)):
            rows += [
                Button(
                    f"driver{i + 1}.kind",
                    partial(self.kind_label, i),
                    partial(self.next_kind, i),
                    px=21,
                    hint=partial(self.kind_hint, i),
                ),
                TextField(
                    f"driver{i + 1}.name",
                    partial(self.seat_name, i),
                    partial(self.rename, i),
                    MAX_NAME,
                    hint=lambda: [tr("setup.name_hint")],
                ),
                Button(
                    f"driver{i + 1}.profile",
                    partial(self.profile_label, i),
                    partial(self.next_profile, i),
                    px=19,
                    hint=partial(self.profile_hint, i),
                ),
                Button(
                    f"driver{i + 1}.colour",
                    lambda: "",
                    partial(self.next_colour, i),
                    swatch=partial(self.swatch, i),
                    hint=lambda: [tr("setup.colour_hint")],
                ),
                Button(
                    f"driver{i + 1}.number",
                    partial(self.number_label, i),
                    partial(self.next_number, i),
                    px=24,
                    hint=lambda: [tr("setup.number_hint")],
                ),
                Button(
                    f"driver{i + 1}.remove",
                    lambda: "×",
                    partial(self.remove, i),
                    "danger",
                    px=28,
                    hint=lambda: [tr("setup.remove_driver")],
                ),
            ]
        self.rows = rows
        self.widgets = self.fixed + self.track_buttons + self.pager + rows
        self.layout(self.size)

    def kind_label(self, i: int) -> str:
        return tr(f"driver.{self.drivers[i].kind}")

    def kind_hint(self, i: int) -> list[str]:
        return [tr(f"driver.{self.drivers[i].kind}.about"), tr("setup.kind_hint")]

    def swatch(self, i: int) -> theme.Colour:
        return theme.colour(self.drivers[i].colour)

    def number_label(self, i: int) -> str:
        return f"#{self.drivers[i].number}"

    def next_kind(self, i: int) -> None:
        kind = KINDS[(KINDS.index(self.drivers[i].kind) + 1) % len(KINDS)]
        self.drivers[i] = self.drivers[i].model_copy(update={"kind": kind})

    def seat_name(self, i: int) -> str:
        """The name on the seat's car: in a street race a computer seat is the roster's driver
        (STREET-1, as ``launch`` enters it); a human keeps their own."""
        return car_name(self.drivers[i], i, self.rules())

    def profile_label(self, i: int) -> str:
        """The seat's profile; in a street race the ability of the roster's driver it drives (STREET-1)."""
        profile = street_driver(i).profile if self.rules().street else self.drivers[i].profile
        return tr(f"profile.{profile.value}")

    def profile_hint(self, i: int) -> list[str]:
        if self.rules().street:
            d = street_driver(i)
            return [
                tr("setup.street_driver", name=d.name, ability=tr(f"profile.{d.profile.value}")),
                tr(f"profile.{d.profile.value}.about"),
            ]
        return [tr(f"profile.{self.drivers[i].profile.value}.about"), tr("setup.profile_hint")]

    def next_profile(self, i: int) -> None:
        """DRESDEN-PROFILE-1: each driver picks one of the seven profiles for the race (in a street
        race the seat's driver is fixed, STREET-1)."""
        if self.rules().street:
            return
        profiles = list(Profile)
        profile = profiles[(profiles.index(self.drivers[i].profile) + 1) % len(profiles)]
        self.drivers[i] = self.drivers[i].model_copy(update={"profile": profile})

    def rename(self, i: int, text: str) -> None:
        self.drivers[i] = self.drivers[i].model_copy(update={"name": text})

    def next_colour(self, i: int) -> None:
        taken = {d.colour for j, d in enumerate(self.drivers) if j != i}
        start = COLOURS.index(self.drivers[i].colour) if self.drivers[i].colour in COLOURS else -1
        for k in range(1, len(COLOURS) + 1):
            c = COLOURS[(start + k) % len(COLOURS)]
            if c not in taken:
                self.drivers[i] = self.drivers[i].model_copy(update={"colour": c})
                return

    def next_number(self, i: int) -> None:
        taken = {d.number for j, d in enumerate(self.drivers) if j != i}
        n = self.drivers[i].number
        for _ in range(99):
            n = n % 99 + 1
            if n not in taken:
                self.drivers[i] = self.drivers[i].model_copy(update={"number": n})
                return

    def remove(self, i: int) -> None:
        if len(self.drivers) > 2:
            del self.drivers[i]
            self.rebuild()

    def add_driver(self) -> None:
        if len(self.drivers) >= self.room:
            return
        names = {d.name for d in self.drivers}
        colours = {d.colour for d in self.drivers}
        numbers = {d.number for d in self.drivers}
        name = next((n for n in NAMES if n not in names), f"{NAMES[0]} {len(self.drivers) + 1}")
        colour = next(c for c in COLOURS if c not in colours)
        number = next(n for n in range(1, 100) if n not in numbers)
        self.drivers.append(Driver(kind="racer", name=name, colour=colour, number=number))
        self.rebuild()

    def _trim(self) -> None:
        """A smaller grid: the last drivers stay at home."""
        if self.room >= 2:
            del self.drivers[self.room :]

    # --- the race choices -------------------------------------------------------------------

    def track_label(self, e: TrackEntry) -> str:
        """The track's name as its button shows it: its map's title until the track is read."""
        return place_name(e.name)

    def choose_track(self, e: TrackEntry) -> None:
        self.track_file = e.path.name
        self.propose_laps()
        self.update(0.0)

    def propose_laps(self) -> None:
        """The laps the chosen track proposes, unless the player set them or the rules fix them (C-RACE-1)."""
        e = self.entry
        if not self.laps_set and PRESETS[self.preset].race_laps is None and e is not None and e.laps is not None:
            self.laps = e.laps

    def update(self, dt: float) -> None:
        """Once the chosen track has loaded, the grid size is known: drivers beyond it stay home."""
        before = len(self.drivers)
        self._trim()
        if len(self.drivers) != before:
            self.rebuild()
        else:
            self.layout(self.size)

    def set_laps(self, step: int) -> None:
        self.laps = max(1, min(3, self.laps + step))
        self.laps_set = True
        self.message = ""

    def preset_label(self) -> str:
        name = tr(f"preset.{self.preset}")
        return tr("setup.preset_changed", preset=name) if self.modules else name

    def next_preset(self) -> None:
        self.preset = following_preset(self.preset)
        rules = PRESETS[self.preset]
        self.grid = rules.grid  # each rule set's own way to the grid, until changed
        self.modules = {}
        self.message = ""
        if (
            rules.race_laps is not None and rules.race_laps != self.laps
        ):  # C-RACE-1: Formula Dé advanced is a 3-lap race
            self.laps = rules.race_laps
            self.message = tr("setup.laps_from_preset", preset=tr(f"preset.{self.preset}"), n=self.laps)
        self.layout(self.size)  # the rows show a profile only where the rules have profiles

    def rules(self) -> RuleSet:
        """The rule set chosen so far: the preset with its switched modules."""
        return rules_of(RuleChoice(preset=self.preset, overrides=self.modules))

    def edit_modules(self) -> None:
        """Switch single modules of the preset on or off (the rules screen)."""
        from game.scenes.setup.rule_modules import RulesScene

        def done(choice: RuleChoice) -> None:
            self.modules = dict(choice.overrides)
            self.message = ""
            self.layout(self.size)

        self.app.push(RulesScene(self.app, RuleChoice(preset=self.preset, overrides=self.modules), done, self.laps))

    def primer(self) -> None:
        """How to play the chosen rule set, in short."""
        from game.scenes.menus.primer import PrimerScene

        self.app.push(PrimerScene(self.app, self.preset))

    def hints_label(self) -> str:
        return tr("setup.hints", state=tr("toggle.on" if self.app.settings.hints else "toggle.off"))

    def toggle_hints(self) -> None:
        """The Champion's hint on the race screen, for the races ahead (a league race switches it off)."""
        self.app.change_settings(self.app.settings.model_copy(update={"hints": not self.app.settings.hints}))

    def next_grid(self) -> None:
        """FD08-GRID-1's black-die roll or a qualifying session (VAR-20)."""
        self.grid = GRIDS[(GRIDS.index(self.grid) + 1) % len(GRIDS)]

    def lineup(self) -> Lineup:
        drivers = tuple(
            d if d.name.strip() else d.model_copy(update={"name": NAMES[i % len(NAMES)]})
            for i, d in enumerate(self.drivers)
        )
        drivers = tuple(d.model_copy(update={"name": d.name.strip()}) for d in drivers)
        return Lineup(
            track=self.track_file,
            laps=self.laps,
            laps_set=self.laps_set,
            preset=self.preset,
            grid=self.grid,
            modules=self.modules,
            drivers=drivers,
        )

    def leave(self) -> None:
        self.app.remember(self.lineup())
        self.app.pop()

    def next(self) -> None:
        e = self.app.tracks.get(self.track_file)
        if e is None or e.track is None:
            return
        self.update(0.0)
        from game.scenes.setup.carsetup import CarSetupScene

        lineup = self.lineup()
        self.app.remember(lineup)
        if lineup.rules().teams and len(lineup.drivers) % 2:  # TEAM-B-1
            self.message = tr("setup.teams_odd", n=len(lineup.drivers))
            return
        if self.championship:
            from game.scenes.league.series_setup import SeriesSetupScene

            self.app.push(SeriesSetupScene(self.app, lineup))
            return
        self.app.push(CarSetupScene(self.app, lineup))

    # --- screen ---------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        """Tracks and their facts on the left, the race's choices and the driver rows on the right;
        the rows share what height is left (ten drivers fit a 1024x640 window)."""
        self.size = size
        page = Page(size)
        body = page.body
        byid = {x.id: x for x in self.fixed}
        byid["back"].rect = page.back()
        byid["next"].rect = page.forward()
        back = byid["back"].rect
        hints_w = max(theme.font(22).size(tr("setup.hints", state=tr(f"toggle.{v}")))[0] for v in ("on", "off")) + 40
        byid["hints"].rect = pygame.Rect(back.right + 12, back.top, hints_w, back.height)
        self.message_area = page.between(byid["hints"].rect, byid["next"].rect)
        e = self.entry
        byid["next"].visible = e is not None and not (e.loaded and e.track is None)
        left_w = max(300, min(520, round(body.width * 0.34)))
        below = self._lay_out_tracks(body, left_w)
        self.track_area = pygame.Rect(body.left, below, left_w, body.bottom - below)
        x = body.left + left_w + 40
        self.choices = pygame.Rect(x, body.top, body.right - x, body.height)
        label_w = max(theme.font(28).size(tr(k))[0] for k in ("setup.laps", "setup.rules", "setup.drivers")) + 24
        y = body.top
        byid["laps.minus"].rect = pygame.Rect(x + label_w, y, 44, 44)
        byid["laps.plus"].rect = pygame.Rect(x + label_w + 96, y, 44, 44)
        grid_left = byid["laps.plus"].rect.right + 24
        byid["grid"].rect = pygame.Rect(grid_left, y, min(360, body.right - grid_left), 44)
        y += 56
        modules_w = theme.font(22).size(tr("setup.modules"))[0] + 40
        primer_w = 44  # "?": how to play these rules
        preset_w = min(420, body.right - modules_w - primer_w - 20 - x - label_w)
        byid["preset"].rect = pygame.Rect(x + label_w, y, preset_w, 44)
        byid["modules"].rect = pygame.Rect(byid["preset"].rect.right + 10, y, modules_w, 44)
        byid["primer"].rect = pygame.Rect(byid["modules"].rect.right + 10, y, primer_w, 44)
        byid["preset"].visible = len(PRESETS) > 1  # a single rule set is shown, not offered
        y += 58
        self.drivers_y = y + 18
        add = byid["add"]
        add_w = theme.font(22).size(tr("setup.add_driver"))[0] + 40
        add.rect = pygame.Rect(body.right - add_w, y, add_w, 36)
        add.visible = len(self.drivers) < self.room
        top = y + 46
        row = max(30, min(ROW, (body.bottom - top) // max(1, len(self.drivers))))
        icon_h = min(40, row - 6)
        self.icon = (round(icon_h * 1.9), icon_h)
        profiles = self.rules().profiles  # DRESDEN-PROFILE-1: only the league's rules have them
        fixed = 40 + 60 + 40 + self.icon[0] + 12 + (ROW_PARTS if profiles else ROW_PARTS - 1) * 8
        free = body.right - x - fixed
        kind_w = min(240, free * (42 if profiles else 55) // 100)
        profile_w = min(200, free * 27 // 100) if profiles else 0
        name_w = min(240, free - kind_w - profile_w)
        widths = (kind_w, name_w, profile_w, 40, 60, 40)
        for i in range(len(self.drivers)):
            parts = self.rows[i * ROW_PARTS : (i + 1) * ROW_PARTS]
            cx = x
            for part, width in zip(parts, widths):
                part.rect = pygame.Rect(cx, top + i * row, width, row - 6)
                cx += width + 8 if width else 0
            parts[2].visible = profiles
            parts[5].visible = len(self.drivers) > 2

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and TextField.focused is None:
            self.leave()
            return True
        return super().handle(event)

    def draw(self, screen: pygame.Surface) -> None:
        page = Page(screen.get_size())
        page.draw(screen, tr("setup.title_series" if self.championship else "setup.title"))
        body = page.body
        theme.text(screen, tr("setup.track"), 26, theme.DIM, (body.left, body.top + 4))
        for b in self.track_buttons:
            b.style = "primary" if b.id == f"track.{self.entry.path.stem if self.entry else ''}" else "normal"
        if self.pages > 1:
            left, right = self.pager[0].rect, self.pager[1].rect
            theme.text(
                screen,
                tr("setup.tracks.page", page=self.page_shown + 1, pages=self.pages),
                20,
                theme.DIM,
                ((left.right + right.left) // 2, left.centery),
                "center",
            )
        x = self.choices.left
        laps = self.fixed[2].rect
        theme.text(screen, tr("setup.laps"), 28, theme.TEXT, (x, laps.centery), "midleft")
        theme.text(screen, str(self.laps), 36, theme.YELLOW, (laps.right + 26, laps.centery), "center")
        rules_y = laps.centery + 56
        theme.text(screen, tr("setup.rules"), 28, theme.TEXT, (x, rules_y), "midleft")
        if len(PRESETS) == 1:
            theme.text(screen, tr(f"preset.{self.preset}"), 26, theme.YELLOW, (laps.left, rules_y - 8), "midleft")
            theme.text(screen, tr(f"preset.{self.preset}.about"), 19, theme.DIM, (laps.left, rules_y + 16), "midleft")
        if self.message:
            page_message(screen, self.message_area, self.message, theme.ORANGE)
        label = theme.text(screen, tr("setup.drivers"), 28, theme.TEXT, (x, self.drivers_y), "midleft")
        theme.text(screen, tr("setup.room", n=self.room), 20, theme.DIM, (label.right + 20, self.drivers_y), "midleft")
        self._draw_track(screen, self.track_area)
        self.draw_widgets(screen)
        for i, d in enumerate(self.drivers):
            row = self.rows[i * ROW_PARTS + ROW_PARTS - 1].rect
            sprite = car_icon(d.colour, pattern_of(i), self.icon, body_of(self.rules().street))
            spot = sprite.get_rect(midleft=(row.right + 12, row.centery))
            screen.blit(sprite, spot)
            tag = badge(badge_of(i), d.number, max(9, self.icon[1] * 12 // 40), d.colour)
            screen.blit(tag, tag.get_rect(center=spot.center))

    def _lay_out_tracks(self, body: pygame.Rect, width: int) -> int:
        """The track buttons, a page of them where the window has too few rows for all (the
        chosen track's facts keep ``FACTS_ROOM`` below the list); returns where the facts begin."""
        top, n = body.top + 32, len(self.track_buttons)
        for b in self.pager:
            b.visible = False
        if not n:
            return top
        fit = max(3, (body.bottom - top - FACTS_ROOM) // TRACK_ROW)
        per_page = n if n <= fit else fit - 1  # the last row holds the page buttons
        self.pages = math.ceil(n / per_page)
        chosen = next(
            (i for i, b in enumerate(self.track_buttons) if self.entry and b.id == f"track.{self.entry.path.stem}"), 0
        )
        self.page_shown = chosen // per_page if self.track_page is None else min(self.track_page, self.pages - 1)
        for i, b in enumerate(self.track_buttons):
            b.visible = i // per_page == self.page_shown
            b.rect = pygame.Rect(body.left, top + i % per_page * TRACK_ROW, width, 42)
        rows = min(n, per_page) + (self.pages > 1)
        for k, b in enumerate(self.pager):
            b.visible = self.pages > 1
            b.rect = pygame.Rect(body.left + k * (width - 64), top + (rows - 1) * TRACK_ROW, 64, 42)
        return top + (rows - 1) * TRACK_ROW + 42 + 14

    def turn_page(self, step: int) -> None:
        self.track_page = (self.page_shown + step) % self.pages
        self.layout(self.size)

    def track_facts(self, e: TrackEntry) -> tuple[list[str], list[str], list[str]]:
        """The track's facts for these rules: its size and pit lane, its barometer where the race
        has weather (a street race and the basic game have none), and its corners."""
        weather = self.rules().weather
        facts = e.facts(weather=weather)
        return facts[:3], facts[3:4] if weather else [], facts[4:] if weather else facts[3:]

    def _draw_track(self, screen: pygame.Surface, area: pygame.Rect) -> None:
        """The chosen track's picture and facts; the picture gets what height the facts leave."""
        e = self.entry
        if e is None:
            theme.text(screen, tr("setup.no_tracks"), 22, theme.ORANGE, area.topleft)
            return
        if not e.loaded:
            theme.text(screen, tr("setup.loading"), 24, theme.DIM, area.topleft)
            return
        if e.track is None:
            draw_broken(screen, e, area)
            return
        head, weather, corner_facts = self.track_facts(e)
        rounds, minutes = race_length(
            e.track, self.laps, len(self.drivers), sum(d.kind == "human" for d in self.drivers)
        )
        lines = [(line, 21, theme.TEXT, 24) for line in head]
        lines += [
            (line, 19, theme.TEXT, 21)
            for line in theme.wrap(tr("setup.length", rounds=rounds, minutes=minutes), 19, area.width)
        ]
        lines += [(line, 19, theme.TEXT, 21) for w in weather for line in theme.wrap(w, 19, area.width)]
        facts_h = sum(step for *_, step in lines)
        corners = " · ".join(corner_facts)
        picture_h = min(250, area.height - facts_h - 21 * len(theme.wrap(corners, 19, area.width)) - 12)
        frame = (
            self.picture.draw(screen, e, pygame.Rect(area.left, area.top, area.width, picture_h))
            if picture_h > 0
            else None
        )
        y = frame.bottom + 12 if frame is not None else area.top
        for line, px, ink, step in lines:
            theme.text(screen, line, px, ink, (area.left, y))
            y += step
        # the corners' names come last: a window too small for all of them ends the list with an ellipsis
        for line in theme.wrap(corners, 19, area.width, most=max(1, (area.bottom - y) // 21)):
            theme.text(screen, line, 19, theme.DIM, (area.left, y))
            y += 21

    def status(self) -> dict[str, Any]:
        status = super().status()
        status.update(
            track=self.track_file,
            laps=self.laps,
            grid=self.grid,
            drivers=[d.kind for d in self.drivers],
            preset=self.preset,
        )
        return status
