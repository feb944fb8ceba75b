from django.conf import settings
from django.core.management.base import BaseCommand
from django.utils.module_loading import import_string


class Command(BaseCommand):
    help = "Load the demo leagues, events, players, results and bots (idempotent)."

    def handle(self, *args, **options):
        for path in settings.DEMO_LOADERS:
            summary = import_string(path)()
            self.stdout.write(f"{path}: {summary}")
