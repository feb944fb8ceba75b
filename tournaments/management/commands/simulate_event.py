import json

from django.core.management.base import BaseCommand, CommandError

from games.registry import DEFAULT_GAME
from lib.refusal import attempted
from tournaments.formats import REGISTRY
from tournaments.forms import points_for
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
        parser.add_argument("--game", default=DEFAULT_GAME, help="the game's key (see /api/games/)")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument(
            "--points",
            help="points by place, comma-separated (default: what an event's form offers "
            "for the table size)",
        )
        parser.add_argument(
            "--json", action="store_true", help="print one JSON object and nothing else"
        )

    def handle(self, *args, players, table_size, rounds, format, game, seed, json: bool, **options):
        if players < 2 or not 2 <= table_size <= 6 or rounds < 1:
            raise CommandError("need --players >= 2, --table-size 2 to 6 and --rounds >= 1")
        try:
            points = [float(p) for p in (options["points"] or points_for(table_size)).split(",")]
        except ValueError:
            raise CommandError("--points: numbers separated by commas, e.g. 3,2,1,0") from None
        if len(points) < table_size:
            raise CommandError(f"--points: one number per place, {table_size} at least")
        created = attempted(create_event, players, table_size, rounds, format, seed, points, game)
        if not created:
            raise CommandError(str(created.refusal))
        event = created.answer
        # With --json, stdout is the answer alone: how far it got goes to stderr.
        say = (lambda line: self.stderr.write(line)) if json else self.stdout.write
        say(f"event {event.slug}: {players} entrants, tables of {table_size}")

        def progress(number, pairing, standings, quality):
            say(
                f"round {number}: pairing {pairing:.3f} s, standings {standings:.3f} s, "
                f"score spread {quality['score_spread'][-1]:g} "
                f"(lower bound {quality['score_spread_lower_bound'][-1]:g}), "
                f"repeats {quality['repeats_by_round'][-1]}"
            )

        result = simulate(event, rounds, seed, progress)
        say(f"tables {result['table_sizes']}, repeat meetings {result['repeat_meetings']}")
        if json:
            self.stdout.write(json_dumps({"event": event.slug, **result}))


def json_dumps(value) -> str:
    return json.dumps(value, separators=(",", ":"))
