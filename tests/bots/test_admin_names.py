"""What the admin lists call batches, matches and seats: people's words, counted from
one, with no database id."""

import pytest

from bots.models import Batch, Match, MatchSeat
from bots.scheduling import do_schedule_batch

pytestmark = pytest.mark.django_db


def test_a_match_is_named_by_its_game_and_batch_and_its_seats_count_from_one(player, builtin_bot):
    randy, greta = builtin_bot("Randy"), builtin_bot("Greta", key="greedy")
    batch = do_schedule_batch(player, Batch.Kind.SERIES, [[randy, greta]], games_per_lineup=2)
    batch.name = "Friday series"
    batch.save()
    match = Match.objects.create(batch=batch, number=0, seed=1)  # as a chunk stores it
    seat = MatchSeat.objects.create(match=match, position=0, bot=randy)

    assert str(match) == "game 1 of Friday series"
    assert str(seat) == "Randy in seat 1 of game 1 of Friday series"


def test_a_batch_without_a_name_is_named_by_its_kind_and_time(player, builtin_bot):
    lineup = [builtin_bot("Randy"), builtin_bot("Greta", key="greedy")]
    batch = do_schedule_batch(player, Batch.Kind.SERIES, [lineup])

    assert str(batch).startswith("series with seats rotated, ")
    assert "batch" not in str(batch)
