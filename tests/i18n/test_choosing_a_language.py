"""The language follows the browser, can be chosen on every page, and is remembered in
the profile; ``<html lang>`` says which one a page speaks."""

import re

import pytest
from django.test import Client

from tests.page_html import as_drawn

pytestmark = pytest.mark.django_db


def html_lang(response) -> str:
    return re.search(r'<html lang="([^"]*)"', response.content.decode()).group(1)


def test_a_page_speaks_english_when_the_browser_asks_for_nothing(client):
    response = client.get("/")
    assert html_lang(response) == "en"
    assert response["Content-Language"] == "en"


@pytest.mark.parametrize("asked, spoken", [("de-DE,de;q=0.9,en;q=0.5", "de"), ("ru", "ru")])
def test_a_page_speaks_the_browsers_language(asked, spoken):
    response = Client(headers={"accept-language": asked}).get("/")
    assert html_lang(response) == spoken
    assert response["Content-Language"] == spoken


def test_a_language_the_site_does_not_speak_falls_back_to_english():
    response = Client(headers={"accept-language": "fr-FR,fr"}).get("/")
    assert html_lang(response) == "en"


def test_every_page_offers_the_three_languages_by_their_own_names(client):
    html = as_drawn(client.get("/accounts/login/").content.decode())
    for code, name in [("en", "English"), ("de", "Deutsch"), ("ru", "Русский")]:
        assert f'value="{code}" lang="{code}"' in html
        assert name in html


def test_choosing_a_language_as_a_visitor_keeps_it_in_a_cookie():
    visitor = Client(headers={"accept-language": "de"})
    response = visitor.post("/language/", {"language": "ru", "next": "/bots/"})
    assert response.status_code == 302
    assert response["Location"] == "/bots/"
    assert html_lang(visitor.get("/")) == "ru"


def test_choosing_a_language_when_signed_in_saves_it_in_the_profile(client, player):
    client.force_login(player)
    client.post("/language/", {"language": "de", "next": "/"})
    player.refresh_from_db()
    assert player.language == "de"


def test_the_profiles_language_wins_over_the_browser_on_another_device(player):
    player.language = "ru"
    player.save()
    elsewhere = Client(headers={"accept-language": "de"})
    elsewhere.force_login(player)
    assert html_lang(elsewhere.get("/")) == "ru"


def test_an_unknown_language_is_refused_and_changes_nothing(client, player):
    client.force_login(player)
    response = client.post("/language/", {"language": "xx", "next": "/"})
    assert response.status_code == 400
    assert b"no such language" in response.content
    player.refresh_from_db()
    assert player.language == ""
    assert html_lang(client.get("/")) == "en"
