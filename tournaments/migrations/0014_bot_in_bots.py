# Entrants and ratings name the Bot model where it now lives (bots 0006); the table
# and its rows stay as they are.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0013_alter_eventlogentry_action'),
        ('bots', '0006_bot_from_games'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='entrant',
                    name='bot',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='entries', to='bots.bot'),
                ),
                migrations.AlterField(
                    model_name='rating',
                    name='bot',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='ratings', to='bots.bot'),
                ),
            ],
        ),
    ]
