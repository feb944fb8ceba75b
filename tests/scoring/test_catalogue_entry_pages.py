"""The entry page of a catalogue game's table, without JavaScript: one score per seat
(typed as numbers), or the finishing order as a select per seat; a refusal beside the
seat it names; an organiser's override with a reason (scoring/views/scores.py)."""

import re

import pytest
from django.urls import reverse

from games.catalogue_games import do_add_catalogue_game
from scoring.deciding import do_confirm_result
from scoring.models import Submission
from scoring.slips import slip_path, takes_slip
from tests.page_html import as_drawn
from tournaments.entrants import do_add_walk_in
from tournaments.pairing import do_pair_round

pytestmark = pytest.mark.django_db


def token_of(response) -> str:
    return re.search(rb'name="form_token" value="([0-9a-f]+)"', response.content).group(1).decode()


def slot(response, seat: int) -> str:
    found = re.search(
        rf'<p id="err-seat-{seat}"[^>]*>(.*?)</p>', as_drawn(response.content.decode())
    )
    return found.group(1)


def test_the_table_page_leads_to_a_score_per_seat_typed_as_numbers(
    client_for, player, hearts_table
):
    client = client_for(player)
    table_page = client.get(reverse("scoring-table", args=[hearts_table.pk])).content.decode()
    url = reverse("scoring-entry", args=[hearts_table.pk, "scores"])
    assert f'href="{url}"' in table_page
    page = client.get(url)
    html = page.content.decode()
    assert html.count('inputmode="numeric"') == 3 and "lowest score wins" in html
    assert "Tie-break" not in html and "<select" not in html


def test_scores_entered_on_the_page_wait_for_the_others(client_for, player, hearts_table):
    client = client_for(player)
    url = reverse("scoring-entry", args=[hearts_table.pk, "scores"])
    form = {
        "score-0": "72",
        "score-1": "68",
        "score-2": "80",
        "form_token": token_of(client.get(url)),
    }
    answer = client.post(url, form)
    assert answer.status_code == 302
    submission = Submission.objects.get()
    assert submission.kind == "scores/1" and submission.entry["scores"] == [72, 68, 80]
    assert submission.answer["places"] == [2, 1, 3] and submission.status == "pending"
    table_page = client.get(reverse("scoring-table", args=[hearts_table.pk])).content.decode()
    assert "72" in table_page and "place 2" in table_page


def test_a_blank_score_is_refused_beside_its_seat_and_nothing_is_kept(
    client_for, player, hearts_table
):
    client = client_for(player)
    url = reverse("scoring-entry", args=[hearts_table.pk, "scores"])
    form = {
        "score-0": "72",
        "score-1": "",
        "score-2": "80",
        "form_token": token_of(client.get(url)),
    }
    answer = client.post(url, form)
    assert answer.status_code == 400
    assert "Quinn Player" in slot(answer, 1) and slot(answer, 0) == ""
    assert 'value="72"' in answer.content.decode()
    assert not Submission.objects.exists()


def test_the_finishing_order_is_a_select_per_seat(client_for, player, race_table):
    client = client_for(player)
    url = reverse("scoring-entry", args=[race_table.pk, "scores"])
    page = client.get(url)
    html = page.content.decode()
    assert html.count("<select") == 3 and "Tap the players in the order" in html
    tied = {"place-0": "1", "place-1": "1", "place-2": "3", "form_token": token_of(page)}
    refused = client.post(url, tied)
    assert "ties are broken" in slot(refused, 1) and not Submission.objects.exists()
    order = {"place-0": "2", "place-1": "1", "place-2": "3", "form_token": token_of(refused)}
    assert client.post(url, order).status_code == 302
    assert Submission.objects.get().answer["places"] == [2, 1, 3]
    table_page = client.get(reverse("scoring-table", args=[race_table.pk])).content.decode()
    assert "place 2" in table_page and '<td class="num">0</td>' not in table_page


def test_an_organiser_overrides_the_order_with_a_reason(client_for, player, organiser, race_table):
    client = client_for(player)
    url = reverse("scoring-entry", args=[race_table.pk, "scores"])
    form = {"place-0": "2", "place-1": "1", "place-2": "3"}
    client.post(url, {**form, "form_token": token_of(client.get(url))})
    client = client_for(organiser)
    page = client.get(f"{url}?override=1")
    assert 'name="reason"' in page.content.decode()
    assert re.search(r'<option value="2" selected>', page.content.decode())  # starts from it
    basis = re.search(rb'name="basis" value="([^"]*)"', page.content).group(1).decode()
    override = {
        "place-0": "1",
        "place-1": "2",
        "place-2": "3",
        "override": "1",
        "basis": basis,
        "reason": "the photo of the board",
        "form_token": token_of(page),
    }
    assert client.post(url, override).status_code == 302
    race_table.refresh_from_db()
    assert [seat.place for seat in race_table.result.seats.order_by("position")] == [1, 2, 3]


def test_the_preview_shows_the_places_the_scores_give(client_for, player, hearts_table):
    client = client_for(player)
    preview = client.post(
        reverse("scoring-entry-preview", args=[hearts_table.pk, "scores"]),
        {"score-0": "72", "score-1": "68", "score-2": "80"},
    )
    assert "Pat Player: place 2" in preview.content.decode()
    assert "Quinn Player: place 1" in preview.content.decode()


def test_a_form_saved_offline_is_sent_once_with_its_key(client_for, player, race_table):
    client = client_for(player)
    url = reverse("api-table-entry-form", args=[race_table.pk])
    form = {"place-0": "3", "place-1": "1", "place-2": "2"}
    first = client.post(url, form, HTTP_IDEMPOTENCY_KEY="phone-1")
    again = client.post(url, form, HTTP_IDEMPOTENCY_KEY="phone-1")
    assert first.status_code == 201, first.content
    assert again["Idempotent-Replayed"] == "true"
    submission = Submission.objects.get()
    assert submission.kind == "places/1" and submission.answer["places"] == [3, 1, 2]


def test_five_walk_ins_are_paired_at_one_table_and_enter_it_with_its_slip(
    client, fresh_catalogue, event, organiser
):
    do_add_catalogue_game(
        None, name="Carcassonne", min_players=2, max_players=5, scoring="high", ties="share"
    )
    event.game, event.table_size, event.points_by_place = "carcassonne", 5, [5, 3, 2, 1, 0]
    event.save()
    for name in ("Wanda", "Walter", "Wendy", "Will", "Wilma"):
        do_add_walk_in(event, name)
    table = do_pair_round(event, by=organiser).tables.get()
    assert table.seats.count() == 5 and takes_slip(table)
    path = slip_path(table)
    page = client.get(path)
    assert page.content.decode().count('inputmode="numeric"') == 5
    scores = {f"score-{seat}": str(score) for seat, score in enumerate([31, 24, 40, 24, 12])}
    answer = client.post(path, {**scores, "form_token": token_of(page)})
    assert answer.status_code == 302 and answer.url == path
    submission = Submission.objects.get(table=table)
    assert submission.answer["places"] == [2, 3, 1, 3, 5]
    do_confirm_result(submission, organiser)
    points = [seat.points for seat in table.result.seats.order_by("position")]
    assert points == [3, 1.5, 5, 1.5, 0]  # the two at 3rd share 3rd and 4th's points
