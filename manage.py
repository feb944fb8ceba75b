#!/usr/bin/env python
"""Django's command line, with two kindnesses for a fresh clone: the commands that only
read files or play bots in memory (``OFFLINE_COMMANDS``) run without a SECRET_KEY, and a
command that meets a database with no tables says to run ``migrate`` instead of a
traceback."""

import os
import sys

# They sign nothing and serve nothing: a throwaway key is enough (config/settings.py).
OFFLINE_COMMANDS = {"play_bots", "validate_game", "score_tableau", "run_bot_locally"}


def unmigrated() -> bool:
    """Whether the database still has migrations to apply."""
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    try:
        executor = MigrationExecutor(connection)
        return bool(executor.migration_plan(executor.loader.graph.leaf_nodes()))
    except Exception:  # noqa: BLE001 - the first error is the one to report
        return False


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if len(sys.argv) > 1 and sys.argv[1] in OFFLINE_COMMANDS:
        os.environ.setdefault("LEAGUEWRIGHT_OFFLINE_COMMAND", "true")
    from django.core.management import execute_from_command_line
    from django.db import DatabaseError

    from lib.var_folders import make_var_folders

    make_var_folders()
    try:
        execute_from_command_line(sys.argv)
    except DatabaseError:
        if not unmigrated():
            raise
        sys.exit(
            "The database has no tables yet (or misses some): run\n"
            "    .venv/bin/python manage.py migrate\nfirst, then this command again."
        )
