import json

from django import forms
from django.utils import timezone
from django.utils.html import format_html
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from config.refusal_pages import checked_on
from games.registry import DEFAULT_GAME, MOST_SEATS, all_games, catalogue_game
from games.registry import REGISTRY as GAMES
from tournaments.entrant_import import MAX_CHARACTERS
from tournaments.entrants import MAX_CLUB, MAX_NAME, MAX_TABLE_NUMBER
from tournaments.event_editing import settings_digest
from tournaments.event_settings import check_event_settings, default_points
from tournaments.formats import REGISTRY
from tournaments.models import MAX_INTEGER, ClockStart, Event, League, Season
from tournaments.people import MAX_TYPED
from tournaments.permissions import league_organiser_ids
from tournaments.round_clock import ClockAction
from tournaments.tiebreak_names import TIEBREAK_NAMES
from tournaments.tiebreaks import CHOOSABLE


class TieBreakOrderWidget(forms.MultiWidget):
    """One menu per place in the order ("1st tie-break", "2nd", ...), each offering
    every tie-break or none: works without script and on a phone."""

    template_name = "tournaments/widgets/tiebreak_order.html"

    def __init__(self, attrs=None):
        choices = [("", "—"), *((k, TIEBREAK_NAMES[k]) for k in CHOOSABLE)]
        widgets = [
            forms.Select(choices=choices, attrs={"aria-label": _("tie-break %(n)s") % {"n": n}})
            for n in range(1, len(CHOOSABLE) + 1)
        ]
        super().__init__(widgets, attrs)

    def decompress(self, value):
        value = list(value or [])
        return value + [""] * (len(CHOOSABLE) - len(value))

    def value_from_datadict(self, data, files, name):
        """The menus' values, then any tie-break sent beyond them (``name`` itself or a
        menu the page does not have), so that the field refuses it rather than drop it."""
        values = super().value_from_datadict(data, files, name)
        menus = {f"{name}{suffix}" for suffix in self.widgets_names}
        extra = [key for key in data if key not in menus and key.split("_")[0] == name]
        lists = data.getlist if hasattr(data, "getlist") else lambda key: [data[key]]
        return values + [value for key in sorted(extra) for value in lists(key)]


class TieBreakOrderField(forms.MultiValueField):
    """The chosen tie-breaks in order; empty menus are skipped, a tie-break chosen
    twice is refused."""

    widget = TieBreakOrderWidget

    def __init__(self, **kwargs):
        choices = [(k, TIEBREAK_NAMES[k]) for k in CHOOSABLE]
        fields = [forms.ChoiceField(choices=choices, required=False) for _ in CHOOSABLE]
        super().__init__(fields, require_all_fields=False, required=False, **kwargs)

    def clean(self, value):
        beyond = [key for key in (value or [])[len(self.fields) :] if key]
        if beyond:
            raise forms.ValidationError(
                _("Unknown tie-break: %(keys)s (the tie-breaks: %(known)s).")
                % {
                    "keys": ", ".join(beyond),
                    "known": ", ".join(str(TIEBREAK_NAMES[k]) for k in CHOOSABLE),
                }
            )
        return super().clean(value[: len(self.fields)] if value else value)

    def compress(self, data_list):
        chosen = [k for k in data_list or [] if k]
        twice = sorted({k for k in chosen if chosen.count(k) > 1})
        if twice:
            raise forms.ValidationError(
                _("Each tie-break can be chosen once: %(names)s chosen twice.")
                % {"names": ", ".join(str(TIEBREAK_NAMES[k]) for k in twice)}
            )
        return chosen


class DefaultOnOffSelect(forms.NullBooleanSelect):
    """On, off, or left to the default (empty)."""

    def __init__(self, attrs=None):
        super().__init__(attrs)
        self.choices = [
            ("unknown", _("the format's default")),
            ("true", _("on")),
            ("false", _("off")),
        ]


def unique_slug(model, text: str, taken_by=None) -> str:
    """A slug from ``text``, with -2, -3... when the plain one is taken."""
    base = slugify(text)[:45] or "event"
    slug, n = base, 1
    while model.objects.filter(slug=slug).exclude(pk=getattr(taken_by, "pk", None)).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def game_choices_in(league: League, chosen: str | None) -> list[tuple[str, str]]:
    """The games an event of ``league`` chooses from: the site-wide ones and those its
    organisers added (docs/games.md, "Whose game it is"), and the one it plays."""
    adders = league_organiser_ids(League.objects.filter(pk=league.pk))
    choices = [(game.key, str(game.name)) for game in all_games(adders)]
    if chosen and chosen not in dict(choices):
        found = GAMES.get(chosen) or catalogue_game(chosen)
        if found is not None:
            choices.append((chosen, str(found.name)))
    return choices


def points_for(table_size: int) -> str:
    """Points by place that suit the table (``event_settings.default_points``, which an
    event given none has too), as the form writes them."""
    return ", ".join(f"{points:g}" for points in default_points(table_size))


# A format's options as form fields, by option name: the field's class and words (the
# formats declare the names and defaults; these say them in words).
FORMAT_OPTION_WORDS = {
    "fill": (
        forms.ChoiceField,
        {
            "label": _("When the entrants do not fill every table"),
            "help_text": _("a bye scores without playing"),
            "choices": [("smaller", _("some tables have fewer seats")), ("byes", _("byes"))],
        },
    ),
    "window": (
        forms.IntegerField,
        {
            "label": _("How far apart in the standings tables may mix"),
            "help_text": _("0: chosen by the size of the field"),
            "min_value": 0,
            "max_value": 50,
        },
    ),
    "advance": (
        forms.IntegerField,
        {
            "label": _("How many go through from each table"),
            "help_text": _("0: half the table"),
            "min_value": 0,
            "max_value": 3,
        },
    ),
    "cut": (
        forms.IntegerField,
        {
            "label": _("Cut to a knockout of the best"),
            "help_text": _(
                "after the last round, the best this many play on in a knockout (0: no cut)"
            ),
            "min_value": 0,
            "max_value": 1024,
        },
    ),
    "minimum_games": (
        forms.IntegerField,
        {"label": _("Games played before an entrant is ranked"), "min_value": 0, "max_value": 100},
    ),
    "bracket_reset": (
        forms.BooleanField,
        {"label": _("A second grand final when the losers' bracket wins the first")},
    ),
}


def format_option_field(fmt, option: str) -> forms.Field:
    """The field of a format's option: in words when known, else by its default's type."""
    default = fmt.options[option]
    kind, words = FORMAT_OPTION_WORDS.get(option) or option_by_type(option, default)
    about = fmt.option_help.get(option)
    words = {"help_text": _(about) if about else "", **words}
    return kind(initial=default, required=False, **words)


def option_by_type(option: str, default) -> tuple[type[forms.Field], dict]:
    label = option.replace("_", " ").capitalize()
    if isinstance(default, bool):
        return forms.BooleanField, {"label": label}
    if isinstance(default, int):
        return forms.IntegerField, {"label": label, "min_value": 0}
    return forms.CharField, {"label": label, "max_length": 100}


def option_fields() -> dict[str, forms.Field]:
    """Every game's and every format's options as fields of the event form, by field
    name, each shown only while its game or format is chosen (``data-for``)."""
    fields = {}
    for game in GAMES.values():
        for key, field in game.option_fields().items():
            field.label = _("%(game)s, each game: %(option)s") % {
                "game": game.name,
                "option": field.label,
            }
            fields[game_option_name(game, key)] = shown_while(field, f"game={game.key}")
    for fmt in REGISTRY.values():
        for option in fmt.options:
            field = format_option_field(fmt, option)
            fields[format_option_name(fmt, option)] = shown_while(field, f"format={fmt.key}")
    return fields


def shown_while(field: forms.Field, choice: str) -> forms.Field:
    field.widget.attrs["data-for"] = choice
    return field


class SlugFromName:
    """A form whose slug may be left out: it is made from the name (and the page fills it
    in as the name is typed)."""

    def setup_slug(self):
        self.fields["slug"].required = False
        self.fields["slug"].help_text = _("the address of the page; made from the name")
        self.fields["slug"].widget.attrs["data-slug-from"] = "name"

    def clean_slug(self):
        slug = self.cleaned_data.get("slug")
        if slug:
            return slug
        return unique_slug(self._meta.model, self.data.get("name", ""))


class LeagueForm(SlugFromName, forms.ModelForm):
    class Meta:
        model = League
        fields = ["name", "slug", "description", "visibility"]
        labels = {"slug": _("short name for the address"), "visibility": _("visibility")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.setup_slug()


class SeasonForm(forms.ModelForm):
    class Meta:
        model = Season
        fields = ["name", "starts_on", "ends_on"]
        labels = {"starts_on": _("starts on"), "ends_on": _("ends on")}
        widgets = {
            "starts_on": forms.DateInput(attrs={"type": "date"}),
            "ends_on": forms.DateInput(attrs={"type": "date"}),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        today = timezone.localdate()
        self.fields["name"].initial = str(today.year)
        self.fields["starts_on"].initial = today

    def clean(self):
        data = super().clean()
        starts, ends = data.get("starts_on"), data.get("ends_on")
        if starts and ends and ends < starts:
            self.add_error("ends_on", _("The season ends before it starts."))
        return data


def game_option_name(game, option: str) -> str:
    return f"option_{game.member.lower()}_{option}"


def format_option_name(fmt, option: str) -> str:
    return f"format_{fmt.key.replace('-', '_')}_{option}"


# Where a refused setting is shown on the event form.
SETTING_FIELDS = {
    "points_by_place": "points_text",
    "tiebreak_order": "tiebreaks",
    "format_options": "format",
    "rules_options": "game",
}


def comma_list(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


class EventForm(SlugFromName, forms.ModelForm):
    """A new event, every setting a field: the game's options and the format's options
    are shown for the game and format chosen (``data-for``), never as JSON."""

    format = forms.ChoiceField(
        label=_("format"), choices=[(k, _(f.name)) for k, f in REGISTRY.items()]
    )
    table_size = forms.IntegerField(
        label=_("table size"),
        min_value=2,
        max_value=MOST_SEATS,
        initial=4,
        help_text=_("seats at a table: 2 up to the game's most players"),
    )
    points_text = forms.CharField(
        label=_("points by place"),
        initial=points_for(4),
        required=False,
        help_text=_("first place first, separated by commas; left empty: suited to the table"),
    )
    tiebreaks = TieBreakOrderField(
        label=_("tie-breaks, in order"),
        initial=CHOOSABLE,
        help_text=_(
            "After points (an open league: after the rating, once the minimum games are "
            "played). Leave all empty for the format's own order."
        ),
    )

    class Meta:
        model = Event
        fields = [
            "season",
            "name",
            "slug",
            "game",
            "format",
            "table_size",
            "rounds_planned",
            "visibility",
            "seed",
            "late_entry_points",
            "avoid_same_club",
            "registration",
            "capacity",
            "registration_closes",
            "starts_at",
            "check_in",
            "check_in_opens",
            "review_pairings",
            "round_minutes",
            "clock_starts",
            "time_rule",
        ]
        labels = {
            "season": _("season"),
            "slug": _("short name for the address"),
            "game": _("game"),
            "visibility": _("visibility"),
            "seed": _("seed"),
        }
        widgets = {
            "registration_closes": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            ),
            "starts_at": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            ),
            "review_pairings": DefaultOnOffSelect,
        }

    def __init__(self, *args, league: League, add_game_url: str = "", **kwargs):
        super().__init__(*args, **kwargs)
        self.setup_slug()
        self.setup_season(league)
        self.fields["game"] = forms.ChoiceField(
            label=_("game"),
            choices=game_choices_in(league, self.initial.get("game")),
            initial=self.initial.get("game") or DEFAULT_GAME,
            help_text=format_html('<a href="{}">{}</a>', add_game_url, _("A game not in the list?"))
            if add_game_url
            else "",
        )
        self.fields["points_text"].widget.attrs["data-points-by-size"] = json.dumps(
            {size: points_for(size) for size in range(2, MOST_SEATS + 1)}
        )
        for name in ("registration", "check_in_opens", "clock_starts"):
            self.fields[name].required = False  # left out: the event's default
        self.fields["seed"].help_text = _("any number: the same number pairs the same way")
        self.fields["rounds_planned"].label = _("Rounds of the event")
        self.fields.update(option_fields())

    def setup_season(self, league: League):
        seasons = league.seasons.filter(status=Season.Status.OPEN)
        self.fields["season"].queryset = seasons
        if len(seasons) == 1:
            self.fields["season"].initial = seasons[0].pk

    def field_of(self, setting: str | None) -> str:
        """The form field a refused setting is shown beside (``rules_options.rounds``:
        the chosen game's Rounds)."""
        name, _dot, option = (setting or "").partition(".")
        game = GAMES.get(self.cleaned_data.get("game"))
        if name == "rules_options" and option and game is not None:
            return game_option_name(game, option)
        return SETTING_FIELDS.get(name, name)

    def rules_options(self, data) -> dict:
        """The options of the chosen game, from its fields (the other games' are ignored)."""
        game = GAMES.get(data.get("game"))
        if game is None:
            return {}
        return game.options_from_form(
            {option.key: data.get(game_option_name(game, option.key)) for option in game.options}
        )

    def format_options(self, data) -> dict:
        """The options of the chosen format that differ from its defaults."""
        fmt = REGISTRY.get(data.get("format"))
        if fmt is None:
            return {}
        options = {}
        for option, default in fmt.options.items():
            value = data.get(format_option_name(fmt, option))
            if value not in (None, "") and value != default:
                options[option] = value
        return options

    def clean_registration(self):
        return self.cleaned_data["registration"] or Event.Registration.CLOSED

    def clean_clock_starts(self):
        return self.cleaned_data["clock_starts"] or ClockStart.PUBLISHED

    def clean_check_in_opens(self):
        opens = self.cleaned_data["check_in_opens"]
        return Event._meta.get_field("check_in_opens").default if opens is None else opens

    def clean_points_text(self):
        size = self.cleaned_data.get("table_size") or 4
        text = self.cleaned_data["points_text"] or points_for(size)
        try:
            return [float(p) for p in comma_list(text)]
        except ValueError:
            raise forms.ValidationError(_("Points must be numbers separated by commas.")) from None

    def clean(self):
        data = super().clean()
        options = self.format_options(data)
        if any(
            name in self.errors
            for name in ("game", "format", "table_size", *SETTING_FIELDS.values())
        ):
            return data
        checked = checked_on(
            self,
            check_event_settings,
            game=data["game"],
            rules_options=self.rules_options(data),
            format=data["format"],
            format_options=options,
            table_size=data["table_size"],
            points_by_place=data["points_text"],
            tiebreak_order=data["tiebreaks"],
            avoid_same_club=data.get("avoid_same_club", False),
            **{name: data.get(name) for name in REGISTRATION_SETTINGS},
        )
        if checked:
            data["format_options"] = checked.answer["format_options"]
            data["rules_options"] = checked.answer["rules_options"]
        return data

    def event_fields(self) -> dict:
        data = self.cleaned_data
        fields = {k: data[k] for k in self.Meta.fields if k != "season"}
        fields.update(
            points_by_place=data["points_text"],
            tiebreak_order=data["tiebreaks"],
            format_options=data["format_options"],
            rules_options=data["rules_options"],
        )
        return fields


# The settings of who takes part, checked with the others.
REGISTRATION_SETTINGS = (
    "registration",
    "capacity",
    "registration_closes",
    "check_in",
    "check_in_opens",
    "review_pairings",
    "round_minutes",
    "clock_starts",
    "time_rule",
)


class EventEditForm(EventForm):
    """The event's settings as they are, every one changeable (``do_edit_event``
    refuses, after the first result, what would change recorded games)."""

    class Meta(EventForm.Meta):
        fields = [name for name in EventForm.Meta.fields if name not in ("season", "slug")]

    seen = forms.CharField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, instance: Event, **kwargs):
        super().__init__(*args, instance=instance, league=instance.season.league, **kwargs)
        self.fields["seen"].initial = settings_digest(instance)
        self.fields["points_text"].initial = ", ".join(
            f"{points:g}" for points in instance.points_by_place
        )
        self.fields["tiebreaks"].initial = instance.tiebreak_order
        game = GAMES.get(instance.game)
        for key, value in instance.rules_options.items():
            name = game_option_name(game, key) if game else ""
            if name in self.fields:
                self.fields[name].initial = value
        fmt = REGISTRY.get(instance.format)
        for key, value in instance.format_options.items():
            name = format_option_name(fmt, key) if fmt else ""
            if name in self.fields:
                self.fields[name].initial = value

    def setup_slug(self):
        """An event keeps its address."""

    def setup_season(self, league: League):
        """An event stays in its season."""

    def edit_fields(self) -> dict:
        """The fields for ``do_edit_event``; the options only when they changed (an
        unticked option left out before is the same setting)."""
        fields = self.event_fields()
        current = self.instance
        rules = {
            key: value
            for key, value in fields["rules_options"].items()
            if not (value is False and key not in current.rules_options)
        }
        fields["rules_options"] = rules
        for name in ("rules_options", "format_options"):
            if fields[name] == getattr(current, name):
                del fields[name]
        return {**fields, "seen": self.cleaned_data["seen"] or None}


class PlaceFields(forms.Form):
    """Where an entrant sits: their club (kept apart where the event asks) and a table
    they keep every round."""

    club = forms.CharField(label=_("club"), required=False, max_length=MAX_CLUB)
    fixed_table = forms.IntegerField(
        label=_("fixed table"),
        required=False,
        min_value=1,
        max_value=MAX_TABLE_NUMBER,
        help_text=_("the table number they sit at every round, e.g. an accessible table"),
    )


class EntrantForm(PlaceFields):
    username = forms.CharField(
        label=_("person (username or name)"),
        required=False,
        max_length=MAX_TYPED,
        widget=forms.TextInput(attrs={"list": "people", "autocomplete": "off"}),
        help_text=_("type a few letters: people who played in this league come first"),
    )
    bot = forms.CharField(label=_("bot name"), required=False)
    walk_in = forms.CharField(
        label=_("walk-in player (no account)"), required=False, max_length=MAX_NAME
    )
    start_points = forms.FloatField(label=_("starting points"), required=False)
    seed = forms.IntegerField(
        label=_("seed"),
        required=False,
        min_value=1,
        max_value=MAX_INTEGER,
        help_text=_("knockout seeding, 1 the top"),
    )

    field_order = ["username", "walk_in", "bot", "club", "fixed_table", "start_points", "seed"]

    def clean(self):
        data = super().clean()
        given = [k for k in ("username", "bot", "walk_in") if data.get(k)]
        if len(given) != 1:
            raise forms.ValidationError(_("Give exactly one of: username, bot name, walk-in name."))
        return data


class ImportForm(forms.Form):
    csv = forms.CharField(
        label=_("entrants as CSV"),
        required=False,
        max_length=MAX_CHARACTERS,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 6, "placeholder": "name,username,club,fixed_table"}),
        help_text=_("a header row naming the columns (below) first, then one entrant a row"),
    )
    file = forms.FileField(label=_("or a CSV file"), required=False)

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload is not None:
            if upload.size > MAX_CHARACTERS * 4:
                raise forms.ValidationError(_("The file is too large for an import."))
            try:
                data["csv"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise forms.ValidationError(_("Save the file as CSV in UTF-8.")) from None
        return data


class PairForm(forms.Form):
    override_reason = forms.CharField(
        label=_("reason to pair with results missing"), required=False, max_length=500
    )


class SwapForm(forms.Form):
    first = forms.IntegerField(label=_("seat"))
    second = forms.IntegerField(label=_("seat"))


class LogGameForm(forms.Form):
    """One played game of an open league: as many seats as the game's largest table (the
    first two required), in seat order."""

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.seat_count = max(event.game_type.table_sizes)
        choices = [("", "—")] + [
            (e.pk, e.name) for e in event.entrants.filter(status="active").order_by("name")
        ]
        for seat in range(self.seat_count):
            required = seat < 2
            self.fields[f"entrant_{seat}"] = forms.TypedChoiceField(
                label=_("seat %(n)s") % {"n": seat + 1},
                choices=choices,
                coerce=int,
                required=required,
                empty_value=None,
            )
            self.fields[f"score_{seat}"] = forms.IntegerField(
                label=_("score"), min_value=-MAX_INTEGER, max_value=MAX_INTEGER, required=required
            )
            self.fields[f"place_{seat}"] = forms.IntegerField(
                label=_("place"), min_value=1, max_value=self.seat_count, required=required
            )

    def seats(self) -> list[tuple[int, int, int]]:
        data, seats = self.cleaned_data, []
        for seat in range(self.seat_count):
            if data.get(f"entrant_{seat}") is None:
                continue
            if data.get(f"score_{seat}") is None or data.get(f"place_{seat}") is None:
                raise forms.ValidationError(
                    _("Seat %(n)s needs a score and a place.") % {"n": seat + 1}
                )
            seats.append((data[f"entrant_{seat}"], data[f"score_{seat}"], data[f"place_{seat}"]))
        return seats


class ClockForm(forms.Form):
    """A change of the round clock from the round page; its limits are the service's
    (``tournaments.round_clock``), the same on every path."""

    action = forms.ChoiceField(choices=ClockAction.choices)
    minutes = forms.IntegerField(label=_("minutes"), required=False)
    table = forms.IntegerField(label=_("table"), required=False)
    revision = forms.IntegerField(widget=forms.HiddenInput, required=False)
