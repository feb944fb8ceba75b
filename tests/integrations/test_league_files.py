"""A league you can take with you: a round trip reproduces the same standings and
ratings (the demo league; a generated league of 1,000 results); an import is whole or
nothing, refuses a file too large or a league that exists, and names the first bad
record; the commands, the pages and the API."""

import io
import json

import pytest
from django.core.management import CommandError, call_command

from integrations import league_import
from integrations.league_export import league_file
from integrations.league_import import (
    MAX_BYTES,
    do_import_league,
    read_league_file,
    read_league_upload,
)
from lib.refusal import Refusal
from standings.computing import do_store_standings
from standings.ratings import do_rebuild_ratings
from tournaments.models import Event, EventLogEntry, League, Rating, Result, StandingRow
from tournaments.simulation import create_event, simulate

pytestmark = pytest.mark.django_db


def moved(file: dict, suffix: str) -> dict:
    """The file with every address changed, as if for a site where they are free."""
    copy = json.loads(json.dumps(file))
    copy["league"]["slug"] += suffix
    for season in copy["seasons"]:
        for event in season["events"]:
            event["slug"] += suffix
    return copy


def standings_of(league) -> dict:
    rows = StandingRow.objects.filter(event__season__league=league).select_related(
        "entrant", "event"
    )
    return {
        (row.event.name, row.entrant.name): (row.rank, row.points, row.games, row.tiebreaks)
        for row in rows
    }


def ratings_of(league) -> dict:
    return {
        (rating.game, rating.user_id, rating.bot_id): (rating.mu, rating.sigma)
        for rating in Rating.objects.filter(league=league)
    }


def settled(league) -> None:
    """The league's standings and ratings as its results give them (the demo's tasks
    never ran here)."""
    events = list(Event.objects.filter(season__league=league))
    for event in events:
        do_store_standings(event)
    for game in {event.game for event in events}:
        do_rebuild_ratings(league.pk, game)


def round_trip(league, by) -> League:
    file = json.loads(json.dumps(league_file(league)))  # as it travels: text
    return do_import_league(moved(file, "-copy"), by)


def test_the_demo_league_comes_back_with_the_same_standings_and_ratings(staff):
    call_command("load_demo", stdout=io.StringIO())
    league = League.objects.get(slug="tuesday-club")
    settled(league)
    assert standings_of(league) and ratings_of(league)
    copy = round_trip(league, staff)
    assert standings_of(copy) == standings_of(league)
    assert ratings_of(copy) == ratings_of(league)
    logged = EventLogEntry.objects.filter(event__season__league=league)
    copied = EventLogEntry.objects.filter(event__season__league=copy)
    assert sorted(copied.values_list("action", "created_at", "actor"), key=str) == sorted(
        logged.values_list("action", "created_at", "actor"), key=str
    )
    sources = Result.objects.filter(table__round__event__season__league=league)
    again = Result.objects.filter(table__round__event__season__league=copy)
    fields = ("source", "recorded_by", "recorded_at")
    assert sorted(again.values_list(*fields), key=str) == sorted(
        sources.values_list(*fields), key=str
    )


def test_a_generated_league_of_a_thousand_results_comes_back_the_same(staff):
    event = create_event(players=100, table_size=2, rounds=20, format="swiss", seed=7)
    simulate(event, rounds=20, seed=7)
    league = event.season.league
    settled(league)
    assert Result.objects.filter(table__round__event=event).count() == 1000
    copy = round_trip(league, staff)
    assert standings_of(copy) == standings_of(league)
    assert ratings_of(copy) == ratings_of(league)


def test_a_league_that_exists_is_refused_and_nothing_is_written(event, organiser):
    file = league_file(event.season.league)
    with pytest.raises(Refusal) as refused:
        do_import_league(file, organiser)
    assert refused.value.is_conflict and "tuesday-club" in str(refused.value.message)
    assert League.objects.count() == 1


def test_the_first_bad_record_is_named_and_nothing_is_written(table, organiser):
    from tournaments.results import SeatOutcome, do_record_result

    do_record_result(table, [SeatOutcome(0, 9, 1), SeatOutcome(1, 5, 2)], source="organiser")
    file = moved(json.loads(json.dumps(league_file(table.round.event.season.league))), "-2")
    file["seasons"][0]["events"][0]["rounds"][0]["tables"][0]["result"]["seats"][1]["place"] = "x"
    with pytest.raises(Refusal) as refused:
        do_import_league(file, organiser)
    message = str(refused.value.message)
    assert message.startswith("seasons[1].events[1].rounds[1].tables[1].result.seats[2]: place")
    assert League.objects.count() == 1 and Event.objects.count() == 1


def test_a_file_too_large_or_of_another_kind_is_refused(monkeypatch):
    monkeypatch.setattr(league_import, "MAX_BYTES", 10)
    with pytest.raises(Refusal) as refused:
        read_league_file(b'{"format": "leaguewright-league"}')
    assert refused.value.http_status == 413
    monkeypatch.setattr(league_import, "MAX_BYTES", 10_000)
    for data in (b"not json", b'{"format": "bgstats"}', b'{"format": "leaguewright-league"}'):
        with pytest.raises(Refusal):
            read_league_file(data)


class Unreadable:
    """An upload that declares its size and fails the test if it is read."""

    size = MAX_BYTES + 1

    def read(self, *args):
        raise AssertionError("the file was read before its size was checked")


def test_a_file_too_large_is_refused_by_its_size_before_it_is_read():
    with pytest.raises(Refusal) as refused:
        read_league_upload(Unreadable())
    assert refused.value.http_status == 413


def test_every_path_refuses_a_file_too_large(monkeypatch, organiser, client_for, tmp_path):
    path = tmp_path / "league.json"
    with path.open("wb") as file:
        file.truncate(MAX_BYTES + 1)  # sparse: nothing written to the disk
    with pytest.raises(CommandError, match="larger than 20 MB"):
        call_command("import_league", str(path), "--by", organiser.username)
    monkeypatch.setattr(league_import, "MAX_BYTES", 10)
    client = client_for(organiser)
    for url, status in (("/api/league-files/", 413), ("/integrations/leagues/import/", 413)):
        upload = io.BytesIO(b'{"format": "leaguewright-league"}')
        upload.name = "league.json"
        response = client.post(url, {"file": upload})
        assert response.status_code == status and "larger than" in response.text
    assert League.objects.count() == 0


def test_the_commands_take_a_league_out_and_in(table, organiser, tmp_path):
    out = io.StringIO()
    call_command("export_league", "tuesday-club", stdout=out)
    path = tmp_path / "league.json"
    path.write_text(json.dumps(moved(json.loads(out.getvalue()), "-3")))
    call_command("import_league", str(path), "--by", organiser.username, stdout=io.StringIO())
    copy = League.objects.get(slug="tuesday-club-3")
    assert copy.created_by == organiser
    assert copy.seasons.get().events.get().rounds.get().tables.get().seats.count() == 2
    with pytest.raises(CommandError, match="exists already"):
        call_command("import_league", str(path), "--by", organiser.username)


def test_organisers_download_the_file_and_anyone_signed_in_imports_one(
    table, organiser, outsider, client_for
):
    assert client_for(outsider).get("/integrations/leagues/tuesday-club/export/").status_code == 403
    assert client_for(outsider).get("/api/leagues/tuesday-club/export/").status_code == 403
    client = client_for(organiser)
    response = client.get("/integrations/leagues/tuesday-club/export/")
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    file = moved(json.loads(response.content), "-4")
    assert client.get("/api/leagues/tuesday-club/export/").json()["version"] == 1
    upload = io.BytesIO(json.dumps(file).encode())
    upload.name = "league.json"
    imported = client_for(outsider).post("/api/league-files/", {"file": upload})
    assert imported.status_code == 201, imported.content
    assert League.objects.get(slug="tuesday-club-4").created_by == outsider
    again = io.BytesIO(json.dumps(file).encode())
    again.name = "league.json"
    page = client_for(outsider).post("/integrations/leagues/import/", {"file": again})
    assert page.status_code == 409 and "exists already" in page.text
    assert client_for(None).post("/api/league-files/", {}).status_code in (401, 403)
