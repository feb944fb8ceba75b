"""Scoring at the table: the live preview a phone posts on every tap, and one result's
whole agreement (submit, confirm, record the official result) on the configured
database. Run on the demo data; the agreement cycles are rolled back, so the demo is
left as it was.

    .venv/bin/python -m benchmarks.run --only scoring
"""

import os
import time

from benchmarks.rows import row

RULEBOOK_ROUND = {
    "set-0-18": "2", "set-0-12": "3", "set-0-9": "2", "set-0-8": "2", "set-0-7": "2",
    "set-0-6": "2", "set-1-20": "3", "set-1-16": "3",
}  # fmt: skip
ENTRY = {"rounds": [{"sets": [{"18": 2, "12": 3, "9": 2, "8": 2}, {"20": 3, "16": 3}]}]}


def demo_table(number: int):
    """A fresh table in the demo's real-tables event, seated like its first table."""
    from tournaments.models import Event, Table

    event = Event.objects.get(slug="cafe-cup-2026")
    first = Table.objects.filter(round__event=event).order_by("round__number", "number").first()
    table = Table.objects.create(round=first.round, number=number)
    for seat in first.seats.all():
        table.seats.create(entrant=seat.entrant, position=seat.position)
    return table


def previews_per_second(client, table, count: int) -> float:
    from django.urls import reverse

    url = reverse("scoring-entry-preview", args=[table.pk, "glory"])
    start = time.perf_counter()
    for _ in range(count):
        assert client.post(url, RULEBOOK_ROUND).status_code == 200
    return count / (time.perf_counter() - start)


def agreements_per_second(players, count: int) -> float:
    from scoring.deciding import do_confirm_result
    from scoring.entering import do_submit_result
    from scoring.models import Submission

    tables = [demo_table(100 + n) for n in range(count)]
    start = time.perf_counter()
    for table in tables:
        submission = do_submit_result(table, Submission.Kind.GLORY_TABLE, ENTRY, players[0])
        for player in players[1:]:
            do_confirm_result(submission, player)
    return count / (time.perf_counter() - start)


def run(quick: bool = False) -> list[dict]:
    os.environ.setdefault("DEBUG", "true")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import transaction
    from django.test import Client

    call_command("migrate", verbosity=0)
    call_command("load_demo", verbosity=0)
    count = 20 if quick else 200
    rows = []
    with transaction.atomic():
        table = demo_table(99)
        table.round.event.rules_options = {"rounds": 1}
        table.round.event.save()
        players = [seat.entrant.user for seat in table.seats.order_by("position")]
        client = Client(SERVER_NAME="localhost")
        client.force_login(players[0])
        rows.append(
            row(
                "glory preview (score_table + fragment), in process",
                previews_per_second(client, table, count),
                "requests/s",
                "> 50",
            )
        )
        rows.append(
            row(
                "submit + confirm + official result, 2 seats",
                agreements_per_second(players, count // 2),
                "results/s",
                "> 20",
            )
        )
        transaction.set_rollback(True)
    return rows
