"""The "How to play" page: the rules of Call to Glory in our own words, the card values
and a worked round, linked from the lobby and from every game page."""

from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

# The characters' names by value, as the German and Russian rulebooks call them.
CHARACTERS = {
    6: _("Emperor"),
    7: _("Empress"),
    8: _("Daimyo"),
    9: _("Shogun"),
    12: _("Samurai"),
    14: _("Ninja"),
    16: _("Envoy"),
    18: _("Monk"),
    20: _("Farmer"),
}


def how_to_play(request):
    return render(request, "play/how_to_play.html", {"cards": sorted(CHARACTERS.items())})
