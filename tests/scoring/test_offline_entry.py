"""Entry that survives the venue's Wi-Fi: a phone keeps a form it could not send, with
an Idempotency-Key, and sends the page's own fields when the connection returns
(``/api/tables/ID/entry-form/``, ``/api/slips/TOKEN/entry-form/``). A repeated send is
answered once; a round entered meanwhile with other scores comes back as a conflict,
never applied; in the browser, off, enter, on: the round arrives once."""

import re

import pytest
from django.urls import reverse

from scoring.entering import do_enter_result
from scoring.models import AuditEntry, Submission
from scoring.slips import slip_token
from tests.fixtures.browser import log_in, screenshot, wait_until
from tests.fixtures.personas import PASSWORD
from tests.scoring.test_slips import walk_in_round  # noqa: F401  (a fixture)
from tournaments.models import Seat

pytestmark = pytest.mark.django_db

ROUND_ONE = {"round": "1", "quick": "1", "score-0": "20", "score-1": "18"}


def send(client, url, data, key):
    return client.post(url, data, HTTP_IDEMPOTENCY_KEY=key)


def test_a_form_sent_twice_with_its_key_enters_the_round_once(table, player, client_for):
    client = client_for(player)
    url = reverse("api-table-entry-form", args=[table.pk])
    first = send(client, url, ROUND_ONE, "phone-1")
    again = send(client, url, ROUND_ONE, "phone-1")
    assert first.status_code == 201, first.content
    assert again.status_code == 201 and again["Idempotent-Replayed"] == "true"
    submission = Submission.objects.get(table=table)
    assert submission.rounds == [{"scores": [20, 18]}]
    assert AuditEntry.objects.filter(table=table).count() == 1


def test_a_round_entered_meanwhile_with_other_scores_comes_back_as_a_conflict(
    table, player, other_player, client_for
):
    entry = {"scores": [18, 20]}
    do_enter_result(table, Submission.Kind.GLORY_TABLE, entry, other_player, round_number=1)
    response = send(
        client_for(player), reverse("api-table-entry-form", args=[table.pk]), ROUND_ONE, "k"
    )
    assert response.status_code == 409
    assert response.json()["code"] == "conflict"
    assert "Quinn Player entered round 1 already" in response.json()["detail"]
    assert Submission.objects.get(table=table).rounds == [entry]


def test_an_outsider_cannot_send_a_tables_form(table, outsider, client_for):
    url = reverse("api-table-entry-form", args=[table.pk])
    assert send(client_for(outsider), url, ROUND_ONE, "k").status_code == 403
    assert not Submission.objects.exists()


def test_a_slips_form_is_sent_without_an_account_and_a_stale_slip_is_refused(
    client,
    walk_in_round,  # noqa: F811
    organiser,
):
    first, second = walk_in_round.tables.all()
    url = reverse("api-slip-entry-form", args=[slip_token(first)])
    assert send(client, url, ROUND_ONE, "slip-1").status_code == 201
    assert send(client, url, ROUND_ONE, "slip-1")["Idempotent-Replayed"] == "true"
    assert Submission.objects.get(table=first).rounds == [{"scores": [20, 18]}]
    assert AuditEntry.objects.get(table=first).action == "submitted with the slip"

    stale = reverse("api-slip-entry-form", args=[slip_token(second)])
    a, b = second.seats.all()
    Seat.objects.filter(pk=a.pk).update(position=9)  # the seating changed
    refused = send(client, stale, ROUND_ONE, "slip-2")
    assert refused.status_code == 403
    assert "new slip" in refused.json()["detail"]
    assert not Submission.objects.filter(table=second).exists()


def test_the_service_worker_is_served_from_the_root(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert "importScripts" in response.content.decode()


def at_the_table_of_two_rounds(page, player, table) -> None:
    """``player``'s phone, logged in, at ``table`` of a game of two rounds."""
    event = table.round.event
    event.rules_options = {"rounds": 2}
    event.save()
    log_in(page, player.username, PASSWORD)
    page.goto(f"/scoring/tables/{table.pk}/")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_off_enter_on_and_the_round_arrives_once(phone_page, player, table):
    page, context = phone_page, phone_page.context
    at_the_table_of_two_rounds(page, player, table)
    wait_until(page, "() => document.documentElement.dataset.offlineReady === '1'")

    context.set_offline(True)
    page.get_by_role("link", name="Enter the result").click()
    page.wait_for_url(re.compile(r"/glory/$"))
    assert page.locator("h1").inner_text() == "Round 1 of 2"  # kept by the service worker
    page.locator("input[name=score-0]").fill("20")
    page.locator("input[name=score-1]").fill("18")
    page.get_by_role("button", name="Save round 1").click()
    status = page.locator("[data-offline-status]")
    wait_until(
        page, "() => document.querySelector('[data-offline-status]').dataset.state === 'waiting'"
    )
    assert "Saved on this phone" in status.inner_text()
    screenshot(page, "scoring-offline-saved-on-the-phone")
    assert not Submission.objects.exists()

    context.set_offline(False)
    wait_until(
        page, "() => document.querySelector('[data-offline-status]').dataset.state === 'sent'"
    )
    assert "Sent" in status.inner_text()
    # The sent form, its preview and its Save go; a link shows the page as it is now.
    assert page.locator("form.entry").is_hidden() and status.is_visible()
    assert page.get_by_role("button", name="Save round 1").is_hidden()
    page.get_by_role("link", name="Show the page as it is now").wait_for()
    screenshot(page, "scoring-offline-sent")
    page.evaluate("() => new Promise(done => setTimeout(done, 1500))")  # any second send
    submission = Submission.objects.get(table=table)
    assert submission.rounds == [{"scores": [20, 18]}]
    assert AuditEntry.objects.filter(table=table).count() == 1
    page.get_by_role("link", name="Show the page as it is now").click()
    page.wait_for_load_state()
    assert page.locator("h1").inner_text() == "Round 2 of 2"
    assert page.locator("form.entry").is_visible()  # the earlier send does not hide it


# Chromium on Linux says it is offline while its network interfaces change, and always
# in a network namespace with loopback alone (where the server still answers): the
# round then stayed on the phone and the page never moved on: how the two phones' test
# failed in CI at stop 49, and the Russian walk once here.
SAYS_OFFLINE = (
    "Object.defineProperty(Navigator.prototype, 'onLine', {get: () => false, configurable: true})"
)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_phone_that_wrongly_says_it_is_offline_saves_the_round_at_once(phone_page, player, table):
    page = phone_page
    page.context.add_init_script(SAYS_OFFLINE)
    at_the_table_of_two_rounds(page, player, table)
    page.get_by_role("link", name="Enter the result").click()
    page.wait_for_url(re.compile(r"/glory/$"))
    assert page.evaluate("navigator.onLine") is False
    page.locator("input[name=score-0]").fill("20")
    page.locator("input[name=score-1]").fill("18")
    page.get_by_role("button", name="Save round 1").click()
    page.locator("h1", has_text="Round 2 of 2").wait_for()  # posted as ever, not kept
    submission = Submission.objects.get(table=table)
    assert submission.rounds == [{"scores": [20, 18]}]
