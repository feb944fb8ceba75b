import json

from django.core.management.base import BaseCommand, CommandError

from tournaments.formats import REGISTRY
from tournaments.simulation import create_event, simulate


class Command(BaseCommand):
    help = (
        "Create an event with N entrants and play R rounds through the real pairing and "
        "standings code with random results, timing each round."
    )

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, required=True)
        parser.add_argument("--table-size", type=int, default=4)
        parser.add_argument("--rounds", type=int, default=3)
        parser.add_argument("--format", default="swiss", choices=sorted(REGISTRY))
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--json", action="store_true", help="end with one JSON line")

    def handle(self, *args, players, table_size, rounds, format, seed, json: bool, **options):
        if players < 2 or not 2 <= table_size <= 4 or rounds < 1:
            raise CommandError("need --players >= 2, --table-size 2 to 4 and --rounds >= 1")
        event = create_event(players, table_size, rounds, format, seed)
        self.stdout.write(f"event {event.slug}: {players} entrants, tables of {table_size}")

        def progress(number, pairing, standings):
            self.stdout.write(
                f"round {number}: pairing {pairing:.3f} s, standings {standings:.3f} s"
            )

        result = simulate(event, rounds, seed, progress)
        self.stdout.write(
            f"tables {result['table_sizes']}, repeat meetings {result['repeat_meetings']}"
        )
        if json:
            self.stdout.write(json_dumps(result))


def json_dumps(value) -> str:
    return json.dumps(value, separators=(",", ":"))
