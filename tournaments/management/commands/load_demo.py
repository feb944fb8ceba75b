from django.core.management.base import BaseCommand

from tournaments.demo import load_demo


class Command(BaseCommand):
    help = "Load the demo league, event, players and bots (idempotent)."

    def handle(self, *args, **options):
        event = load_demo()
        self.stdout.write(f"Demo data ready: {event.name} (/events/{event.slug}/)")
