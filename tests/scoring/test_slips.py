"""A printed slip's signed link (``/t/TOKEN/``): whoever holds the slip of a walk-in's
table enters its result without an account, through the same services (audit: with the
table's slip), and an organiser confirms it from the desk. The link enters nothing once
the round is paired again, its seats are swapped or its result is official."""

import re
import time
from datetime import timedelta

import pytest
from django.core import signing
from django.urls import reverse
from django.utils import timezone

from lib.refusal import Refusal
from scoring.deciding import do_confirm_result, do_override_result
from scoring.entering import do_enter_result
from scoring.models import AuditEntry, Submission
from scoring.slips import (
    SALT,
    access_slip,
    qr_svg,
    seating_of,
    slip_path,
    slip_token,
    takes_slip,
)
from scoring.submissions import waits_for_organiser
from tests.fixtures.browser import screenshot
from tests.fixtures.personas import PASSWORD
from tournaments.entrants import do_add_walk_in
from tournaments.models import Event, Result, Round
from tournaments.pairing import do_pair_round, do_repair_round, do_swap_seats

pytestmark = pytest.mark.django_db

ONE_ROUND = {"round": "1", "quick": "1", "score-0": "20", "score-1": "18"}


@pytest.fixture
def walk_in_round(event, organiser):
    """Round 1 of a one-round event of four walk-ins: two tables of two."""
    event.rules_options = {"rounds": 1}
    event.save()
    for name in ("Wanda Walkin", "Walter Walkin", "Wendy Walkin", "Will Walkin"):
        do_add_walk_in(event, name)
    return do_pair_round(event, by=organiser)


def form_token(client, path: str) -> str:
    page = client.get(path).content.decode()
    return re.search(r'name="form_token" value="(\w+)"', page).group(1)


def enter_with_slip(client, path: str, data: dict):
    return client.post(path, {**data, "form_token": form_token(client, path)})


def test_the_slips_page_shows_the_tables_time_left(client, walk_in_round):
    event = walk_in_round.event
    event.round_minutes, event.status = 50, event.Status.RUNNING
    event.save()
    Round.objects.filter(pk=walk_in_round.pk).update(
        clock_ends_at=timezone.now() + timedelta(minutes=40), clock_revision=1
    )
    page = client.get(slip_path(walk_in_round.tables.first())).content.decode()
    assert "Time left: round 1, table 1" in page and "39:5" in page


def test_a_walk_ins_table_is_entered_with_its_slip_and_an_organiser_confirms_it(
    client, walk_in_round, organiser
):
    table = walk_in_round.tables.first()
    path = slip_path(table)
    assert takes_slip(table)

    response = enter_with_slip(client, path, ONE_ROUND)

    assert response.status_code == 302 and response.url == path
    submission = Submission.objects.get(table=table)
    assert submission.rounds == [{"scores": [20, 18]}]
    assert submission.submitted_by.display_name == table.seats.first().entrant.name
    assert waits_for_organiser(submission)
    audit = AuditEntry.objects.get(table=table)
    assert audit.action == "submitted with the slip"
    after = client.get(path).content.decode()
    assert "an organiser confirms it from the results desk" in after

    desk = client_as(client, organiser).get(reverse("scoring-desk", args=[table.round.event.slug]))
    assert "entered the result with the table&#x27;s slip" in desk.content.decode()
    do_confirm_result(submission, organiser)
    assert Result.objects.filter(table=table).exists()
    client.logout()
    official = client.get(path)
    assert official.status_code == 410
    assert "has its official result" in official.content.decode()


def client_as(client, user):
    client.force_login(user)
    return client


def test_a_slip_enters_its_own_table_only(client, walk_in_round):
    first, second = walk_in_round.tables.all()
    response = client.post(
        reverse("slip-preview", args=[slip_token(first)]), {"quick": "1", "score-0": "20"}
    )
    assert response.status_code == 200
    foreign = client.post(reverse("scoring-entry", args=[second.pk, "glory"]), ONE_ROUND)
    assert foreign.status_code in (302, 403)  # to the login page, or refused
    assert not Submission.objects.exists()


def test_a_stale_slip_is_refused_after_the_round_is_paired_again(client, walk_in_round, organiser):
    table = walk_in_round.tables.first()
    path = slip_path(table)
    token_before = form_token(client, path)

    do_repair_round(walk_in_round, by=organiser, differently=True)

    refused = client.post(path, {**ONE_ROUND, "form_token": token_before})
    assert refused.status_code == 410
    assert "ask an organiser for the new slip" in refused.content.decode()
    assert not Submission.objects.exists()
    fresh = walk_in_round.tables.first()
    assert enter_with_slip(client, slip_path(fresh), ONE_ROUND).status_code == 302


def test_a_slip_is_revoked_when_its_seats_are_swapped(client, walk_in_round, organiser):
    first, second = walk_in_round.tables.all()
    path = slip_path(first)
    do_swap_seats(walk_in_round, first.seats.first().pk, second.seats.first().pk, by=organiser)
    assert client.get(path).status_code == 410


def test_a_forged_or_mangled_token_is_not_a_slip(client, walk_in_round):
    token = slip_token(walk_in_round.tables.first())
    other_table = str(walk_in_round.tables.last().pk)
    forged = other_table + token[token.index("-") :]
    for bad in (forged, token[:-2] + "xx", "nothing"):
        assert client.get(reverse("slip", args=[bad])).status_code == 404
    assert not Submission.objects.exists()


def test_a_table_of_registered_players_has_no_slip_link(client, table):
    assert not takes_slip(table)


def signed_at(table, when: int) -> str:
    """The slip link of ``table`` as it would be signed at second ``when``."""

    class At(signing.TimestampSigner):
        def timestamp(self):
            return signing.b62_encode(when)

    token = At(salt=SALT).sign(f"{table.pk}-{seating_of(table)}")
    return "http://testserver" + reverse("slip", args=[token])


def test_the_printed_slips_carry_the_signed_link_for_organisers_only(
    client, walk_in_round, organiser, player
):
    event = walk_in_round.event
    print_url = reverse("round-print", args=[event.slug, 1]) + "?slips=1"
    printed_from = int(time.time())
    page = client_as(client, organiser).get(print_url).content.decode()
    printed_by = int(time.time())
    assert page.count('class="qr"') == 2
    assert "no account needed" in page
    for table in walk_in_round.tables.all():
        title = f"QR code: round 1, table {table.number}"
        # The code itself encodes the signed link, stamped the second it was printed.
        urls = [signed_at(table, when) for when in range(printed_from, printed_by + 1)]
        assert any(qr_svg(url, title) in page for url in urls)
    as_a_player = client_as(client, player).get(print_url).content.decode()
    assert as_a_player.count('class="qr"') == 2
    assert "no account needed" not in as_a_player  # the plain table link
    assert "/t/" not in as_a_player
    tents = client_as(client, organiser).get(print_url.replace("slips", "tents")).content
    assert tents.decode().count('class="tent"') == 2


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_on_a_phone_the_slip_enters_a_walk_ins_table_and_goes_stale_on_re_pairing(
    phone_page, walk_in_round, organiser
):
    page = phone_page
    table = walk_in_round.tables.first()
    names = [seat.entrant.name for seat in table.seats.all()]
    page.goto(slip_path(table))
    assert page.get_by_role("link", name="Log in").is_visible()  # nobody is logged in
    page.locator("input[name=score-0]").fill("20")
    page.locator("input[name=score-1]").fill("18")
    page.locator("#preview .running-total").first.wait_for()
    screenshot(page, "scoring-slip-entry")
    page.get_by_role("button", name="Save round 1: the game is over").click()
    page.get_by_text("an organiser confirms it from the results desk").wait_for()
    submission = Submission.objects.get(table=table)
    assert submission.answer["totals"] == [20, 18], names

    second = walk_in_round.tables.last()
    stale = slip_path(second)
    Submission.objects.all().delete()
    Result.objects.all().delete()
    do_repair_round(walk_in_round, by=organiser)
    page.goto(stale)
    assert "ask an organiser for the new slip" in page.locator("main").inner_text()
    screenshot(page, "scoring-slip-stale")


def test_a_slip_read_before_an_override_enters_nothing_after_it(walk_in_round, organiser):
    """The service checks the slip again under the table's lock: an organiser's override
    that made the result official meanwhile wins, and the slip's round is refused."""
    table, slip = access_slip(slip_token(walk_in_round.tables.first()))
    kind = Submission.Kind.GLORY_TABLE
    do_override_result(table, kind, {"rounds": [{"scores": [20, 18]}]}, organiser, "judged")
    with pytest.raises(Refusal) as refused:
        do_enter_result(table, kind, {"scores": [18, 20]}, slip.actor, round_number=1, slip=slip)
    assert refused.value.code == "gone"
    assert Submission.objects.get(table=table).status == Submission.Status.OVERRIDDEN


class PrintedLongAgo(signing.TimestampSigner):
    """A slip printed 49 hours ago: its token signed with that time."""

    def timestamp(self):
        return signing.b62_encode(int(time.time()) - 49 * 3600)


def old_slip_path(table) -> str:
    token = PrintedLongAgo(salt=SALT).sign(f"{table.pk}-{seating_of(table)}")
    return reverse("slip", args=[token])


def test_a_slips_link_expires_after_the_set_time(client, walk_in_round, settings):
    """Issue 40: slip links never expired. ``SLIP_LINK_HOURS`` (48 by default)."""
    assert settings.SLIP_LINK_HOURS == 48
    table = walk_in_round.tables.first()
    old = old_slip_path(table)
    page = client.get(old)
    assert page.status_code == 410
    assert "more than 48 hours old" in page.content.decode()
    api = client.post(f"/api/slips/{old.split('/')[2]}/entry-form/", ONE_ROUND)
    assert api.status_code == 403 and "more than 48 hours old" in api.json()["detail"]
    assert not Submission.objects.exists()
    settings.SLIP_LINK_HOURS = 72
    assert enter_with_slip(client, old, ONE_ROUND).status_code == 302


def test_a_slips_link_enters_nothing_once_the_event_is_finished(client, walk_in_round):
    table = walk_in_round.tables.first()
    path = slip_path(table)
    token = form_token(client, path)
    Event.objects.filter(pk=walk_in_round.event_id).update(status=Event.Status.FINISHED)
    refused = client.post(path, {**ONE_ROUND, "form_token": token})
    assert refused.status_code == 410 and "The event is finished" in refused.content.decode()
    api = client.post(f"/api/slips/{slip_token(table)}/entry-form/", ONE_ROUND)
    assert api.status_code == 403 and "The event is finished" in api.json()["detail"]
    assert not Submission.objects.exists()


def test_an_expired_slip_offers_logging_in_and_returns_to_its_table(
    client, walk_in_round, organiser
):
    """Issue 42: a slip scanned after its time showed a refusal and no way on."""
    table = walk_in_round.tables.first()
    page = client.get(old_slip_path(table)).content.decode()
    table_url = reverse("scoring-entry", args=[table.pk, "glory"])
    login = re.search(r'class="button big" href="(/accounts/login/\?next=[^"]+)"', page)[1]
    assert "Log in to enter the result" in page and "ask an organiser" in page
    assert f"Round 1, table {table.number}" in page
    answer = client.post(login, {"username": organiser.username, "password": PASSWORD})
    assert answer.status_code == 302 and answer["Location"] == table_url
    signed_in = client.get(old_slip_path(table)).content.decode()
    assert f'href="{table_url}"' in signed_in and "/accounts/login/?next" not in signed_in


def test_a_forged_slip_offers_no_table(client, walk_in_round):
    page = client.get("/t/1-abc:forged/").content.decode()
    assert "Log in to enter the result" not in page


@pytest.mark.parametrize("disputed", [False, True])
def test_a_table_opened_logged_out_offers_what_logging_in_is_for(
    client, table, player, other_player, disputed
):
    """Only an organiser settles a dispute: its table does not offer a visitor to log in
    and confirm the result."""
    from scoring.deciding import do_dispute_result

    event = table.round.event
    event.rules_options = {"rounds": 1}
    event.save()
    entered = do_enter_result(table, "call-to-glory-table/1", {"scores": [20, 18]}, player, 1)
    if disputed:
        do_dispute_result(entered.submission, other_player, "The 20s were mine")
    page = client.get(reverse("scoring-table", args=[table.pk])).content.decode()
    offered = "Log in to settle the dispute" if disputed else "Log in to confirm the result"
    assert offered in page
    assert ("Log in to confirm the result" in page) is not disputed
