"""Celery beat sends ``series.tasks.create_recurring_nights`` every hour, so each
recurring schedule's next night is created ``days_ahead`` days before its date."""

from django.db import migrations

NAME = "series: create recurring nights that are due"


def create(apps, schema_editor):
    IntervalSchedule = apps.get_model("django_celery_beat", "IntervalSchedule")
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    every_hour, _ = IntervalSchedule.objects.get_or_create(every=1, period="hours")
    PeriodicTask.objects.get_or_create(
        name=NAME,
        defaults={"task": "series.tasks.create_recurring_nights", "interval": every_hour},
    )


def remove(apps, schema_editor):
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(name=NAME).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("series", "0001_initial"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [migrations.RunPython(create, remove)]
