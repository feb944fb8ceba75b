"""Open tables through the API: anyone signed in takes a free seat until the table is
full, and the join that fills it starts the game. A full table and a second seat for
the same person are refused (409); a table not listed is joined only with its link."""

import pytest

from play.models import Challenge, Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_table(client_for):
    def make(by, **body):
        body = {"seats": 3, "options": {"rounds": 1}, **body}
        response = client_for(by).post("/api/play/tables/", body, content_type="application/json")
        assert response.status_code == 201, response.content
        return response.json()

    return make


def join(client, table_id, **body):
    return client.post(f"/api/play/tables/{table_id}/join/", body, content_type="application/json")


def test_the_join_that_fills_the_table_starts_the_game(
    open_table, client_for, player, other_player, outsider, staff
):
    table = open_table(player, pace="correspondence", rated=True)
    listed = client_for(outsider).get("/api/play/tables/").json()
    assert [t["id"] for t in listed] == [table["id"]] and listed[0]["seats"][0][
        "name"
    ] == "Pat Player"
    assert join(client_for(other_player), table["id"]).json() == {"game": None, "status": "open"}
    filled = join(client_for(outsider), table["id"])
    assert filled.status_code == 200
    game = Game.objects.get(pk=filled.json()["game"])
    assert [s.user for s in game.seats.all()] == [player, other_player, outsider]
    assert game.rated and game.pace == "correspondence"
    assert client_for(outsider).get("/api/play/tables/").json() == []

    full = join(client_for(staff), table["id"])
    assert full.status_code == 409 and "full" in full.json()["detail"]
    assert Game.objects.count() == 1


def test_a_second_join_of_the_same_person_is_refused(open_table, client_for, player, other_player):
    table = open_table(player)
    assert join(client_for(other_player), table["id"]).status_code == 200
    twice = join(client_for(other_player), table["id"])
    assert twice.status_code == 409 and "already" in twice.json()["detail"]
    assert join(client_for(player), table["id"]).status_code == 409
    assert Challenge.objects.get().seats.count() == 2


def test_a_person_who_leaves_frees_the_seat_and_the_creator_withdraws(
    open_table, client_for, player, other_player, outsider
):
    table = open_table(player, seats=3)
    join(client_for(other_player), table["id"])
    assert (
        client_for(other_player).post(f"/api/play/tables/{table['id']}/leave/").status_code == 200
    )
    assert Challenge.objects.get().seats.count() == 1
    assert (
        client_for(player).post(f"/api/play/tables/{table['id']}/leave/").json()["status"]
        == "withdrawn"
    )
    assert join(client_for(outsider), table["id"]).status_code == 409


def test_a_table_not_listed_is_joined_with_its_share_link_only(
    open_table, client_for, player, other_player
):
    table = open_table(player, seats=2, listed=False)
    token = table["link"].rstrip("/").rsplit("/", 1)[1]
    assert client_for(other_player).get("/api/play/tables/").json() == []
    assert join(client_for(other_player), table["id"]).status_code == 404
    assert join(client_for(other_player), table["id"], token="wrong").status_code == 404
    joined = join(client_for(other_player), table["id"], token=token)
    assert joined.status_code == 200 and joined.json()["game"] is not None


@pytest.mark.parametrize("size", [1, 5, "three", None])
def test_a_table_of_a_wrong_size_is_refused(client_for, player, size):
    response = client_for(player).post(
        "/api/play/tables/", {"seats": size}, content_type="application/json"
    )
    assert response.status_code == 400
    assert not Challenge.objects.exists()


def test_a_retry_with_the_same_idempotency_key_opens_one_table(client_for, player):
    client = client_for(player)
    answers = [
        client.post(
            "/api/play/tables/",
            {"seats": 2},
            content_type="application/json",
            headers={"Idempotency-Key": "table-1"},
        )
        for _ in range(2)
    ]
    assert [a.status_code for a in answers] == [201, 201]
    assert answers[0].json() == answers[1].json() and Challenge.objects.count() == 1
