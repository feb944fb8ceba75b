"""Forms of an event that runs: an entrant, an import, pairing, a swap, a logged game,
the round clock."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.entrant_import import MAX_CHARACTERS
from tournaments.entrants import MAX_CLUB, MAX_NAME, MAX_TABLE_NUMBER
from tournaments.models import MAX_INTEGER
from tournaments.people import MAX_TYPED
from tournaments.round_clock import ClockAction
from tournaments.round_numbers import MAX_ROUND_NUMBER


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
    # The round the page offered to pair (``do_pair_round``'s ``number``).
    round = forms.IntegerField(
        required=False, min_value=1, max_value=MAX_ROUND_NUMBER, widget=forms.HiddenInput
    )


class RoundChangeForm(forms.Form):
    """A change of a round chosen on its page: the round's revision the page showed
    (``tournaments.pairing.check_basis``)."""

    basis = forms.IntegerField(required=False, min_value=0, widget=forms.HiddenInput)


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
