"""Two desks on one round, by clicking from the home page: the organiser's phone
(390x844) and a laptop (1280x800) both open round 1. The phone swaps two players; the
laptop, whose page was drawn before, tries a swap through one of them and is told the
round changed, with nothing changed; on the page drawn again its swap goes through.
And a draft discarded at the laptop: the phone's page, drawn before, says the round is
no longer there and leads on to the event, its tables dimmed. Screenshots in
test-artifacts/screenshots/swap-desks-*."""

import re

import pytest
from playwright.sync_api import expect

from tests.fixtures.browser import log_in_from_home, screenshot
from tests.tournaments.helpers import make_event, published
from tournaments.models import Round, Seat
from tournaments.pairing import do_pair_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def open_round_one(page, event, link="Round 1") -> None:
    page.get_by_role("link", name=event.name, exact=True).click()
    page.wait_for_url(f"**/events/{event.slug}/")
    page.get_by_role("link", name=link, exact=True).first.click()
    page.wait_for_url(f"**/events/{event.slug}/rounds/1/")


def swap(page, first: Seat, second: Seat) -> None:
    page.select_option("select#first", str(first.pk))
    page.select_option("select#second", str(second.pk))
    page.get_by_role("button", name="Swap their seats").click()
    page.wait_for_load_state()


def seated(round_) -> list[int]:
    seats = Seat.objects.filter(table__round=round_).order_by("table__number", "position")
    return list(seats.values_list("entrant_id", flat=True))


def test_a_swap_from_a_page_another_desk_changed_is_refused(
    phone_page, laptop_page, league, organiser
):
    event = make_event(
        league, organiser, players=6, table_size=2, review_pairings=False, slug="swap-night"
    )
    round_ = published(do_pair_round(event))
    one, two, three = (
        Seat.objects.get(table__round=round_, table__number=n, position=0) for n in (1, 2, 3)
    )
    for page in (phone_page, laptop_page):
        log_in_from_home(page, organiser.username)
        open_round_one(page, event)
    screenshot(phone_page, "swap-desks-round-page-390x844")
    screenshot(laptop_page, "swap-desks-round-page-1280x800")

    swap(phone_page, one, two)
    assert phone_page.get_by_text("Seats swapped.").is_visible()
    after_phone = seated(round_)

    swap(laptop_page, one, three)
    refusal = laptop_page.get_by_text("Round 1 changed since your page showed it")
    assert refusal.is_visible()
    assert seated(round_) == after_phone
    screenshot(laptop_page, "swap-desks-refused-1280x800")

    swap(laptop_page, one, three)  # chosen again on the page as it is now
    assert laptop_page.get_by_text("Seats swapped.").is_visible()
    assert seated(round_) != after_phone


def test_a_draft_discarded_at_one_desk_is_shown_gone_at_the_other(
    phone_page, laptop_page, league, organiser
):
    event = make_event(
        league, organiser, players=6, table_size=2, review_pairings=True, slug="draft-night"
    )
    do_pair_round(event)
    for page in (phone_page, laptop_page):
        log_in_from_home(page, organiser.username)
        open_round_one(page, event, link="Review the draft of round 1")
    laptop_page.on("dialog", lambda dialog: dialog.accept())
    laptop_page.get_by_role("button", name="Discard the draft of round 1").click()
    laptop_page.wait_for_url(f"**/events/{event.slug}/")
    assert not Round.objects.filter(event=event).exists()

    note = phone_page.get_by_text("This is no longer here")
    note.wait_for()  # pushed: the phone did nothing
    assert phone_page.get_by_role("button", name="Publish round 1").is_disabled()
    assert phone_page.get_by_role("button", name="Swap their seats").is_disabled()
    status = phone_page.locator("#round-live")  # the tables that no longer stand: dimmed
    expect(status).to_have_class(re.compile(r"\bpush-gone\b"))
    assert status.evaluate("part => part.inert")
    screenshot(phone_page, "swap-desks-draft-gone-390x844")
    phone_page.get_by_role("link", name="Go to the event").click()
    phone_page.wait_for_url(f"**/events/{event.slug}/")
    assert phone_page.get_by_role("heading", name=event.name).is_visible()
