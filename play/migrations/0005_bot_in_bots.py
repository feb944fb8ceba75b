# A seat names the Bot model where it now lives (bots 0006); the table and its rows
# stay as they are.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('play', '0004_stand_in_and_abandoned'),
        ('bots', '0006_bot_from_games'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='seat',
                    name='bot',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='played_seats', to='bots.bot'),
                ),
            ],
        ),
    ]
