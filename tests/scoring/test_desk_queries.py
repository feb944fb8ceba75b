"""The results desk costs the same queries with two tables waiting or six, disputes and
their comments included: who is still to confirm is read from the tables' seats."""

import pytest
from django.urls import reverse

from scoring.deciding import do_dispute_result
from scoring.entering import do_submit_result
from scoring.models import Submission
from tests.scoring.conftest import RULEBOOK_ROUND
from tournaments.models import Table

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("tables", [2, 6])
def test_the_results_desk_costs_the_same_queries_at_any_size(
    one_round_table,
    player,
    other_player,
    organiser,
    client_for,
    django_assert_max_num_queries,
    tables,
):
    for number in range(2, tables + 1):
        table = Table.objects.create(round=one_round_table.round, number=number)
        for position, seat in enumerate(one_round_table.seats.all()):
            table.seats.create(entrant=seat.entrant, position=position)
        entered = do_submit_result(table, Submission.Kind.GLORY_TABLE, RULEBOOK_ROUND, player)
        if number % 2:
            do_dispute_result(entered, other_player, f"Table {number}: the 16s were mine")
    url = reverse("scoring-desk", args=[one_round_table.round.event.slug])
    client = client_for(organiser)

    with django_assert_max_num_queries(12):
        page = client.get(url).content.decode()
    assert page.count('class="card waiting"') == tables
    assert page.count('<blockquote class="dispute">') == (tables - 1) // 2
