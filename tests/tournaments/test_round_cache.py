"""The round page, its board and the round API are built once per round version: a
cached answer costs a handful of queries whatever the round's size, and every change
(an entry, a confirmation, a result, a swap) is a new version, shown at once. The
standings API answers a page at a time."""

import re
import threading
import time
import uuid
from datetime import timedelta

import pytest
from django.contrib import messages
from django.contrib.messages.storage.cookie import CookieStorage
from django.http import HttpResponse
from django.template import Context, Template
from django.test import Client, RequestFactory
from django.utils import timezone
from rest_framework.test import APIClient

from lib.built_once import cached_under
from scoring.deciding import do_confirm_result
from scoring.entering import do_submit_result
from scoring.models import Submission
from standings.computing import do_store_standings
from tests.scoring.conftest import RULEBOOK_ROUND
from tests.tournaments.helpers import make_event, play, published
from tournaments.models import Round, Seat
from tournaments.pairing import do_pair_round, do_swap_seats
from tournaments.results import SeatOutcome, do_record_result
from tournaments.round_cache import round_version

pytestmark = pytest.mark.django_db


@pytest.fixture
def paired(league, organiser):
    """Round 1 of a one-round Call to Glory event of 40 at tables of two."""
    event = make_event(league, organiser, players=40, table_size=2, rules_options={"rounds": 1})
    return published(do_pair_round(event))


def page(client, round_):
    response = client.get(f"/events/{round_.event.slug}/rounds/{round_.number}/")
    assert response.status_code == 200
    return response.content.decode()


def without_tokens(html):
    """The page less its CSRF tokens (masked afresh for every answer)."""
    return re.sub(r"[A-Za-z0-9]{64}", "", html)


def card(html, number):
    start = html.index(f'id="table-{number}"')
    return html[start : html.index("</li>\n", html.index("Why this table", start))]


@pytest.mark.parametrize("players", [16, 200])
def test_a_cached_round_page_costs_the_same_few_queries_at_any_size(
    league, organiser, client, django_assert_num_queries, players
):
    round_ = published(do_pair_round(make_event(league, organiser, players=players)))
    first = page(client, round_)
    assert first.count('class="card"') == players // 4
    with django_assert_num_queries(3):  # the round with its event, results and entries versions
        again = page(client, round_)
    assert without_tokens(again) == without_tokens(first)
    with django_assert_num_queries(3):
        board = client.get(f"/events/{round_.event.slug}/rounds/1/board/").content.decode()
    assert board.count("data-status=") == players // 4


def test_each_rounds_version_follows_its_own_results_and_entries(league, organiser):
    """The version's queries are compiled once per process, then run with each round's
    id: a result or an entry at one round moves its version only."""
    first, second = (
        published(do_pair_round(make_event(league, organiser, players=8, table_size=2)))
        for _ in range(2)
    )
    before = round_version(first), round_version(second)
    table = second.tables.get(number=1)
    do_record_result(table, [SeatOutcome(0, 30, 2), SeatOutcome(1, 40, 1)], source="organiser")
    after_result = round_version(first), round_version(second)
    assert after_result[0] == before[0] and after_result[1] != before[1]
    entrant = first.tables.get(number=2).seats.order_by("position").first().entrant
    do_submit_result(
        first.tables.get(number=2), Submission.Kind.GLORY_TABLE, RULEBOOK_ROUND, entrant.user
    )
    assert round_version(first) != before[0] and round_version(second) == after_result[1]


def test_an_entry_a_confirmation_and_a_result_show_on_the_cached_page(paired, client):
    table = paired.tables.get(number=3)
    player, other = (seat.entrant.user for seat in table.seats.order_by("position"))
    assert "waiting for a result" in card(page(client, paired), 3)
    submission = do_submit_result(table, Submission.Kind.GLORY_TABLE, RULEBOOK_ROUND, player)
    assert "submitted, waiting for confirmation" in card(page(client, paired), 3)
    do_confirm_result(submission, other)
    html = page(client, paired)
    assert "result recorded" in card(html, 3) and "waiting for a result" in card(html, 4)


def test_a_swap_shows_on_the_cached_page_and_organisers_see_their_own_version(
    paired, client_for, organiser
):
    client = Client()  # the public; client_for logs the test's client in
    first, second = Seat.objects.filter(table__round=paired, position=0).order_by("table__number")[
        :2
    ]
    names = first.entrant.name, second.entrant.name
    assert names[0] in card(page(client, paired), 1)
    organiser_page = page(client_for(organiser), paired)
    assert f'<option value="{first.pk}">' in organiser_page  # the swap menu, by name
    do_swap_seats(paired, first.pk, second.pk)
    assert names[1] in card(page(client, paired), 1)
    assert f'<option value="{first.pk}">' not in page(client, paired)  # no swap for the public


def csrf_token_of(html):
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)


def test_the_shared_page_carries_each_readers_own_csrf_token(paired):
    """Everyone not signed in is served one page built once; its forms (the language
    switcher) take the reader's own token, checked as any other."""
    tokens = []
    for _ in range(2):
        reader = Client(enforce_csrf_checks=True)
        html = page(reader, paired)
        token = csrf_token_of(html)
        assert f'"X-CSRFToken": "{token}"' in html  # htmx's header: the same token
        switched = reader.post("/language/", {"language": "de", "csrfmiddlewaretoken": token})
        assert switched.status_code == 302
        tokens.append(token)
    assert tokens[0] != tokens[1]
    stranger = Client(enforce_csrf_checks=True)
    refused = stranger.post("/language/", {"language": "de", "csrfmiddlewaretoken": tokens[0]})
    assert refused.status_code == 403


def test_the_shared_page_shows_the_clock_as_of_each_read(paired, client):
    event = paired.event
    event.round_minutes, event.status = 50, event.Status.RUNNING
    event.save()
    Round.objects.filter(pk=paired.pk).update(
        clock_ends_at=timezone.now() + timedelta(minutes=40), clock_revision=1
    )
    assert "Time left in round 1" in page(client, paired) and "39:5" in page(client, paired)
    # Time passes (the clock's end moved, its revision not: the version stays the same).
    Round.objects.filter(pk=paired.pk).update(clock_ends_at=timezone.now() + timedelta(minutes=25))
    assert "24:5" in page(client, paired)


def test_an_event_renamed_shows_on_the_shared_page_at_the_next_read(paired, client):
    assert "<title>Round 1 · " in page(client, paired)
    event = paired.event
    event.name = "The Renamed Open"
    event.save()
    assert "<title>Round 1 · The Renamed Open · Leaguewright</title>" in page(client, paired)


def test_a_reader_with_a_message_waiting_sees_it_on_the_round_page(paired, client):
    page(client, paired)  # the shared page, built
    request = RequestFactory().get("/")
    storage = CookieStorage(request)
    storage.add(messages.SUCCESS, "You are logged out.")
    response = HttpResponse()
    storage.update(response)
    client.cookies[CookieStorage.cookie_name] = response.cookies[CookieStorage.cookie_name].value
    assert "You are logged out." in page(client, paired)
    assert "You are logged out." not in page(client, paired)  # shown once


def test_the_cached_round_api_follows_results_in_a_few_queries(paired, django_assert_num_queries):
    url = f"/api/events/{paired.event.slug}/rounds/1/"
    api = APIClient()
    assert not any(t["has_result"] for t in api.get(url).json()["tables"])
    with django_assert_num_queries(3):
        cached = api.get(url).json()
    assert len(cached["tables"]) == 20
    table = paired.tables.get(number=2)
    do_record_result(table, [SeatOutcome(0, 30, 2), SeatOutcome(1, 40, 1)], source="organiser")
    tables = {t["number"]: t for t in api.get(url).json()["tables"]}
    assert [s["place"] for s in tables[2]["result"]] == [2, 1]
    assert not tables[1]["has_result"]
    assert api.get(url).headers["Content-Type"] == "application/json"
    browsable = api.get(url, HTTP_ACCEPT="text/html")  # from the cached data
    assert browsable.status_code == 200 and "has_result" in browsable.content.decode()


def test_the_standings_api_answers_a_page_at_a_time(league, organiser, django_assert_num_queries):
    event = make_event(league, organiser, players=120)
    play(event, 1)
    do_store_standings(event)
    api = APIClient()
    with django_assert_num_queries(3):  # the event, the count, the page
        first = api.get(f"/api/events/{event.slug}/standings/").json()
    assert first["count"] == 120 and len(first["results"]) == 50
    assert first["results"][0]["rank"] == 1 and first["next"].endswith("?page=2")
    last = api.get(f"/api/events/{event.slug}/standings/?page=3").json()
    assert len(last["results"]) == 20 and last["next"] is None
    ranks = [r["rank"] for r in first["results"] + last["results"]]
    assert ranks == sorted(ranks)


def test_a_cached_standings_page_costs_one_query_and_follows_the_stored_standings(
    league, organiser, django_assert_num_queries
):
    event = make_event(league, organiser, players=8)
    play(event, 1)
    do_store_standings(event)
    api, url = APIClient(), f"/api/events/{event.slug}/standings/"
    first = api.get(url).json()
    with django_assert_num_queries(1):  # the event, with the standings' version
        assert api.get(url).json() == first
    play(event, 1)  # round 2: the points move on
    do_store_standings(event)
    second = api.get(url).json()
    assert second != first
    assert {row["games"] for row in second["results"]} == {2}


class SlowBuild:
    """What a page's part costs to build, counted: slow enough that readers overlap."""

    def __init__(self):
        self.builds = 0

    def __call__(self):
        self.builds += 1
        time.sleep(0.2)
        return "built"


def at_once(read, readers=6) -> list:
    """``read()`` from ``readers`` threads started together; their answers."""
    start = threading.Barrier(readers)
    answers = []

    def reader():
        start.wait()
        answers.append(read())

    threads = [threading.Thread(target=reader) for _ in range(readers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def test_readers_who_miss_a_new_version_at_once_wait_for_one_build():
    build, key = SlowBuild(), ["stampede", uuid.uuid4().hex]
    assert at_once(lambda: cached_under(key, build)) == ["built"] * 6
    assert build.builds == 1


def test_the_event_pages_cached_fragments_are_rendered_once_per_key_too():
    build = SlowBuild()
    fragment = Template(
        "{% load cache_once %}{% cache_once 60 part key %}{{ build }}{% endcache %}"
    )
    context = {"build": build, "key": uuid.uuid4().hex}
    assert at_once(lambda: fragment.render(Context(context))) == ["built"] * 6
    assert build.builds == 1
