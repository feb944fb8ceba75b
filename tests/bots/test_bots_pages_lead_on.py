"""The Bots pages lead on: the Bots page lists the ladders, a bot's page links the
ladders it plays in, a ladder leads back; the bot form shows a built-in bot's fields
only for a built-in bot and a remote bot's only for a remote one."""

import pytest

from bots.ladders import do_save_ladder
from bots.models import Ladder

pytestmark = pytest.mark.django_db


def test_the_bots_page_and_a_bots_page_reach_its_ladder(client, player, builtin_bot):
    randy, greta = builtin_bot("Randy"), builtin_bot("Greta")
    ladder = do_save_ladder(player, Ladder(name="Evening ladder", every_minutes=1), [randy, greta])
    link = f'href="/bots/ladders/{ladder.pk}/"'
    listing = client.get("/bots/").content.decode()
    assert link in listing and "A round every minute" in listing
    assert link in client.get(f"/bots/{randy.pk}/").content.decode()
    ladder_page = client.get(f"/bots/ladders/{ladder.pk}/").content.decode()
    assert 'href="/bots/"' in ladder_page.split("<main")[1]
    assert "every 1 minutes" not in ladder_page and "A round every minute." in ladder_page


def test_each_kinds_fields_are_shown_for_that_kind_only(client_for, player):
    form = client_for(player).get("/bots/new/").context["form"]
    shown_for = {name: field.widget.attrs.get("data-for") for name, field in form.fields.items()}
    assert shown_for["builtin_key"] == shown_for["settings"] == "kind=builtin"
    for name in ("endpoint_url", "move_timeout_ms", "time_bank_ms"):
        assert shown_for[name] == "kind=remote"
    assert shown_for["name"] is None and shown_for["kind"] is None
