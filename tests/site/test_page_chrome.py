"""Every page's chrome (``base.html``'s head links, header and footer) is drawn once per
process, language and kind of reader (``lib.page_chrome``), and each request gets
its own name, path and CSRF token put in: the same bytes as drawn fresh, and nothing of
one reader on another's page."""

import re
from pathlib import Path

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.template import TemplateSyntaxError, engines
from django.template.loader import render_to_string
from django.test import Client, RequestFactory
from django.utils import translation
from django.utils.html import escape

from tests.fixtures.personas import make_user

pytestmark = pytest.mark.django_db

BASE = Path(__file__).resolve().parents[2] / "templates" / "base.html"
CHROME_TAGS = re.compile(r'{% chrome "[a-z]+" %}|{% endchrome %}')
# A path whose query string must be escaped in the language form's ``next``.
PATH = '/bots/?q=<b>&x="1"'
# The names the chrome's parts read, and what each stands for.
READERS_OWN = {
    "{% if signed_in %}": "{% if user.is_authenticated %}",
    "{{ reader_name }}": "{{ user }}",
    "{{ this_page }}": "{{ request.get_full_path }}",
    "{{ login_next }}": "?next={{ request.get_full_path|urlencode }}",
}


@pytest.fixture
def readers(django_user_model):
    """A visitor and three signed-in people, one whose name is markup."""
    mallory = make_user(django_user_model, "mallory")
    mallory.display_name = 'Mal "<b>&amp;</b>'
    mallory.save()
    return [
        AnonymousUser(),
        make_user(django_user_model, "pat_player"),
        make_user(django_user_model, "quinn_player"),
        mallory,
    ]


def request_of(user):
    request = RequestFactory().get(PATH)
    request.user = user
    return request


def token_of(user) -> str:
    return f"token{user.pk or 0:059d}"


def drawn_fresh(user) -> str:
    """``base.html`` with its chrome tags taken out and the names its parts read put
    back as the request's own, rendered straight: the page as it was drawn before its
    chrome was cached."""
    source = CHROME_TAGS.sub("", BASE.read_text())
    for name, own in READERS_OWN.items():
        assert name in source
        source = source.replace(name, own)
    request = request_of(user)
    return engines["django"].from_string(source).render({"csrf_token": token_of(user)}, request)


def drawn_from_the_cache(user) -> str:
    return render_to_string("base.html", {"csrf_token": token_of(user)}, request_of(user))


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_the_chrome_from_the_cache_is_the_chrome_drawn_fresh(readers, language):
    cache.clear()
    with translation.override(language):
        for reader in readers + readers:  # the first of each kind draws, the rest reuse
            assert drawn_from_the_cache(reader) == drawn_fresh(reader)


def test_one_readers_name_and_token_never_show_on_anothers_page(readers):
    cache.clear()
    pages = {reader: drawn_from_the_cache(reader) for reader in readers}
    for reader, page in pages.items():
        assert token_of(reader) in page
        assert (escape(reader) in page) == reader.is_authenticated
        for other in readers:
            if other is not reader:
                assert token_of(other) not in page
                assert escape(other) not in page


def test_no_slot_is_left_on_a_page(readers):
    cache.clear()
    for reader in readers + readers:
        assert "\x00" not in drawn_from_the_cache(reader)


def test_each_player_reads_their_own_token_on_the_home_page(django_user_model):
    """Through the whole stack: every token a page's forms carry is the one its request
    gave (``hx-headers``, outside the chrome), and it is not the last reader's."""
    tokens = []
    for name in ["pat_player", "quinn_player"]:
        client = Client()
        client.force_login(make_user(django_user_model, name))
        html = client.get("/").content.decode()
        own = re.search(r'"X-CSRFToken": "([^"]+)"', html)[1]
        assert re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', html) == [own, own]
        assert f">{name.replace('_', ' ').title()}</a>" in html
        tokens.append(own)
    assert tokens[0] != tokens[1]


def test_a_part_holding_a_block_is_refused():
    """A part is every page's, so no page may fill a block inside it."""
    source = '{% load page_chrome %}{% chrome "x" %}{% block title %}{% endblock %}{% endchrome %}'
    with pytest.raises(TemplateSyntaxError, match="no block"):
        engines["django"].from_string(source)
