"""Train the search bot's learned estimate again and write its data file.

    python manage.py train_bot_value [--seed 1] [--rounds 500] [--out PATH] [--check]

The same seed and rounds give the same file, byte for byte (see
games/call_to_glory/bots/training.py). ``--check`` writes nothing and fails when the
stored file is not what the seed gives. Needs no database.
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games.call_to_glory.bots.training import dumps, train
from games.call_to_glory.bots.value import DATA_FILE


class Command(BaseCommand):
    help = "Fit the search bot's learned estimate on greedy self-play (reproducible by seed)."
    requires_system_checks = []
    requires_migrations_checks = False

    def add_arguments(self, parser):
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--rounds", type=int, default=500, help="rounds per table size")
        parser.add_argument("--out", help=f"where to write (default: {DATA_FILE.name} in place)")
        parser.add_argument(
            "--check", action="store_true", help="compare with the file, write nothing"
        )

    def handle(self, *args, **opts):
        if opts["rounds"] < 1:
            raise CommandError("--rounds must be at least 1", returncode=2)
        out = Path(opts["out"]) if opts["out"] else DATA_FILE
        text = dumps(train(opts["seed"], opts["rounds"]))
        if opts["check"]:
            if not out.exists() or out.read_text(encoding="utf-8") != text:
                raise CommandError(f"{out} is not what seed {opts['seed']} trains", returncode=1)
            self.stdout.write(f"{out} is what seed {opts['seed']} trains")
            return
        out.write_text(text, encoding="utf-8")
        self.stdout.write(f"wrote {out} (seed {opts['seed']}, {opts['rounds']} rounds per size)")
