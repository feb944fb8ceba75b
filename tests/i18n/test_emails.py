"""Mail is written in the reader's language: the turn mail of a correspondence game in
the profile's language (a worker has no request to ask), the password reset in the
language the request was made in."""

import pytest
from django.core import mail
from django.test import Client

from play.models import Game
from play.tasks import notify_turn
from tests.play.conftest import start  # noqa: F401

pytestmark = pytest.mark.django_db


def test_the_turn_mail_speaks_the_language_of_the_profile(start, player, other_player):  # noqa: F811
    other_player.language = "de"
    other_player.save()
    game_id = start(
        player,
        [{"username": other_player.username}, {"username": player.username}],
        pace="correspondence",
    )
    game = Game.objects.get(pk=game_id)
    assert game.to_move == 0
    assert notify_turn(game.pk, game.moves) is True
    message = mail.outbox[-1]
    assert message.subject == f"Du bist am Zug gegen {player}"
    assert "Spiele ihn hier:" in message.body


def test_the_password_reset_mail_speaks_the_language_it_was_asked_in(player):
    russian = Client(headers={"accept-language": "ru"})
    response = russian.post("/accounts/password_reset/", {"email": player.email})
    assert response.status_code == 302
    message = mail.outbox[-1]
    assert "Сброс пароля" in message.subject or "пароль" in message.body.lower()
    assert "password" not in message.subject.lower()
