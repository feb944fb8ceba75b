"""A table's round and a seat's table lose their own indexes: ``one_table_number``
(round, number) and ``one_seat_position`` (table, position) lead with them and find them
as well, and every table and seat a pairing writes went into both (issue 47)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0029_result_names_its_event"),
    ]

    operations = [
        migrations.AlterField(
            model_name="seat",
            name="table",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="seats",
                to="tournaments.table",
            ),
        ),
        migrations.AlterField(
            model_name="table",
            name="round",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="tables",
                to="tournaments.round",
            ),
        ),
    ]
