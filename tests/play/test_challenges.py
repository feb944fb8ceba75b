"""Challenges through the API: a person challenges others (people and bots), each
person invited is told (the to-do list, an e-mail) and accepts or declines; the last
acceptance starts the game. Limits, bad input and stale answers change nothing."""

import pytest

from accounts.models import Notice
from play.models import Challenge, Game
from tests.page_html import as_drawn
from tournaments.todo import todo_for

pytestmark = pytest.mark.django_db

THREE_DAYS = 3 * 24 * 3600


@pytest.fixture
def challenge(client_for):
    def send(by, seats, **extra):
        body = {"seats": seats, "options": {"rounds": 1}, **extra}
        return client_for(by).post("/api/play/challenges/", body, content_type="application/json")

    return send


def test_ann_challenges_two_people_and_a_bot_and_the_game_starts_once_both_accept(
    challenge, client_for, player, other_player, outsider, greedy_bot
):
    seats = [
        {"username": player.username},
        {"username": other_player.username},
        {"username": outsider.username},
        {"bot": greedy_bot.name},
    ]
    response = challenge(player, seats, pace="correspondence")
    assert response.status_code == 201, response.content
    challenge_id = response.json()["id"]
    assert set(Notice.objects.values_list("user__username", flat=True)) == {
        other_player.username,
        outsider.username,
    }
    assert "Pat Player challenges you" in Notice.objects.first().subject
    [item] = todo_for(other_player)
    assert item.action == "challenge" and item.url == f"/play/challenges/{challenge_id}/"
    assert "Quick Game, by correspondence, 3 days a move" in item.text
    [listed] = client_for(other_player).get("/api/me/todo/").json()["items"]
    assert listed["action"] == "challenge" and listed["event"] is None

    first = client_for(other_player).post(f"/api/play/challenges/{challenge_id}/accept/")
    assert first.json() == {"game": None, "status": "open"}
    assert todo_for(other_player) == []
    last = client_for(outsider).post(f"/api/play/challenges/{challenge_id}/accept/")
    assert last.status_code == 200
    game = Game.objects.get(pk=last.json()["game"])
    assert [s.name for s in game.seats.all()] == [
        "Pat Player",
        "Quinn Player",
        "Oscar Outsider",
        "Gready",
    ]
    assert game.pace == "correspondence" and game.move_seconds == THREE_DAYS
    again = client_for(outsider).post(f"/api/play/challenges/{challenge_id}/accept/")
    assert again.json()["game"] == game.pk and Game.objects.count() == 1


def test_a_decline_ends_the_challenge_and_tells_its_creator(
    challenge, client_for, player, other_player
):
    challenge_id = challenge(
        player, [{"username": player.username}, {"username": other_player.username}]
    ).json()["id"]
    Notice.objects.all().delete()
    response = client_for(other_player).post(f"/api/play/challenges/{challenge_id}/decline/")
    assert response.json() == {"game": None, "status": "declined"}
    assert Notice.objects.get().user == player
    late = client_for(other_player).post(f"/api/play/challenges/{challenge_id}/accept/")
    assert late.status_code == 409 and "declined" in late.json()["detail"]
    assert not Game.objects.exists()


def test_only_the_people_invited_answer(challenge, client_for, player, other_player, outsider):
    challenge_id = challenge(
        player, [{"username": player.username}, {"username": other_player.username}]
    ).json()["id"]
    response = client_for(outsider).post(f"/api/play/challenges/{challenge_id}/accept/")
    assert response.status_code == 403
    assert client_for(outsider).get(f"/api/play/challenges/{challenge_id}/").status_code == 403
    assert Challenge.objects.get().seats.filter(accepted=True).count() == 1


def test_the_creator_withdraws_a_challenge(challenge, client_for, player, other_player):
    challenge_id = challenge(
        player, [{"username": player.username}, {"username": other_player.username}]
    ).json()["id"]
    assert (
        client_for(player).post(f"/api/play/challenges/{challenge_id}/decline/").json()["status"]
        == "withdrawn"
    )
    assert todo_for(other_player) == []
    assert (
        client_for(other_player).post(f"/api/play/challenges/{challenge_id}/accept/").status_code
        == 409
    )


@pytest.mark.parametrize(
    ("seats", "extra", "field"),
    [
        ([{"username": "pat_player"}], {}, "seats"),
        ([{"username": "quinn_player"}, {"bot": "Gready"}], {}, "seats"),
        ([{"username": "pat_player"}, {"username": "nobody"}], {}, "seats"),
        ([{"username": "pat_player"}, {"username": "pat_player"}], {}, "seats"),
        (
            [{"username": "pat_player"}, {"bot": "Gready"}, {"username": "quinn_player"}],
            {"rated": True},
            "rated",
        ),
        (
            [{"username": "pat_player"}, {"username": "quinn_player"}],
            {"pace": "live", "move_seconds": 5},
            "move_seconds",
        ),
        (
            [{"username": "pat_player"}, {"username": "quinn_player"}],
            {"options": {"rounds": 99}},
            "options",
        ),
    ],
)
def test_a_bad_challenge_is_refused_with_its_reason_and_nothing_is_sent(
    challenge, player, other_player, greedy_bot, seats, extra, field
):
    response = challenge(player, seats, **extra)
    assert response.status_code == 400, response.content
    assert field in response.json().get("field", "") or field in response.json()
    assert not Challenge.objects.exists() and not Notice.objects.exists()


def test_a_person_has_at_most_the_limit_of_open_challenges_and_tables(
    challenge, client_for, settings, player, other_player
):
    settings.PLAY_MAX_OPEN_CHALLENGES = 2
    seats = [{"username": player.username}, {"username": other_player.username}]
    assert challenge(player, seats).status_code == 201
    table = client_for(player).post(
        "/api/play/tables/", {"seats": 3}, content_type="application/json"
    )
    assert table.status_code == 201
    refused = challenge(player, seats)
    assert refused.status_code == 409 and "2 open challenges and tables" in refused.json()["detail"]
    refused = client_for(player).post(
        "/api/play/tables/", {"seats": 3}, content_type="application/json"
    )
    assert refused.status_code == 409
    assert Challenge.objects.count() == 2
    client_for(player).post(f"/api/play/tables/{table.json()['id']}/leave/")
    assert challenge(player, seats).status_code == 201


def test_a_challenge_against_bots_only_starts_at_once(challenge, client_for, player, greedy_bot):
    response = challenge(player, [{"username": player.username}, {"bot": greedy_bot.name}])
    detail = client_for(player).get(f"/api/play/challenges/{response.json()['id']}/").json()
    assert detail["status"] == "started" and Game.objects.filter(pk=detail["game"]).exists()


def test_the_lobby_lists_an_open_challenge_of_people_and_a_bot_by_their_names(
    challenge, client_for, player, other_player, greedy_bot
):
    seats = [{"username": player.username}, {"username": other_player.username}]
    seats.append({"bot": greedy_bot.name})
    assert challenge(player, seats).status_code == 201
    for person in (player, other_player):
        response = client_for(person).get("/play/")
        assert response.status_code == 200
        assert f"{player}, {other_player}, {greedy_bot.name} · Call to Glory" in as_drawn(
            response.content.decode()
        )
