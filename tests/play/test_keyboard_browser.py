"""On a phone (390x844), by keyboard alone: a turn of three moves takes at most ten
keys, because after each move the focus stays on the move buttons (the first of the
new ones); every move button is named as a screen reader reads it; the other seat's
moves are announced in a polite live region."""

import pytest

from play.models import Game
from play.moving import do_move
from play.starting import Taker, do_start_game
from tests.fixtures.browser import log_in, screenshot, wait_until
from tests.fixtures.personas import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MOST_KEYS_FOR_A_TURN = 10
# The board of move ``n`` is in and the focus came back to it (htmx settles after the swap).
SETTLED = (
    "n => +document.querySelector('#board').dataset.moves === n"
    " && document.querySelector('#board').contains(document.activeElement)"
)


def focused_move(page) -> str | None:
    return page.evaluate("() => document.activeElement.dataset.move || null")


def test_a_turn_of_three_moves_by_keyboard_and_the_others_moves_announced(
    phone_page, player, other_player
):
    game = do_start_game(
        player,
        [Taker(str(player), user=player), Taker(str(other_player), user=other_player)],
        {"rounds": 1},
    )
    page = phone_page
    log_in(page, player.username, PASSWORD)
    page.goto(f"/play/{game.pk}/")
    assert (
        page.get_by_role("group", name="Your moves")
        .get_by_role("button", name="Draw from the left draw pile")
        .is_visible()
    )

    keys = []

    def press(key: str) -> None:
        keys.append(key)
        page.keyboard.press(key)

    press("Tab")  # the skip link
    press("Enter")  # to the content
    press("Tab")  # the first move
    assert focused_move(page) == "0 draw D1"
    for played in range(1, 4):
        press("Enter")
        wait_until(page, SETTLED, played)
        if played < 3:
            assert focused_move(page), f"after move {played} the focus is on a move button"
    assert len(keys) <= MOST_KEYS_FOR_A_TURN, keys
    assert page.evaluate("() => document.activeElement.id") == "turn"
    assert Game.objects.get(pk=game.pk).to_move == 1
    screenshot(page, "play-keyboard-turn-done")

    do_move(other_player, game.pk, "1 draw D1")
    wait_until(
        page,
        "() => document.getElementById('moves-announcer').textContent.includes("
        f"'{other_player} drew from the left draw pile')",
    )
    assert page.get_by_role("button").filter(has_text="Draw").count() == 0
