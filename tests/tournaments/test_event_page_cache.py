"""The event page when every player opens it at once: its shared part (heading,
rounds, standings, bracket) is built once per page version and served from the cache,
the reader's part (their table and seat) is read per request, in a few queries whatever
the event's size; every result, pairing or change of the event is a new version, shown
at once (the home page's own: tests/home/test_home_page.py)."""

import pytest
from django.test import Client

from standings.computing import do_store_standings
from tests.page_html import as_drawn
from tests.tournaments.helpers import event_page_for, make_event, play, published
from tournaments.event_editing import do_edit_event
from tournaments.models import Seat
from tournaments.pairing import do_pair_round
from tournaments.results import SeatOutcome, do_record_result, do_record_void
from tournaments.views.events import STANDINGS_PAGE

pytestmark = pytest.mark.django_db


def seat_of(user, round_) -> Seat:
    return Seat.objects.select_related("table").get(table__round=round_, entrant__user=user)


def finish(table) -> None:
    places = [SeatOutcome(s.position, 10 - s.position, s.position + 1) for s in table.seats.all()]
    do_record_result(table, places, source="organiser")


@pytest.fixture
def released(league, organiser):
    """Round 2 of a Swiss of 40 at tables of four, just paired and published."""
    event = make_event(league, organiser, players=40, rules_options={"rounds": 1})
    play(event, 1)
    do_store_standings(event)
    return published(do_pair_round(event))


@pytest.mark.parametrize("players", [16, 160])
def test_a_player_reads_the_event_page_in_two_queries_whatever_its_size(
    league, organiser, django_assert_num_queries, players
):
    event = make_event(league, organiser, players=players, rules_options={"rounds": 1})
    play(event, 1)
    do_store_standings(event)
    round_ = published(do_pair_round(event))
    player = event.entrants.order_by("pk").first().user
    client = Client()
    client.force_login(player)
    client.get(f"/events/{event.slug}/")  # the shared part is built once
    # The reader (their session is in the cache) and the event with its version and the
    # reader's part (organiser or not, their entry's id, their seat, how many entries
    # are open at their tables, the games being played, their entry). The round (for
    # its clock) and the live tables come from the cache.
    with django_assert_num_queries(2):
        response = client.get(f"/events/{event.slug}/")
    page = response.content.decode()
    seat = seat_of(player, round_)
    assert f"you play at table {seat.table.number}, seat {seat.position + 1}" in page
    assert page.count("<tr><td>") == min(players, STANDINGS_PAGE)  # a page of the rows


def test_a_visitor_reads_the_cached_event_page_in_one_query(released, django_assert_num_queries):
    event = released.event
    Client().get(f"/events/{event.slug}/")
    with django_assert_num_queries(1):  # the event with its version and its live games
        response = Client().get(f"/events/{event.slug}/")
    assert response.content.decode().count("<tr><td>") == 40


def test_each_player_sees_their_own_table_beside_the_shared_part(released):
    first, second = (s.entrant.user for s in released.tables.get(number=3).seats.all()[:2])
    other = released.tables.get(number=7).seats.first().entrant.user
    pages = [event_page_for(user, released.event) for user in (first, second, other)]
    for user, page in zip((first, second, other), pages, strict=True):
        seat = seat_of(user, released)
        assert f"you play at table {seat.table.number}, seat {seat.position + 1}" in page
    assert "you play at table 7" not in pages[0] and "you play at table 3" not in pages[2]
    assert "Log in to register" not in pages[0]


def test_a_new_pairing_shows_at_once(released):
    event, player = released.event, released.tables.first().seats.first().entrant.user
    before = event_page_for(player, event)
    assert "Round 3" not in before
    for table in released.tables.filter(is_bye=False):
        finish(table)
    third = published(do_pair_round(event))
    page = event_page_for(player, event)
    seat = seat_of(player, third)
    assert "Round 3</a>" in page
    assert f"round 3: you play at table {seat.table.number}, seat {seat.position + 1}" in page


def test_a_new_result_shows_at_once_before_the_standings_are_stored(released):
    event, table = released.event, released.tables.get(number=2)
    visitor_page = event_page_for(None, event)
    assert "void, it counts for nobody" not in visitor_page
    do_record_void(table, None, {"reason": "abandoned"})
    assert "void, it counts for nobody" in event_page_for(None, event)


def test_new_standings_show_at_once(released):
    event = released.event
    before = event_page_for(None, event)
    for table in released.tables.filter(is_bye=False):
        finish(table)
    do_store_standings(event)
    after = event_page_for(None, event)
    assert after != before
    assert {row.games for row in event.standings.all()} == {2}


def test_a_renamed_event_shows_its_new_name_at_once(released, organiser):
    event = released.event
    assert "<h1>Renamed Open</h1>" not in event_page_for(None, event)
    do_edit_event(event, organiser, name="Renamed Open")
    assert "<h1>Renamed Open</h1>" in event_page_for(None, event)


def test_a_player_who_confirmed_no_longer_sees_the_entry_to_confirm(released):
    """The reader's part is never cached: an answer shows on their next read."""
    from scoring.deciding import do_confirm_result
    from scoring.entering import do_submit_result

    table = released.tables.get(number=1)
    seats = list(table.seats.order_by("position").select_related("entrant__user"))
    submitter, confirmer = seats[0].entrant.user, seats[1].entrant.user
    entry = {"rounds": [{"sets": [{"20": 3}, {"18": 3}, {"16": 3}, {"12": 3}]}]}
    submission = do_submit_result(table, "call-to-glory-table/1", entry, submitter)
    assert "confirm it or dispute it" in event_page_for(confirmer, released.event)
    do_confirm_result(submission, confirmer)
    assert "confirm it or dispute it" not in event_page_for(confirmer, released.event)


@pytest.mark.parametrize("grant", ["event", "league", "league-creator", "event-creator"])
def test_the_organisers_tools_show_for_every_grant_read_with_the_event(
    released, organiser, outsider, grant
):
    """Whether the reader organises the event is read in the event's own query
    (``permissions.with_organiser_flag``): each way to be one shows the tools, an
    entrant is shown none, and a grant shows at the next read."""
    event = released.event
    player = released.tables.first().seats.first().entrant.user
    assert "Edit event" not in event_page_for(player, event)
    assert "Edit event" not in event_page_for(outsider, event)
    if grant == "event":
        event.organisers.add(outsider)
    elif grant == "league":
        event.season.league.organisers.add(outsider)
    elif grant == "league-creator":
        event.season.league.__class__.objects.filter(pk=event.season.league_id).update(
            created_by=outsider
        )
    else:
        type(event).objects.filter(pk=event.pk).update(created_by=outsider)
    assert "Edit event" in event_page_for(outsider, event)
    assert "Edit event" not in event_page_for(player, event)


@pytest.mark.parametrize("players", [16, 160])
def test_a_player_reads_their_tables_page_in_four_queries_whatever_the_size(
    league, organiser, django_assert_num_queries, players
):
    """The reader; the table with its round, event and league, its result, its game on
    the site and whether the reader organises the event (one query compiled once, its
    event not read again to check who may see it); its seats with their entrants and
    users (who sits there, a walk-in or not, asked once); its entries in one read."""
    event = make_event(league, organiser, players=players, rules_options={"rounds": 1})
    round_ = published(do_pair_round(event))
    player = event.entrants.order_by("pk").last().user
    seat = seat_of(player, round_)
    client = Client()
    client.force_login(player)
    with django_assert_num_queries(4):
        page = client.get(f"/scoring/tables/{seat.table.pk}/").content.decode()
    names = [s.entrant.name for s in seat.table.seats.select_related("entrant")]
    assert all(name in page for name in names) and "Enter the result" in page


def test_a_seat_swap_shows_each_player_their_new_table_at_once(released):
    """The reader's seat is read with the event: a swap is shown at the next read."""
    from tournaments.pairing import do_swap_seats

    first = released.tables.get(number=3).seats.order_by("position").first()
    second = released.tables.get(number=7).seats.order_by("position").last()
    player = first.entrant.user
    assert "you play at table 3, seat 1" in event_page_for(player, released.event)
    do_swap_seats(released, first.pk, second.pk)
    page = event_page_for(player, released.event)
    assert f"you play at table 7, seat {second.position + 1}" in page
    assert "you play at table 3" not in page


def test_a_result_at_the_players_table_takes_their_seat_off_at_once(released):
    table = released.tables.get(number=4)
    player = table.seats.first().entrant.user
    assert "you play at table 4" in event_page_for(player, released.event)
    finish(table)
    assert "you play at table" not in event_page_for(player, released.event)


def test_the_round_clock_started_and_paused_shows_at_the_next_read(released, organiser):
    """The round (for its clock) is cached under the clock's revision, read with the
    event; what is left is drawn from it at each read."""
    from tournaments.round_clock import do_clock

    event = released.event
    event.round_minutes = 50
    event.save(update_fields=["round_minutes"])
    player = released.tables.get(number=1).seats.first().entrant.user
    page = event_page_for(player, event)
    assert "Time left: round 2, table 1" in page and 'data-ends-at=""' in page
    do_clock(released, "start", organiser, minutes=30)
    page = event_page_for(player, event)
    assert 'data-paused=""' in page and 'data-ends-at=""' not in page
    assert "29:5" in page  # 29:59 or 29:58 as drawn
    do_clock(released, "pause", organiser)
    page = event_page_for(player, event)
    assert 'data-paused="1"' in page and 'data-ends-at=""' in page


def test_a_withdrawal_and_a_check_in_show_at_the_next_read(league, organiser):
    from tournaments.check_in import do_check_in
    from tournaments.registration import do_withdraw

    event = make_event(league, organiser, players=8, check_in=True)
    entrant = event.entrants.order_by("pk").first()
    assert "Check in: I am here" in event_page_for(entrant.user, event)
    do_check_in(entrant, entrant.user)
    assert "You are checked in." in event_page_for(entrant.user, event)
    do_withdraw(entrant, entrant.user)
    assert "You are entered." not in event_page_for(entrant.user, event)


def test_a_drop_and_a_reinstatement_show_in_the_standings_at_the_next_read(released, organiser):
    """The standings mark the dropped; a drop changes no row's numbers, yet the page
    drawn after it marks them (and no longer once they are back)."""
    from tournaments.registration import do_drop, do_reinstate

    event = released.event
    cat = event.entrants.order_by("name").first()
    row = f'{cat.name}</a> <span class="badge">dropped</span>'
    assert row not in as_drawn(event_page_for(None, event))
    do_drop(cat, organiser)
    assert row in as_drawn(event_page_for(None, event))
    do_reinstate(cat, organiser)
    assert row not in as_drawn(event_page_for(None, event))
