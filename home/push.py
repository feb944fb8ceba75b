"""The push stream of a person's to-do list on their home page (``lib.push``): it
hears the channels of every event they play in or organise (``home.todo_changes``); a
change is announced on the event's channel (``tournaments.live``), and what nobody
announces is seen within ``live.REFRESH_SECONDS``."""

from django.core.exceptions import PermissionDenied
from django.utils.translation import get_language

from home.todo_changes import read_todo_stamp, todo_events
from lib.push import Followable, follow
from tournaments import live


def check_todo(request):
    user = request.user
    if not user.is_authenticated:
        raise PermissionDenied
    language = getattr(request, "LANGUAGE_CODE", None) or get_language()
    return Followable(
        todo_events(user),
        lambda: read_todo_stamp(user, language),
        False,
        variant=f"todo-{user.pk}-{language}",
    )


async def todo_changes(request):
    return await follow(request, check_todo, live.TOPIC, live.REFRESH_SECONDS)
