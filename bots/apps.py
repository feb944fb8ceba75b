from django.apps import AppConfig


class BotsConfig(AppConfig):
    """Bot matches: scheduling, playing on Celery workers, remote bots, replays."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "bots"
