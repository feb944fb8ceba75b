"""Two people take the last seat of an open table at once: the table's row lock lets
one join fill it and start the game; the other finds it full (409). One game."""

import threading

import pytest
from django.db import connection
from django.test import Client

from play.models import Challenge, Game

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_two_joins_of_the_last_seat_at_once_start_one_game(
    client_for, player, other_player, outsider
):
    made = client_for(player).post(
        "/api/play/tables/", {"seats": 2}, content_type="application/json"
    )
    table_id = made.json()["id"]
    barrier = threading.Barrier(2)
    answers = []

    def join(user):
        client = Client()
        client.force_login(user)
        barrier.wait()
        try:
            answers.append(client.post(f"/api/play/tables/{table_id}/join/").status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=join, args=(u,)) for u in (other_player, outsider)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [200, 409]
    assert Game.objects.count() == 1
    table = Challenge.objects.get()
    assert table.seats.count() == 2 and table.game == Game.objects.get()
