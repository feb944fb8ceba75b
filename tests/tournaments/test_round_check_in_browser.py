"""Check-in every round in a browser: a player checks in from their table page on a
phone; the organiser closes the check-in from the event page's main button on a laptop,
and the forfeit shows on the other table, where the organiser undoes it with a reason.
Screenshots in test-artifacts/screenshots/."""

import pytest

from tests.fixtures.browser import log_in, screenshot
from tests.fixtures.personas import PASSWORD
from tests.tournaments.helpers import make_event
from tournaments.models import Entrant, Forfeit, Seat
from tournaments.pairing import do_pair_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def evening(league, organiser, player, other_player):
    """Pat and Quinn, two others: a Swiss at tables of two, check-in every round."""
    event = make_event(
        league,
        organiser,
        players=2,
        table_size=2,
        points_by_place=[3, 0],
        round_check_in=5,
        review_pairings=False,
        slug="thursday-duels",
    )
    for user in (player, other_player):
        Entrant.objects.create(event=event, user=user, name=str(user))
    return do_pair_round(event, by=organiser)


def table_of(round_, user):
    return Seat.objects.get(table__round=round_, entrant__user=user).table


def test_a_player_checks_in_and_the_organiser_closes_and_undoes(
    evening, player, organiser, phone_page, laptop_page
):
    mine = table_of(evening, player)
    log_in(phone_page, player.username, PASSWORD)
    phone_page.goto(f"/scoring/tables/{mine.pk}/")
    section = phone_page.locator(".round-check-in")
    assert "Check in by" in section.inner_text()
    screenshot(phone_page, "round-check-in-before-390x844")
    section.get_by_role("button", name=f"Check in {player}").click()
    phone_page.wait_for_selector(".round-check-in .badge.ok")
    assert "here" in phone_page.locator(".round-check-in").inner_text()
    # Only their own seat: no button for anyone else at the table.
    assert phone_page.locator(".round-check-in button").count() == 0
    screenshot(phone_page, "round-check-in-after-390x844")

    log_in(laptop_page, organiser.username, PASSWORD)
    laptop_page.goto(f"/events/{evening.event.slug}/")
    laptop_page.on("dialog", lambda dialog: dialog.accept())
    laptop_page.get_by_role("button", name="Close the check-in of round 1").click()
    laptop_page.wait_for_url("**/rounds/1/")
    forfeited = Forfeit.objects.filter(round=evening).exclude(table=mine)
    assert forfeited.count() == 2
    other = forfeited.first().table
    laptop_page.goto(f"/scoring/tables/{other.pk}/")
    assert laptop_page.locator(".round-check-in .badge.error").count() == 2
    screenshot(laptop_page, "round-check-in-forfeits-1280x800")
    laptop_page.locator(".round-check-in summary").first.click()
    laptop_page.locator(".round-check-in input[name=reason]").first.fill("Came in at 19:07")
    laptop_page.locator(".round-check-in details form button").first.click()
    laptop_page.wait_for_selector("text=Came in at 19:07")
    assert Forfeit.objects.filter(table=other, undone_at__isnull=False).count() == 1
    screenshot(laptop_page, "round-check-in-undone-1280x800")


@pytest.mark.parametrize("browser_language", ["de", "ru"])
def test_the_check_in_card_speaks_the_reader_s_language(evening, player, phone_page):
    mine = table_of(evening, player)
    log_in(phone_page, player.username, PASSWORD)
    phone_page.goto(f"/scoring/tables/{mine.pk}/")
    card = phone_page.locator(".round-check-in").inner_text()
    words = {"de": "Anmeldung zu dieser Runde", "ru": "Отметка на этот раунд"}
    assert words[phone_page.evaluate("document.documentElement.lang")[:2]] in card
    screenshot(
        phone_page,
        f"round-check-in-{phone_page.evaluate('document.documentElement.lang')[:2]}-390x844",
    )
