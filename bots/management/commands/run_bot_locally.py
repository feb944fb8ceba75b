"""Play your bot against the built-in bots as the site would (docs/bots.md, "Developing
a bot: the local runner"). No database.

    manage.py run_bot_locally mybot.py --against medium --games 4 --out games/
    manage.py run_bot_locally http://127.0.0.1:8765 --secret S --against easy,hard
"""

import json
import os
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from bots.authoring import check_bot
from bots.local_runner import bot_under_test, play_local_series, summary, write_game
from bots.models import Bot
from bots.scheduling import check_batch_options
from games.registry import DEFAULT_GAME, get_game
from lib.refusal import Outcome, attempted


def refused_as_error(outcome: Outcome):
    """The answer, or the refusal said as the command's error."""
    if outcome.refusal is not None:
        raise CommandError(str(outcome.refusal.message))
    return outcome.answer


class Command(BaseCommand):
    help = "Play a bot (a .py or .zip file, or an http(s) endpoint) against built-in bots."
    # An author's machine runs no site: no database, no SITE_URL, none of its checks.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser):
        parser.add_argument("bot", help="a .py file, a .zip archive, or the endpoint's URL")
        parser.add_argument("--against", default="medium", help="built-in bots, comma-separated")
        parser.add_argument("--games", type=int, default=2)
        parser.add_argument("--rounds", type=int, default=1)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--game", default=DEFAULT_GAME)
        parser.add_argument("--entry-point", default="", help="an archive's file to run")
        parser.add_argument("--move-ms", type=int, default=500, help="time per move")
        parser.add_argument("--bank-ms", type=int, default=5000, help="time bank per game")
        parser.add_argument("--secret", default=os.environ.get("LEAGUEWRIGHT_BOT_SECRET", ""))
        parser.add_argument("--out", help="a folder for each game's record and explanation")
        parser.add_argument("--json", action="store_true", help="end with the summary as JSON")

    def handle(self, *args, **options):
        bot = refused_as_error(attempted(self.checked_bot, options))
        game = options["game"]
        rules = refused_as_error(
            attempted(check_batch_options, game, {"rounds": options["rounds"]})
        )
        against = [key.strip() for key in options["against"].split(",") if key.strip()]
        for key in against:
            if key not in get_game(game).played.bots:
                raise CommandError(f"there is no built-in bot {key!r}")
        played = []
        for played_game in play_local_series(
            bot, against, game, options["games"], rules, options["seed"]
        ):
            played.append(played_game)
            self.report_game(played_game, options.get("out"))
        self.report(summary(played, bot.name), options["json"])

    def checked_bot(self, options):
        timing = {"move_timeout_ms": options["move_ms"], "time_bank_ms": options["bank_ms"]}
        bot = bot_under_test(options["bot"], options["secret"], options["entry_point"], **timing)
        kind = bot.kind
        check_bot(
            kind, endpoint_url=bot.endpoint_url, **timing, has_upload=kind == Bot.Kind.UPLOADED
        )
        return bot

    def report_game(self, game, out) -> None:
        outcome = game.outcome
        seats = ", ".join(
            f"{name} {score} (place {place})"
            for name, score, place in zip(game.names, outcome.scores, outcome.places, strict=True)
        )
        self.stdout.write(f"game {game.number + 1}: {seats}")
        for note in outcome.faults:
            where = (
                f"round {note.round_number} move {note.move_number}"
                if note.move_number
                else "start/end"
            )
            self.stdout.write(
                f"  fault, seat {note.position + 1}, {where}: {note.kind}: {note.evidence}"
            )
        if out:
            self.stdout.write(f"  replay: {write_game(Path(out), game)}")

    def report(self, result: dict, as_json: bool) -> None:
        for row in result["bots"]:
            interval = ""
            if row["score_low"] is not None:
                interval = f" (95%: {row['score_low']:.1f}-{row['score_high']:.1f})"
            self.stdout.write(
                f"{row['bot']}: {row['games']} games, {row['wins']} won, "
                f"mean score {row['mean_score']:.1f}{interval}"
            )
        faults = ", ".join(f"{kind} {n}" for kind, n in sorted(result["faults"].items()))
        self.stdout.write(f"faults: {faults or 'none'}")
        times = ", ".join(f"{p} {ms:.0f} ms" for p, ms in result["ms_per_decision"].items())
        self.stdout.write(f"time per decision: {times or '-'}")
        if as_json:
            self.stdout.write(json.dumps(result))
