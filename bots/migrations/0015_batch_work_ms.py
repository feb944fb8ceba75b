from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("bots", "0014_ladder_divisions"),
    ]

    operations = [
        migrations.RenameField(model_name="batch", old_name="decisions", new_name="work_ms"),
        migrations.AlterField(
            model_name="batch",
            name="work_ms",
            field=models.PositiveBigIntegerField(
                default=0, help_text="the worker's milliseconds its games take, estimated"
            ),
        ),
    ]
