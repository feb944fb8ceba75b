"""Importing entrants from CSV (all rows or none, every bad row named), finding people
as the organiser types, and clubs and fixed tables through the API and pairing."""

import pytest

from lib.refusal import Refusal
from tests.fixtures.personas import make_user
from tests.tournaments.helpers import api, make_event, play
from tournaments.entrant_import import MAX_ROWS
from tournaments.explain import explanation_lines
from tournaments.models import Entrant
from tournaments.pairing import do_pair_round

pytestmark = pytest.mark.django_db


def import_csv(user, event, text):
    return api(user).post(
        f"/api/events/{event.slug}/entrants/import/", {"csv": text}, format="json"
    )


def test_an_organiser_imports_walk_ins_and_people_with_their_club_seed_and_table(
    league, organiser, player
):
    event = make_event(league, organiser)
    text = (
        "Name, Username ,email,club,seed,fixed_table\n"
        "Ann Example,,ann@example.org,Rooks,1,\n"
        f"Pat,  {player.username.upper()} ,,Knights,,3\n"
        "\n"
        "Cat,,,,,\n"
    )
    response = import_csv(organiser, event, text)
    assert response.status_code == 201, response.json()
    assert [e["name"] for e in response.json()] == ["Ann Example", "Pat", "Cat"]
    ann = Entrant.objects.get(event=event, name="Ann Example")
    assert (ann.club, ann.seed, ann.user.email, ann.is_walk_in) == (
        "Rooks",
        1,
        "ann@example.org",
        True,
    )
    pat = Entrant.objects.get(event=event, user=player)
    assert (pat.club, pat.fixed_table) == ("Knights", 3)


def test_one_bad_row_imports_nothing_and_every_bad_row_is_named(league, organiser, player):
    event = make_event(league, organiser)
    Entrant.objects.create(event=event, user=player, name="Pat")
    text = (
        "name,username,email,seed,fixed_table\n"
        "Ann,,,,\n"
        "Bob,nobody-here,,,\n"  # row 3
        "Cy,,not-an-address,,\n"  # row 4
        "Dee,,,first,\n"  # row 5
        "Eve,,,,0\n"  # row 6
        f"Pat again,{player.username},,,\n"  # row 7: already entered
        "ann,,,,\n"  # row 8: Ann twice
        f"{'X' * 81},,,,\n"  # row 9
    )
    response = import_csv(organiser, event, text)
    assert response.status_code == 400
    body = response.json()
    assert body["field"] == "csv"
    rows = {row["row"]: row["reason"] for row in body["error"]["rows"]}
    assert sorted(rows) == [3, 4, 5, 6, 7, 8, 9]
    assert "nobody-here" in rows[3] and "walk-in" in rows[3]
    assert "not-an-address" in rows[4]
    assert "first" in rows[5]
    assert "from 1" in rows[6]
    assert "already entered" in rows[7]
    assert "row 2" in rows[8]
    assert "80" in rows[9]
    assert "row 3" in body["detail"]
    assert Entrant.objects.filter(event=event).count() == 1


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("username\nann\n", "first row names the columns"),
        ("name,colour\nAnn,red\n", "colour"),
        ("name,name\nAnn,Ann\n", "name"),
        ("name\n", "1 to"),
        ("name\n" + "".join(f"P{i}\n" for i in range(MAX_ROWS + 1)), str(MAX_ROWS)),
        ("name\n" + "A" * 200_001, "200000"),
        ("name,club\nAnn,Rooks,extra\n", "more cells"),
    ],
)
def test_the_import_refuses_a_bad_file_with_the_reason_and_changes_nothing(
    league, organiser, text, reason
):
    event = make_event(league, organiser)
    response = import_csv(organiser, event, text)
    assert response.status_code == 400
    assert reason in str(response.json())
    assert not Entrant.objects.filter(event=event).exists()


def test_only_organisers_import_and_strangers_of_a_private_event_are_refused(
    league, organiser, player, outsider
):
    event = make_event(league, organiser, visibility="private")
    assert import_csv(None, event, "name\nAnn\n").status_code in (401, 403)
    assert import_csv(player, event, "name\nAnn\n").status_code == 403
    assert import_csv(outsider, event, "name\nAnn\n").status_code == 403
    assert api().get(f"/api/events/{event.slug}/entrants/").status_code == 403
    assert (
        api(outsider).get(f"/api/events/{event.slug}/entrants/candidates/?q=a").status_code == 403
    )
    assert not Entrant.objects.filter(event=event).exists()


def test_people_are_found_regardless_of_case_and_spaces_league_players_first(
    league, organiser, django_user_model
):
    ann = make_user(django_user_model, "ann")
    make_user(django_user_model, "annika")
    earlier = make_event(league, organiser)
    Entrant.objects.create(
        event=earlier, user=django_user_model.objects.get(username="annika"), name="Annika"
    )
    event = make_event(league, organiser)
    found = api(organiser).get(f"/api/events/{event.slug}/entrants/candidates/?q=AN").json()
    assert [p["username"] for p in found] == ["annika", "ann"]
    assert found[0]["in_league"] is True and found[1]["in_league"] is False
    response = api(organiser).post(
        f"/api/events/{event.slug}/entrants/", {"username": "Ann "}, format="json"
    )
    assert response.status_code == 201, response.json()
    assert Entrant.objects.get(event=event).user == ann
    again = api(organiser).get(f"/api/events/{event.slug}/entrants/candidates/?q=ann").json()
    assert [p["username"] for p in again] == ["annika"]  # ann is entered now
    by_name = api(organiser).post(
        f"/api/events/{event.slug}/entrants/", {"username": " ANNIKA"}, format="json"
    )
    assert by_name.status_code == 201
    long = api(organiser).post(
        f"/api/events/{event.slug}/entrants/", {"walk_in": "W" * 81}, format="json"
    )
    assert long.status_code == 400 and "walk_in" in long.json()


def test_club_and_fixed_table_are_set_through_the_api_and_checked(league, organiser, player):
    event = make_event(league, organiser, players=1)
    entrant = event.entrants.get()
    url = f"/api/events/{event.slug}/entrants/{entrant.pk}/"
    response = api(organiser).patch(url, {"club": " Rooks ", "fixed_table": 2}, format="json")
    assert response.status_code == 200
    assert response.json()["club"] == "Rooks" and response.json()["fixed_table"] == 2
    assert api(organiser).patch(url, {"fixed_table": 0}, format="json").status_code == 400
    assert api(organiser).patch(url, {"club": "C" * 81}, format="json").status_code == 400
    assert api(player).patch(url, {"club": "Mine"}, format="json").status_code == 403
    entrant.refresh_from_db()
    assert (entrant.club, entrant.fixed_table) == ("Rooks", 2)
    cleared = api(organiser).patch(url, {"fixed_table": None}, format="json").json()
    assert cleared["fixed_table"] is None and cleared["club"] == "Rooks"


def test_pairing_keeps_clubs_apart_and_fixed_entrants_at_their_table_and_says_why(
    league, organiser
):
    event = make_event(league, organiser, players=16, avoid_same_club=True)
    entrants = list(event.entrants.order_by("pk"))
    for index, entrant in enumerate(entrants):
        entrant.club = f"Club {index % 8}"  # eight clubs of two
        entrant.fixed_table = 3 if index == 5 else None
        entrant.save()
    for round_ in play(event, 3):
        tables = list(round_.tables.prefetch_related("seats__entrant"))
        for table in tables:
            clubs = [seat.entrant.club for seat in table.seats.all()]
            assert len(set(clubs)) == len(clubs)
            assert table.explanation["same_club"] == []
        third = tables[2]
        assert entrants[5].pk in [seat.entrant_id for seat in third.seats.all()]
        names = {e.pk: e.name for e in entrants}
        lines = explanation_lines(third.explanation, names)
        assert f"Kept at this table every round by the organiser: {entrants[5].name}." in lines


def test_a_fixed_table_past_the_rounds_tables_is_refused_naming_the_player(league, organiser):
    event = make_event(league, organiser, players=8)
    entrant = event.entrants.first()
    entrant.fixed_table = 5
    entrant.save()
    with pytest.raises(Refusal) as refused:
        do_pair_round(event)
    assert entrant.name in str(refused.value) and "2 tables" in str(refused.value)
    assert not event.rounds.exists()


def test_why_this_table_names_two_of_a_club_kept_together():
    note = {"same_club": [{"pair": [1, 2], "club": "Rooks"}], "fixed_table": [3]}
    lines = explanation_lines(note, {1: "Ann", 2: "Ben", 3: "Cat"})
    assert (
        "Ann and Ben, both of Rooks, share this table: no seating found kept them apart "
        "without a repeat meeting." in lines
    )
    assert "Kept at this table every round by the organiser: Cat." in lines


def test_an_import_keeps_the_events_places_and_waitlists_the_rest_in_file_order(
    league, organiser, player
):
    """Issue 40: 1,000 rows into an event of 3 places were all entered active."""
    event = make_event(league, organiser, capacity=3)
    event.entrants.create(user=player, name=str(player))
    text = "name\n" + "".join(f"Walk-in {n}\n" for n in range(1, MAX_ROWS + 1))
    response = import_csv(organiser, event, text)
    assert response.status_code == 201
    statuses = [entrant["status"] for entrant in response.json()]
    assert statuses == ["active"] * 2 + ["waitlisted"] * (MAX_ROWS - 2)
    assert event.entrants.filter(status="active").count() == 3
    first_waiting = Entrant.objects.get(event=event, name="Walk-in 3")
    assert first_waiting.waitlist_place == 1


def test_the_import_page_says_how_many_wait(league, organiser, client_for):
    event = make_event(league, organiser, capacity=2)
    response = client_for(organiser).post(
        f"/events/{event.slug}/entrants/import/",
        {"csv": "name\nAnn\nBen\nCat\nDan\n"},
        follow=True,
    )
    said = [str(message) for message in response.context["messages"]]
    assert said == ["4 entrants imported. The event is full: 2 of them are on the waitlist."]
    waiting = event.entrants.filter(status="waitlisted").order_by("registered_at")
    assert [entrant.name for entrant in waiting] == ["Cat", "Dan"]


def test_an_event_without_a_limit_takes_every_row(league, organiser):
    event = make_event(league, organiser)
    assert import_csv(organiser, event, "name\nAnn\nBen\nCat\n").status_code == 201
    assert event.entrants.filter(status="active").count() == 3
