import os

from celery import Celery
from kombu.transport import TRANSPORT_ALIASES

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

TRANSPORT_ALIASES["filesystem"] = "config.broker:Transport"

app = Celery("leaguewright")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
