"""The event form's own fields: the tie-break order's menus, the format's options
in words, points by place as the form writes them."""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.registry import REGISTRY as GAMES
from tournaments.event_settings import default_points
from tournaments.formats import REGISTRY
from tournaments.tiebreak_names import CHOOSABLE, TIEBREAK_NAMES


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


def game_option_name(game, option: str) -> str:
    return f"option_{game.member.lower()}_{option}"


def format_option_name(fmt, option: str) -> str:
    return f"format_{fmt.key.replace('-', '_')}_{option}"


# Where a refused setting is shown on the event form.
def shown_while(field: forms.Field, choice: str) -> forms.Field:
    field.widget.attrs["data-for"] = choice
    return field
