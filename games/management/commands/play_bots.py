"""Play built-in Call to Glory bots against each other and print how each did.

    python manage.py play_bots --seats greedy,search --games 100 --seed 1 [--rounds 1]
        [--ninja] [--imperial-tasks] [--out DIR] [--json]

A seat may carry settings: ``search:iterations=8:horizon=2``. Needs no database.
"""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games.call_to_glory.bots.arena import make_seat_bots, play_series, summarize
from lib.progress import Progress


class Command(BaseCommand):
    help = "Play built-in Call to Glory bots against each other (seats rotate between games)."
    requires_system_checks = []
    requires_migrations_checks = False

    def add_arguments(self, parser):
        parser.add_argument("--seats", required=True, help="2 to 4 bots, comma-separated")
        parser.add_argument("--games", type=int, default=10)
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--rounds", type=int, help="rounds per game (default: the rules')")
        parser.add_argument("--ninja", action="store_true", help="The Power of the Ninja")
        parser.add_argument("--imperial-tasks", action="store_true", help="Imperial Tasks")
        parser.add_argument("--out", help="write each game's record (JSON) into this folder")
        parser.add_argument("--json", action="store_true", help="end with the summary as JSON")

    def handle(self, *args, **opts):
        seats = [spec.strip() for spec in opts["seats"].split(",") if spec.strip()]
        if not 2 <= len(seats) <= 4:
            raise CommandError(f"--seats needs 2 to 4 bots, got {len(seats)}", returncode=2)
        if opts["games"] < 1:
            raise CommandError("--games must be at least 1", returncode=2)
        if opts["rounds"] is not None and opts["rounds"] < 1:
            raise CommandError("--rounds must be at least 1", returncode=2)
        try:
            make_seat_bots(seats, 0)
        except ValueError as exc:
            raise CommandError(f"--seats: {exc}", returncode=2) from None
        options = {"ninja": opts["ninja"], "imperial_tasks": opts["imperial_tasks"]}
        if opts["rounds"] is not None:
            options["rounds"] = opts["rounds"]
        out = Path(opts["out"]) if opts["out"] else None
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)

        progress = Progress(opts["games"], "games")
        played_games = []
        series = play_series(seats, opts["games"], options, opts["seed"], progress=progress.show)
        for number, played in enumerate(series, start=1):
            played_games.append(played)
            if out is not None:
                path = out / f"game-{number:04d}.json"
                path.write_text(json.dumps(played.record) + "\n", encoding="utf-8")
        progress.done()

        summary = summarize(played_games)
        self.print_table(summary, options)
        if opts["json"]:
            self.stdout.write(json.dumps({"options": options, "bots": summary}))

    def print_table(self, summary: dict, options: dict) -> None:
        shown = ", ".join(f"{key}={value}" for key, value in options.items())
        self.stdout.write(f"options: {shown}")
        width = max(len("bot"), *(len(spec) for spec in summary))
        self.stdout.write(
            f"{'bot':<{width}}  {'games':>5}  {'wins':>5}  {'mean place':>10}"
            f"  {'mean score':>10}  win rate (95% interval)"
        )
        for spec, row in summary.items():
            self.stdout.write(
                f"{spec:<{width}}  {row['games']:>5}  {row['wins']:>5}"
                f"  {row['mean_place']:>10.2f}  {row['mean_score']:>10.1f}"
                f"  {row['win_rate']:.1%} ({row['win_rate_low']:.1%} to {row['win_rate_high']:.1%})"
            )
