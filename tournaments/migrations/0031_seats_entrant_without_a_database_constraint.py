"""A seat's entrant without a constraint in the database (its index stays): checking it
at the commit of a round key-share-locked every seated entrant's row, one lookup each
(issue 47; the model says why nothing is lost)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0030_tables_and_seats_by_their_unique_index"),
    ]

    operations = [
        migrations.AlterField(
            model_name="seat",
            name="entrant",
            field=models.ForeignKey(
                db_constraint=False,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="seats",
                to="tournaments.entrant",
            ),
        ),
    ]
