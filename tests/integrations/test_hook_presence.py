"""Whether an event has working hooks is asked of the database once per event and
generation: an event without any pays no query for its news; adding a hook (to the
event or to its league) or resuming a paused one is seen at once."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from integrations.deliveries import do_resume, hooks_for
from integrations.hook_presence import may_have_hooks
from integrations.hooks import do_add_hook
from integrations.models import Hook, Topic

pytestmark = pytest.mark.django_db


def queries_of(call):
    with CaptureQueriesContext(connection) as context:
        answer = call()
    return answer, len(context.captured_queries)


def test_an_event_without_hooks_is_asked_once(event):
    assert queries_of(lambda: may_have_hooks(event.pk)) == (False, 1)
    assert queries_of(lambda: hooks_for(event.pk)) == ([], 0)


def test_a_hook_added_to_the_league_is_seen_at_once(event, organiser):
    assert hooks_for(event.pk) == []
    hook = do_add_hook(
        organiser,
        league=event.season.league,
        kind=Hook.Kind.SIGNED,
        url="https://hooks.example.org/in",
        topics=[Topic.RESULT_OFFICIAL],
    )
    assert hooks_for(event.pk) == [hook]


def test_a_resumed_hook_is_seen_at_once(event, organiser):
    hook = do_add_hook(
        organiser, event=event, kind=Hook.Kind.CHAT, url="https://chat.example.org/h"
    )
    Hook.objects.filter(pk=hook.pk).update(paused_at="2026-01-01T00:00:00Z")
    assert hooks_for(event.pk) == []  # a "no" kept for this generation
    do_resume(hook)
    assert hooks_for(event.pk) == [hook]
