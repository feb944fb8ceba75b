"""The home page when every player opens it at once: its lists (events, events open for
registration, leagues) are read by queries compiled once and drawn once per what they
show, shared by every reader who sees the same; what needs the reader is read per
request. Every change a write makes is shown at the next read, and the page costs the
same few queries whatever the event's size."""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import timezone

from play.challenges import do_challenge
from play.starting import Clock, Taker
from tests.tournaments.helpers import make_event, play, published
from tournaments.archiving import do_archive_event, do_archive_league
from tournaments.event_editing import do_edit_event
from tournaments.finishing import do_finish_event
from tournaments.models import Event, Seat, Visibility
from tournaments.pairing import do_pair_round
from tournaments.results import SeatOutcome, do_record_result

pytestmark = pytest.mark.django_db
LISTS = "_home_lists.html"


def home_for(user) -> tuple[str, list[str]]:
    """The page, and the templates drawn for it."""
    client = Client()
    if user is not None:
        client.force_login(user)
    response = client.get("/")
    assert response.status_code == 200
    return response.content.decode(), [t.name for t in response.templates]


def page_for(user) -> str:
    return home_for(user)[0]


def listed(page: str) -> str:
    """The "Events" list's part of the page."""
    return page.split("<h2>Events</h2>", 1)[1].split("<h2>Leagues</h2>", 1)[0]


def registering(page: str) -> str:
    if "registering-heading" not in page:
        return ""
    return page.split("registering-heading", 1)[1].split("<h2>Events</h2>", 1)[0]


@pytest.fixture
def spring(league, organiser):
    return make_event(league, organiser, slug="spring-cup")


def test_a_new_event_is_listed_at_the_next_read(league, organiser, spring, outsider):
    assert "Spring-Cup" in listed(page_for(outsider))
    make_event(league, organiser, slug="summer-cup")
    page = listed(page_for(outsider))
    assert "Spring-Cup" in page and "Summer-Cup" in page


def test_an_event_made_private_leaves_the_outsiders_list_not_its_players(
    spring, organiser, player, outsider
):
    spring.entrants.create(user=player, name="Player")
    assert "Spring-Cup" in listed(page_for(outsider))
    do_edit_event(spring, organiser, visibility=Visibility.PRIVATE)
    assert "Spring-Cup" not in listed(page_for(outsider))
    assert "Spring-Cup" in listed(page_for(player))
    assert "Spring-Cup" in listed(page_for(organiser))


def test_an_archived_event_or_league_leaves_every_list(spring, organiser, outsider, league):
    do_archive_event(spring, organiser)
    assert "Spring-Cup" not in listed(page_for(outsider))
    do_archive_event(spring, organiser, archived=False)
    assert "Spring-Cup" in listed(page_for(outsider))
    do_archive_league(league)
    page = page_for(outsider)
    assert "Spring-Cup" not in page and "Tuesday Club" not in page


def test_a_finished_event_shows_so_and_leaves_registration(league, organiser, outsider):
    spring = make_event(league, organiser, players=2, table_size=2, slug="spring-cup")
    do_edit_event(spring, organiser, registration=Event.Registration.OPEN)
    round_ = published(do_pair_round(spring))
    page = page_for(outsider)
    assert "Spring-Cup" in registering(page) and "running" in listed(page)
    table = round_.tables.get()
    do_record_result(table, [SeatOutcome(0, 10, 1), SeatOutcome(1, 5, 2)], source="organiser")
    do_finish_event(spring)
    page = page_for(outsider)
    assert "Spring-Cup" not in registering(page) and "finished" in listed(page)


def test_registration_opened_closed_or_past_its_closing_time_shows_at_once(
    spring, organiser, outsider
):
    assert "Spring-Cup" not in registering(page_for(outsider))
    do_edit_event(spring, organiser, registration=Event.Registration.OPEN)
    assert "Spring-Cup" in registering(page_for(outsider))
    do_edit_event(spring, organiser, registration=Event.Registration.CLOSED)
    assert "Spring-Cup" not in registering(page_for(outsider))
    soon = timezone.now() + timedelta(hours=1)
    do_edit_event(spring, organiser, registration=Event.Registration.OPEN, registration_closes=soon)
    assert "Spring-Cup" in registering(page_for(outsider))
    # The closing time passes (written past here): the list is read with the database's clock.
    Event.objects.filter(pk=spring.pk).update(registration_closes=timezone.now())
    assert "Spring-Cup" not in registering(page_for(outsider))


def test_a_renamed_league_shows_at_the_next_read(spring, league, outsider):
    assert "Tuesday Club" in page_for(outsider)
    league.name = "Wednesday Club"
    league.save()
    page = page_for(outsider)
    assert "Wednesday Club" in page and "Tuesday Club" not in page


def test_readers_who_see_the_same_share_the_drawn_lists(spring, player, other_player, outsider):
    cache.clear()  # lists alike were drawn by the tests before
    _page, drawn = home_for(player)
    assert LISTS in drawn
    assert LISTS not in home_for(other_player)[1]  # the same rows: drawn once
    spring.entrants.create(user=outsider, name="Outsider")
    do_edit_event(spring, spring.created_by, visibility=Visibility.PRIVATE)
    page, drawn = home_for(player)  # the event left their rows: drawn anew
    assert LISTS in drawn and "Spring-Cup" not in page
    page, drawn = home_for(outsider)  # entered, they see what all saw before: drawn already
    assert LISTS not in drawn and "Spring-Cup" in listed(page)


def test_a_visitor_and_staff_see_their_lists(spring, organiser, staff):
    assert "Spring-Cup" in listed(page_for(None))
    do_edit_event(spring, organiser, visibility=Visibility.PRIVATE)
    assert "Spring-Cup" not in listed(page_for(None))
    assert "Spring-Cup" in listed(page_for(staff))


@pytest.fixture
def released(league, organiser):
    """Round 2 of a Swiss of 40 at tables of four, paired and published."""
    event = make_event(league, organiser, players=40, rules_options={"rounds": 1})
    play(event, 1)
    return published(do_pair_round(event))


def seat_of(user, round_) -> Seat:
    return Seat.objects.select_related("table").get(table__round=round_, entrant__user=user)


def test_a_round_paired_and_published_and_its_result_show_at_the_next_read(league, organiser):
    event = make_event(league, organiser, players=16, rules_options={"rounds": 1})
    player = event.entrants.order_by("pk").first().user
    assert "you play at table" not in page_for(player)
    round_ = do_pair_round(event)  # a Swiss of 16: a draft, for the organisers only
    assert "you play at table" not in page_for(player)
    assert "is a draft: review it, then publish it" in page_for(organiser)
    published(round_)
    seat = seat_of(player, round_)
    page = page_for(player)
    assert f"round 1: you play at table {seat.table.number}, seat {seat.position + 1}" in page
    assert "is a draft" not in page_for(organiser)
    outcomes = [
        SeatOutcome(s.position, 10 - s.position, s.position + 1) for s in seat.table.seats.all()
    ]
    do_record_result(seat.table, outcomes, source="organiser")
    assert "you play at table" not in page_for(player)


def test_a_challenge_received_shows_at_the_next_read(player, other_player):
    assert "challenges you" not in page_for(other_player)
    takers = [Taker(str(player), user=player), Taker(str(other_player), user=other_player)]
    do_challenge(player, takers, {"rounds": 1}, Clock())
    assert "challenges you to a game" in page_for(other_player)
    assert "challenges you" not in page_for(player)


@pytest.mark.parametrize("players", [16, 160])
def test_a_player_reads_the_home_page_in_eight_queries_whatever_the_size(
    league, organiser, django_assert_num_queries, players
):
    """The reader (the session is in the cache), the three lists, their running events
    with their seat and the open entries at their table (none: no query for them), the
    draft rounds of events they organise, the challenges and the games waiting for
    them. The round beside their seat (its clock) is read once per process and version,
    by the first reader."""
    event = make_event(league, organiser, players=players, rules_options={"rounds": 1})
    play(event, 1)
    round_ = published(do_pair_round(event))
    first, player = event.entrants.order_by("pk").first().user, event.entrants.last().user
    page_for(first)
    client = Client()
    client.force_login(player)
    with django_assert_num_queries(8):
        page = client.get("/").content.decode()
    seat = seat_of(player, round_)
    assert f"round 2: you play at table {seat.table.number}, seat {seat.position + 1}" in page
