from django.apps import AppConfig


class IntegrationsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "integrations"

    def ready(self):
        from django.core import checks

        from integrations.checks import retries_fit_the_broker
        from integrations.receivers import connect

        connect()
        checks.register(retries_fit_the_broker)
