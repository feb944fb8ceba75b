"""A result names its table's event (``Result.event``), filled in for the results there
are, with an index on (event, recorded_at) for the event page's version."""

import django.db.models.deletion
from django.db import migrations, models

FILL_IN = """
UPDATE tournaments_result SET event_id = (
    SELECT r.event_id FROM tournaments_table t JOIN tournaments_round r ON r.id = t.round_id
    WHERE t.id = tournaments_result.table_id
)
"""


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0028_pairs_automatically")]

    operations = [
        migrations.AddField(
            model_name="result",
            name="event",
            field=models.ForeignKey(
                null=True,
                db_constraint=False,
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="tournaments.event",
            ),
        ),
        migrations.RunSQL(FILL_IN, migrations.RunSQL.noop),
        migrations.AlterField(
            model_name="result",
            name="event",
            field=models.ForeignKey(
                db_constraint=False,
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="tournaments.event",
            ),
        ),
        migrations.AddIndex(
            model_name="result",
            index=models.Index(fields=["event", "recorded_at"], name="results_of_event"),
        ),
    ]
