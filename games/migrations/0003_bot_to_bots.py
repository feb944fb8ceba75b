# The Bot model now lives in the bots app (bots 0006), which took over its table: it
# leaves this app's state only, once every foreign key names bots.Bot.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0002_bot_ratings_and_records'),
        ('bots', '0006_bot_from_games'),
        ('tournaments', '0014_bot_in_bots'),
        ('play', '0005_bot_in_bots'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name='Bot')],
        ),
    ]
