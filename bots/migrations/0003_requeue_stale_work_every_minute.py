"""Celery beat sends ``bots.tasks.requeue_stale_work`` every minute, so a match or chunk
whose worker died is played again even when no worker restarts."""

from django.db import migrations

NAME = "bots: requeue matches whose worker died"


def create(apps, schema_editor):
    IntervalSchedule = apps.get_model("django_celery_beat", "IntervalSchedule")
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    every_minute, _ = IntervalSchedule.objects.get_or_create(every=1, period="minutes")
    PeriodicTask.objects.get_or_create(
        name=NAME,
        defaults={"task": "bots.tasks.requeue_stale_work", "interval": every_minute},
    )


def remove(apps, schema_editor):
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(name=NAME).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("bots", "0002_batch_chunked"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [migrations.RunPython(create, remove)]
