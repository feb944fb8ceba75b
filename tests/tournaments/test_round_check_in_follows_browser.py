"""The check-in card at a table is part of the table's live part: a phone open at the
table shows a table-mate checking in, then the forfeits the closing writes, without
being loaded again (docs/push.md)."""

import pytest

from tests.fixtures.browser import screenshot
from tests.fixtures.push_pages import following, not_reloaded, shows_within
from tests.tournaments.helpers import make_event
from tournaments.models import Entrant, Seat
from tournaments.pairing import do_pair_round
from tournaments.round_check_in import do_check_in_for_round
from tournaments.round_forfeits import do_close_check_in

pytestmark = [pytest.mark.browser, pytest.mark.embedded, pytest.mark.django_db(transaction=True)]


def badges(kind: str, count: int) -> str:
    return f"document.querySelectorAll('.round-check-in .badge.{kind}').length === {count}"


def test_a_phone_at_the_table_follows_check_ins_and_forfeits(
    page_as, league, organiser, player, other_player
):
    event = make_event(
        league,
        organiser,
        players=2,
        table_size=4,
        points_by_place=[3, 2, 1, 0],
        round_check_in=5,
        review_pairings=False,
        slug="thursday-four",
    )
    for user in (player, other_player):
        Entrant.objects.create(event=event, user=user, name=str(user))
    round_ = do_pair_round(event, by=organiser)
    table = Seat.objects.get(table__round=round_, entrant__user=player).table
    phone = page_as(player)
    phone.goto(f"/scoring/tables/{table.pk}/")
    phone.wait_for_selector(".round-check-in")
    following(phone)

    quinn = Entrant.objects.get(event=event, user=other_player)
    do_check_in_for_round(round_, quinn, by=other_player)
    shows_within(phone, badges("ok", 1))
    assert "Quinn Player" in phone.locator(".round-check-in li", has_text="here").inner_text()
    do_close_check_in(round_, by=organiser)
    shows_within(phone, badges("error", 3))
    assert "The check-in is closed." in phone.inner_text(".round-check-in")
    assert not_reloaded(phone)
    screenshot(phone, "round-check-in-follows-390x844")
