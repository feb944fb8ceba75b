"""The forms of the games pages: a game added to the catalogue, and renamed. What they
take is checked by ``games.catalogue_games``, as the API's is."""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.catalogue_games import NAME_LENGTH
from games.declaring import MOST_SEATS, Scoring, Ties


class CatalogueGameForm(forms.Form):
    name = forms.CharField(label=_("name"), max_length=NAME_LENGTH)
    min_players = forms.IntegerField(
        label=_("fewest players"), min_value=1, max_value=MOST_SEATS, initial=2
    )
    max_players = forms.IntegerField(
        label=_("most players"),
        min_value=2,
        max_value=MOST_SEATS,
        initial=4,
        help_text=_("at one table, 6 at most"),
    )
    scoring = forms.ChoiceField(
        label=_("who wins"), choices=Scoring.choices, widget=forms.RadioSelect, initial="high"
    )
    ties = forms.ChoiceField(
        label=_("ties"), choices=Ties.choices, widget=forms.RadioSelect, initial="share"
    )
    bgg_id = forms.IntegerField(
        label=_("BoardGameGeek id"),
        required=False,
        min_value=1,
        max_value=2**31 - 1,
        help_text=_("optional: the number in the game's address on boardgamegeek.com"),
    )


class RenameGameForm(forms.Form):
    name = forms.CharField(label=_("new name"), max_length=NAME_LENGTH)
