"""``manage.py schedule_bot_matches`` schedules a series by bot names, and says which
name it does not know."""

import pytest
from django.core.management import CommandError, call_command

from bots.models import Batch

pytestmark = pytest.mark.django_db


def test_it_schedules_a_series_between_named_bots(player, builtin_bot):
    randy, rita = builtin_bot("Randy"), builtin_bot("Rita")
    call_command(
        "schedule_bot_matches", "Rita", "Randy", "--games", "6", "--as-user", player.username
    )

    batch = Batch.objects.get()
    assert batch.total == 6 and batch.chunks.count() == 1
    assert batch.lineups == [[rita.pk, randy.pk]]


def test_it_names_the_bot_it_does_not_know(player, builtin_bot):
    builtin_bot("Randy")
    with pytest.raises(CommandError, match="no bot named 'Nobody'"):
        call_command("schedule_bot_matches", "Randy", "Nobody", "--as-user", player.username)
    assert not Batch.objects.exists()
