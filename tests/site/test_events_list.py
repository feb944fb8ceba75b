"""``/events/``, the address a newcomer guesses, lists the events they may see; the
header's Events link leads there."""

import pytest

pytestmark = pytest.mark.django_db


def test_events_lists_the_events_a_reader_may_see(client, event):
    page = client.get("/events/").content.decode()
    assert f'href="/events/{event.slug}/"' in page and event.name in page
    assert 'href="/events/">Events</a>' in client.get("/").content.decode()
