from django.apps import AppConfig
from django.core import checks

from lib.deploy_checks import site_url_is_set, unsafe_defaults


class AccountsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "accounts"

    def ready(self):
        # The settings production must give, and those it must not leave at bin/run's
        # defaults.
        checks.register(site_url_is_set)
        checks.register(unsafe_defaults, checks.Tags.security, deploy=True)
