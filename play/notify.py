"""Telling a person that their turn has come in a correspondence game (by e-mail)."""

from django.conf import settings
from django.core.mail import send_mail
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from play.models import Game


def do_notify_turn(game_id: int, at: int) -> bool:
    """Mail the person to move at move ``at``, if the game is still there; True if sent.
    The mail speaks the language of the person's profile (the task has no request)."""
    game = Game.objects.filter(pk=game_id, moves=at, status=Game.Status.PLAYING).first()
    if game is None or game.to_move is None:
        return False
    seat = game.seats.select_related("user").get(position=game.to_move)
    if seat.user is None or not seat.user.email:
        return False
    others = ", ".join(s.name for s in game.seats.exclude(pk=seat.pk))
    link = settings.SITE_URL.rstrip("/") + reverse("play:game", args=[game.pk])
    with translation.override(seat.user.language or settings.LANGUAGE_CODE):
        send_mail(
            _("Your turn against %(others)s") % {"others": others},
            _("It is your turn in your game against %(others)s.\n\nPlay it here: %(link)s\n")
            % {"others": others, "link": link},
            settings.DEFAULT_FROM_EMAIL,
            [seat.user.email],
        )
    return True
