"""A large event's standings a page at a time on its page (``STANDINGS_PAGE`` rows):
at 7,500 entrants the whole table made the event page a megabyte for every player at
the release (bench_release). A small event shows them all, with no pages."""

from types import SimpleNamespace

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.utils import translation

from standings.computing import do_store_standings
from tests.tournaments.helpers import make_event, play
from tournaments.models import StandingRow
from tournaments.views import events

pytestmark = pytest.mark.django_db


@pytest.fixture
def five_played(league, organiser):
    event = make_event(league, organiser, players=5, table_size=2)
    play(event, 1)
    do_store_standings(event)
    return event


def shown_names(html: str, event) -> list[str]:
    names = StandingRow.objects.filter(event=event).values_list("entrant__name", flat=True)
    table = html[html.index('class="standings"') : html.index("</table>")]
    return [name for name in names if f">{name}</a>" in table]


def test_a_small_event_shows_every_row_and_no_pages(five_played):
    html = Client().get(f"/events/{five_played.slug}/").content.decode()
    assert len(shown_names(html, five_played)) == 5
    assert "standings-pages" not in html


def test_a_large_event_shows_its_standings_a_page_at_a_time(five_played, monkeypatch):
    monkeypatch.setattr(events, "STANDINGS_PAGE", 2)
    ordered = list(
        StandingRow.objects.filter(event=five_played).values_list("entrant__name", flat=True)
    )
    url = f"/events/{five_played.slug}/"
    first = Client().get(url).content.decode()
    assert shown_names(first, five_played) == ordered[:2]
    assert "Places 1 to 2 of 5" in first
    assert 'href="?standings=2#standings" rel="next"' in first
    assert 'rel="prev"' not in first
    last = Client().get(url, {"standings": 3}).content.decode()
    assert shown_names(last, five_played) == ordered[4:]
    assert "Places 5 to 5 of 5" in last
    assert 'href="?standings=2#standings" rel="prev"' in last
    assert 'rel="next"' not in last


@pytest.mark.parametrize("asked", ["4", "0", "two", "-1", "٢"])
def test_a_page_of_the_standings_that_is_not_there_is_not_found(five_played, monkeypatch, asked):
    monkeypatch.setattr(events, "STANDINGS_PAGE", 2)
    answer = Client().get(f"/events/{five_played.slug}/", {"standings": asked})
    assert answer.status_code == 404


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "Places 7,401 to 7,500 of 7,500"),
        ("de", "7.401 bis 7.500 von 7.500"),
        ("ru", "7\xa0401"),
    ],
)
def test_a_count_of_thousands_is_written_as_the_language_writes_it(language, words):
    standings = SimpleNamespace(first=7401, last=7500, all_rows=range(7500), page=75, pages=75)
    with translation.override(language):
        html = render_to_string("tournaments/_standings_pages.html", {"standings": standings})
    assert words in html
