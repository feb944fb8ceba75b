"""``python manage.py score_tableau FILE``: score one real table's final tableaux.

The file's ``format`` picks the game: ``call-to-adventure/1`` (Call to Adventure
tableaux) or ``call-to-glory-table/1`` (a Call to Glory table played with real cards).
Prints the JSON answer; exit status 0 valid, 1 invalid (the table cannot be), 2 misuse
(a missing file, a bad flag, an unusable catalogue or profile). Never touches the
database.
"""

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games.call_to_glory.table import score_table

ADVENTURE = "call-to-adventure/1"
GLORY_TABLE = "call-to-glory-table/1"
FORMATS = (ADVENTURE, GLORY_TABLE)


class Command(BaseCommand):
    help = "Score a finished table (Call to Adventure tableaux or a Call to Glory table)."
    requires_system_checks = []
    requires_migrations_checks = False

    def add_arguments(self, parser):
        parser.add_argument("path", help="the table's JSON file, or - for standard input")
        parser.add_argument(
            "--catalogue",
            help="Call to Adventure: a card catalogue (.csv or .json) for card entry",
        )
        parser.add_argument(
            "--profile",
            action="append",
            default=[],
            help="Call to Adventure: an edited rules profile (.json); may be repeated",
        )
        parser.add_argument(
            "--detail",
            action="store_true",
            help="Call to Adventure: add Triumph/Tragedy columns, notes, profile version",
        )

    def handle(self, *args, **options):
        text = self._read(options["path"])
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            self._answer({"valid": False, "error": _error(None, f"not JSON: {exc}")})
        fmt = data.get("format") if isinstance(data, dict) else None
        if fmt == ADVENTURE:
            answer = self._adventure(data, options)
        elif fmt == GLORY_TABLE:
            if options["catalogue"] or options["profile"] or options["detail"]:
                raise CommandError(
                    "--catalogue, --profile and --detail are for Call to Adventure", returncode=2
                )
            answer = self._glory_table(data)
        else:
            shown = "missing" if fmt is None else json.dumps(fmt)
            reason = f"unknown format {shown}; known: {', '.join(FORMATS)}"
            answer = {"valid": False, "error": _error("format", reason)}
        self._answer(answer)

    def _read(self, path: str) -> str:
        if path == "-":
            return sys.stdin.read()
        try:
            return Path(path).read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"cannot read {path}: {exc}", returncode=2) from None

    def _adventure(self, data: dict, options: dict) -> dict:
        from games.call_to_adventure import (
            CatalogueError,
            ProfileError,
            load_catalogue,
            load_profile,
            score_tableau,
        )

        profiles = []
        for path in options["profile"]:
            try:
                profiles.append(load_profile(Path(path)))
            except OSError as exc:
                raise CommandError(f"cannot read {path}: {exc}", returncode=2) from None
            except ProfileError as exc:
                raise CommandError(f"profile {path}: {exc}", returncode=2) from None
        catalogue = None
        if options["catalogue"]:
            path = options["catalogue"]
            named = {p.name: p for p in profiles}
            wanted = data.get("profile", "core-2")
            profile = named.get(wanted) if isinstance(wanted, str) else None
            try:
                catalogue = load_catalogue(Path(path), profile=profile)
            except OSError as exc:
                raise CommandError(f"cannot read {path}: {exc}", returncode=2) from None
            except CatalogueError as exc:
                raise CommandError(f"catalogue {path}:\n{exc}", returncode=2) from None
        return score_tableau(data, catalogue, profiles, detail=options["detail"])

    def _glory_table(self, data: dict) -> dict:
        return score_table(data)

    def _answer(self, answer: dict) -> None:
        self.stdout.write(json.dumps(answer, ensure_ascii=False))
        if not answer.get("valid"):
            sys.exit(1)


def _error(field, reason):
    return {"player": None, "field": field, "reason": reason}
