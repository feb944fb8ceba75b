"""The reader's section of the event page (what needs them, their entry), drawn from a
precompiled form (``tournaments.event_reader``): the template once per shape, each
reader's values put in per request. Each reader sees their own table and seat and no
one else's, a visitor none; values are escaped as the template escapes them; every
state of an entry reads as the template says."""

import re
from datetime import timedelta

import pytest
from django.test.signals import template_rendered
from django.urls import reverse
from django.utils import timezone

from tests.tournaments.helpers import event_page_for, make_event, published
from tournaments.models import Entrant, Event, Seat
from tournaments.pairing import do_pair_round
from tournaments.precompiled import drawn
from tournaments.registration import do_register

pytestmark = pytest.mark.django_db

READER = "tournaments/_event_reader.html"


@pytest.fixture
def released(league, organiser):
    """Round 1 of 16 players at tables of four, published."""
    event = make_event(league, organiser, players=16, rules_options={"rounds": 1})
    return published(do_pair_round(event))


def seat_of(user, round_) -> Seat:
    return Seat.objects.select_related("table").get(table__round=round_, entrant__user=user)


def test_each_player_reads_their_own_table_and_seat_and_never_anothers(released):
    players = [s.entrant.user for s in Seat.objects.filter(table__round=released)[:8]]
    pages = {user: event_page_for(user, released.event) for user in players}
    for user, page in pages.items():
        seat = seat_of(user, released)
        mine = f"you play at table {seat.table.number}, seat {seat.position + 1}."
        assert page.count("you play at table") == 1 and mine in page
        assert page.count(f'href="/scoring/tables/{seat.table.pk}/"') == 1
        for other in players:
            theirs = seat_of(other, released)
            if theirs.table_id != seat.table_id:
                assert f"/scoring/tables/{theirs.table.pk}/" not in page
    visitor = event_page_for(None, released.event)
    assert "you play at table" not in visitor and "What needs you now" not in visitor
    assert "/scoring/tables/" not in visitor and "You are entered." not in visitor


def test_the_form_is_drawn_once_for_every_player_of_one_shape(released):
    drawn.cache_clear()
    rendered = []

    def count(sender, template, context, **kwargs):
        rendered.append(template.name)

    template_rendered.connect(count)
    try:
        for seat in Seat.objects.filter(table__round=released).select_related("entrant__user"):
            event_page_for(seat.entrant.user, released.event)
    finally:
        template_rendered.disconnect(count)
    # Seat 1 adds "You start.": one more item's text, the same shape.
    assert rendered.count(READER) == 1
    assert drawn.cache_info().currsize == 1


def test_a_players_values_are_escaped_as_the_template_escaped_them(released):
    Event.objects.filter(pk=released.event_id).update(name="Bold <b>Open</b> & co")
    player = released.tables.get(number=2).seats.first().entrant.user
    page = event_page_for(player, released.event)
    assert "Bold &lt;b&gt;Open&lt;/b&gt; &amp; co, round 1: you play at table 2" in page
    assert "<b>Open</b>" not in page
    # The reader's CSRF token is put in their forms, no marker left.
    assert re.search(
        r'name="csrfmiddlewaretoken" value="\w{64}">\s*<button type="submit" '
        r'class="secondary">Withdraw',
        page,
    )
    assert "\x00" not in page


def test_a_waitlisted_entry_reads_its_number_and_a_full_event_its_places(
    league, organiser, player, other_player, outsider
):
    event = make_event(league, organiser, registration="open", capacity=1)
    do_register(event, player)
    do_register(event, other_player)
    waiting = event_page_for(other_player, event)
    assert "You are on the waitlist, number 1:" in waiting and "Withdraw" in waiting
    entered = event_page_for(player, event)
    assert "You are entered." in entered and "waitlist, number" not in entered
    newcomer = event_page_for(outsider, event)
    assert ">Register</button>" in newcomer
    assert "1 place; once it is taken, you join the waitlist." in newcomer
    Event.objects.filter(pk=event.pk).update(capacity=3)
    assert "3 places; once they are taken" in event_page_for(
        outsider, Event.objects.get(pk=event.pk)
    )
    visitor = event_page_for(None, event)
    login = reverse("login")
    assert f'href="{login}?next=/events/{event.slug}/">Log in to register</a>' in visitor


def test_check_in_reads_when_it_opens_then_a_button_then_done(league, organiser):
    from tournaments.check_in import do_check_in

    starts = timezone.now() + timedelta(hours=3)
    event = make_event(league, organiser, players=4, check_in=True, starts_at=starts)
    entrant = event.entrants.order_by("pk").first()
    assert "Check-in opens " in event_page_for(entrant.user, event)
    Event.objects.filter(pk=event.pk).update(starts_at=timezone.now())
    assert "Check in: I am here" in event_page_for(entrant.user, event)
    do_check_in(Entrant.objects.get(pk=entrant.pk), entrant.user)
    page = event_page_for(entrant.user, event)
    assert "You are checked in." in page and "Check in: I am here" not in page
