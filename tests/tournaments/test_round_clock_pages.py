"""The round clock on pages: the table page and the player's home show the time left
(and at zero the event's rule for time), the round page gives organisers the controls,
the projector shows the room the clock, the pairings and the standings without a
login for a public event; the event page lists the tables played on the site now and
the round page each table's scores."""

from datetime import timedelta

import pytest
from django.utils import timezone

from play.models import Game
from play.starting import do_start_table_game
from tournaments.models import EventLogEntry, Result, Round, Visibility
from tournaments.results import SeatOutcome, do_record_result

pytestmark = pytest.mark.django_db


@pytest.fixture
def timed(table):
    """The persona table's event, 50 minutes a round, its clock started 10 minutes ago."""
    event = table.round.event
    event.round_minutes = 50
    event.status = event.Status.RUNNING
    event.save()
    Round.objects.filter(pk=table.round_id).update(
        clock_ends_at=timezone.now() + timedelta(minutes=40), clock_revision=1
    )
    return table


def test_the_table_page_shows_the_time_left_with_the_servers_time(timed, client_for, player):
    page = client_for(player).get(f"/scoring/tables/{timed.pk}/").content.decode()
    assert "Time left: round 1, table 1" in page
    assert "39:5" in page  # 39:59 or 39:58 as rendered
    assert "data-now=" in page and "data-ends-at=" in page
    assert "Time is up." in page  # hidden until zero, the rule beside it


def test_the_entry_page_shows_the_tables_time_left(timed, client_for, player):
    page = client_for(player).get(f"/scoring/tables/{timed.pk}/glory/").content.decode()
    assert "Time left: round 1, table 1" in page and "39:5" in page


def test_at_zero_the_page_says_the_events_rule_for_time(timed, client_for, player):
    event = timed.round.event
    event.time_rule = "Finish the turn being played; nobody starts another."
    event.save()
    Round.objects.filter(pk=timed.round_id).update(clock_ends_at=timezone.now())
    page = client_for(player).get(f"/scoring/tables/{timed.pk}/").content.decode()
    assert 'class="round-clock card up"' in page
    assert "Finish the turn being played; nobody starts another." in page
    assert 'data-clock-up role="status">' in page  # shown, not hidden


def test_a_tables_extra_minutes_are_on_its_page(timed, client_for, player):
    Round.objects.filter(pk=timed.round_id).update(clock_extra={"1": 6})
    page = client_for(player).get(f"/scoring/tables/{timed.pk}/").content.decode()
    assert "Extra time for this table (a judge’s ruling): 6 min." in page
    assert "45:5" in page


def test_the_players_home_shows_their_rounds_time_left(timed, client_for, player):
    page = client_for(player).get("/").content.decode()
    assert "Time left: round 1, table 1" in page


def test_the_organiser_pauses_and_extends_from_the_round_page(timed, client_for, organiser):
    client = client_for(organiser)
    slug = timed.round.event.slug
    page = client.get(f"/events/{slug}/rounds/1/").content.decode()
    assert "Pause the clock" in page and "table 1 only" in page
    url = f"/events/{slug}/rounds/1/clock/"
    client.post(url, {"action": "pause", "revision": 1})
    assert Round.objects.get(pk=timed.round_id).clock_paused_at is not None
    stale = client.post(url, {"action": "resume", "revision": 1}, follow=True)
    assert "Someone changed round 1" in stale.content.decode()
    client.post(url, {"action": "extend", "minutes": 3, "table": 1, "revision": 2})
    assert Round.objects.get(pk=timed.round_id).clock_extra == {"1": 3}
    assert EventLogEntry.objects.filter(action=EventLogEntry.Action.CLOCK).count() == 2


def test_a_player_cannot_touch_the_clock(timed, client_for, player):
    slug = timed.round.event.slug
    answer = client_for(player).post(f"/events/{slug}/rounds/1/clock/", {"action": "pause"})
    assert answer.status_code == 403
    assert Round.objects.get(pk=timed.round_id).clock_paused_at is None


def test_the_projector_needs_no_login_for_a_public_event(timed, client_for):
    slug = timed.round.event.slug
    page = client_for(None).get(f"/events/{slug}/projector/").content.decode()
    names = [s.entrant.name for s in timed.seats.all()]
    assert "Find your table" in page and "Tables" in page
    positions = [page.index(name) for name in sorted(names, key=str.casefold)]
    assert positions == sorted(positions)
    assert "Time left in round 1" in page


def test_the_projector_of_a_private_event_is_its_organisers(timed, client_for, organiser):
    event = timed.round.event
    event.visibility = Visibility.PRIVATE
    event.save()
    assert client_for(None).get(f"/events/{event.slug}/projector/").status_code in (403, 404)
    assert client_for(organiser).get(f"/events/{event.slug}/projector/").status_code == 200
    event_page = client_for(organiser).get(f"/events/{event.slug}/").content.decode()
    assert f"/events/{event.slug}/projector/" in event_page


def test_the_round_page_shows_each_tables_scores(timed, client_for, outsider):
    do_record_result(
        timed, [SeatOutcome(0, 61, 1), SeatOutcome(1, 48, 2)], source=Result.Source.ORGANISER
    )
    page = client_for(outsider).get(f"/events/{timed.round.event.slug}/rounds/1/").content
    assert "score 61, place 1" in page.decode() and "score 48, place 2" in page.decode()


def test_the_event_page_lists_the_tables_played_on_the_site_now(timed, client_for, organiser):
    event = timed.round.event
    slug = event.slug
    assert "Live now" not in client_for(None).get(f"/events/{slug}/").content.decode()
    game = do_start_table_game(organiser, timed)
    page = client_for(None).get(f"/events/{slug}/").content.decode()
    assert "Live now" in page and f'href="/play/{game.pk}/"' in page
    assert "Watch round 1, table 1" in page
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    assert "Live now" not in client_for(None).get(f"/events/{slug}/").content.decode()


def edit_form(event, **changes) -> dict:
    return {
        "name": event.name,
        "game": event.game,
        "format": event.format,
        "table_size": str(event.table_size),
        "rounds_planned": str(event.rounds_planned),
        "visibility": event.visibility,
        "seed": "0",
        "late_entry_points": "0",
        "points_text": "3, 1",
        **changes,
    }


def test_the_edit_page_sets_the_round_length_and_the_rule_for_time(event, client_for, organiser):
    client = client_for(organiser)
    page = client.get(f"/events/{event.slug}/edit/").content.decode()
    assert "minutes a round" in page.lower() and "when time is up" in page.lower()
    rule = "Finish the turn, then count the points."
    form = edit_form(event, round_minutes="45", clock_starts="organiser", time_rule=rule)
    answer = client.post(f"/events/{event.slug}/edit/", form)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    event.refresh_from_db()
    assert (event.round_minutes, event.clock_starts, event.time_rule) == (45, "organiser", rule)
    refused = client.post(f"/events/{event.slug}/edit/", {**form, "round_minutes": "601"})
    assert "A round lasts 1 to 600 minutes" in refused.content.decode()
    event.refresh_from_db()
    assert event.round_minutes == 45
