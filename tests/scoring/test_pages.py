"""The scoring pages through the test client: what players and organisers see, the
live preview, and that a write happens once and only for those allowed."""

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from games.models import GameKey
from scoring.deciding import do_confirm_result, do_dispute_result
from scoring.entering import do_submit_result
from scoring.models import AuditEntry, Submission
from tests.page_html import as_drawn
from tests.scoring.conftest import RULEBOOK_ROUND
from tournaments.models import Result, Table

pytestmark = pytest.mark.django_db

RULEBOOK_SETS = {
    "round": "1", "set-0-18": "2", "set-0-12": "3", "set-0-9": "2", "set-0-8": "2", "set-0-7": "2",
    "set-0-6": "2", "set-1-20": "3", "set-1-16": "3",
}  # fmt: skip


def token_of(response) -> str:
    return re.search(rb'name="form_token" value="([0-9a-f]+)"', response.content).group(1).decode()


def slot(response, slot_id: str) -> str:
    match = re.search(rf'<p id="{slot_id}"[^>]*>(.*?)</p>', as_drawn(response.content.decode()))
    return match.group(1)


def test_the_table_page_shows_the_seats_and_the_entry_button_to_a_player(table, player, client_for):
    response = client_for(player).get(reverse("scoring-table", args=[table.pk]))
    assert response.status_code == 200
    assert b"Pat Player" in response.content and b"Quinn Player" in response.content
    assert b"waiting for a result" in response.content
    assert reverse("scoring-entry", args=[table.pk, "glory"]).encode() in response.content
    assert b"Audit log" not in response.content


def test_the_other_player_sees_who_entered_and_can_confirm_or_dispute(
    one_round_table, player, other_player, client_for
):
    table = one_round_table
    do_submit_result(table, Submission.Kind.GLORY_TABLE, RULEBOOK_ROUND, player)
    response = client_for(other_player).get(reverse("scoring-table", args=[table.pk]))
    assert b"waiting for confirmation" in response.content
    assert b"Still to confirm: Quinn Player" in response.content
    assert b">Confirm<" in response.content and b"Dispute" in response.content


def test_an_organiser_sees_the_dispute_settle_override_and_audit_log(
    one_round_table, player, other_player, organiser, client_for
):
    table = one_round_table
    submission = do_submit_result(table, Submission.Kind.GLORY_TABLE, RULEBOOK_ROUND, player)
    do_dispute_result(submission, other_player, "The 16s were mine")
    response = client_for(organiser).get(reverse("scoring-table", args=[table.pk]))
    content = response.content.decode()
    assert "The 16s were mine" in content
    assert "Settle" in content and "Override" in content
    assert "Audit log" in content and "disputed" in content and "entered the result" in content


def test_a_confirm_from_the_page_makes_the_one_round_game_official(
    table, player, other_player, client_for
):
    table.round.event.rules_options = {"rounds": 1}
    table.round.event.save()
    submission = do_submit_result(table, Submission.Kind.GLORY_TABLE, RULEBOOK_ROUND, player)
    client = client_for(other_player)
    page = client.get(reverse("scoring-table", args=[table.pk]))
    response = client.post(
        reverse("scoring-confirm", args=[table.pk]),
        {"submission": submission.pk, "form_token": token_of(page)},
        follow=True,
    )
    assert b"official result" in response.content
    assert Result.objects.filter(table=table).exists()


def test_the_glory_entry_page_offers_every_card_value_for_each_seat(table, player, client_for):
    response = client_for(player).get(reverse("scoring-entry", args=[table.pk, "glory"]))
    assert response.status_code == 200
    for value in (6, 7, 8, 9, 12, 14, 16, 18, 20):
        assert f'name="set-0-{value}"'.encode() in response.content
        assert f'name="set-1-{value}"'.encode() in response.content
    assert b"Pat Player starts this round." in response.content


def test_the_glory_preview_shows_the_running_totals_and_the_next_start(table, player, client_for):
    response = client_for(player).post(
        reverse("scoring-entry-preview", args=[table.pk, "glory"]), RULEBOOK_SETS
    )
    content = response.content.decode()
    assert '<td class="num running-total">60</td>' in content
    assert '<td class="num running-total">36</td>' in content
    assert "Next round starts with Quinn Player." in content
    assert not Submission.objects.exists()


def test_the_glory_preview_puts_an_impossible_sets_error_beside_that_seat(
    table, player, client_for
):
    both_have_twenties = {**RULEBOOK_SETS, "set-0-20": "2"}
    response = client_for(player).post(
        reverse("scoring-entry-preview", args=[table.pk, "glory"]), both_have_twenties
    )
    beside_first, beside_second = slot(response, "err-seat-0"), slot(response, "err-seat-1")
    assert "20" in beside_first + beside_second
    assert "Round 1:" in beside_first + beside_second
    assert (beside_first == "") != (beside_second == "")
    assert slot(response, "err-glory") == ""


def test_quick_entry_previews_each_seats_round_score(table, player, client_for):
    response = client_for(player).post(
        reverse("scoring-entry-preview", args=[table.pk, "glory"]),
        {"quick": "1", "score-0": "60", "score-1": "36"},
    )
    assert b'<td class="num running-total">60</td>' in response.content


def test_entering_a_round_submits_it_and_the_next_entry_starts_from_it(
    one_round_table, player, other_player, client_for
):
    table = one_round_table
    client = client_for(player)
    page = client.get(reverse("scoring-entry", args=[table.pk, "glory"]))
    response = client.post(
        reverse("scoring-entry", args=[table.pk, "glory"]),
        {**RULEBOOK_SETS, "form_token": token_of(page)},
    )
    assert response.status_code == 302
    assert response.url == reverse("scoring-table", args=[table.pk])
    submission = Submission.objects.get()
    assert submission.entry["rounds"] == RULEBOOK_ROUND["rounds"]

    client_for(other_player).post(
        reverse("scoring-confirm", args=[table.pk]),
        {"submission": submission.pk, "form_token": token_of(page)},
    )
    # other_player's session never held that token: nothing happened.
    submission.refresh_from_db()
    assert submission.status == Submission.Status.PENDING


def test_a_replayed_entry_post_creates_no_second_submission(one_round_table, player, client_for):
    table = one_round_table
    client = client_for(player)
    page = client.get(reverse("scoring-entry", args=[table.pk, "glory"]))
    form = {**RULEBOOK_SETS, "form_token": token_of(page)}
    first = client.post(reverse("scoring-entry", args=[table.pk, "glory"]), form)
    replay = client.post(reverse("scoring-entry", args=[table.pk, "glory"]), form)
    assert first.status_code == replay.status_code == 302
    assert replay.url == reverse("scoring-table", args=[table.pk])
    assert Submission.objects.count() == 1
    assert AuditEntry.objects.filter(action="submitted").count() == 1


def test_an_impossible_entry_is_shown_again_with_its_error_and_saves_nothing(
    table, player, client_for
):
    client = client_for(player)
    page = client.get(reverse("scoring-entry", args=[table.pk, "glory"]))
    response = client.post(
        reverse("scoring-entry", args=[table.pk, "glory"]),
        {**RULEBOOK_SETS, "set-1-18": "1", "form_token": token_of(page)},
    )
    assert response.status_code == 400
    assert "a set of 18 needs at least 2 cards" in slot(response, "err-seat-1")
    assert not Submission.objects.exists()


def test_an_outsiders_posts_are_refused_and_change_nothing(
    one_round_table, player, outsider, client_for
):
    table = one_round_table
    submission = do_submit_result(table, Submission.Kind.GLORY_TABLE, RULEBOOK_ROUND, player)
    client = client_for(outsider)
    assert client.get(reverse("scoring-table", args=[table.pk])).status_code == 200
    assert client.get(reverse("scoring-entry", args=[table.pk, "glory"])).status_code == 403
    token = "0" * 32
    posts = {
        "scoring-entry": RULEBOOK_SETS,
        "scoring-entry-preview": RULEBOOK_SETS,
        "scoring-confirm": {"submission": submission.pk},
        "scoring-dispute": {"submission": submission.pk, "comment": "no"},
        "scoring-settle": {"submission": submission.pk, "accept": "yes", "reason": "mine"},
        "scoring-record": {"record": "{}"},
    }
    for name, data in posts.items():
        args = [table.pk, "glory"] if name.startswith("scoring-entry") else [table.pk]
        response = client.post(reverse(name, args=args), {**data, "form_token": token})
        assert response.status_code == 403, name
    submission.refresh_from_db()
    assert submission.status == Submission.Status.PENDING
    assert Submission.objects.count() == 1
    assert not submission.confirmations.exists()
    assert AuditEntry.objects.count() == 1


def test_an_organiser_settles_a_dispute_with_a_reason(
    one_round_table, player, other_player, organiser, client_for
):
    table = one_round_table
    submission = do_submit_result(table, Submission.Kind.GLORY_TABLE, RULEBOOK_ROUND, player)
    do_dispute_result(submission, other_player, "wrong")
    client = client_for(organiser)
    page = client.get(reverse("scoring-table", args=[table.pk]))
    client.post(
        reverse("scoring-settle", args=[table.pk]),
        {"submission": submission.pk, "accept": "no", "reason": "Enter it again",
         "form_token": token_of(page)},
    )  # fmt: skip
    submission.refresh_from_db()
    assert submission.status == Submission.Status.REJECTED
    assert AuditEntry.objects.filter(action="rejected", reason="Enter it again").exists()


def test_an_organiser_overrides_with_game_totals_that_are_no_sums_of_card_values(
    table, organiser, client_for
):
    client = client_for(organiser)
    page = client.get(reverse("scoring-entry", args=[table.pk, "glory"]) + "?override=1")
    assert b'name="reason"' in page.content
    client.post(
        reverse("scoring-entry", args=[table.pk, "glory"]),
        {"totals_only": "1", "total-0": "112", "total-1": "90", "override": "1",
         "reason": "Scoresheet", "basis": "", "form_token": token_of(page)},
    )  # fmt: skip
    submission = Submission.objects.get()
    assert submission.status == Submission.Status.OVERRIDDEN
    assert submission.kind == Submission.Kind.GLORY_TOTALS
    result = Result.objects.get(table=table)
    assert [seat.score for seat in result.seats.order_by("position")] == [112, 90]
    assert AuditEntry.objects.get(action="overridden").reason == "Scoresheet"


def test_a_digital_record_with_a_fault_shows_its_error_on_the_table_page(table, player, client_for):
    client = client_for(player)
    page = client.get(reverse("scoring-table", args=[table.pk]))
    response = client.post(
        reverse("scoring-record", args=[table.pk]),
        {"record": '{"format": "call-to-glory/1"}', "form_token": token_of(page)},
    )
    assert response.status_code == 400
    assert b'id="record-error"' in response.content
    assert not Submission.objects.exists()


@pytest.fixture
def adventure_table(table):
    event = table.round.event
    event.game = GameKey.CALL_TO_ADVENTURE
    event.save()
    return table


RULEBOOK_HERO = {
    "p0-printed-triumph": "17", "p0-printed-tragedy": "2", "p0-icon-nature": "4",
    "p0-experience": "2", "p0-hero_cards": "2", "p0-antihero_cards": "1",
    "p0-destiny-triumph": "4", "p0-destiny-tragedy": "0", "p0-corruption-level": "4",
    "p1-printed-triumph": "5", "p1-corruption-level": "3",
}  # fmt: skip


def test_the_adventure_page_shows_the_corruption_track_with_its_values(
    adventure_table, player, client_for
):
    response = client_for(player).get(
        reverse("scoring-entry", args=[adventure_table.pk, "adventure"])
    )
    content = as_drawn(response.content.decode())
    assert response.status_code == 200
    assert re.search(r"\+4 <span class=\"level-column\">Tragedy", content)
    assert re.search(r"-4 <span class=\"level-column\">Triumph", content)
    assert 'name="p0-icon-nature"' in content and 'name="p1-ability-wisdom"' in content
    assert 'name="p0-corruption-points"' in content


def test_the_adventure_preview_of_the_rulebooks_example_totals_40(
    adventure_table, player, client_for
):
    response = client_for(player).post(
        reverse("scoring-entry-preview", args=[adventure_table.pk, "adventure"]), RULEBOOK_HERO
    )
    content = response.content.decode()
    assert re.search(r"<td class=\"num\" data-total>40</td>", content)
    assert "Corruption track" in content and "Story icons" in content


def test_the_adventure_preview_asks_for_the_printed_number_beside_the_corruption_track(
    adventure_table, player, client_for
):
    response = client_for(player).post(
        reverse("scoring-entry-preview", args=[adventure_table.pk, "adventure"]),
        {**RULEBOOK_HERO, "p1-corruption-level": "1"},
    )
    assert "level 1" in slot(response, "err-p1-corruption")
    assert slot(response, "err-p0-corruption") == ""


def test_a_stale_adventure_page_shows_both_results_destiny_totals_and_saves_nothing(
    adventure_table, player, other_player
):
    url = reverse("scoring-entry", args=[adventure_table.pk, "adventure"])
    pat, quinn = Client(), Client()
    pat.force_login(player)
    quinn.force_login(other_player)
    pats_page, quinns_page = pat.get(url), quinn.get(url)
    assert pat.post(url, {**RULEBOOK_HERO, "form_token": token_of(pats_page)}).status_code == 302
    other = {**RULEBOOK_HERO, "p1-printed-triumph": "9"}
    answer = quinn.post(url, {**other, "form_token": token_of(quinns_page)})
    page = html.unescape(answer.content.decode())
    assert "Two versions of this table's result" in page
    assert "Pat Player entered this table's result already" in page
    rows = re.findall(
        r'<th scope="row">([^<]+)</th><td( class="differs")?><strong>([^<]*)</strong>.*?</td>'
        r"<td[^>]*><strong>([^<]*)</strong>",
        as_drawn(page),
    )
    assert rows == [
        ("Pat Player", "", "40", "40"),
        ("Quinn Player", ' class="differs"', "7", "11"),
    ]
    assert Submission.objects.get().submitted_by == player


def test_the_results_desk_lists_disputes_first_with_their_comments_and_the_audit_log(
    one_round_table, player, other_player, organiser, client_for
):
    table = one_round_table
    second = Table.objects.create(round=table.round, number=2)
    for position, seat in enumerate(table.seats.all()):
        second.seats.create(entrant=seat.entrant, position=position)
    do_submit_result(second, Submission.Kind.GLORY_TABLE, RULEBOOK_ROUND, player)
    disputed = do_submit_result(table, Submission.Kind.GLORY_TABLE, RULEBOOK_ROUND, player)
    do_dispute_result(disputed, other_player, "The 16s were mine")

    response = client_for(organiser).get(reverse("scoring-desk", args=[table.round.event.slug]))
    content = as_drawn(response.content.decode())
    waits_for = re.findall(r'class="card waiting" data-waits-for="(\w+)"', content)
    assert waits_for == ["organiser", "players"]
    assert "The 16s were mine" in content
    assert "Waits for Quinn Player." in content
    audit = content.split("Audit log", 1)[1]
    assert audit.index("disputed") < audit.index("entered the result")


@pytest.mark.parametrize("persona", ["player", "other_player", "outsider"])
def test_only_organisers_reach_the_results_desk(persona, request, table, client_for):
    user = request.getfixturevalue(persona)
    response = client_for(user).get(reverse("scoring-desk", args=[table.round.event.slug]))
    assert response.status_code == 403


def test_with_imperial_tasks_the_reveals_are_asked_in_order_from_the_start_player(
    table, player, other_player, client_for
):
    table.round.event.rules_options = {"rounds": 2, "imperial_tasks": True}
    table.round.event.save()
    do_submit_result(
        table,
        Submission.Kind.GLORY_TABLE,
        {"rounds": [{"sets": [{"20": 2}, {"18": 2}], "reveals": ["A6", "B12"]}]},
        player,
    )
    content = (
        client_for(other_player).get(reverse("scoring-entry", args=[table.pk, "glory"])).content
    )
    content = content.decode()
    assert "Round 2 of 2" in content
    assert content.index('name="reveal-0"') < content.index('name="reveal-1"')
    first_reveal = content[content.index("Imperial tasks") : content.index('name="reveal-0"')]
    assert "Quinn Player" in first_reveal
    assert '<option value="A7">A7</option>' in content


def test_an_organiser_overriding_a_finished_game_edits_its_rounds(
    one_round_table, player, other_player, organiser, client_for
):
    table = one_round_table
    submission = do_submit_result(table, Submission.Kind.GLORY_TABLE, RULEBOOK_ROUND, player)
    do_confirm_result(submission, other_player)
    client = client_for(organiser)
    page = client.get(reverse("scoring-entry", args=[table.pk, "glory"]) + "?override=1")
    assert b"Override the result" in page.content
    assert b'name="r1-set-0-18" value="2"' in page.content  # starts from the agreed game
    client.post(
        reverse("scoring-entry", args=[table.pk, "glory"]),
        {"r1-quick": "1", "r1-score-0": "36", "r1-score-1": "60", "override": "1",
         "reason": "Seats swapped", "basis": Submission.objects.get().basis,
         "form_token": token_of(page)},
    )  # fmt: skip
    result = Result.objects.get(table=table)
    assert [seat.score for seat in result.seats.order_by("position")] == [36, 60]


def test_the_round_board_shows_a_submitted_then_disputed_table(
    one_round_table, player, other_player, client_for
):
    table = one_round_table
    board = reverse("round-detail", args=[table.round.event.slug, table.round.number])
    submission = do_submit_result(table, Submission.Kind.GLORY_TABLE, RULEBOOK_ROUND, player)
    assert b'data-status="submitted"' in client_for(player).get(board).content
    do_dispute_result(submission, other_player, "no")
    assert b'data-status="disputed"' in client_for(player).get(board).content


def test_anyone_who_may_see_the_event_sees_the_table_but_no_forms(table, anonymous, client_for):
    response = client_for(anonymous).get(reverse("scoring-table", args=[table.pk]))
    assert response.status_code == 200
    assert b"Pat Player" in response.content
    assert b'name="form_token"' not in response.content
    assert b"Enter the result" not in response.content


def test_the_entry_page_says_when_a_result_already_waits(one_round_table, player, client_for):
    table = one_round_table
    do_submit_result(table, Submission.Kind.GLORY_TABLE, RULEBOOK_ROUND, player)
    response = client_for(player).get(reverse("scoring-entry", args=[table.pk, "glory"]))
    assert b"waits for confirmation" in response.content
    assert b"Save round" not in response.content


def test_a_form_token_outlives_the_pages_fetched_after_it_and_serves_only_its_person(
    one_round_table, player, other_player, client_for
):
    """Showing a form writes nothing to the session: the service worker keeping a copy
    of the entry page while the person opens it used to lose the page's token, and the
    save was then dropped as a replay."""
    table = one_round_table
    client = client_for(player)
    entry_url = reverse("scoring-entry", args=[table.pk, "glory"])
    token = token_of(client.get(entry_url))
    session_before = dict(client.session.items())
    for _ in range(60):  # more pages than a session ever kept tokens for
        client.get(entry_url)
    assert dict(client.session.items()) == session_before

    form = {**RULEBOOK_SETS, "form_token": token}
    client_for(other_player).post(entry_url, form)
    assert not Submission.objects.filter(table=table).exists()  # not Ben's token

    client = client_for(player)
    client.post(entry_url, form)
    assert Submission.objects.filter(table=table).count() == 1
    client.post(entry_url, form)  # the same form again: a replay, nothing twice
    assert Submission.objects.filter(table=table).get().rounds_entered == 1
