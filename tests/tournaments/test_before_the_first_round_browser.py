"""On a phone, by clicking from the home page: an organiser opens registration; three
players register (the third waitlisted); two check in (one of them the waitlisted
player); the organiser drops the no-show and the waitlisted player moves up (the
page drawn after it lists them, the no-show stays listed as not checked in and cannot
be put back into a full event), pairs a
draft, swaps the two players and publishes. Only then do the players see their table
and get the e-mail (sent by the real worker)."""

import re
import time

import pytest

from accounts.models import Notice
from tests.browser.test_evening import log_in, log_out, mails_since, paired_notices_sent
from tests.fixtures.browser import screenshot
from tests.fixtures.worker import wait_for
from tournaments.models import Entrant

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


class Steps:
    def __init__(self, page):
        self.page, self.n = page, 0

    def shot(self, name: str) -> None:
        self.n += 1
        screenshot(self.page, f"before-round-1-{self.n:02d}-{name}")
        width = self.page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{name}: the page scrolls sideways on a phone ({width} px)"


def open_event_from_home(page, name: str) -> None:
    page.goto("/")
    page.get_by_role("link", name=name, exact=True).first.click()
    page.wait_for_url(re.compile(r"/events/[\w-]+/(#register)?$"))


def test_registration_check_in_and_a_reviewed_first_round_on_a_phone(
    celery_worker, phone_page, organiser, event, player, other_player, outsider
):
    started = time.time()
    page = phone_page
    page.on("dialog", lambda dialog: dialog.accept())
    steps = Steps(page)

    # The organiser opens registration: two places, check-in, pairings reviewed.
    page.goto("/")
    log_in(page, organiser.username)
    open_event_from_home(page, event.name)
    page.get_by_role("link", name="Edit event").click()
    page.wait_for_url("**/edit/")
    page.select_option("select[name=registration]", "open")
    page.fill("input[name=capacity]", "2")
    page.check("input[name=check_in]")
    page.select_option("select[name=review_pairings]", "true")
    steps.shot("edit-event")
    page.get_by_role("button", name="Save").click()
    page.wait_for_url(f"**/events/{event.slug}/")
    log_out(page)

    # Three players register from the home page; Pat and Oscar check in, Quinn does not.
    for user, checks_in in ((player, True), (other_player, False), (outsider, True)):
        log_in(page, user.username)
        assert page.get_by_role("heading", name="Open for registration").is_visible()
        open_event_from_home(page, event.name)
        page.get_by_role("button", name="Register").click()
        page.wait_for_url(f"**/events/{event.slug}/")
        if user == outsider:
            assert "on the waitlist, number 1" in page.inner_text(".entry-status")
            steps.shot("waitlisted")
        if checks_in:
            page.get_by_role("button", name="Check in: I am here").click()
            page.locator(".checked-in").wait_for()
        if user == player:
            steps.shot("registered-and-checked-in")
        log_out(page)
    assert Entrant.objects.get(event=event, user=outsider).is_waitlisted

    # The organiser drops the no-show; Oscar moves up from the waitlist.
    log_in(page, organiser.username)
    open_event_from_home(page, event.name)
    missing = page.locator("#no-shows")
    assert "Quinn Player" in missing.inner_text()
    steps.shot("no-shows")
    page.get_by_role("button", name="Drop the no-shows").click()
    page.wait_for_url(f"**/events/{event.slug}/")
    assert "Dropped, not checked in: Quinn Player." in page.inner_text("main")
    assert Entrant.objects.get(event=event, user=outsider).is_active
    # The page drawn after the drop lists who is in: Oscar, not Quinn.
    listed = page.inner_text("table.standings")
    assert "Oscar Outsider" in listed and "Quinn Player" not in listed
    page.get_by_role("link", name="Entrants").click()
    quinn = page.locator(".entrants li", has_text="Quinn Player")
    assert "did not check in" in quinn.inner_text()
    steps.shot("no-show-listed")
    # Both places are taken: putting Quinn back in is refused, and says why.
    with page.expect_navigation():  # the same address: waiting for it would not wait
        quinn.get_by_role("button", name="Put Quinn Player back in").click()
    assert "The event is full (2 places): Quinn Player can come back" in page.inner_text("main")
    assert Entrant.objects.get(event=event, user=other_player).is_no_show
    page.goto(f"/events/{event.slug}/")

    # A draft round 1, two players swapped, seen by the organiser alone.
    page.get_by_role("button", name="Pair round 1").click()
    page.wait_for_url(f"**/events/{event.slug}/rounds/1/")
    assert "Draft: only organisers see this round" in page.inner_text("main")
    starts_before = page.locator(".tables li li").first.inner_text()
    page.select_option("select#first", index=1)
    page.select_option("select#second", index=2)
    steps.shot("draft")
    page.get_by_role("button", name="Swap their seats").click()
    page.wait_for_url(f"**/events/{event.slug}/rounds/1/")
    assert page.locator(".tables li li").first.inner_text() != starts_before
    log_out(page)

    # Pat sees nothing of the draft and has no e-mail about it.
    log_in(page, player.username)
    assert not page.locator(".todo [data-action=play]").count()
    open_event_from_home(page, event.name)
    assert not page.get_by_role("link", name="Round 1").count()
    assert not Notice.objects.filter(subject__contains="is paired").exists()
    log_out(page)

    # Published: now the players are told.
    log_in(page, organiser.username)
    open_event_from_home(page, event.name)
    page.get_by_role("link", name="Review the draft of round 1").click()
    page.get_by_role("button", name="Publish round 1").click()
    page.wait_for_url(f"**/events/{event.slug}/rounds/1/")
    assert "is published" in page.inner_text("main")
    steps.shot("published")
    log_out(page)

    log_in(page, player.username)
    todo = page.locator(".todo [data-action=play] a")
    assert "round 1: you play at table 1" in todo.inner_text()
    steps.shot("pat-sees-the-table")
    todo.click()
    page.wait_for_url(re.compile(r"/tables/\d+/$"))

    wait_for(lambda: paired_notices_sent("round 1"), what="the round's notices sent")
    paired = {mail["To"] for mail in mails_since(started) if "round 1 is paired" in mail["Subject"]}
    assert paired == {player.email, outsider.email}
