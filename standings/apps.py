from django.apps import AppConfig


class StandingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "standings"

    def ready(self):
        from standings import answers
        from tournaments import ranking

        # What tournaments asks of the standings (tournaments imports nothing of them).
        ranking.register(answers)
