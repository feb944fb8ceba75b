"""A page fetched again by a push stream (``static/js/push.js`` sends ``HX-Request``)
shows no message and leaves it for the page the person goes to next: an organiser's
other tab following the event must not eat the "The standings are being recomputed."
their click just earned."""

import pytest

pytestmark = pytest.mark.django_db

SAID = "The standings are being recomputed."


def test_a_fetch_again_leaves_the_message_for_the_next_page(client_for, event, organiser):
    client = client_for(organiser)
    client.post(f"/events/{event.slug}/standings/recompute/")
    fetched = client.get(f"/events/{event.slug}/", headers={"HX-Request": "true"})
    assert fetched.status_code == 200 and SAID not in fetched.content.decode()
    shown = client.get(f"/events/{event.slug}/")
    assert SAID in shown.content.decode()
    assert SAID not in client.get(f"/events/{event.slug}/").content.decode()
