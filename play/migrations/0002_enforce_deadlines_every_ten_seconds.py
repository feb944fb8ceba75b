"""Celery beat sends ``play.tasks.enforce_deadlines`` every ten seconds: a seat past its
time for a turn gets the default move (play.clock)."""

from django.db import migrations

NAME = "play: the default move for seats past their time"


def create(apps, schema_editor):
    IntervalSchedule = apps.get_model("django_celery_beat", "IntervalSchedule")
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    every, _ = IntervalSchedule.objects.get_or_create(every=10, period="seconds")
    PeriodicTask.objects.get_or_create(
        name=NAME, defaults={"task": "play.tasks.enforce_deadlines", "interval": every}
    )


def remove(apps, schema_editor):
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(name=NAME).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("play", "0001_initial"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [migrations.RunPython(create, remove)]
