"""The organiser's form for an event's pace of play. It reads what was typed; the rules
(the limits of a move's time and of the timeouts) are ``play.starting.check_clock``'s,
the same for the API and this page."""

from typing import cast

from django import forms
from django.utils.translation import gettext_lazy as _

from games.registry import DEFAULT_GAME, get_game
from play.models import Pace
from play.pace import UNITS, split_duration, stand_in_name

PAST_THE_TIME = (
    ("move", _("The bot plays that turn for them, every time: they never forfeit")),
    ("forfeit", _("The bot plays that turn for them, and after a number of timeouts they forfeit")),
)


class PaceForm(forms.Form):
    pace = forms.ChoiceField(
        label=_("How the event is played"),
        choices=(
            (Pace.LIVE, _("Live: the players stay at the table")),
            (Pace.CORRESPONDENCE, _("By correspondence: the players come back for each turn")),
        ),
        widget=forms.RadioSelect,
    )
    # Named as check_clock names its refusals' fields, so that they show beside it; it
    # holds a number of ``unit``s.
    move_seconds = forms.IntegerField(
        label=_("Time for a move"),
        min_value=1,
        help_text=_("A player’s whole turn: drawing, laying and discarding."),
    )
    unit = forms.TypedChoiceField(
        label=_("Unit"), coerce=int, choices=[(size, name) for size, name in UNITS]
    )
    stand_in = forms.ChoiceField(
        label=_("The bot that plays for a player whose time ran out"),
        choices=(),
        help_text=_("Its moves are shown as played by the bot for that player."),
    )
    past_the_time = forms.ChoiceField(
        label=_("When the time runs out"), choices=PAST_THE_TIME, widget=forms.RadioSelect
    )
    forfeit_after = forms.IntegerField(
        label=_("Timeouts before a forfeit"), min_value=1, required=False
    )

    def __init__(self, *args, game: str = DEFAULT_GAME, **kwargs):
        """``game``: the event's, whose stand-ins are offered."""
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["stand_in"]).choices = [
            (key, stand_in_name(key, game)) for key in get_game(game).played.stand_ins
        ]

    @staticmethod
    def initial_of(clock) -> dict:
        time, unit = split_duration(clock.seconds())
        return {
            "pace": clock.pace,
            "move_seconds": time,
            "unit": unit,
            "past_the_time": "forfeit" if clock.forfeit_after else "move",
            "forfeit_after": clock.forfeit_after or None,
            "stand_in": clock.stand_in,
        }

    def clock_values(self) -> tuple:
        """(pace, move_seconds, forfeit_after, stand_in) as ``do_set_event_play`` takes
        them."""
        data = self.cleaned_data
        forfeit_after = data["forfeit_after"] if data["past_the_time"] == "forfeit" else 0
        return data["pace"], data["move_seconds"] * data["unit"], forfeit_after, data["stand_in"]
