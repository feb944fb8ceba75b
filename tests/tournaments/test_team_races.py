"""Teams and check-in every round on PostgreSQL, written side by side: two captains
entering one person for two teams at once cannot both succeed (the second waits on the
event's row, then finds them in the other team); a player's check-in racing the window's
close either lands before it (no forfeit) or is refused (a forfeit)."""

import pytest

from lib.refusal import Refusal
from tests.threads import InThread
from tests.tournaments.helpers import make_event
from tournaments.models import Entrant, Forfeit, RoundCheckIn, Seat
from tournaments.pairing import do_pair_round
from tournaments.round_check_in import do_check_in_for_round
from tournaments.round_forfeits import do_close_check_in
from tournaments.teams import do_create_team, do_enter_team_player

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("worker_paused"),
]


def test_two_captains_cannot_both_take_one_person(
    league, organiser, player, other_player, outsider
):
    event = make_event(
        league, organiser, format="team-swiss", format_options={"team_size": 2}, table_size=2
    )
    rooks = do_create_team(event, organiser, "Rooks", captain=player)
    pawns = do_create_team(event, organiser, "Pawns", captain=other_player)
    held = InThread(lambda: do_enter_team_player(rooks, player, outsider), hold=True)
    assert held.ready.wait(20) and held.error is None
    other = InThread(lambda: do_enter_team_player(pawns, other_player, outsider))
    assert not other.done.wait(1)  # it waits on the event's row
    held.release()
    assert held.error is None and other.done.wait(20)
    assert isinstance(other.error, Refusal) and other.error.field == "player"
    assert list(
        Entrant.objects.filter(event=event, user=outsider).values_list("team", flat=True)
    ) == [rooks.pk]


def test_a_check_in_racing_the_close_lands_first_or_is_refused(league, organiser):
    event = make_event(
        league, organiser, players=2, table_size=2, points_by_place=[3, 0], round_check_in=5
    )
    round_ = do_pair_round(event)
    first, second = (s.entrant for s in Seat.objects.filter(table__round=round_))
    held = InThread(lambda: do_check_in_for_round(round_, first, by=first.user), hold=True)
    assert held.ready.wait(20) and held.error is None
    closing = InThread(lambda: do_close_check_in(round_, by=organiser))
    assert not closing.done.wait(1)  # the close waits on the round's row
    held.release()
    assert held.error is None and closing.done.wait(20) and closing.error is None
    assert RoundCheckIn.objects.filter(round=round_, entrant=first).exists()
    assert list(Forfeit.objects.filter(round=round_).values_list("entrant", flat=True)) == [
        second.pk
    ]
    late = InThread(lambda: do_check_in_for_round(round_, second, by=second.user))
    assert late.done.wait(20) and isinstance(late.error, Refusal)
