"""Every write names what it was based on: a page's round is saved as the round it
showed, never as the next one; a round entered meanwhile is an agreement when it is the
same and a conflict, shown side by side, when it is not; confirmations, disputes,
settlements, take-backs and overrides made from a stale page are refused."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from lib.refusal import Refusal
from scoring.deciding import (
    do_confirm_result,
    do_dispute_result,
    do_override_result,
    do_resolve_dispute,
)
from scoring.entering import do_enter_result, do_take_back_round
from scoring.models import AuditEntry, Submission
from tests.page_html import as_drawn
from tests.scoring.conftest import RULEBOOK_ROUND
from tournaments.models import Result

pytestmark = pytest.mark.django_db
TABLE = Submission.Kind.GLORY_TABLE
ROUND = RULEBOOK_ROUND["rounds"][0]
SWAPPED = {"sets": list(reversed(ROUND["sets"]))}
ROUND_FORM = {
    "set-0-18": "2", "set-0-12": "3", "set-0-9": "2", "set-0-8": "2", "set-0-7": "2",
    "set-0-6": "2", "set-1-20": "3", "set-1-16": "3",
}  # fmt: skip
SWAPPED_FORM = {
    "set-1-18": "2", "set-1-12": "3", "set-1-9": "2", "set-1-8": "2", "set-1-7": "2",
    "set-1-6": "2", "set-0-20": "3", "set-0-16": "3",
}  # fmt: skip


@pytest.fixture
def four_rounds(table):
    table.round.event.rules_options = {"rounds": 4}
    table.round.event.save()
    return table


def phone(user) -> Client:
    """A person's own phone: a client with its own session."""
    client = Client()
    client.force_login(user)
    return client


def token_of(response) -> str:
    return re.search(rb'name="form_token" value="([0-9a-f]+)"', response.content).group(1).decode()


def open_entry(client, table):
    page = client.get(reverse("scoring-entry", args=[table.pk, "glory"]))
    shown = re.search(rb'name="round" value="(\d+)"', page.content).group(1).decode()
    return page, shown


def save(client, table, page, shown, form, **extra):
    return client.post(
        reverse("scoring-entry", args=[table.pk, "glory"]),
        {**form, "round": shown, "form_token": token_of(page), **extra},
    )


def test_two_phones_on_round_one_the_same_round_is_agreed_not_saved_as_round_two(
    four_rounds, player, other_player
):
    ann, ben = phone(player), phone(other_player)
    ann_page, ann_round = open_entry(ann, four_rounds)
    ben_page, ben_round = open_entry(ben, four_rounds)
    assert ann_round == ben_round == "1"
    assert save(ann, four_rounds, ann_page, ann_round, ROUND_FORM).status_code == 302
    saved = save(ben, four_rounds, ben_page, ben_round, ROUND_FORM)
    assert saved.status_code == 302
    assert Submission.objects.get().rounds == [ROUND]
    message = ben.get(saved.url).content.decode()
    assert "Pat Player entered the same round 1: agreed" in message


def test_a_different_round_one_from_a_stale_phone_is_shown_beside_the_stored_one(
    four_rounds, player, other_player
):
    ann, ben = phone(player), phone(other_player)
    ann_page, ann_round = open_entry(ann, four_rounds)
    ben_page, ben_round = open_entry(ben, four_rounds)
    save(ann, four_rounds, ann_page, ann_round, ROUND_FORM)
    refused = save(ben, four_rounds, ben_page, ben_round, SWAPPED_FORM)
    assert refused.status_code == 409
    content = refused.content.decode()
    assert "Round 1 was entered by Pat Player meanwhile" in content
    assert "Entered by Pat Player" in content and "Yours" in content
    assert "18×2" in content and "20×3" in content
    assert "Take Pat Player's round back and save mine" in content
    submission = Submission.objects.get()
    assert submission.rounds == [ROUND] and submission.round_authors == [player.pk]


def test_a_conflict_of_quick_scores_shows_the_scores_alone_and_marks_what_differs(
    four_rounds, player, other_player
):
    ann, ben = phone(player), phone(other_player)
    ann_page, ann_round = open_entry(ann, four_rounds)
    ben_page, ben_round = open_entry(ben, four_rounds)
    save(ann, four_rounds, ann_page, ann_round, {"quick": "1", "score-0": "20", "score-1": "18"})
    refused = save(
        ben, four_rounds, ben_page, ben_round, {"quick": "1", "score-0": "20", "score-1": "16"}
    )
    cells = re.findall(
        r'<th scope="row">([^<]+)</th>(<td[^>]*>.*?</td>)(<td[^>]*>.*?</td>)',
        as_drawn(refused.content.decode()),
    )
    assert [(name, "differs" in theirs, "differs" in yours) for name, theirs, yours in cells] == [
        ("Pat Player", False, False),
        ("Quinn Player", True, True),
    ]
    hint = '<span class="visually-hidden">(differs)</span>'
    # The score alone, no "–" before it (it read as a minus).
    assert cells[1][1:] == (
        f'<td class="differs"><strong>18</strong> {hint}</td>',
        f'<td class="differs"><strong>16</strong> {hint}</td>',
    )


def test_taking_the_stored_round_back_for_ones_own_needs_the_version_that_was_shown(
    four_rounds, player, other_player
):
    ann, ben = phone(player), phone(other_player)
    ann_page, _ = open_entry(ann, four_rounds)
    ben_page, _ = open_entry(ben, four_rounds)
    save(ann, four_rounds, ann_page, "1", ROUND_FORM)
    conflict_page = save(ben, four_rounds, ben_page, "1", SWAPPED_FORM)
    shown_basis = re.search(rb'name="replaces" value="([^"]+)"', conflict_page.content).group(1)
    # Meanwhile Ann takes her round back and enters it again: the version Ben saw is gone.
    do_take_back_round(four_rounds, player)
    do_enter_result(four_rounds, TABLE, ROUND, player, round_number=1)
    stale = save(ben, four_rounds, conflict_page, "1", SWAPPED_FORM, replaces=shown_basis.decode())
    assert Submission.objects.get().rounds == [ROUND]
    assert stale.status_code == 409
    assert "changed since you opened the page" in stale.content.decode()
    # Against the version now stored, the replacement goes through, in one step.
    again_page = save(ben, four_rounds, open_entry(ben, four_rounds)[0], "1", SWAPPED_FORM)
    basis = re.search(rb'name="replaces" value="([^"]+)"', again_page.content).group(1).decode()
    save(ben, four_rounds, again_page, "1", SWAPPED_FORM, replaces=basis)
    submission = Submission.objects.get()
    assert submission.rounds == [SWAPPED] and submission.round_authors == [other_player.pk]


def test_mid_game_a_stale_round_two_is_never_stored_as_round_three(
    four_rounds, player, other_player
):
    do_enter_result(four_rounds, TABLE, ROUND, player, round_number=1)
    cat = phone(other_player)
    page, shown = open_entry(cat, four_rounds)
    assert shown == "2"
    do_enter_result(four_rounds, TABLE, SWAPPED, player, round_number=2)
    refused = save(cat, four_rounds, page, shown, ROUND_FORM)
    assert refused.status_code == 409
    assert "Round 2 was entered by Pat Player meanwhile" in refused.content.decode()
    assert Submission.objects.get().rounds == [ROUND, SWAPPED]


def test_the_last_round_entered_twice_is_compared_not_dropped(table, player, other_player):
    table.round.event.rules_options = {"rounds": 2}
    table.round.event.save()
    do_enter_result(table, TABLE, ROUND, player, round_number=1)
    do_enter_result(table, TABLE, SWAPPED, player, round_number=2)
    agreed = do_enter_result(table, TABLE, SWAPPED, other_player, round_number=2)
    assert agreed.agreed and agreed.submission.is_pending
    with pytest.raises(Refusal) as refused:
        do_enter_result(table, TABLE, ROUND, other_player, round_number=2)
    assert refused.value.is_conflict
    assert refused.value.error["conflict"]["round"] == 2
    assert Submission.objects.get().rounds == [ROUND, SWAPPED]


def test_a_round_whose_earlier_rounds_were_taken_back_is_refused(four_rounds, player):
    do_enter_result(four_rounds, TABLE, ROUND, player, round_number=1)
    do_take_back_round(four_rounds, player)
    with pytest.raises(Refusal) as refused:
        do_enter_result(four_rounds, TABLE, ROUND, player, round_number=2)
    assert refused.value.is_conflict and refused.value.field == "round"
    assert not Submission.objects.exists()


def test_the_api_enters_one_round_by_its_number(four_rounds, player, other_player):
    api = phone(player)
    url = f"/api/tables/{four_rounds.pk}/submissions/"
    body = {"kind": TABLE, "round": 1, "entry": ROUND}
    assert api.post(url, body, content_type="application/json").status_code == 201
    again = phone(other_player).post(url, body, content_type="application/json")
    assert again.status_code == 200
    other = phone(other_player).post(
        url, {**body, "entry": SWAPPED}, content_type="application/json"
    )
    assert other.status_code == 409
    assert other.json()["error"]["conflict"]["stored_by"] == "Pat Player"
    ahead = api.post(url, {**body, "round": 3}, content_type="application/json")
    assert ahead.status_code == 409 and ahead.json()["field"] == "round"
    assert Submission.objects.get().rounds == [ROUND]


@pytest.fixture
def waiting(table, player):
    table.round.event.rules_options = {"rounds": 1}
    table.round.event.save()
    return do_enter_result(table, TABLE, ROUND, player, round_number=1).submission


def test_a_confirmation_from_a_stale_page_is_refused(waiting, other_player, organiser):
    seen = waiting.basis
    do_override_result(waiting.table, TABLE, RULEBOOK_ROUND, organiser, "typo", basis=seen)
    with pytest.raises(Refusal) as refused:
        do_confirm_result(waiting, other_player, basis=seen)
    assert refused.value.is_conflict
    assert Submission.objects.get(pk=waiting.pk).status == Submission.Status.SUPERSEDED


def test_a_dispute_and_a_settlement_name_the_entry_they_saw(waiting, other_player, organiser):
    seen = waiting.basis
    do_dispute_result(waiting, other_player, "the 16s were mine", basis=seen)
    with pytest.raises(Refusal):
        do_resolve_dispute(waiting, organiser, True, "checked", basis=seen)
    waiting.refresh_from_db()
    do_resolve_dispute(waiting, organiser, True, "checked", basis=waiting.basis)
    assert Result.objects.get(table=waiting.table).source == Result.Source.ORGANISER


def test_an_override_from_a_stale_page_is_refused_and_changes_nothing(
    waiting, other_player, organiser
):
    seen = waiting.basis
    do_confirm_result(waiting, other_player, basis=seen)
    result = Result.objects.get(table=waiting.table)
    with pytest.raises(Refusal) as refused:
        do_override_result(
            waiting.table, TABLE, {"rounds": [SWAPPED]}, organiser, "seats swapped", basis=seen
        )
    assert refused.value.is_conflict
    assert Result.objects.get(table=waiting.table).recorded_at == result.recorded_at
    assert not AuditEntry.objects.filter(action="overridden").exists()


def test_a_stale_confirm_on_the_page_says_so(waiting, other_player, organiser):
    quinn = phone(other_player)
    page = quinn.get(reverse("scoring-table", args=[waiting.table.pk]))
    assert f'name="basis" value="{waiting.basis}"'.encode() in page.content
    do_override_result(waiting.table, TABLE, RULEBOOK_ROUND, organiser, "typo")
    response = quinn.post(
        reverse("scoring-confirm", args=[waiting.table.pk]),
        {"submission": waiting.pk, "basis": waiting.basis, "form_token": token_of(page)},
        follow=True,
    )
    assert "changed since you opened the page" in response.content.decode()
    assert not waiting.confirmations.exists()


@pytest.fixture
def disputed_game(four_rounds, player, other_player):
    for number, round_ in enumerate([ROUND, SWAPPED, ROUND, SWAPPED], start=1):
        entered = do_enter_result(four_rounds, TABLE, round_, player, round_number=number)
    return do_dispute_result(entered.submission, other_player, "round 3: the 18s were mine")


def test_the_override_page_starts_from_the_disputed_game_and_keeps_every_round(
    disputed_game, organiser
):
    table = disputed_game.table
    desk = phone(organiser)
    page = desk.get(reverse("scoring-entry", args=[table.pk, "glory"]) + "?override=1")
    content = page.content.decode()
    for number in (1, 2, 3, 4):
        assert f'name="r{number}-set-0-6"' in content
    assert 'name="r3-set-0-18" value="2"' in content and 'name="r4-set-1-18" value="2"' in content
    form = {
        "override": "1",
        "reason": "Round 3: the 18s were Quinn's",
        "form_token": token_of(page),
    }
    form["basis"] = re.search(r'name="basis" value="([^"]*)"', content).group(1)
    for number, fields in enumerate([ROUND_FORM, SWAPPED_FORM, SWAPPED_FORM, SWAPPED_FORM], 1):
        form.update({f"r{number}-{key}": value for key, value in fields.items()})
    assert desk.post(reverse("scoring-entry", args=[table.pk, "glory"]), form).status_code == 302
    official = Submission.objects.get(status=Submission.Status.OVERRIDDEN)
    assert official.rounds == [ROUND, SWAPPED, SWAPPED, SWAPPED]
    assert Result.objects.get(table=table).detail["entry"]["rounds"] == official.rounds
    log = AuditEntry.objects.get(action="overridden")
    assert log.before["rounds"] == 4 and log.before["status"] == "disputed"
    assert log.after["rounds"] == 4 and log.reason.startswith("Round 3")
    assert (
        "Nothing entered yet"
        not in desk.get(reverse("scoring-desk", args=[table.round.event.slug])).content.decode()
    )


def test_an_override_holds_the_whole_game(disputed_game, organiser):
    with pytest.raises(Refusal) as refused:
        do_override_result(
            disputed_game.table, TABLE, {"rounds": [ROUND]}, organiser, "one round only"
        )
    assert "whole game" in str(refused.value.message)
    assert Submission.objects.get(pk=disputed_game.pk).is_disputed


def test_game_totals_are_for_an_organisers_override_only(four_rounds, player):
    totals = Submission.Kind.GLORY_TOTALS
    with pytest.raises(Refusal) as refused:
        do_enter_result(four_rounds, totals, {"totals": [112, 90]}, player)
    assert refused.value.field == "kind"


def test_everyone_who_decides_sees_every_round_as_entered(disputed_game, other_player, organiser):
    table = disputed_game.table
    for user in (other_player, organiser):
        content = phone(user).get(reverse("scoring-table", args=[table.pk])).content.decode()
        assert "Every round as entered" in content
        for number in (1, 2, 3, 4):
            assert f"Round {number} · " in content
        assert "18×2 · 12×3 · 9×2 · 8×2 · 7×2 · 6×2" in content and "20×3 · 16×3" in content


def test_the_tableau_override_starts_from_the_agreed_tableaux(adventure_table, organiser):
    from django.test import RequestFactory

    from games.registered.call_to_adventure.entry_page import entry_from_post, form_of_entry
    from scoring.entries import score
    from scoring.views.table_entry import TableEntry

    agreed = Submission.objects.get(status=Submission.Status.CONFIRMED)
    form = TableEntry(RequestFactory().get("/"), adventure_table, form_of_entry(agreed.entry))
    again = entry_from_post(form)
    _document, answer = score(adventure_table, Submission.Kind.ADVENTURE, again)
    assert answer["places"] == agreed.answer["places"]
    assert [p["total"] for p in answer["players"]] == [p["total"] for p in agreed.answer["players"]]
    page = phone(organiser).get(
        reverse("scoring-entry", args=[adventure_table.pk, "adventure"]) + "?override=1"
    )
    assert f'name="basis" value="{agreed.basis}"'.encode() in page.content
