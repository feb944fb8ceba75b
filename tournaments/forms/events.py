"""The event form: creating an event and editing its settings."""

import json

from django import forms
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from games.declaring import MOST_SEATS
from games.registry import DEFAULT_GAME
from games.registry import REGISTRY as GAMES
from lib.date_inputs import LocalDateTimeInput
from lib.refusal_pages import checked_on
from tournaments.event_editing import settings_digest
from tournaments.event_settings import check_event_settings
from tournaments.formats import REGISTRY
from tournaments.forms.fields import (
    DefaultOnOffSelect,
    TieBreakOrderField,
    format_option_name,
    game_option_name,
    option_fields,
    points_for,
)
from tournaments.forms.leagues import SlugFromName, game_choices_in
from tournaments.models import ClockStart, Event, League, Season
from tournaments.tiebreak_names import CHOOSABLE

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
            "round_check_in",
            "no_show_drops",
            "review_pairings",
            "pairs_automatically",
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
            "registration_closes": LocalDateTimeInput,
            "starts_at": LocalDateTimeInput,
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
    "round_check_in",
    "no_show_drops",
    "review_pairings",
    "pairs_automatically",
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
        if instance.has_results:
            self.lock_played_settings(game, fmt)

    def lock_played_settings(self, game, fmt):
        """After the first result, the settings its games were played under are shown
        as they are, not as choices (``check_fixed_by_results`` refuses a change)."""
        names = ["game", "format", "table_size"]
        names += [game_option_name(game, key) for key in game.option_fields()] if game else []
        names += [format_option_name(fmt, option) for option in fmt.options] if fmt else []
        for name in names:
            if name in self.fields:
                self.fields[name].disabled = True
        for name in ("game", "format", "table_size"):
            self.fields[name].help_text = _("Fixed: results are recorded under it.")

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
