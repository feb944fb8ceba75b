from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.formats import REGISTRY, FormatError, get_format
from tournaments.models import Event, League, Season
from tournaments.tiebreaks import DEFAULT_ORDER
from tournaments.tiebreaks import REGISTRY as TIEBREAKS


class LeagueForm(forms.ModelForm):
    class Meta:
        model = League
        fields = ["name", "slug", "description", "visibility"]


class SeasonForm(forms.ModelForm):
    class Meta:
        model = Season
        fields = ["name", "starts_on", "ends_on"]
        widgets = {
            "starts_on": forms.DateInput(attrs={"type": "date"}),
            "ends_on": forms.DateInput(attrs={"type": "date"}),
        }


def comma_list(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


class EventForm(forms.ModelForm):
    format = forms.ChoiceField(
        label=_("format"), choices=[(k, f.name) for k, f in REGISTRY.items()]
    )
    table_size = forms.IntegerField(label=_("table size"), min_value=2, max_value=4, initial=4)
    points_text = forms.CharField(
        label=_("points by place"), initial="4, 2, 1, 0", help_text=_("comma-separated")
    )
    tiebreaks_text = forms.CharField(
        label=_("tie-break order"),
        initial=", ".join(DEFAULT_ORDER),
        help_text=_("comma-separated, from: %(keys)s") % {"keys": ", ".join(TIEBREAKS)},
    )
    options_json = forms.JSONField(
        label=_("format options"),
        required=False,
        help_text=_(
            'e.g. {"advance": 2} for knockout heats, {"minimum_games": 3} for open leagues'
        ),
    )
    fill = forms.ChoiceField(
        label=_("when the count does not divide"),
        choices=[("smaller", _("tables of fewer seats")), ("byes", _("byes"))],
        required=False,
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
        ]

    def __init__(self, *args, league: League, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["season"].queryset = league.seasons.filter(status=Season.Status.OPEN)

    def clean_points_text(self):
        try:
            return [float(p) for p in comma_list(self.cleaned_data["points_text"])]
        except ValueError:
            raise forms.ValidationError(_("Points must be numbers separated by commas.")) from None

    def clean_tiebreaks_text(self):
        order = comma_list(self.cleaned_data["tiebreaks_text"])
        unknown = [k for k in order if k not in TIEBREAKS]
        if unknown:
            raise forms.ValidationError(
                _("Unknown tie-break: %(keys)s") % {"keys": ", ".join(unknown)}
            )
        return order

    def clean(self):
        data = super().clean()
        options = data.get("options_json") or {}
        if not isinstance(options, dict):
            raise forms.ValidationError({"options_json": _("Give the options as a JSON object.")})
        if data.get("fill") and data.get("format") == "swiss":
            options = {**options, "fill": data["fill"]}
        try:
            get_format(data.get("format", ""), options)
        except FormatError as error:
            raise forms.ValidationError(str(error)) from None
        data["format_options"] = options
        return data

    def event_fields(self) -> dict:
        data = self.cleaned_data
        fields = {k: data[k] for k in self.Meta.fields if k != "season"}
        fields.update(
            points_by_place=data["points_text"],
            tiebreak_order=data["tiebreaks_text"],
            format_options=data["format_options"],
        )
        return fields


class EntrantForm(forms.Form):
    username = forms.CharField(label=_("username"), required=False)
    bot = forms.CharField(label=_("bot name"), required=False)
    walk_in = forms.CharField(label=_("walk-in player (no account)"), required=False)
    start_points = forms.FloatField(label=_("starting points"), required=False)
    seed = forms.IntegerField(
        label=_("seed"), required=False, min_value=1, help_text=_("knockout seeding, 1 the top")
    )

    def clean(self):
        data = super().clean()
        given = [k for k in ("username", "bot", "walk_in") if data.get(k)]
        if len(given) != 1:
            raise forms.ValidationError(_("Give exactly one of: username, bot name, walk-in name."))
        return data


class PairForm(forms.Form):
    override_reason = forms.CharField(
        label=_("reason to pair with results missing"), required=False, max_length=500
    )


class SwapForm(forms.Form):
    first = forms.IntegerField(label=_("seat"))
    second = forms.IntegerField(label=_("seat"))


class LogGameForm(forms.Form):
    """One played game of an open league: 2 to 4 seats, in seat order."""

    SEATS = 4

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", "—")] + [
            (e.pk, e.name) for e in event.entrants.filter(status="active").order_by("name")
        ]
        for seat in range(self.SEATS):
            required = seat < 2
            self.fields[f"entrant_{seat}"] = forms.TypedChoiceField(
                label=_("seat %(n)s") % {"n": seat},
                choices=choices,
                coerce=int,
                required=required,
                empty_value=None,
            )
            self.fields[f"score_{seat}"] = forms.IntegerField(label=_("score"), required=required)
            self.fields[f"place_{seat}"] = forms.IntegerField(
                label=_("place"), min_value=1, max_value=4, required=required
            )

    def seats(self) -> list[tuple[int, int, int]]:
        data, seats = self.cleaned_data, []
        for seat in range(self.SEATS):
            if data.get(f"entrant_{seat}") is None:
                continue
            if data.get(f"score_{seat}") is None or data.get(f"place_{seat}") is None:
                raise forms.ValidationError(
                    _("Seat %(n)s needs a score and a place.") % {"n": seat}
                )
            seats.append((data[f"entrant_{seat}"], data[f"score_{seat}"], data[f"place_{seat}"]))
        return seats
