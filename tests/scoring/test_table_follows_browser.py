"""Every phone at a table follows it (issue 39): the second phone at a Call to Glory
table of four rounds shows each round the first phone enters, then Confirm once the
last is in, within 2 s and without a reload; and what its player types in the dispute
box is never lost: the page is not drawn again under their hands, and when the entry
they were answering is gone (an organiser entered the result), the page says so and
keeps their words until they choose to see the change."""

import pytest

from scoring.deciding import do_confirm_result, do_override_result
from scoring.entering import do_enter_result, do_submit_result
from scoring.models import Submission
from tests.fixtures.browser import screenshot
from tests.fixtures.push_pages import (
    following,
    not_reloaded,
    shows_within,
    text_shown,
)
from tests.scoring.conftest import RULEBOOK_ROUND

pytestmark = [pytest.mark.browser, pytest.mark.embedded, pytest.mark.django_db(transaction=True)]

TABLE = Submission.Kind.GLORY_TABLE
ROUND = RULEBOOK_ROUND["rounds"][0]
WORDS = "Round 3 was 40 to 36, not 36 to 40"


def rounds(count: int) -> dict:
    return {"rounds": [ROUND] * count}


@pytest.fixture
def four_round_table(table):
    event = table.round.event
    event.rules_options = {"rounds": 4}
    event.save()
    return table


def test_the_second_phone_follows_every_round_then_confirms(
    page_as, four_round_table, player, other_player, organiser
):
    table = four_round_table
    do_enter_result(table, TABLE, rounds(2), player)
    second = page_as(other_player)
    second.goto(f"/scoring/tables/{table.pk}/")
    second.wait_for_selector("text=Round 2 of 4 entered")
    following(second)

    do_enter_result(table, TABLE, rounds(3), player)
    shows_within(second, text_shown("Round 3 of 4 entered"))
    do_enter_result(table, TABLE, rounds(4), player)
    shows_within(second, "!!document.querySelector('button.confirm')")
    assert "Round 3 of 4" not in second.inner_text("main")
    assert "waiting for confirmation" in second.inner_text(".state")
    assert not_reloaded(second)
    screenshot(second, "table-follows-confirm-390x844")

    # The player starts a dispute: while they type, the organiser enters the result.
    second.click("summary:has-text('Dispute')")
    box = second.locator("textarea[name=comment]")
    box.fill(WORDS)
    basis = Submission.objects.get(table=table).basis
    do_override_result(table, TABLE, rounds(4), organiser, "Settled at the desk", basis=basis)
    second.wait_for_timeout(2000)  # the change is heard, but not swapped under their hands
    assert box.input_value() == WORDS
    assert "official result" not in second.inner_text(".state")

    box.blur()  # their hands leave: the form they typed in is gone from the table now
    held = second.locator("[data-push-held]")
    held.wait_for(timeout=2000)
    assert "This changed while you were typing here." in held.inner_text()
    assert box.input_value() == WORDS
    screenshot(second, "table-follows-held-390x844")
    held.get_by_role("button", name="Show the change").click()
    second.wait_for_selector(".state >> text=official result")
    assert second.locator("button.confirm").count() == 0
    assert not_reloaded(second)


def test_a_typed_dispute_is_carried_into_the_table_drawn_again(
    page_as, hearts_table, player, other_player, third_player
):
    """At a table of three, one player types a dispute (and leaves the box) while
    another confirms: the page is drawn again around the words, its box still open."""
    submission = do_submit_result(hearts_table, "scores/1", {"scores": [72, 68, 80]}, player)
    second = page_as(other_player)
    second.goto(f"/scoring/tables/{hearts_table.pk}/")
    second.wait_for_selector("text=Still to confirm: Quinn Player, Rita Player")
    following(second)
    second.click("summary:has-text('Dispute')")
    box = second.locator("textarea[name=comment]")
    box.fill(WORDS)
    box.blur()

    do_confirm_result(submission, third_player)
    shows_within(
        second,
        "[...document.querySelectorAll('.state p')].some("
        "p => p.innerText.trim() === 'Still to confirm: Quinn Player')",
    )
    assert box.input_value() == WORDS
    assert second.locator("details.dispute-form").evaluate("d => d.open")
    assert second.locator("[data-push-held]").count() == 0
    assert not_reloaded(second)
    screenshot(second, "table-follows-typed-kept-390x844")
