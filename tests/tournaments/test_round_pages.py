"""A large round's tables a page at a time on its page (``TABLES_PAGE`` tables, by
number), and the tables where a searched name sits: at 7,500 players the whole round
made the page 1.25 MB for every reader (bench_release). A small round shows them all,
with no pages."""

import re

import pytest
from django.test import Client

from tests.page_html import as_drawn
from tests.tournaments.helpers import make_event, published
from tournaments import round_pages
from tournaments.models import Seat
from tournaments.pairing import do_pair_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def round_of_five(league, organiser):
    """A round of five tables of two (ten players)."""
    event = make_event(league, organiser, players=10, table_size=2, review_pairings=False)
    return published(do_pair_round(event))


@pytest.fixture
def pages_of_two(monkeypatch):
    monkeypatch.setattr(round_pages, "TABLES_PAGE", 2)


def url_of(round_) -> str:
    return f"/events/{round_.event.slug}/rounds/{round_.number}/"


def cards(html: str) -> list[int]:
    """The table cards' numbers, in the page's order."""
    return [int(n) for n in re.findall(r'<li class="card" id="table-(\d+)">', html)]


def read(path: str, query=None, user=None) -> str:
    client = Client()
    if user is not None:
        client.force_login(user)
    answer = client.get(path, query or {})
    assert answer.status_code == 200
    return as_drawn(answer.content.decode())


def test_a_small_round_shows_every_table_and_no_pages(round_of_five):
    html = read(url_of(round_of_five))
    assert cards(html) == [1, 2, 3, 4, 5]
    assert "table-pages" not in html


@pytest.mark.usefixtures("pages_of_two")
@pytest.mark.parametrize("signed_in", [False, True])
def test_a_large_round_shows_its_tables_a_page_at_a_time(round_of_five, organiser, signed_in):
    url, user = url_of(round_of_five), organiser if signed_in else None
    first = read(url, user=user)
    assert cards(first) == [1, 2]
    assert "Tables 1 to 2 of 5" in first
    assert '<strong aria-current="page">1–2</strong>' in first
    assert f'<a href="{url}?tables=3">5–5</a>' in first
    last = read(url, {"tables": 3}, user=user)
    assert cards(last) == [5]
    assert "Tables 5 to 5 of 5" in last
    assert f'data-push-fetch="{url}board/?tables=3"' in last
    assert cards(read(url, user=user)) == [1, 2]  # a visitor's cached page is per page


@pytest.mark.usefixtures("pages_of_two")
def test_the_live_part_draws_the_page_it_was_asked_for(round_of_five):
    board = read(f"{url_of(round_of_five)}board/", {"tables": 2})
    assert cards(board) == [3, 4]


@pytest.mark.usefixtures("pages_of_two")
@pytest.mark.parametrize("asked", ["4", "0", "two", "-1", "٢"])
def test_a_page_of_tables_that_is_not_there_is_not_found(round_of_five, asked):
    answer = Client().get(url_of(round_of_five), {"tables": asked})
    assert answer.status_code == 404


@pytest.mark.usefixtures("pages_of_two")
def test_a_name_searched_shows_the_tables_where_it_sits(round_of_five):
    seat = Seat.objects.filter(table__round=round_of_five, table__number=4).first()
    html = read(url_of(round_of_five), {"player": f"  {seat.entrant.name.lower()} "})
    assert cards(html) == [4]
    assert f"Tables where a player's name contains “{seat.entrant.name.lower()}”" in html
    assert f'data-push-fetch="{url_of(round_of_five)}board/?player=' in html
    every = read(url_of(round_of_five), {"player": seat.entrant.name[:1]})
    assert cards(every) == [1, 2, 3, 4, 5]  # every name starts with the same letter


@pytest.mark.usefixtures("pages_of_two")
def test_a_name_nobody_has_finds_no_table_and_says_so(round_of_five):
    html = read(url_of(round_of_five), {"player": "Nobody of that name"})
    assert cards(html) == []
    assert "No table found: check the spelling of the name." in html


@pytest.mark.usefixtures("pages_of_two")
def test_an_entrants_games_link_to_the_page_of_their_table(round_of_five):
    seat = Seat.objects.get(table__round=round_of_five, table__number=5, position=0)
    html = read(f"/events/{round_of_five.event.slug}/entrants/{seat.entrant_id}/")
    assert f'href="{url_of(round_of_five)}?tables=3#table-5"' in html
    assert cards(read(url_of(round_of_five), {"tables": 3})) == [5]


def swap_options(html: str) -> set[int]:
    """The seats the organiser's first swap menu offers."""
    menu = re.search(r'<select id="first" name="first" required>(.*?)</select>', html, re.S)
    return {int(seat) for seat in re.findall(r'<option value="(\d+)">', menu[1])}


def seats_at(round_, *numbers) -> set[int]:
    seats = Seat.objects.filter(table__round=round_, table__number__in=numbers)
    return set(seats.values_list("pk", flat=True))


@pytest.mark.usefixtures("pages_of_two")
def test_the_swap_menus_list_the_players_at_the_tables_shown(round_of_five, organiser):
    html = read(url_of(round_of_five), {"tables": 2}, user=organiser)
    assert swap_options(html) == seats_at(round_of_five, 3, 4)
    assert "To swap two players on different pages, find both by name" in html
    assert f'action="{url_of(round_of_five)}swap/?tables=2"' in html


def test_a_small_rounds_swap_menus_list_everyone(round_of_five, organiser):
    html = read(url_of(round_of_five), user=organiser)
    assert swap_options(html) == seats_at(round_of_five, 1, 2, 3, 4, 5)
    assert "on different pages" not in html


@pytest.mark.usefixtures("pages_of_two")
def test_two_players_on_different_pages_are_found_and_swapped(round_of_five, organiser):
    one = Seat.objects.get(table__round=round_of_five, table__number=1, position=0)
    five = Seat.objects.get(table__round=round_of_five, table__number=5, position=0)
    names = f"{one.entrant.name}, ,{five.entrant.name}"
    html = read(url_of(round_of_five), {"player": names}, user=organiser)
    assert cards(html) == [1, 5]
    assert f"contains one of: {one.entrant.name}, {five.entrant.name}" in html
    assert {one.pk, five.pk} <= swap_options(html)
    client = Client()
    client.force_login(organiser)
    answer = client.post(
        f"{url_of(round_of_five)}swap/?player={names}", {"first": one.pk, "second": five.pk}
    )
    assert answer.status_code == 302
    assert answer["Location"].startswith(f"{url_of(round_of_five)}?player=")
    before = (one.entrant_id, five.entrant_id)
    one.refresh_from_db()
    five.refresh_from_db()
    assert (five.entrant_id, one.entrant_id) == before


@pytest.mark.usefixtures("pages_of_two")
def test_a_search_of_commas_only_is_no_search(round_of_five):
    assert cards(read(url_of(round_of_five), {"player": " , ,"})) == [1, 2]
