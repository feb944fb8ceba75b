"""Every open page follows the truth (issue 39), in Chromium, served by uvicorn as
``bin/run`` and the production push server serve it: a change written through the
site's own functions (or by its worker) shows on the page within 2 s, without a reload,
and what a person typed or opened on it stays: the round page's status list and table
cards (one reading, never at odds), the event page for a spectator (the standings the
worker stores after a result) and for its organiser, the results desk (a new round's
tables), a player's to-do list on their home page (a round published, then their
result), and a league's leaderboard."""

import pytest

from scoring.entering import do_submit_result
from scoring.models import Submission
from standings.computing import do_store_standings
from standings.leaderboard import Leaderboard
from tests.fixtures.browser import LAPTOP, screenshot
from tests.fixtures.personas import PASSWORD
from tests.fixtures.push_pages import (
    following,
    not_reloaded,
    shows_within,
    text_shown,
)
from tests.fixtures.worker import wait_for
from tests.scoring.conftest import RULEBOOK_ROUND
from tests.tournaments.helpers import make_event, play, published
from tournaments.models import Event, StandingRow
from tournaments.pairing import do_pair_round, do_publish_round
from tournaments.results import SeatOutcome, do_record_result

pytestmark = [pytest.mark.browser, pytest.mark.embedded, pytest.mark.django_db(transaction=True)]


def finish(table, winner: int = 0) -> None:
    """The table's result: the seat ``winner`` first, the others after in seat order."""
    seats = sorted(s.position for s in table.seats.all())
    order = [winner, *(p for p in seats if p != winner)]
    outcomes = [SeatOutcome(p, 50 - 10 * order.index(p), order.index(p) + 1) for p in seats]
    do_record_result(table, outcomes, source="organiser")


def with_password(user):
    user.set_password(PASSWORD)
    user.save()
    return user


def test_the_round_pages_status_list_and_table_cards_follow_as_one(page_as, league, organiser):
    event = make_event(league, organiser, players=8, table_size=2, rules_options={"rounds": 1})
    round_ = published(do_pair_round(event, by=organiser))
    first, second = round_.tables.filter(is_bye=False).order_by("number")[:2]
    page = page_as(None, LAPTOP)
    page.goto(f"/events/{event.slug}/rounds/{round_.number}/")
    page.click("#table-1 summary")  # the reader opens "Why this table"
    following(page)

    finish(first)
    board = "document.querySelector('#board li [data-status]')"
    shows_within(page, f"{board}.dataset.status === 'recorded'")
    card = page.locator("#table-1")
    assert page.locator("#board li").first.locator(".badge").inner_text() in card.inner_text()
    assert "place 1" in card.inner_text()
    assert card.locator("details").evaluate("d => d.open")

    seat = second.seats.order_by("position").first()
    do_submit_result(second, Submission.Kind.GLORY_TABLE, RULEBOOK_ROUND, seat.entrant.user)
    shows_within(
        page,
        "document.querySelector('#table-2 .badge:last-child') && "
        "document.querySelector('#table-2').innerText.includes('waiting for confirmation')",
    )
    statuses = page.locator("#board [data-status]").evaluate_all("s => s.map(b => b.innerText)")
    cards = page.locator("#round-live .card p .badge").evaluate_all("s => s.map(b => b.innerText)")
    assert statuses[:2] == cards[:2]
    assert not_reloaded(page)
    screenshot(page, "round-page-follows-1280x800")


def test_the_organisers_round_page_offers_the_next_step_once_the_results_are_in(
    page_as, league, organiser
):
    event = make_event(league, organiser, players=4, table_size=2)
    round_ = published(do_pair_round(event, by=organiser))
    page = page_as(organiser, LAPTOP)
    page.goto(f"/events/{event.slug}/rounds/{round_.number}/")
    page.wait_for_selector("#next-steps [data-primary]")
    assert "Enter the missing results" in page.inner_text("#next-steps [data-primary]")
    following(page)

    for table in round_.tables.filter(is_bye=False):
        finish(table)
    shows_within(
        page, "document.querySelector('#next-steps [data-primary]').innerText === 'Pair round 2'"
    )
    # The board and the next steps are drawn from one change but swapped in separately.
    shows_within(page, "document.querySelectorAll('#board [data-status=recorded]').length === 2")
    assert not_reloaded(page)


def test_a_spectator_sees_the_standings_the_worker_stores(
    page_as, league, organiser, celery_worker
):
    event = make_event(league, organiser, players=6, table_size=2, rules_options={"rounds": 1})
    play(event, 1)
    do_store_standings(event)
    round_ = published(do_pair_round(event, by=organiser))
    tables = list(round_.tables.filter(is_bye=False).order_by("number"))
    spectator = page_as(None)
    spectator.goto(f"/events/{event.slug}/")
    spectator.wait_for_selector("table.standings")
    following(spectator)
    version = Event.objects.get(pk=event.pk).standings_version

    winner = tables[0].seats.get(position=0).entrant
    finish(tables[0])
    stored = wait_for(
        lambda: Event.objects.get(pk=event.pk).standings_version > version,
        timeout=30,
        interval=0.05,
        what="the worker to store the standings",
    )
    assert stored
    row = StandingRow.objects.get(event=event, entrant=winner)
    assert row.games == 2
    shows_within(
        spectator,
        "([name, games]) => [...document.querySelectorAll('table.standings tbody tr')].some("
        "tr => tr.innerText.includes(name) && tr.cells[3].innerText.trim() === games)",
        [winner.name, str(row.games)],
    )
    assert not_reloaded(spectator)
    screenshot(spectator, "event-page-standings-follow-390x844")


def test_the_organisers_event_page_follows_and_keeps_what_they_type(page_as, league, organiser):
    """The organiser's actions follow the results (the life cycle's next step); a reason
    typed for pairing early is carried while its form stays, and held, said, when the
    last result takes that form away."""
    event = make_event(league, organiser, players=8, table_size=2)
    round_ = published(do_pair_round(event, by=organiser))
    tables = list(round_.tables.filter(is_bye=False).order_by("number"))
    page = page_as(organiser, LAPTOP)
    page.goto(f"/events/{event.slug}/")
    early = page.locator("#event-actions details.offer", has_text="with results missing")
    early.locator("summary").click()
    reason = early.locator("input[name=override_reason]")
    reason.fill("The hall closes at ten")
    reason.blur()
    following(page)

    finish(tables[0])
    shows_within(page, text_shown("Enter the missing results (3 tables)"))
    assert reason.input_value() == "The hall closes at ten"
    assert early.evaluate("d => d.open")
    assert page.locator("[data-push-held]").count() == 0

    for table in tables[1:]:
        finish(table)
    shows_within(page, "document.querySelector('[data-push-held]') !== null")
    assert reason.input_value() == "The hall closes at ten"
    screenshot(page, "event-page-organiser-held-1280x800")
    page.get_by_role("button", name="Show the change").click()
    primary = page.locator("#event-actions [data-action]").first
    assert primary.inner_text() == "Pair round 2"
    assert (
        page.locator("#event-actions details.offer", has_text="with results missing").count() == 0
    )
    assert not_reloaded(page)
    screenshot(page, "event-page-organiser-follows-1280x800")


def test_the_desk_shows_a_new_rounds_tables(page_as, league, organiser):
    event = make_event(league, organiser, players=4, table_size=2, rules_options={"rounds": 1})
    first = published(do_pair_round(event, by=organiser))
    for table in first.tables.filter(is_bye=False):
        finish(table)
    page = page_as(organiser, LAPTOP)
    page.goto(f"/scoring/events/{event.slug}/desk/")
    page.wait_for_selector("text=No table is waiting: every result is in.")
    following(page)

    published(do_pair_round(event, by=organiser))
    shows_within(page, text_shown("Round 2, table 1"))
    assert page.locator(".card.waiting").count() == 2
    assert not_reloaded(page)


def test_a_players_to_do_list_follows_a_round_published_and_their_result(
    page_as, league, organiser
):
    event = make_event(
        league, organiser, players=4, table_size=2, review_pairings=True, rules_options={}
    )
    draft = do_pair_round(event, by=organiser)
    assert draft.is_draft
    seat = draft.tables.filter(is_bye=False).first().seats.get(position=0)
    player = with_password(seat.entrant.user)
    page = page_as(player)
    page.goto("/")
    page.wait_for_selector("h1")
    assert page.locator(".todo").count() == 0
    following(page)

    do_publish_round(draft, by=organiser)
    shows_within(page, text_shown(f"you play at table {seat.table.number}"))
    screenshot(page, "home-todo-follows-390x844")
    finish(seat.table)
    shows_within(page, "document.querySelector('.todo') === null")
    assert not_reloaded(page)


def test_a_leagues_leaderboard_follows_the_stored_standings(page_as, league, organiser):
    event = make_event(league, organiser, players=4, table_size=2, rules_options={})
    play(event, 1)
    do_store_standings(event)
    page = page_as(None)
    page.goto(f"/leagues/{league.slug}/")
    page.wait_for_selector("table.leaderboard")
    following(page)

    play(event, 1, seed=2)
    do_store_standings(event)
    events = list(Event.objects.filter(pk=event.pk).select_related("season__league"))
    top = Leaderboard(league, events).lines[0]
    shows_within(
        page,
        "([name, points]) => [...document.querySelectorAll('table.leaderboard tbody tr')].some("
        "tr => tr.cells[1].innerText === name && tr.cells[4].innerText === points)",
        [top.name, f"{top.points:g}"],
    )
    assert not_reloaded(page)
