"""Absent people never decide a result: a person who forfeits is placed below everyone
who played on, alone; a game whose every person forfeited is abandoned (no places, no
result), and the organiser's results desk says so and offers to enter the result,
replay or void the table (organisers only); an organiser's override abandons a game
under way. One road at a time: no start while the result is entered by hand, no entry
by hand while the table's game is played, no play offered at a walk-in's table."""

from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from bots.models import Bot
from play.clock import do_time_out
from play.models import EventPlay, Game
from play.moving import do_move
from play.settling import forfeit_places
from play.starting import do_start_table_game
from scoring.deciding import do_override_result
from scoring.entering import do_submit_result
from scoring.models import AuditEntry, Submission
from scoring.signals import table_overridden
from standings.computing import do_update_standings
from tests.scoring.conftest import RULEBOOK_ROUND
from tournaments.entrants import do_add_walk_in
from tournaments.models import Entrant, Event, Result, StandingRow

pytestmark = pytest.mark.django_db


class GameSeat:
    def __init__(self, forfeited_at=None):
        self.forfeited = forfeited_at is not None
        self.forfeited_at = forfeited_at


def test_forfeited_seats_are_placed_below_all_who_played_on_and_never_share():
    engine = [1, 1, 3, 2]  # the engine's places, as if nobody forfeited
    seats = [GameSeat(), GameSeat(forfeited_at=40), GameSeat(), GameSeat(forfeited_at=12)]
    assert forfeit_places(engine, seats) == [1, 3, 2, 4]
    assert forfeit_places([2, 1], [GameSeat(), GameSeat(forfeited_at=3)]) == [1, 2]


def running(table, forfeit_after=1):
    event = table.round.event
    event.rules_options = {"rounds": 1}
    event.status = Event.Status.RUNNING
    event.save()
    EventPlay.objects.create(event=event, move_seconds=60, forfeit_after=forfeit_after)
    return table


def time_out(game_id) -> Game:
    Game.objects.filter(pk=game_id).update(deadline=timezone.now() - timedelta(seconds=1))
    assert do_time_out(game_id, Game.objects.get(pk=game_id).moves) == "timeout"
    return Game.objects.get(pk=game_id)


def abandoned_table(organiser, table) -> Game:
    """Both people at the table time out once (forfeit_after 1): the game is abandoned."""
    game = do_start_table_game(organiser, running(table))
    game = time_out(game.pk)
    assert game.is_playing and game.to_move == 1
    return time_out(game.pk)


def test_a_person_who_forfeits_is_placed_last_alone_and_the_standings_say_why(
    client_for, organiser, player, other_player, table
):
    game = do_start_table_game(organiser, running(table))
    game = time_out(game.pk)  # player (seat 0) forfeits; other_player plays on
    assert game.seats.get(position=0).forfeited and game.is_playing
    while game.is_playing:
        assert game.to_move == 1  # the forfeited seat's turns are played at once
        legal = game.state().legal_moves()
        game = do_move(other_player, game.pk, legal[-1], at=game.moves).game
    seats = {seat.position: seat for seat in game.seats.all()}
    assert game.is_finished and (seats[0].place, seats[1].place) == (2, 1)
    assert all(position == 0 for _first, _end, position in game.stood_in)

    result = Result.objects.get(table=table)
    assert result.source == Result.Source.RECORD
    assert result.detail["forfeited"] == [str(player)]
    assert sorted(result.seats.values_list("position", "place")) == [(0, 2), (1, 1)]
    entry = AuditEntry.objects.get(table=table, action="decided by a forfeit")
    assert entry.reason == str(player) and entry.after["places"] == [2, 1]
    desk = client_for(organiser).get(f"/scoring/events/{table.round.event.slug}/desk/")
    assert "whose result came from a forfeit" in desk.content.decode()

    do_update_standings(table.round.event.pk)
    page = client_for(other_player).get(f"/events/{table.round.event.slug}/").content.decode()
    assert f"decided by a forfeit ({player} forfeited)" in page


def test_a_game_every_person_forfeited_is_abandoned_and_decides_nothing(
    client_for, organiser, table
):
    game = abandoned_table(organiser, table)
    assert game.is_abandoned and not game.is_playing
    assert game.result is None and game.replay is None
    assert list(game.seats.values_list("place", flat=True)) == [None, None]
    assert not Result.objects.filter(table=table).exists()
    desk = (
        client_for(organiser)
        .get(f"/scoring/events/{table.round.event.slug}/desk/")
        .content.decode()
    )
    assert "Abandoned: enter the result, replay, or void the table" in desk
    assert "Every person at the table forfeited." in desk
    assert f"/play/tables/{table.pk}/replay/" in desk and f"/play/tables/{table.pk}/void/" in desk
    assert f"/scoring/tables/{table.pk}/" in desk  # enter the result by hand


def test_only_an_organiser_replays_an_abandoned_table(
    client_for, organiser, player, other_player, table
):
    old = abandoned_table(organiser, table)
    url = f"/play/tables/{table.pk}/replay/"
    assert client_for(player).post(url).status_code == 403
    assert Game.objects.get(pk=old.pk).table_id == table.pk

    response = client_for(organiser).post(url)
    new = Game.objects.get(table=table)
    assert response.status_code == 302 and response.url == f"/play/{new.pk}/"
    assert new.pk != old.pk and new.is_playing
    old.refresh_from_db()
    assert old.table_id is None and old.former_table_id == table.pk
    assert AuditEntry.objects.get(table=table, action="replayed").actor == organiser
    # The old game is still seen by the event's people, and only a stale page replays.
    old_page = client_for(player).get(f"/play/{old.pk}/").content.decode()
    assert "This game was abandoned: it decides nothing." in old_page
    again = client_for(organiser).post(url, follow=True)
    assert "no longer waiting for a decision" in again.content.decode()
    assert Game.objects.filter(former_table=table).count() == 1


def test_only_an_organiser_voids_an_abandoned_table_with_a_reason(
    client_for, organiser, player, table
):
    abandoned_table(organiser, table)
    url = f"/play/tables/{table.pk}/void/"
    assert client_for(player).post(url, {"reason": "no-shows"}).status_code == 403
    refused = client_for(organiser).post(url, {"reason": " "}, follow=True)
    assert "Give a reason for voiding the table." in refused.content.decode()
    assert not Result.objects.filter(table=table).exists()

    done = client_for(organiser).post(url, {"reason": "both left early"}, follow=True)
    assert "it counts for nobody" in done.content.decode()
    result = Result.objects.get(table=table)
    assert result.detail["void"] is True and not result.seats.exists()
    assert table.round.__class__.objects.get(pk=table.round.pk).status == "complete"
    entry = AuditEntry.objects.get(table=table, action="voided")
    assert (entry.actor, entry.reason) == (organiser, "both left early")
    do_update_standings(table.round.event.pk)
    assert list(StandingRow.objects.values_list("games", "points")) == [(0, 0), (0, 0)]
    desk = (
        client_for(organiser)
        .get(f"/scoring/events/{table.round.event.slug}/desk/")
        .content.decode()
    )
    assert "Abandoned:" not in desk and "voided the abandoned table" in desk


def test_a_table_override_ends_its_game_under_way_as_abandoned(organiser, table):
    game = do_start_table_game(organiser, running(table, forfeit_after=3))
    with transaction.atomic():
        table_overridden.send(sender=None, table=table, by=organiser, reason="played at home")
    game.refresh_from_db()
    assert game.is_abandoned and game.why_abandoned == "played at home"
    assert game.to_move is None and game.deadline is None


def test_the_organisers_override_abandons_the_site_game_and_its_result_stands(organiser, table):
    game = do_start_table_game(organiser, running(table, forfeit_after=3))
    do_override_result(
        table, Submission.Kind.GLORY_TABLE, RULEBOOK_ROUND, organiser, "played at the venue"
    )
    game.refresh_from_db()
    assert game.is_abandoned and game.why_abandoned == "played at the venue"
    assert not game.is_playing
    assert Result.objects.get(table=table).source == Result.Source.ORGANISER


def test_a_table_whose_result_is_being_entered_is_not_started_on_the_site(
    client_for, organiser, player, table
):
    running(table)
    do_submit_result(table, Submission.Kind.GLORY_TABLE, RULEBOOK_ROUND, player)
    page = client_for(player).get(f"/scoring/tables/{table.pk}/").content.decode()
    assert "Play this table on the site" not in page
    response = client_for(organiser).post(f"/api/tables/{table.pk}/play/")
    assert response.status_code == 409
    assert "being entered by hand" in response.json()["detail"]
    assert not Game.objects.exists()


def test_a_table_played_on_the_site_takes_no_result_by_hand_until_its_game_ends(
    client_for, organiser, player, table
):
    game = do_start_table_game(organiser, running(table))
    body = {"kind": Submission.Kind.GLORY_TABLE, "entry": RULEBOOK_ROUND}
    entered = client_for(player).post(
        f"/api/tables/{table.pk}/submissions/", body, content_type="application/json"
    )
    assert entered.status_code == 409
    assert "being played on the site" in entered.json()["detail"]

    Game.objects.filter(pk=game.pk).update(status=Game.Status.ABANDONED)
    entered = client_for(player).post(
        f"/api/tables/{table.pk}/submissions/", body, content_type="application/json"
    )
    assert entered.status_code == 201, entered.json()


def test_a_walk_ins_table_offers_no_play(client_for, organiser, player, other_player, table):
    running(table)
    offered = client_for(player).get(f"/scoring/tables/{table.pk}/").content.decode()
    assert "Play this table on the site" in offered
    walk_in = do_add_walk_in(table.round.event, "Walk-in Wanda")
    table.seats.filter(position=1).update(entrant=walk_in)
    page = client_for(player).get(f"/scoring/tables/{table.pk}/").content.decode()
    assert "Play this table on the site" not in page
    response = client_for(player).post(f"/api/tables/{table.pk}/play/")
    assert response.status_code == 400 and "no account" in response.json()["detail"]
    # A bot is no walk-in: its seat is played on the site.
    bot = Bot.objects.create(name="Gready", owner=organiser, kind="builtin", builtin_key="greedy")
    table.seats.filter(position=1).update(
        entrant=Entrant.objects.create(event=table.round.event, bot=bot, name=bot.name)
    )
    assert (
        "Play this table on the site"
        in client_for(player).get(f"/scoring/tables/{table.pk}/").content.decode()
    )
