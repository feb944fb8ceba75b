"""Learning the game on the site: a "How to play" page in the three languages, linked
from the lobby and every game page; a person's first game against the beginner bot
gives a hint on each of their turns, and no other game does."""

import re

import pytest
from django.test import Client
from django.utils import translation

from bots.models import Bot
from games.call_to_glory.hints import Hint
from games.registered.call_to_glory.hints import WORDS, hint_words
from play.models import Game
from play.starting import Taker, do_start_game

pytestmark = pytest.mark.django_db

HINT = re.compile(r'<p id="hint"[^>]*><strong>[^<]*</strong> ([^<]+)</p>')


@pytest.fixture
def easy_bot(staff):
    return Bot.objects.create(
        name="Easy bot", owner=staff, kind=Bot.Kind.BUILTIN, builtin_key="easy", public=True
    )


def start_against(person, bot) -> Game:
    takers = [Taker(str(person), user=person), Taker(bot.name, bot=bot)]
    return do_start_game(person, takers, {"rounds": 1})


@pytest.mark.parametrize(
    "language, words",
    [
        ("en", ["Laying a set", "Shogun", "45 points", "Farmer"]),
        ("de", ["Einen Satz auslegen", "Shogun", "45 Punkte", "Bauer"]),
        ("ru", ["Выкладываем набор", "Сёгун", "45 очков", "Фермер"]),
    ],
)
def test_the_rules_page_has_the_card_values_and_a_worked_round(language, words):
    page = Client(headers={"accept-language": language}).get("/play/how-to-play/call-to-glory/")
    html = page.content.decode()
    assert page.status_code == 200 and f'<html lang="{language}">' in html
    rows = re.findall(r'<tr><td class="num">(\d+)</td><td>[^<]+</td><td class="num">\d+</td>', html)
    assert rows == ["6", "7", "8", "9", "12", "14", "16", "18", "20"]
    for word in words:
        assert word in html


def test_the_lobby_and_every_game_page_link_to_the_rules(client_for, player, easy_bot):
    client = client_for(player)
    assert 'href="/play/how-to-play/call-to-glory/"' in client.get("/play/").content.decode()
    game = start_against(player, easy_bot)
    assert (
        'href="/play/how-to-play/call-to-glory/"'
        in client.get(f"/play/{game.pk}/").content.decode()
    )


def test_a_first_game_against_the_beginner_bot_hints_at_a_legal_move(client_for, player, easy_bot):
    game = start_against(player, easy_bot)
    page = client_for(player).get(f"/play/{game.pk}/").content.decode()
    hint = HINT.search(page)
    assert hint, "a hint on the first turn"
    assert "draw" in hint.group(1) or "take the face-up" in hint.group(1)
    hinted = re.search(r'aria-describedby="hint" data-move="([^"]+)"', page).group(1)
    assert hinted.startswith("0 draw ")


def test_the_hint_speaks_german(player, easy_bot):
    game = start_against(player, easy_bot)
    client = Client(headers={"accept-language": "de"})
    client.force_login(player)
    hint = HINT.search(client.get(f"/play/{game.pk}/").content.decode()).group(1)
    assert "Zugstapel" in hint or "offene" in hint


def test_no_hint_against_another_bot_or_once_a_game_is_finished(
    client_for, player, easy_bot, greedy_bot
):
    client = client_for(player)
    other = start_against(player, greedy_bot)
    assert 'id="hint"' not in client.get(f"/play/{other.pk}/").content.decode()
    first = start_against(player, easy_bot)
    Game.objects.filter(pk=other.pk).update(status=Game.Status.FINISHED)
    assert 'id="hint"' not in client.get(f"/play/{first.pk}/").content.decode()


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_every_reason_for_a_hint_is_said_in_each_language(language):
    with translation.override(language):
        for reason in WORDS:
            found = Hint(reason, "1 lay 9 3", value=9, count=3, pile="X1", other=0, other_count=2)
            said = hint_words(found, ["Ann", "Ben"])
            assert ("9" in said) == (reason != "draw") and "%" not in said
            assert ("Ann" in said) == (reason == "lay_beat")
