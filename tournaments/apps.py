from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"

    def ready(self):
        from games.catalogue_games import register_use
        from tournaments.models import Event

        # A catalogue game an event plays is not deleted (games.catalogue_games).
        register_use(lambda key: Event.objects.filter(game=key).exists())
