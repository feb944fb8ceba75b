"""The pages' forms for a challenge, an open table and a vacation. They read what was
typed; the rules are ``play.challenges``', ``play.starting.check_clock``'s and
``play.vacation``'s, the same as the API's."""

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from bots.models import Bot
from play.models import DEFAULT_FORFEIT_AFTER, Pace
from play.pace import UNITS
from play.starting import Taker, check_clock, offered_builtin_bots
from refusal import Refusal

LENGTHS = ((1, _("Quick Game (one round)")), (4, _("Full game (four rounds)")))
PACES = (
    (Pace.LIVE, _("Live: we stay at the board")),
    (Pace.CORRESPONDENCE, _("By correspondence: we come back for each turn")),
)


class TermsForm(forms.Form):
    """What a challenge and an open table share: the length, the pace, the clock and
    whether the game is rated."""

    rounds = forms.TypedChoiceField(
        label=_("Length"), coerce=int, choices=LENGTHS, initial=1, widget=forms.RadioSelect
    )
    pace = forms.ChoiceField(
        label=_("Pace"), choices=PACES, initial=Pace.LIVE, widget=forms.RadioSelect
    )
    time = forms.IntegerField(
        label=_("Time for a move"),
        min_value=1,
        required=False,
        help_text=_("Empty: 60 seconds live, 3 days by correspondence."),
    )
    unit = forms.TypedChoiceField(
        label=_("Unit"), coerce=int, choices=[(size, name) for size, name in UNITS], initial=60
    )
    rated = forms.BooleanField(
        label=_("Rated: the game moves our ratings (people only)"), required=False
    )

    def clock(self):
        data = self.cleaned_data
        seconds = data["time"] * data["unit"] if data["time"] else None
        return check_clock(data["pace"], seconds, DEFAULT_FORFEIT_AFTER)

    def options(self) -> dict:
        return {"rounds": self.cleaned_data["rounds"]}


class ChallengeForm(TermsForm):
    field_order = ["people", "bots"]
    people = forms.CharField(
        label=_("Who you challenge"),
        max_length=500,
        help_text=_("Their user names, separated by commas: one to three people."),
    )
    bots = forms.ModelMultipleChoiceField(
        label=_("Bots at the table too"),
        queryset=Bot.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["bots"].queryset = offered_builtin_bots(user)

    def takers(self, by) -> list[Taker]:
        """``by`` first, then the people named, then the bots chosen."""
        User = get_user_model()
        takers = [Taker(str(by)[:80], user=by)]
        for name in (n.strip() for n in self.cleaned_data["people"].split(",")):
            if not name:
                continue
            user = User.objects.filter(username__iexact=name).first()
            if user is None:
                raise Refusal(
                    _("Nobody here has the user name %(name)s: check its spelling.")
                    % {"name": name},
                    "people",
                )
            takers.append(Taker(str(user)[:80], user=user))
        return takers + [Taker(bot.name, bot=bot) for bot in self.cleaned_data["bots"]]


class TableForm(TermsForm):
    field_order = ["seats"]
    seats = forms.TypedChoiceField(
        label=_("Seats"),
        coerce=int,
        choices=[(n, str(n)) for n in (2, 3, 4)],
        initial=2,
        widget=forms.RadioSelect,
    )
    listed = forms.BooleanField(
        label=_("List it in the lobby (else only its share link seats people)"),
        required=False,
        initial=True,
    )


class VacationForm(forms.Form):
    starts = forms.DateField(
        label=_("From"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=_("Empty: from now."),
    )
    days = forms.IntegerField(label=_("Days"), min_value=1, initial=7)
