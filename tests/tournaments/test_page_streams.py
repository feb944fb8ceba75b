"""The push streams of the pages that follow the truth (issue 39), served by uvicorn:
each page is drawn at the stamp its stream starts from (so an open page fetches
nothing until something changes), each stream moves on with what its page shows and
is refused to whoever may not see the page; a person's to-do stream hears every event
they are in, a league's stream its events' standings and its ratings, and a series'
stream its stored rows."""

import re

import pytest
from django.test import Client

from scoring import audit
from series.computing import do_store_series
from series.models import Series, SeriesEvent
from standings.computing import do_store_standings
from standings.ratings import do_store_ratings
from tests.fixtures.asgi import uvicorn_serving
from tests.fixtures.personas import make_user
from tests.series.helpers import event_with_places
from tests.tournaments.helpers import make_event, play
from tournaments.models import Entrant, Visibility
from tournaments.pairing import do_discard_round, do_pair_round, do_publish_round
from tournaments.registration import do_register
from tournaments.views.push import GONE

pytestmark = pytest.mark.django_db(transaction=True)

SERVED = {"PUSH_STREAM_SECONDS": "30", "PUSH_HEARTBEAT_SECONDS": "1"}
HEARTBEAT = [": still here"]


@pytest.fixture(scope="module")
def server(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock(), uvicorn_serving(**SERVED) as url:
        yield url


def drawn_stream(path: str, user, stream: str) -> str:
    """The page's stream that starts with ``stream``, with the stamp it was drawn at."""
    client = Client()
    if user is not None:
        client.force_login(user)
    page = client.get(path).content.decode()
    found = re.search(r'data-push="(' + re.escape(stream) + r'[^"]*)"', page)
    assert found, f"{path} follows no {stream}"
    return found[1].replace("&amp;", "&")


def opened(streams, server, path, user):
    stream = streams(f"{server}{path}", user)
    assert stream.status == 200, (path, stream.status, stream.body)
    assert stream.next(5) == ["retry: 3000"]
    return stream


def test_each_page_is_drawn_at_its_streams_stamp(server, streams, table, player, organiser, league):
    event = table.round.event
    event.status = event.Status.RUNNING
    event.save()
    pages = [
        (f"/scoring/tables/{table.pk}/", player, "/push/scoring/tables/"),
        (f"/events/{event.slug}/", player, f"/push/events/{event.slug}/page/"),
        (f"/events/{event.slug}/", None, f"/push/events/{event.slug}/page/"),
        (f"/events/{event.slug}/", organiser, f"/push/events/{event.slug}/page/"),
        ("/", player, "/push/todo/"),
        (f"/leagues/{league.slug}/", None, "/push/leagues/"),
        (f"/events/{event.slug}/rounds/1/", None, f"/push/events/{event.slug}/rounds/1/"),
    ]
    for path, user, part in pages:
        stream = drawn_stream(path, user, part)
        waiting = opened(streams, server, stream, user)
        assert waiting.next(5) == HEARTBEAT, (path, user)  # no event: nothing changed
        waiting.close()


def test_the_table_stream_moves_on_with_its_tables_audit_only(
    server, streams, table, player, organiser
):
    stream = opened(
        streams,
        server,
        drawn_stream(f"/scoring/tables/{table.pk}/", player, "/push/scoring/tables/"),
        player,
    )
    other = table.round.tables.create(number=2)
    audit.log(other, organiser, "submitted")
    assert stream.next(5) == HEARTBEAT
    audit.log(table, organiser, "submitted")
    assert stream.next_event()["event"] == "changed"


def test_the_event_pages_readers_follow_its_entrants_and_visitors_its_shared_part(
    server, streams, event, player, other_player, outsider, worker_paused
):
    """The worker is held: an entrant's standings row, once stored, is the visitors'
    change too (``test_the_spectators_stream_moves_on_when_the_standings_are_stored``)."""
    event.registration = event.Registration.OPEN
    event.save()
    path = f"/events/{event.slug}/"
    readers = opened(
        streams, server, drawn_stream(path, player, f"/push/events/{event.slug}/page/"), player
    )
    visitors = opened(
        streams, server, drawn_stream(path, None, f"/push/events/{event.slug}/page/"), None
    )
    do_register(event, outsider)  # the readers' part only (their entry, the no-shows)
    assert readers.next_event()
    assert visitors.next(3) == HEARTBEAT
    Entrant.objects.create(event=event, user=other_player, name="Quinn")
    assert readers.next_event()


def test_the_spectators_stream_moves_on_when_the_standings_are_stored(
    server, streams, league, organiser
):
    made = make_event(league, organiser, players=4, table_size=2)
    play(made, 1)
    stream = opened(
        streams,
        server,
        drawn_stream(f"/events/{made.slug}/", None, f"/push/events/{made.slug}/page/"),
        None,
    )
    do_store_standings(made)
    assert stream.next_event()


def test_a_persons_to_do_stream_hears_every_event_they_are_in(server, streams, league, organiser):
    first = make_event(league, organiser, players=2, table_size=2, review_pairings=True)
    second = make_event(league, organiser, players=2, table_size=2, review_pairings=True)
    player = first.entrants.first().user
    Entrant.objects.create(event=second, user=player, name="Twice")
    drafts = [do_pair_round(first, by=organiser), do_pair_round(second, by=organiser)]
    stream = opened(streams, server, drawn_stream("/", player, "/push/todo/"), player)
    do_publish_round(drafts[1], by=organiser)
    assert stream.next_event()  # their table in the second event
    do_publish_round(drafts[0], by=organiser)
    assert stream.next_event()  # and in the first


def test_a_draft_rounds_stream_follows_the_round_paired_again_in_its_place(
    server, streams, league, organiser
):
    event = make_event(league, organiser, players=4, table_size=2, review_pairings=True)
    draft = do_pair_round(event, by=organiser)
    path = f"/events/{event.slug}/rounds/1/"
    stream = opened(
        streams, server, drawn_stream(path, organiser, path.replace("/", "/push/", 1)), organiser
    )
    do_discard_round(draft, by=organiser)
    assert stream.next_event()["id"] == GONE  # the page's parts will find it gone
    do_pair_round(event, by=organiser)
    assert stream.next_event()["id"] not in ("", GONE)  # the new draft of round 1


def test_a_leagues_stream_moves_on_with_its_ratings(server, streams, league, organiser):
    make_event(league, organiser, players=2, table_size=2)
    path = drawn_stream(f"/leagues/{league.slug}/", None, "/push/leagues/")
    stream = opened(streams, server, path, None)
    do_store_ratings(league.pk, "call-to-glory", {("user", organiser.pk): (25.0, 8.0, 1, [])})
    assert stream.next_event()


def test_a_series_stream_moves_on_when_its_rows_are_stored(
    server, streams, league, organiser, player
):
    series = Series.objects.create(
        league=league, name="Circuit", slug="circuit", created_by=organiser
    )
    event = event_with_places(league, organiser, "night-1", [(player, 1)])
    path = drawn_stream("/series/circuit/", None, "/push/series/circuit/")
    stream = opened(streams, server, path, None)
    assert stream.next(3) == HEARTBEAT  # nothing stored yet
    SeriesEvent.objects.create(series=series, event=event)
    do_store_series(series.pk)
    assert stream.next_event()


def test_the_new_streams_are_refused_to_whoever_may_not_see(
    server, streams, table, player, outsider, league, django_user_model
):
    event = table.round.event
    event.visibility = Visibility.PRIVATE
    event.save()
    league.visibility = Visibility.PRIVATE
    league.save()
    Series.objects.create(
        league=league, name="Private circuit", slug="private-circuit", created_by=league.created_by
    )
    paths = [
        f"/push/scoring/tables/{table.pk}/",
        f"/push/events/{event.slug}/page/",
        f"/push/leagues/{league.slug}/",
        "/push/series/private-circuit/",
    ]
    for path in paths:
        for user in (outsider, None):
            refused = streams(f"{server}{path}", user)
            assert refused.status == 403, (path, user, refused.status)
        allowed = streams(f"{server}{path}", player)
        assert allowed.status == 200, path
        allowed.close()
    assert streams(f"{server}/push/todo/", None).status == 403
    newcomer = make_user(django_user_model, "nina_new")
    assert streams(f"{server}/push/todo/", newcomer).status == 200  # in no event yet


def test_the_desks_stream_moves_on_when_a_tables_site_game_is_abandoned(
    server, streams, table, organiser
):
    from play.starting import do_start_table_game
    from tests.play.test_absent_people import running, time_out

    game = time_out(do_start_table_game(organiser, running(table)).pk)  # one seat forfeits
    desk = f"/scoring/events/{table.round.event.slug}/desk/"
    stream = opened(streams, server, drawn_stream(desk, organiser, "/push/scoring/"), organiser)
    assert stream.next(5) == HEARTBEAT
    assert time_out(game.pk).is_abandoned  # the other too: the table waits for an organiser
    assert stream.next_event()
    client = Client()
    client.force_login(organiser)
    assert "Abandoned: enter the result" in client.get(desk).content.decode()
