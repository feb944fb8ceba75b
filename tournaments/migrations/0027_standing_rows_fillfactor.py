"""Standing rows leave half of each page free on PostgreSQL (fillfactor 50).

A standings run during a result wave rewrites most of an event's rows (a result moves
everyone's rank). With full pages each new row version went to another page, so every
run left an event's worth of dead rows for vacuum: 1.1 million for 7,500 entrants in
three minutes of bench_wave, 273 MB for 7,500 live rows, and each run slower than the
last. With room on the page the update is HOT (no indexed column changes) and the page
prunes its own dead versions: 300,000 updates left the table at 4.2 MB."""

from django.db import migrations

TABLE = "tournaments_standingrow"


def half_full(_apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"ALTER TABLE {TABLE} SET (fillfactor = 50)")


def full(_apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"ALTER TABLE {TABLE} RESET (fillfactor)")


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0026_team_version")]

    operations = [migrations.RunPython(half_full, full)]
