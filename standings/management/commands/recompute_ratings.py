from django.core.management.base import BaseCommand

from standings.ratings import computed, differences, do_store_ratings
from tournaments.models import Event


class Command(BaseCommand):
    help = "Recompute every rating from the results, in order, and report any difference."

    def handle(self, *args, **options):
        scopes = set(Event.objects.values_list("season__league_id", "game"))
        scopes |= {(None, game) for _, game in scopes}
        changed = 0
        for league_id, game in sorted(scopes, key=lambda s: (s[0] is None, s[0] or 0, s[1])):
            lines = differences(league_id, game)
            do_store_ratings(league_id, game, computed(league_id, game))
            label = f"league {league_id}" if league_id else "all leagues"
            for line in lines:
                self.stdout.write(f"{label}, {game}: {line}")
            changed += len(lines)
        self.stdout.write(f"scopes recomputed: {len(scopes)}, differences: {changed}")
