"""The queries of the round-end rush's writes, pinned: a table of four enters its result
through the API (seat 1) and the three others confirm it, each with an API token, as
``benchmarks/bench_rush.py`` sends them a thousand times. What runs once the write
commits (the round's check, the standings' claim) is counted with it."""

import secrets

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token

from integrations.hook_presence import may_have_hooks
from tournaments.models import Entrant, Result, Round, Seat, Table

# Real transactions: what runs on commit runs, and the writes' own savepoints are
# not the test's.
pytestmark = pytest.mark.django_db(transaction=True)

ENTRY = {"rounds": [{"sets": [{"20": 3}, {"18": 3}, {"16": 3}, {"12": 3}]}]}


@pytest.fixture
def seated_tokens(event, django_user_model):
    """Round 1 of a one-round game of four at two tables: table 1's players' tokens, by
    seat. The second table keeps the round open, as 249 tables of the rush do."""
    event.table_size, event.points_by_place, event.rules_options = 4, [4, 2, 1, 0], {"rounds": 1}
    event.save()
    round_ = Round.objects.create(event=event, number=1)
    tokens = []
    for number in (1, 2):
        table = Table.objects.create(round=round_, number=number)
        for position in range(4):
            # No address, as the rush's players: nobody is sent a notice.
            user = django_user_model.objects.create(username=f"player-{number}-{position}")
            entrant = Entrant.objects.create(event=event, user=user, name=str(user))
            Seat.objects.create(table=table, entrant=entrant, position=position)
            tokens.append(Token.objects.create(user=user, key=secrets.token_hex(20)).key)
    return Table.objects.get(round=round_, number=1), tokens[:4]


def statements(path: str, token: str, body: dict) -> tuple:
    """The answer to the write and its statements, BEGIN and COMMIT aside (which differ
    between SQLite and PostgreSQL). A write makes no savepoint: the result's
    transaction is the confirmation's."""
    with CaptureQueriesContext(connection) as context:
        answer = Client().post(
            path, body, content_type="application/json", HTTP_AUTHORIZATION=f"Token {token}"
        )
    control = ("BEGIN", "COMMIT")
    return answer, [q["sql"] for q in context.captured_queries if not q["sql"].startswith(control)]


def test_an_entry_and_its_confirmations_cost_a_pinned_few_queries(seated_tokens):
    """The entry: the token, the table, who sits there (and their names), the table
    under its lock, its site game, its standing entries, the entry and its audit entry,
    who sits there under the lock and who of them wants notices. A confirmation: the
    token, the entry's table under its lock (found through the entry), the entry, its
    answers, who sits there, the confirmation and its audit entry. The last one also
    marks the entry agreed (the agreed ones before it superseded) and writes the result
    (the seats' entrants are those read under the lock): the table's lock, the event's
    points, the result row (none yet), the result and seat rows, the round's check in
    the transaction and after it, the standings' request and claim, and, once it
    commits, nothing for webhooks: whether the event has any is asked once per event
    (integrations.hook_presence), as the rush's first official result did here."""
    table, (entering, *confirming) = seated_tokens
    assert not may_have_hooks(table.round.event_id)  # the round's earlier tables' query
    body = {"kind": "call-to-glory-table/1", "entry": ENTRY}
    entered, sql = statements(f"/api/tables/{table.pk}/submissions/", entering, body)
    assert entered.status_code == 201, entered.content
    assert len(sql) == 10, sql
    confirm = f"/api/submissions/{entered.json()['id']}/confirm/"
    for token in confirming[:2]:
        confirmed, sql = statements(confirm, token, {"basis": entered.json()["basis"]})
        assert confirmed.status_code == 201, confirmed.content
        assert len(sql) == 7, sql
    last, sql = statements(confirm, confirming[2], {"basis": entered.json()["basis"]})
    assert last.json()["status"] == "confirmed"
    assert len(sql) == 18, sql
    assert not [statement for statement in sql if "SAVEPOINT" in statement], sql
    assert Result.objects.filter(table=table).exists()
