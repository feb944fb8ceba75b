# The bots' table takes this app's name (games_bot -> bots_bot), now that games 0003
# has let go of it. Renaming keeps every row and every foreign key to it.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('bots', '0006_bot_from_games'),
        ('games', '0003_bot_to_bots'),
    ]

    operations = [
        migrations.AlterModelTable(name='bot', table=None),
    ]
