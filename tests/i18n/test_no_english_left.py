"""Rendered in German (and Russian), the pages people use (every kind of page reachable
by links, with the demo data, as its organiser and as a visitor) have no English words
left: no template string escaped translation. The API and its docs are not checked."""

import pytest
from django.test import Client

from tests.i18n.leftovers import english_left, typed_by_people
from tests.i18n.pages import crawl, demo_organiser

# Whether a string escaped translation is a matter of the templates and catalogues,
# whichever database the demo is read from: bin/test's second pass leaves these out.
pytestmark = [pytest.mark.django_db, pytest.mark.same_on_every_backend]

VISITORS_PAGES = ["/", "/accounts/login/", "/accounts/signup/", "/accounts/password_reset/"]


def leftovers(pages, language: str) -> list[str]:
    typed = typed_by_people()
    return [f"{url}: {text}" for url, html in pages for text in english_left(html, language, typed)]


@pytest.mark.parametrize("language", ["de", "ru"])
def test_the_organisers_pages_have_no_english_left(language):
    organiser = demo_organiser()
    client = Client(headers={"accept-language": language})
    client.force_login(organiser)
    pages = crawl(client)
    assert len(pages) >= 15
    assert all(f'<html lang="{language}">' in html for _, html in pages)
    found = leftovers(pages, language)
    assert not found, "English left (translate it in locale/, see the README):\n" + "\n".join(found)


@pytest.mark.parametrize("language", ["de", "ru"])
def test_a_visitors_pages_have_no_english_left(language):
    demo_organiser()
    client = Client(headers={"accept-language": language})
    pages = [(url, client.get(url).content.decode()) for url in VISITORS_PAGES]
    pages += crawl(client)
    found = leftovers(pages, language)
    assert not found, "English left (translate it in locale/, see the README):\n" + "\n".join(found)


def test_the_check_finds_english_that_escaped_translation():
    html = '<html lang="de"><main><p>Runde 1</p><button>Enter the result</button></main></html>'
    assert english_left(html, "de", typed=[]) == ["'Enter the result' (enter, result, the)"]


def test_the_check_leaves_names_people_typed_and_other_languages_alone():
    html = '<p>Turnier The Autumn Open</p><button lang="en">English</button><pre>0 draw D1</pre>'
    assert english_left(html, "de", typed=["The Autumn Open"]) == []
