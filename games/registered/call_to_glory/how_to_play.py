"""What Call to Glory's "How to play" page reads besides its words: the characters by
value, named as the German and Russian rulebooks name them."""

from django.utils.translation import gettext_lazy as _

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


def context() -> dict:
    return {"cards": sorted(CHARACTERS.items())}
