"""A team Swiss in a browser: six teams of two at tables of four, three rounds with
check-in every round. The organiser makes a team on a phone; each round a player
checks in from their table page, the organiser closes the check-in from the event
page (who did not come forfeits), the results come in; the teams page shows the team
standings. Screenshots in test-artifacts/screenshots/."""

import random

import pytest

from tests.fixtures.browser import log_in, screenshot
from tests.fixtures.personas import PASSWORD
from tests.tournaments.helpers import make_event, report_round
from tournaments.models import Entrant, RoundCheckIn, Seat, Team
from tournaments.pairing import do_pair_round
from tournaments.round_check_in import do_check_in_for_round
from tournaments.teams import do_create_team

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TEAMS = ["Rooks", "Knights", "Bishops", "Pawns", "Queens", "Kings"]


@pytest.fixture
def league_night(league, organiser, player):
    event = make_event(
        league,
        organiser,
        players=11,
        table_size=4,
        format="team-swiss",
        format_options={"team_size": 2},
        round_check_in=10,
        rounds_planned=3,
        review_pairings=False,
        slug="team-night",
    )
    Entrant.objects.create(event=event, user=player, name=str(player))
    return event


def test_a_team_swiss_of_six_teams_runs_three_rounds_with_check_in(
    league_night, organiser, player, phone_page, laptop_page
):
    entrants = list(Entrant.objects.filter(event=league_night).order_by("pk"))
    log_in(phone_page, organiser.username, PASSWORD)
    phone_page.goto("/events/team-night/teams/")
    phone_page.fill("#team-name", "Rooks")
    phone_page.fill("#team-captain", player.username)
    phone_page.get_by_label(entrants[-1].name).check()
    phone_page.get_by_label(entrants[0].name).check()
    phone_page.get_by_role("button", name="Make the team").click()
    phone_page.wait_for_selector("text=Team Rooks is made.")
    screenshot(phone_page, "teams-made-390x844")
    for number, name in enumerate(TEAMS[1:], start=1):
        pair = [entrants[2 * number - 1].pk, entrants[2 * number].pk]
        do_create_team(league_night, organiser, name, players=pair)
    assert Entrant.objects.filter(event=league_night, team__isnull=True).count() == 0

    rng = random.Random(8)
    for number in (1, 2, 3):
        round_ = do_pair_round(league_night, by=organiser)
        team_of = dict(Entrant.objects.filter(event=league_night).values_list("pk", "team_id"))
        for table in round_.tables.all():
            teams = [team_of[s.entrant_id] for s in table.seats.all()]
            assert len(teams) == len(set(teams))
        for seat in Seat.objects.filter(table__round=round_).exclude(entrant__user=player)[1:]:
            do_check_in_for_round(round_, seat.entrant, by=seat.entrant.user)
        mine = Seat.objects.get(table__round=round_, entrant__user=player).table
        if number == 1:
            log_in(phone_page, player.username, PASSWORD)
        phone_page.goto(f"/scoring/tables/{mine.pk}/")
        phone_page.get_by_role("button", name=f"Check in {player}").click()
        phone_page.wait_for_selector(".round-check-in .badge.ok")
        if number == 1:
            screenshot(phone_page, "team-table-checked-in-390x844")
        assert RoundCheckIn.objects.filter(round=round_, entrant__user=player).exists()
        closing = laptop_page
        if number == 1:
            log_in(closing, organiser.username, PASSWORD)
            closing.on("dialog", lambda dialog: dialog.accept())
        closing.goto("/events/team-night/")
        closing.get_by_role("button", name=f"Close the check-in of round {number}").click()
        closing.wait_for_url(f"**/rounds/{number}/")
        if number == 1:
            screenshot(closing, "team-round-1280x800")
        report_round(round_, rng)
    phone_page.goto("/events/team-night/teams/")
    rows = phone_page.locator("table.teams tbody tr").all_inner_texts()
    assert len(rows) == 6 and Team.objects.filter(event=league_night).count() == 6
    screenshot(phone_page, "team-standings-390x844")
