from django.apps import AppConfig


class PlayConfig(AppConfig):
    """Games played on the site, turn by turn, by people and bots at one table."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "play"
