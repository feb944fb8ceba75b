"""The issue's journey, by clicking from the home page: a team Swiss of six teams of two
at tables of four for three rounds with check-in every round, in a series.

Two people act in two browsers: the organiser on a laptop (1280x800) makes the league,
the season, the event (a catalogue game entered by places), its first two entrants and
two teams (the other ten and four through the services the forms call), a series the
event joins; pairs each round, closes its check-in and types the tables' places at the
fast desk; Pat on a phone (390x844) goes from the home page's to-do to their table and
checks in each round. The other ten players check in through the same service the
button calls (one stays away each round and forfeits). The team standings and the
series' leaderboard, which the real standings worker stores, end the journey.
Screenshots in test-artifacts/screenshots/team-journey-*.
"""

import re

import pytest

from games.catalogue_games import do_add_catalogue_game
from games.registry import forget_catalogue
from series.computing import compute_rows
from series.models import Series, SeriesRow
from tests.fixtures.browser import log_in_from_home, screenshot, wait_until
from tests.fixtures.personas import make_user
from tests.fixtures.push_pages import following
from tests.fixtures.worker import wait_for
from tournaments.entrants import do_add_entrant
from tournaments.models import Entrant, Event, Forfeit, Result, Round, Seat, Team
from tournaments.round_check_in import do_check_in_for_round
from tournaments.teams import do_create_team_named

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TEAMS = ["Rooks", "Knights", "Bishops", "Pawns", "Queens", "Kings"]
SLUG = "team-night"
FORMS_FILLED = 2  # entrants, then teams, made by clicking; the rest by their services


class Shots:
    """Numbered screenshots; each checks the page does not scroll sideways."""

    def __init__(self):
        self.n = 0

    def __call__(self, page, name: str) -> None:
        self.n += 1
        width = page.viewport_size["width"]
        screenshot(page, f"team-journey-{self.n:02d}-{name}-{width}")
        scrolled = page.evaluate("document.documentElement.scrollWidth")
        assert scrolled <= width, f"{name}: the page scrolls sideways ({scrolled} px)"


@pytest.fixture
def camel_race():
    """A catalogue game entered by places, so results are typed at the fast desk."""
    forget_catalogue()
    do_add_catalogue_game(
        None, name="Camel Race", min_players=2, max_players=5, scoring="places", ties="share"
    )
    yield
    forget_catalogue()


@pytest.fixture
def twelve(django_user_model, player, other_player):
    """Pat and Quinn and ten more players with accounts, in the order teams take them."""
    others = [make_user(django_user_model, f"player_{n:02d}") for n in range(1, 11)]
    return [player, other_player, *others]


def set_up_the_event(page, shot) -> None:
    """The organiser, from the home page: league, season, event."""
    page.get_by_role("link", name="New league").click()
    page.fill("input[name=name]", "Tuesday Club")
    page.get_by_role("button", name="Save").click()
    page.wait_for_url("**/leagues/tuesday-club/")
    page.get_by_role("link", name="New season").click()
    page.get_by_role("button", name="Save").click()
    page.wait_for_url("**/leagues/tuesday-club/events/new/")
    page.fill("input[name=name]", "Team Night")
    page.fill("input[name=table_size]", "4")
    page.select_option("select[name=format]", "team-swiss")
    page.fill("input[name=format_team_swiss_team_size]", "2")
    page.fill("input[name=rounds_planned]", "3")
    page.fill("input[name=round_check_in]", "10")
    page.select_option("select[name=review_pairings]", "false")  # no draft to publish
    page.select_option("select[name=game]", "camel-race")
    shot(page, "new-event")
    page.get_by_role("button", name="Save").click()
    page.wait_for_url(f"**/events/{SLUG}/entrants/")


def enter_and_make_teams(page, organiser, people, shot) -> None:
    """Two entrants and two teams by the forms (the team form open while there is no
    team, folded once there is one), the rest through the services those forms call:
    ten more entrants and four more teams by the same clicks proved nothing new."""
    event = Event.objects.get(slug=SLUG)
    for user in people[:FORMS_FILLED]:
        page.fill("input[name=username]", user.username)
        page.get_by_role("button", name="Add entrant").click()
        page.wait_for_url("**/entrants/")
    for user in people[FORMS_FILLED:]:
        do_add_entrant(event, user=user)
    page.get_by_role("link", name="Team Night").first.click()
    page.get_by_role("link", name="Teams and team standings").click()
    page.wait_for_url(f"**/events/{SLUG}/teams/")
    for number, name in enumerate(TEAMS[:FORMS_FILLED]):
        if not page.locator("#team-name").is_visible():
            page.get_by_text("Make a team", exact=True).click()
        page.fill("#team-name", name)
        page.fill("#team-captain", people[2 * number].username)
        for user in people[2 * number : 2 * number + 2]:
            page.get_by_label(str(user), exact=True).check()
        page.get_by_role("button", name="Make the team").click()
        page.wait_for_selector(f"text=Team {name} is made.")
    entrant_of = dict(Entrant.objects.filter(event=event).values_list("user_id", "pk"))
    for number, name in enumerate(TEAMS[FORMS_FILLED:], start=FORMS_FILLED):
        pair = people[2 * number : 2 * number + 2]
        players = [entrant_of[user.pk] for user in pair]
        do_create_team_named(event, organiser, name, pair[0].username, players)
    page.reload()
    shot(page, "teams-made")


def make_the_series(page, shot) -> None:
    page.get_by_role("link", name="Team Night").first.click()
    page.get_by_role("link", name="Tuesday Club").first.click()
    page.get_by_role("link", name="New series").click()
    page.fill("input[name=name]", "Winter Circuit")
    page.fill("input[name=points_by_place]", "10, 8, 6, 5, 4, 3, 2, 1")
    page.fill("input[name=qualifying_places]", "4")
    page.click("button[type=submit]")
    page.wait_for_url("**/series/winter-circuit/")
    page.select_option("select[name=add-event]", SLUG)
    page.click("form[action$='/events/'] button[type=submit]")
    page.wait_for_selector(".cards a:has-text('Team Night')")
    page.get_by_role("link", name="Team Night").first.click()
    page.wait_for_url(f"**/events/{SLUG}/")


def check_in_from_the_phone(phone, player, round_number, shot) -> None:
    phone.get_by_role("link", name="Leaguewright").click()
    todo = phone.locator(".todo [data-action=play] a").first
    assert "table" in todo.inner_text()
    todo.click()
    phone.wait_for_url(re.compile(r"/scoring/tables/\d+/$"))
    assert f"Round {round_number}," in phone.inner_text("h1")
    phone.get_by_role("button", name=f"Check in {player}").click()
    phone.wait_for_selector(".round-check-in .badge.ok")
    if round_number == 1:
        shot(phone, "checked-in")


def enter_the_results(laptop, round_number, shot) -> None:
    """The organiser types each table's places at the fast desk, as a scorekeeper does
    at the end of a round: the table's number, one place a seat, Enter."""
    laptop.get_by_role("link", name="Team Night").first.click()
    laptop.get_by_role("link", name="Fast desk").click()
    laptop.wait_for_selector("text=0 of 4 tables reported")
    following(laptop)  # the desk's script listens for keys once it runs
    for number in range(1, 5):
        for key in [str(number), *"123", "Enter"]:
            laptop.keyboard.press(key)
        said(laptop, f"Table {number} saved.")
    laptop.wait_for_selector("text=Every table is reported.")
    if round_number == 1:
        shot(laptop, "fast-desk")


def said(page, words: str) -> None:
    wait_until(page, "(w) => document.getElementById('desk-said').innerText.includes(w)", words)


def test_a_team_swiss_in_a_series_by_clicking(
    camel_race, celery_worker, laptop_page, phone_page, organiser, player, twelve
):
    laptop, phone, shot = laptop_page, phone_page, Shots()
    laptop.on("dialog", lambda dialog: dialog.accept())
    log_in_from_home(laptop, organiser.username)
    set_up_the_event(laptop, shot)
    enter_and_make_teams(laptop, organiser, twelve, shot)
    make_the_series(laptop, shot)
    event = Event.objects.get(slug=SLUG)
    assert Team.objects.filter(event=event).count() == 6
    log_in_from_home(phone, player.username)

    for number in (1, 2, 3):
        laptop.get_by_role("button", name=f"Pair round {number}").click()
        laptop.wait_for_url(f"**/rounds/{number}/")
        round_ = Round.objects.get(event=event, number=number)
        team_of = dict(Entrant.objects.filter(event=event).values_list("pk", "team_id"))
        for table in round_.tables.all():
            teams = [team_of[seat.entrant_id] for seat in table.seats.all()]
            assert len(teams) == len(set(teams)), "two team-mates at one table"
        check_in_from_the_phone(phone, player, number, shot)
        seats = Seat.objects.filter(table__round=round_).exclude(entrant__user=player)
        stays_away = seats.order_by("entrant__name")[number].entrant
        for seat in seats.exclude(entrant=stays_away).select_related("entrant__user"):
            do_check_in_for_round(round_, seat.entrant, by=seat.entrant.user)
        laptop.get_by_role("link", name="Team Night").first.click()
        laptop.get_by_role("button", name=f"Close the check-in of round {number}").click()
        laptop.wait_for_url(f"**/rounds/{number}/")
        assert list(Forfeit.objects.filter(round=round_).values_list("entrant", flat=True)) == [
            stays_away.pk
        ]
        if number == 1:
            shot(laptop, "round-1")
        enter_the_results(laptop, number, shot)
        assert Result.objects.filter(table__round=round_).count() == 4
        laptop.get_by_role("link", name="Team Night").first.click()

    laptop.get_by_role("link", name="Teams and team standings").click()
    rows = laptop.locator("table.teams tbody tr")
    assert rows.count() == 6
    shot(laptop, "team-standings")
    phone.get_by_role("link", name="Leaguewright").click()
    phone.get_by_role("link", name="Team Night").first.click()
    phone.get_by_role("link", name="Winter Circuit").click()

    def leaderboard():
        """The stored leaderboard is the one the event's final standings give."""
        series = Series.objects.get(slug="winter-circuit")
        if Event.objects.filter(pk=event.pk).exclude(standings_queued_at=None).exists():
            return False
        stored = sorted(SeriesRow.objects.filter(series=series).values_list("person", "points"))
        expected = sorted((line["person"], line["points"]) for line in compute_rows(series))
        return len(stored) == 12 and stored == expected

    wait_for(leaderboard, what="the worker to store the series' leaderboard")
    phone.reload()
    board = phone.locator("table.series-board tbody tr")
    assert board.nth(0).inner_text().startswith("1")
    assert "Qualification line" in phone.locator("table.series-board").inner_text()
    shot(phone, "series-leaderboard")
