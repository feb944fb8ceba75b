# The Bot model moves from the games app to this one: its table, games_bot, is taken
# over as it is (state only: no row is touched), the foreign keys of this app follow
# it, and 0007 renames the table once no app's state names games.Bot any more.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('bots', '0005_ladder_table_size'),
        ('games', '0002_bot_ratings_and_records'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Bot',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=80, unique=True, verbose_name='name')),
                        ('description', models.TextField(blank=True, verbose_name='description')),
                        ('kind', models.CharField(choices=[('builtin', 'built-in'), ('remote', 'remote')], default='builtin', max_length=10)),
                        ('builtin_key', models.CharField(blank=True, max_length=40, verbose_name='built-in bot')),
                        ('settings', models.JSONField(blank=True, default=dict, verbose_name='settings')),
                        ('endpoint_url', models.URLField(blank=True, verbose_name='endpoint')),
                        ('secret', models.CharField(blank=True, max_length=128)),
                        ('move_timeout_ms', models.PositiveIntegerField(default=500, help_text='remote bots only', verbose_name='time per move (ms)')),
                        ('time_bank_ms', models.PositiveIntegerField(default=5000, help_text='extra time a remote bot may spend over the per-move time, per game', verbose_name='time bank per game (ms)')),
                        ('rating_mu', models.FloatField(default=25.0)),
                        ('rating_sigma', models.FloatField(default=8.333333333333334)),
                        ('games_rated', models.PositiveIntegerField(default=0)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('owner', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='bots', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={'ordering': ['name'], 'db_table': 'games_bot'},
                ),
                migrations.AlterField(
                    model_name='ladder',
                    name='bots',
                    field=models.ManyToManyField(related_name='ladders', to='bots.bot'),
                ),
                migrations.AlterField(
                    model_name='matchseat',
                    name='bot',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='match_seats', to='bots.bot'),
                ),
                migrations.AlterField(
                    model_name='fault',
                    name='bot',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='faults', to='bots.bot'),
                ),
            ],
        ),
    ]
