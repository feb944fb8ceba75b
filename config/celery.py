import os

from celery import Celery, signals
from kombu.transport import TRANSPORT_ALIASES

from lib.var_folders import make_var_folders

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

TRANSPORT_ALIASES["filesystem"] = "lib.broker:Transport"

app = Celery("leaguewright")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@signals.worker_init.connect
@signals.beat_init.connect
def make_folders(**_signal) -> None:
    """The var folders (the filesystem broker's among them) before a worker or beat
    starts (lib.var_folders): importing the settings makes none."""
    make_var_folders()
