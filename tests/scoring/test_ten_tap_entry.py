"""On a phone at a 4-seat Call to Glory table: the entry opens on the paper sheet (one
score per seat), so a round costs the tap to open it, a tap into each seat's field and
the save, and a whole game of four rounds with its running totals stays under 25 taps.
Typing the scores is not counted; every click is."""

import re

import pytest

from scoring.models import Submission
from tests.fixtures.browser import log_in, screenshot, wait_until
from tests.fixtures.personas import PASSWORD, make_user
from tournaments.models import Entrant, Seat

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Pat Player", "Quinn Player", "Rae Player", "Sam Player"]
# Each is what some table gives (the scorer checks): 20/18/16/14 are four sets of
# three; 26/25/16/21 are 20×4 + 6×3, 18×3 + 7×3, 16×3, 12×3 + 9×3.
ROUNDS = [[20, 18, 16, 14], [26, 25, 16, 21], [20, 18, 16, 14], [26, 25, 16, 21]]


@pytest.fixture
def four_seat_table(table, django_user_model):
    event = table.round.event
    event.table_size = 4
    event.points_by_place = [4, 3, 2, 1]
    event.rules_options = {"rounds": 4}
    event.save()
    for position, username in ((2, "rae_player"), (3, "sam_player")):
        user = make_user(django_user_model, username)
        entrant = Entrant.objects.create(event=event, user=user, name=str(user))
        Seat.objects.create(table=table, entrant=entrant, position=position)
    return table


class Taps:
    """Every click of the test, counted: what a thumb would do."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def on(self, locator):
        self.count += 1
        locator.click()


def enter_round(page, taps: Taps, number: int, scores: list[int]) -> None:
    assert page.locator("h1").inner_text() == f"Round {number} of 4"
    for seat, score in enumerate(scores):
        taps.on(page.locator(f"input[name=score-{seat}]"))
        page.keyboard.type(str(score))
    expected = ",".join(str(sum(r[seat] for r in ROUNDS[:number])) for seat in range(4))
    wait_until(
        page,
        "(want) => [...document.querySelectorAll('#preview .running-total')]"
        ".map(cell => cell.innerText).join(',') === want",
        expected,
    )
    save = "Save round 4: the game is over" if number == 4 else f"Save round {number}"
    taps.on(page.get_by_role("button", name=save))


def test_a_four_seat_game_is_entered_in_at_most_25_taps_beside_the_typing(
    phone_page, player, four_seat_table
):
    table, page = four_seat_table, phone_page
    log_in(page, player.username, PASSWORD)
    page.goto(f"/scoring/tables/{table.pk}/")
    taps = Taps(page)

    taps.on(page.get_by_role("link", name="Enter the result"))
    page.wait_for_url(re.compile(r"/glory/$"))
    assert page.get_by_role("radio", name="Scores per seat").is_checked()
    screenshot(page, "scoring-ten-tap-round-1")
    enter_round(page, taps, 1, ROUNDS[0])
    page.wait_for_url(re.compile(r"/glory/$"))
    first_round = taps.count
    assert first_round <= 10, first_round

    for number in (2, 3, 4):
        assert "Round %s is saved" % (number - 1) in page.locator(".messages").inner_text()
        entered = page.locator("table.scores").first.inner_text()
        assert "Sam Player" in entered
        enter_round(page, taps, number, ROUNDS[number - 1])
    page.wait_for_url(re.compile(rf"/scoring/tables/{table.pk}/$"))
    assert "Still to confirm" in page.locator(".state").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "scoring-ten-tap-game-entered")

    assert taps.count <= 25, taps.count
    submission = Submission.objects.get(table=table)
    assert submission.status == Submission.Status.PENDING
    assert [r["scores"] for r in submission.rounds] == ROUNDS
    assert submission.answer["totals"] == [92, 86, 64, 70]
    print(f"taps: first round {first_round}, whole game {taps.count}")


def test_the_card_by_card_sets_are_one_tap_away(phone_page, player, four_seat_table):
    page = phone_page
    log_in(page, player.username, PASSWORD)
    page.goto(f"/scoring/tables/{four_seat_table.pk}/glory/")
    sets = page.locator("fieldset[data-seat='0'] .sets")
    assert not sets.is_visible()
    page.get_by_text("Card by card").click()
    sets.wait_for(state="visible")
    assert not page.locator("input[name=score-0]").is_visible()
