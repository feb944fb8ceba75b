"""On a phone: a table of a catalogue game whose result is the finishing order. One
player taps the players in the order they finished, another disputes it, and an
organiser overrides it with a reason; then a game the lowest score wins is entered."""

import re

import pytest

from scoring.models import Submission
from tests.fixtures.browser import log_in, screenshot, wait_until
from tests.fixtures.personas import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_order_is_tapped_disputed_and_overridden(
    phone_page, player, other_player, organiser, race_table
):
    page = phone_page
    log_in(page, player.username, PASSWORD)
    page.goto(f"/scoring/tables/{race_table.pk}/")
    page.get_by_role("link", name="Enter the result").click()
    page.wait_for_url(re.compile(r"/scores/$"))
    for name in ("Quinn Player", "Pat Player", "Rita Player"):
        page.get_by_role("button", name=name).click()
    assert page.get_by_label("Pat Player").input_value() == "2"
    assert page.get_by_label("Quinn Player").input_value() == "1"
    wait_until(page, "() => document.querySelector('#preview').innerText.includes('place 3')")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "scoring-catalogue-finishing-order")
    page.get_by_role("button", name="Enter the result").click()
    page.wait_for_url(re.compile(rf"/scoring/tables/{race_table.pk}/$"))
    assert Submission.objects.get().answer["places"] == [2, 1, 3]

    page.get_by_role("button", name="Log out").click()
    log_in(page, other_player.username, PASSWORD)
    page.goto(f"/scoring/tables/{race_table.pk}/")
    page.locator("summary", has_text="Dispute").click()
    page.get_by_label("What is wrong?").fill("Pat won, I came second")
    page.get_by_role("button", name="Send the dispute").click()
    page.wait_for_url(re.compile(rf"/scoring/tables/{race_table.pk}/$"))
    assert "disputed" in page.locator("main").inner_text()

    page.get_by_role("button", name="Log out").click()
    log_in(page, organiser.username, PASSWORD)
    page.goto(f"/scoring/tables/{race_table.pk}/")
    page.get_by_role("link", name="Override: enter the result with a reason").click()
    page.get_by_role("button", name="Start again").click()
    for name in ("Pat Player", "Quinn Player", "Rita Player"):
        page.get_by_role("button", name=name).click()
    page.get_by_label("Reason for the override (the players see it)").fill("asked the table")
    screenshot(page, "scoring-catalogue-override")
    page.get_by_role("button", name="Override with this result").click()
    page.wait_for_url(re.compile(rf"/scoring/tables/{race_table.pk}/$"))
    race_table.refresh_from_db()
    assert [s.place for s in race_table.result.seats.order_by("position")] == [1, 2, 3]


def test_the_lowest_score_is_placed_first_as_it_is_typed(phone_page, player, hearts_table):
    page = phone_page
    log_in(page, player.username, PASSWORD)
    page.goto(f"/scoring/tables/{hearts_table.pk}/scores/")
    for name, score in (("Pat Player", "72"), ("Quinn Player", "68"), ("Rita Player", "80")):
        page.get_by_label(name).fill(score)
    wait_until(
        page, "() => document.querySelector('#preview').innerText.includes('Quinn Player: place 1')"
    )
    screenshot(page, "scoring-catalogue-low-scores")
    page.get_by_role("button", name="Enter the result").click()
    page.wait_for_url(re.compile(rf"/scoring/tables/{hearts_table.pk}/$"))
    assert Submission.objects.get().answer["places"] == [2, 1, 3]


def test_a_stale_phone_cannot_replace_the_result_another_entered(
    phone_page, second_phone, player, other_player, hearts_table
):
    ann, ben = phone_page, second_phone
    for page, person in ((ann, player), (ben, other_player)):
        log_in(page, person.username, PASSWORD)
        page.goto(f"/scoring/tables/{hearts_table.pk}/")
        page.get_by_role("link", name="Enter the result").click()
        page.wait_for_url(re.compile(r"/scores/$"))
    for name, score in (("Pat Player", "72"), ("Quinn Player", "68"), ("Rita Player", "80")):
        ann.get_by_label(name).fill(score)
    ann.get_by_role("button", name="Enter the result").click()
    ann.wait_for_url(re.compile(rf"/scoring/tables/{hearts_table.pk}/$"))

    for name, score in (("Pat Player", "60"), ("Quinn Player", "90"), ("Rita Player", "75")):
        ben.get_by_label(name).fill(score)
    ben.get_by_role("button", name="Enter the result").click()
    conflict = ben.locator(".conflict")
    conflict.wait_for()
    assert "Pat Player entered this table's result already" in conflict.inner_text()
    rows = conflict.locator("tbody tr").all_inner_texts()
    rows = [row.replace("\n(differs)\n", "").replace("\n(differs)", "") for row in rows]
    assert rows == ["Pat Player\t72\t60", "Quinn Player\t68\t90", "Rita Player\t80\t75"]
    assert conflict.locator("td.differs").count() == 6  # every seat's score differs
    assert ben.get_by_label("Quinn Player").input_value() == "90"  # kept to compare
    assert ben.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(ben, "scoring-catalogue-stale-phone")
    submission = Submission.objects.get()
    assert submission.entry["scores"] == [72, 68, 80] and submission.submitted_by == player

    conflict.get_by_role("link", name="Go to the table").click()
    ben.wait_for_url(re.compile(rf"/scoring/tables/{hearts_table.pk}/$"))
    assert ben.get_by_role("button", name="Confirm").is_visible()
