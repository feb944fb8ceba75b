"""The pages' forms for a challenge, an open table and a vacation. They read what was
typed; the rules are ``play.challenges``', ``play.starting.check_clock``'s and
``play.vacation``'s, the same as the API's."""

from typing import cast

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from bots.models import Bot
from games.declaring import GameType
from games.registry import DEFAULT_GAME, get_game, live_games
from lib.date_inputs import LocalDateInput
from lib.refusal import Refusal
from play.challenges import seat_range
from play.models import DEFAULT_FORFEIT_AFTER, Pace
from play.pace import UNITS
from play.starting import Taker, check_clock, offered_builtin_bots

PACES = (
    (Pace.LIVE, _("Live: we stay at the table")),
    (Pace.CORRESPONDENCE, _("By correspondence: we come back for each turn")),
)


def chosen_game(request) -> GameType:
    """The game a challenge or table form is for: the one posted (``game_type``) or
    asked for (``?game=``) among those the site plays live, else the default game (a
    posted game not played live is then refused by the form's ``game_type``)."""
    key = request.POST.get("game_type") or request.GET.get("game")
    games = {game.key: game for game in live_games()}
    return games.get(key) or get_game(DEFAULT_GAME)


def other_games(game: GameType) -> list[GameType]:
    """The other games a form may be for (none when the site plays one game live)."""
    return [other for other in live_games() if other.key != game.key]


class TermsForm(forms.Form):
    """What a challenge and an open table share: the game (one the site plays live),
    the length (for a game with several), the pace, the clock and whether the game
    is rated. The form is for one game (``game``); the page offers the others."""

    game_type = forms.ChoiceField(choices=(), required=False, widget=forms.HiddenInput)
    rounds = forms.TypedChoiceField(
        label=_("Length"), coerce=int, choices=(), widget=forms.RadioSelect
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

    def __init__(self, *args, game: GameType, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        choose_game = cast(forms.ChoiceField, self.fields["game_type"])
        choose_game.choices = [(each.key, each.name) for each in live_games()]
        choose_game.initial = game.key
        if game.played.lengths:
            rounds = cast(forms.ChoiceField, self.fields["rounds"])
            rounds.choices = game.played.lengths
            rounds.initial = game.played.lengths[0][0]
        else:
            del self.fields["rounds"]

    def clean_game_type(self) -> str:
        return self.cleaned_data["game_type"] or self.game.key

    def clock(self):
        data = self.cleaned_data
        seconds = data["time"] * data["unit"] if data["time"] else None
        return check_clock(data["pace"], seconds, DEFAULT_FORFEIT_AFTER, game=self.game.key)

    def options(self) -> dict:
        return {"rounds": self.cleaned_data["rounds"]} if "rounds" in self.fields else {}


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
        self.fields["bots"].queryset = offered_builtin_bots(user).filter(game=self.game.key)
        self.fields["bots"].label_from_instance = lambda bot: bot.said_name  # the reader's words

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
        label=_("Seats"), coerce=int, choices=(), initial=2, widget=forms.RadioSelect
    )
    listed = forms.BooleanField(
        label=_("List it in the lobby (else only its share link seats people)"),
        required=False,
        initial=True,
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        sizes = seat_range(self.game)
        self.fields["seats"].choices = [(n, str(n)) for n in sizes]
        self.fields["seats"].initial = sizes[0]


class VacationForm(forms.Form):
    starts = forms.DateField(
        label=_("From"),
        required=False,
        widget=LocalDateInput,
        help_text=_("Empty: from now."),
    )
    days = forms.IntegerField(label=_("Days"), min_value=1, initial=7)
