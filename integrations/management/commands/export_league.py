"""``manage.py export_league SLUG > league.json``: the league as a file
(docs/integrations.md, "A league's file")."""

import json

from django.core.management.base import BaseCommand, CommandError

from integrations.league_export import league_file
from tournaments.models import League


class Command(BaseCommand):
    help = "Write a league (seasons, events, entrants, rounds, results, log) as JSON."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the league's address, as in /leagues/SLUG/")

    def handle(self, *args, **options):
        league = League.objects.filter(slug=options["slug"]).first()
        if league is None:
            raise CommandError(f"No league has the address {options['slug']}.")
        self.stdout.write(json.dumps(league_file(league), ensure_ascii=False, indent=1))
