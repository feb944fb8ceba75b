"""Schedule bot matches from the command line: a series between the named bots (seats
rotated) or a round robin of them; ``--wait`` follows the batch until it is done."""

import time

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from bots.batches import batch_progress
from bots.models import Batch, Bot
from bots.scheduling import do_schedule_batch, lineups_for
from lib.refusal import attempted


class Command(BaseCommand):
    help = __doc__

    def add_arguments(self, parser):
        parser.add_argument("bots", nargs="+", help="bot names, in seat order")
        parser.add_argument("--games", type=int, default=10, help="games per table")
        parser.add_argument("--rounds", type=int, default=1, help="rounds per game")
        parser.add_argument("--round-robin", type=int, metavar="SIZE", help="bots per table")
        parser.add_argument("--seed", type=int)
        parser.add_argument("--as-user", default="admin", help="who schedules (a username)")
        parser.add_argument("--wait", action="store_true", help="follow it until it is done")

    def handle(self, *args, **options):
        bots = {bot.name: bot for bot in Bot.objects.filter(name__in=options["bots"])}
        missing = [name for name in options["bots"] if name not in bots]
        if missing:
            raise CommandError(f"no bot named {', '.join(map(repr, missing))}")
        lineup = [bots[name] for name in options["bots"]]
        user = get_user_model().objects.filter(username=options["as_user"]).first()
        if user is None:
            raise CommandError(f"no user named {options['as_user']!r} (use --as-user)")
        kind = Batch.Kind.ROUND_ROBIN if options["round_robin"] else Batch.Kind.SERIES
        scheduled = attempted(
            lambda: do_schedule_batch(
                user,
                kind,
                lineups_for(kind, lineup, options["round_robin"]),
                games_per_lineup=options["games"],
                options={"rounds": options["rounds"]},
                seed=options["seed"],
                name=" v ".join(options["bots"])[:160],
            )
        )
        if not scheduled:
            raise CommandError(str(scheduled.refusal.message))
        batch = scheduled.answer
        self.stdout.write(f"batch {batch.pk}: {batch.total} games, /bots/batches/{batch.pk}/")
        while options["wait"]:
            batch.refresh_from_db()
            progress = batch_progress(batch)
            self.stdout.write(
                f"{progress.done} of {progress.total} games, {progress.faults} faults"
            )
            if progress.finished:
                break
            time.sleep(2)
