"""The series' and recurring nights' page forms. They read what was typed; the services
(``series.circuits``, ``series.recurring``) check it and their refusals are shown beside
the field they name (``lib.refusal_pages``)."""

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from series.models import Series
from series.permissions import organised_events
from tournaments.models import Event, League, Season


def points_text(points: list) -> str:
    return ", ".join(f"{p:g}" for p in points)


class SeriesForm(forms.Form):
    name = forms.CharField(label=_("name"), max_length=120)
    points_by_place = forms.CharField(
        label=_("points by place"),
        help_text=_("from first place on, separated by commas: 10, 6, 4, 2"),
    )
    best_of = forms.IntegerField(
        label=_("results that count"),
        required=False,
        min_value=0,
        help_text=_("each person's best results; empty: every result"),
    )
    minimum_events = forms.IntegerField(label=_("events to qualify"), initial=1, min_value=0)
    qualifying_places = forms.IntegerField(
        label=_("places that qualify"),
        initial=0,
        min_value=0,
        help_text=_("where the qualification line is drawn; 0: no line"),
    )
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def clean_points_by_place(self):
        """Numbers as typed; an empty place (two commas) is kept as missing, for the
        service to refuse with its place."""
        parts = [part.strip() for part in re.split(r"[,;]", self.cleaned_data["points_by_place"])]
        table = []
        for part in parts:
            try:
                table.append(float(part) if part else None)
            except ValueError as error:
                raise forms.ValidationError(
                    _("%(part)s is not a number.") % {"part": part}
                ) from error
        return table

    @classmethod
    def of(cls, series: Series, data=None):
        initial = {
            "name": series.name,
            "points_by_place": points_text(series.points_by_place),
            "best_of": series.best_of,
            "minimum_events": series.minimum_events,
            "qualifying_places": series.qualifying_places,
            "version": series.version,
        }
        return cls(data, initial=initial, prefix="rules")


def events_to_add(user, series: Series) -> list[tuple[str, str]]:
    """The events its changer organises, in any league, not in the series yet."""
    events = (
        organised_events(user)
        .exclude(series_memberships__series=series)
        .filter(archived_at__isnull=True)
        .order_by("season__league__name", "-created_at")
    )
    return [(event.slug, f"{event.season.league.name} · {event.name}") for event in events]


class AddEventForm(forms.Form):
    event = forms.ChoiceField(label=_("event"))
    version = forms.IntegerField(widget=forms.HiddenInput)

    def __init__(self, *args, user, series, **kwargs):
        super().__init__(*args, prefix="add", **kwargs)
        self.fields["event"].choices = events_to_add(user, series)
        self.initial["version"] = series.version


class ScheduleForm(forms.Form):
    name = forms.CharField(
        label=_("name"), max_length=100, help_text=_("each night is named this and its date")
    )
    season = forms.TypedChoiceField(label=_("season"), coerce=int)
    model_event = forms.ChoiceField(
        label=_("copy the settings of"), help_text=_("game, format, tables, registration")
    )
    first_night = forms.DateTimeField(
        label=_("first night"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    every_weeks = forms.IntegerField(label=_("every how many weeks"), initial=1, min_value=0)
    count = forms.IntegerField(
        label=_("nights"), required=False, min_value=0, help_text=_("or a last date")
    )
    until = forms.DateField(
        label=_("last date"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    days_ahead = forms.IntegerField(
        label=_("created days ahead"),
        initial=7,
        min_value=0,
        help_text=_("each night's event is made this many days before it"),
    )

    def __init__(self, *args, league: League, **kwargs):
        super().__init__(*args, **kwargs)
        seasons = league.seasons.filter(status=Season.Status.OPEN)
        self.fields["season"].choices = [(s.pk, s.name) for s in seasons]
        events = Event.objects.filter(season__league=league).order_by("-created_at")
        self.fields["model_event"].choices = [(e.slug, e.name) for e in events]


class DuplicateForm(forms.Form):
    name = forms.CharField(label=_("name"), max_length=120)
    starts_at = forms.DateTimeField(
        label=_("round 1 starts"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    season = forms.TypedChoiceField(label=_("season"), coerce=int)
    entrants = forms.BooleanField(
        label=_("enter the same entrants"),
        required=False,
        help_text=_("those still in; no results or rounds are copied"),
    )

    def __init__(self, *args, event: Event, **kwargs):
        initial = {"name": _("%(name)s (copy)") % {"name": event.name}, "season": event.season_id}
        super().__init__(*args, initial=initial, **kwargs)
        seasons = event.season.league.seasons.filter(status=Season.Status.OPEN)
        self.fields["season"].choices = [(s.pk, s.name) for s in seasons]
