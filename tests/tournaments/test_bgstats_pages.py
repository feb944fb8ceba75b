"""The organiser's import page: the file, a choice for each player the league does not
know (an existing person, a new walk-in, or skip), then the report by play; reached from
the league page, on a phone too."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.fixtures.browser import log_in, screenshot
from tests.fixtures.personas import PASSWORD
from tests.tournaments.bgstats_files import evening
from tournaments.models import Entrant, ImportedPlay

pytestmark = pytest.mark.django_db


def upload(text: str, name="bgstats.json"):
    return SimpleUploadedFile(name, text.encode(), content_type="application/json")


def test_the_page_asks_about_each_unknown_player_then_reports(
    club_season, organiser, player, client_for
):
    Entrant.objects.create(event=club_season.events.get(), user=player, name=str(player))
    client = client_for(organiser)
    url = "/leagues/tuesday-club/import/bgstats/"
    league_page = client.get("/leagues/tuesday-club/").content.decode()
    assert f'href="{url}"' in league_page

    first = client.post(url, {"file": upload(json.dumps(evening()))}).content.decode()
    assert "Ann Archer → Ann Archer" in first  # found in the league by name
    assert '<label for="id_player_3">Zoe Zed:</label>' in first
    assert '<option value="person:pat_player">Pat Player</option>' in first
    assert 'name="content"' in first and not ImportedPlay.objects.exists()

    report = client.post(
        url,
        {"content": json.dumps(evening()), "player_3": "person:pat_player", "player_4": "skip"},
    ).content.decode()
    assert "What became of each play" in report
    assert report.count("play-imported") == 1 and report.count("play-unmatched") == 2
    assert "Not taken: Cat Carter." in report
    assert ImportedPlay.objects.get().result.seats.filter(entrant__user=player).exists()
    assert not Entrant.objects.filter(name="Zoe Zed").exists()


def test_a_bad_file_is_shown_on_the_page_and_changes_nothing(club_season, organiser, client_for):
    client = client_for(organiser)
    url = "/leagues/tuesday-club/import/bgstats/"
    page = client.post(url, {"file": upload('{"players": []}')}).content.decode()
    assert "The file is not a BG Stats export: games should be a list." in page
    page = client.post(url, {"file": upload("{not json")}).content.decode()
    assert "The file is not JSON" in page
    tampered = client.post(url, {"content": "[1, 2]"}).content.decode()
    assert "should be a JSON object" in tampered
    assert not ImportedPlay.objects.exists()


def test_only_organisers_reach_the_import_page(club_season, player, client_for):
    response = client_for(player).get("/leagues/tuesday-club/import/bgstats/")
    assert response.status_code == 403
    page = client_for(player).get("/leagues/tuesday-club/").content.decode()
    assert "import/bgstats" not in page


def test_without_an_open_season_the_import_says_so_before_the_file(
    club_season, organiser, client_for
):
    club_season.status = club_season.Status.CLOSED
    club_season.save()
    client = client_for(organiser)
    league_page = client.get("/leagues/tuesday-club/").content.decode()
    assert "import/bgstats" not in league_page
    page = client.get("/leagues/tuesday-club/import/bgstats/").content.decode()
    assert "has no open season to take the plays into: open one first." in page
    assert 'href="/leagues/tuesday-club/seasons/new/"' in page and 'id="import-file"' not in page


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_an_organiser_imports_an_evening_on_a_phone(phone_page, club_season, organiser, tmp_path):
    page = phone_page
    log_in(page, organiser.username, PASSWORD)
    page.goto("/leagues/tuesday-club/")
    page.click("text=Import from BG Stats")
    page.wait_for_url("**/import/bgstats/")
    page.set_input_files(
        "input[name=file]",
        {
            "name": "evening.json",
            "mimeType": "application/json",
            "buffer": json.dumps(evening()).encode(),
        },
    )
    page.click("#import-file button[type=submit]")
    page.wait_for_selector("#import-players")
    page.select_option("select[name=player_4]", "skip")
    screenshot(page, "tournaments-bgstats-import-players")
    page.click("#import-players button[type=submit]")
    page.wait_for_selector("#import-report")
    assert page.locator("#import-report .play-imported").count() == 1
    assert page.locator("#import-report .play-unmatched").count() == 2
    assert page.locator("#import-report .play-refused").count() == 3
    screenshot(page, "tournaments-bgstats-import-report")
    page.click("#import-report .play-imported a")
    page.wait_for_url("**/events/tuesday-club-carcassonne-plays/")
    assert page.locator("h1").inner_text() == "Carcassonne"
