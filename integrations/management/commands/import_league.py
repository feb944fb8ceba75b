"""``manage.py import_league league.json --by USERNAME``: a league file becomes a new
league of this site, created by that person, whole or not at all."""

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from integrations.league_import import (
    MAX_BYTES,
    check_file_size,
    do_import_league,
    read_league_file,
)
from lib.refusal import attempted


class Command(BaseCommand):
    help = "Import a league file written by export_league as a new league."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)
        parser.add_argument("--by", required=True, help="the username of the league's creator")

    def handle(self, *args, **options):
        by = get_user_model().objects.filter(username=options["by"]).first()
        if by is None:
            raise CommandError(f"No person has the username {options['by']}.")
        outcome = attempted(lambda: do_import_league(read_league_file(self.read(options)), by))
        if outcome.refusal is not None:
            raise CommandError(str(outcome.refusal.message))
        self.stdout.write(f"Imported the league {outcome.answer.slug}.")

    def read(self, options) -> bytes:
        """The file's bytes, its size on disk checked before any is read."""
        try:
            check_file_size(options["file"].stat().st_size)
            with options["file"].open("rb") as file:
                return file.read(MAX_BYTES + 1)  # one byte more tells a file that grew
        except OSError as exc:
            raise CommandError(str(exc)) from None
