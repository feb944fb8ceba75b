"""Only a bot's author edits it and sees its secret (once); only an event's organisers
send its bot tables to the workers; nobody schedules someone else's remote bot."""

import pytest

from bots.models import Batch, Bot, Match
from tournaments.models import Entrant, Round, Seat, Table

pytestmark = pytest.mark.django_db


def test_registering_a_remote_bot_shows_its_secret_once(client_for, player):
    client = client_for(player)
    response = client.post(
        "/bots/new/",
        {
            "name": "Webby",
            "kind": "remote",
            "endpoint_url": "http://127.0.0.1:8765",
            "settings": "{}",
            "move_timeout_ms": 500,
            "time_bank_ms": 5000,
        },
    )
    bot = Bot.objects.get(name="Webby")
    assert bot.owner == player and len(bot.secret) >= 40
    assert bot.secret in response.content.decode()
    assert bot.secret not in client.get(f"/bots/{bot.pk}/").content.decode()


def test_a_built_in_bot_with_unknown_settings_is_refused_and_not_saved(client_for, player):
    response = client_for(player).post(
        "/bots/new/",
        {
            "name": "Tuned",
            "kind": "builtin",
            "builtin_key": "random",
            "settings": '{"no_such_setting": 3}',
            "move_timeout_ms": 500,
            "time_bank_ms": 5000,
        },
    )
    assert response.status_code == 400
    assert "Settings refused by the random bot" in response.content.decode()
    assert not Bot.objects.filter(name="Tuned").exists()


def test_only_the_author_edits_a_bot(client_for, player, outsider, builtin_bot):
    bot = builtin_bot("Randy")
    edit = {
        "name": "Renamed",
        "kind": "builtin",
        "builtin_key": "random",
        "settings": "{}",
        "move_timeout_ms": 500,
        "time_bank_ms": 5000,
    }
    assert client_for(outsider).post(f"/bots/{bot.pk}/edit/", edit).status_code == 403
    assert Bot.objects.get(pk=bot.pk).name == "Randy"

    assert client_for(player).post(f"/bots/{bot.pk}/edit/", edit).status_code == 302
    assert Bot.objects.get(pk=bot.pk).name == "Renamed"


def test_only_the_author_rotates_a_secret(client_for, player, outsider, remote_bot):
    bot = remote_bot("Webby", "http://127.0.0.1:9", secret="old-secret")
    assert client_for(outsider).post(f"/bots/{bot.pk}/secret/").status_code == 403
    assert Bot.objects.get(pk=bot.pk).secret == "old-secret"

    response = client_for(player).post(f"/bots/{bot.pk}/secret/")
    new = Bot.objects.get(pk=bot.pk).secret
    assert new != "old-secret" and new in response.content.decode()


def test_the_api_refuses_a_change_by_anyone_but_the_author(client_for, outsider, builtin_bot):
    bot = builtin_bot("Randy")
    response = client_for(outsider).patch(
        f"/api/bots/{bot.pk}/", {"name": "Mine"}, content_type="application/json"
    )
    assert response.status_code == 403
    assert Bot.objects.get(pk=bot.pk).name == "Randy"


def test_nobody_schedules_someone_elses_remote_bot(client_for, outsider, remote_bot, builtin_bot):
    theirs = remote_bot("Webby", "http://127.0.0.1:9")
    response = client_for(outsider).post(
        "/bots/batches/new/",
        {
            "kind": "series",
            "bots": [theirs.pk, builtin_bot("Randy").pk],
            "games": 2,
            "table_size": 2,
            "rounds": 1,
        },
    )
    assert response.status_code == 403
    assert not Batch.objects.exists()


@pytest.fixture
def bot_round(event, builtin_bot):
    round_ = Round.objects.create(event=event, number=1)
    table = Table.objects.create(round=round_, number=1)
    for position, name in enumerate(["Randy", "Randa"]):
        bot = builtin_bot(name)
        entrant = Entrant.objects.create(event=event, bot=bot, name=name)
        Seat.objects.create(table=table, entrant=entrant, position=position)
    return round_


def test_only_organisers_send_an_events_bot_tables_to_the_workers(
    client_for, organiser, player, outsider, bot_round
):
    for user in (player, outsider):
        assert (
            client_for(user)
            .post(f"/bots/events/{bot_round.event.slug}/rounds/{bot_round.number}/play/")
            .status_code
            == 403
        )
    assert not Match.objects.exists()

    response = client_for(organiser).post(
        f"/bots/events/{bot_round.event.slug}/rounds/{bot_round.number}/play/"
    )
    assert response.status_code == 302
    assert Match.objects.filter(table__round=bot_round, status="queued").count() == 1


def test_a_round_with_no_bot_tables_says_so(client_for, organiser, table):
    response = client_for(organiser).post(
        f"/bots/events/{table.round.event.slug}/rounds/{table.round.number}/play/", follow=True
    )
    assert "has no table of bots waiting for a match" in response.content.decode()
    assert not Match.objects.exists()


def test_the_bot_tables_page_is_for_organisers(client_for, organiser, outsider, bot_round):
    slug = bot_round.event.slug
    assert client_for(outsider).get(f"/bots/events/{slug}/").status_code == 403
    page = client_for(organiser).get(f"/bots/events/{slug}/").content.decode()
    assert "1 table of bots" in page
    assert f"/bots/events/{bot_round.event.slug}/rounds/{bot_round.number}/play/" in page


def test_a_remote_bots_endpoint_is_shown_to_its_author_and_staff_only(
    client_for, player, outsider, staff, remote_bot
):
    bot = remote_bot("Webby", "https://bots.example.org/secret-path")
    for user, shown in ((player, True), (staff, True), (outsider, False), (None, False)):
        client = client_for(user)
        assert (bot.endpoint_url in client.get(f"/bots/{bot.pk}/").content.decode()) is shown
        answer = client.get(f"/api/bots/{bot.pk}/").json()
        assert answer["endpoint_url"] == (bot.endpoint_url if shown else "")
        assert (bot.endpoint_url in client.get("/api/bots/").content.decode()) is shown


@pytest.mark.parametrize("path", ["api", "page"])
def test_an_organiser_cannot_seat_another_authors_remote_bot(
    client_for, organiser, outsider, event, remote_bot, builtin_bot, path
):
    theirs = remote_bot("Webby", "http://127.0.0.1:9", owner=outsider)
    mine = remote_bot("Mine", "http://127.0.0.1:9", owner=organiser)
    client = client_for(organiser)

    def enter(bot):
        if path == "api":
            return client.post(
                f"/api/events/{event.slug}/entrants/", {"bot": bot.name},
                content_type="application/json",
            )  # fmt: skip
        return client.post(f"/events/{event.slug}/entrants/", {"bot": bot.name})

    assert enter(theirs).status_code == 403
    assert not Entrant.objects.filter(bot=theirs).exists()
    assert enter(mine).status_code in (201, 302)
    assert enter(builtin_bot("Randy")).status_code in (201, 302)
    assert set(Entrant.objects.values_list("name", flat=True)) == {"Mine", "Randy"}


def test_staff_may_seat_any_bot(client_for, staff, outsider, event, remote_bot):
    theirs = remote_bot("Webby", "http://127.0.0.1:9", owner=outsider)
    response = client_for(staff).post(
        f"/api/events/{event.slug}/entrants/", {"bot": theirs.name}, content_type="application/json"
    )
    assert response.status_code == 201
