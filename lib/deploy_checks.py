"""What ``manage.py check --deploy`` warns about beyond Django's own checks: the
settings whose defaults are safe for ``bin/run`` on one machine and unsafe in
production (README, "Settings"), and the error of a production start-up without
``SITE_URL``. Registered by ``accounts.apps``."""

from urllib.parse import urlsplit

from django.conf import settings
from django.core import checks

LOCAL_HOSTS = {"localhost", "127.0.0.1", "[::1]", "::1"}


def unsafe_defaults(**_kwargs) -> list[checks.Warning]:
    """The check ``accounts.apps`` registers: ``warnings_for`` the site's settings."""
    return warnings_for(settings)


def warnings_for(settings) -> list[checks.Warning]:
    warnings = []
    if settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"):
        warnings.append(
            checks.Warning(
                "The database is SQLite (DATABASE_URL is not set): one file that every "
                "process writes in turn.",
                hint="Set DATABASE_URL to a PostgreSQL database (README, 'Running on "
                "PostgreSQL + Redis').",
                id="leaguewright.W001",
            )
        )
    if not settings.CACHES["limits"]["BACKEND"].endswith(".LimitsCache"):
        warnings.append(
            checks.Warning(
                "The rate limits, the sign-up limit and the caps on waits and streams are "
                "counted in each process's memory (CELERY_BROKER_URL is not Redis): every "
                "process lets a person do it all again.",
                hint="Set CELERY_BROKER_URL to a Redis server (redis://...).",
                id="leaguewright.W002",
            )
        )
    if getattr(settings, "SECURE_PROXY_SSL_HEADER", None) and not settings.CLIENT_ADDRESS_HEADER:
        warnings.append(
            checks.Warning(
                "Behind a proxy (SECURE_PROXY_SSL_HEADER) every request comes from the "
                "proxy's address, and CLIENT_ADDRESS_HEADER is empty: the lockout and every "
                "per-address limit count all visitors as one.",
                hint="Set CLIENT_ADDRESS_HEADER to the header your proxy sets "
                "(X-Forwarded-For or X-Real-IP).",
                id="leaguewright.W003",
            )
        )
    if urlsplit(settings.SITE_URL).hostname in LOCAL_HOSTS:
        warnings.append(
            checks.Warning(
                f"SITE_URL is {settings.SITE_URL}: the links the site mails (confirming "
                "an address, a turn to play, a notice's page) lead nowhere.",
                hint="Set SITE_URL to the address people reach the site at.",
                id="leaguewright.W004",
            )
        )
    return warnings


SITE_URL_UNSET = checks.Error(
    "SITE_URL is not set.",
    hint=(
        "Set SITE_URL to the address people reach the site at (https://leagues.example.org):"
        " the links in the e-mails it sends start with it."
    ),
    id="leaguewright.E001",
)


def site_url_is_set(**kwargs) -> list:
    """Off ``DEBUG``, an unset ``SITE_URL`` (the development default) would send every
    e-mail's link to a machine nobody reaches it at."""
    if settings.DEBUG or settings.SITE_URL not in ("", settings.DEVELOPMENT_SITE_URL):
        return []
    return [SITE_URL_UNSET]
