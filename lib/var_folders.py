"""The site's folders under ``VAR_DIR`` (the SQLite database, the collected static
files, the filesystem broker's queues), made by the programs that start the site:
``manage.py``, the WSGI and ASGI applications, the Celery worker and beat, and the test
suite. Importing the settings makes none."""

from pathlib import Path

from django.conf import settings

# The filesystem broker's folders (config/settings.py, CELERY_BROKER_TRANSPORT_OPTIONS).
BROKER_FOLDERS = ("data_folder_in", "data_folder_out", "processed_folder", "control_folder")


def make_var_folders() -> None:
    """Make every folder the settings name under the var directory (those there are)."""
    options = getattr(settings, "CELERY_BROKER_TRANSPORT_OPTIONS", {})
    folders = [Path(settings.VAR_DIR), Path(settings.STATIC_ROOT)]
    folders += [Path(options[name]) for name in BROKER_FOLDERS if name in options]
    for folder in folders:
        folder.mkdir(parents=True, exist_ok=True)
