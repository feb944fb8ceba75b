"""An evening at the club on a 390x844 phone, by clicking from the home page (no typed
address after it): the organiser makes a league, a season and a Call to Glory event of
three registered players and a walk-in, and pairs round 1; a player enters the four
rounds one by one as they are played; the other two registered players confirm once
each (the walk-in is never asked); the standings move; the e-mails the worker sent are
in the outbox. Every step leaves a screenshot in test-artifacts/screenshots/evening-*."""

import re
import time
from email import message_from_string
from pathlib import Path

import pytest
from django.conf import settings

from accounts.models import Notice
from scoring.models import Submission
from tests.fixtures.browser import screenshot, wait_until
from tests.fixtures.personas import PASSWORD, make_user
from tests.fixtures.worker import wait_for
from tournaments.models import Event, Result

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
ROUND_SCORES = [20, 18, 16, 14]  # one set each: 20s, 18s, 16s and 14s, any seat order


class Steps:
    """Numbered screenshots, in the order the evening goes."""

    def __init__(self, page):
        self.page, self.n = page, 0

    def shot(self, name: str) -> None:
        self.n += 1
        screenshot(self.page, f"evening-{self.n:02d}-{name}")
        width = self.page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{name}: the page scrolls sideways on a phone ({width} px)"


def log_in(page, username: str) -> None:
    page.get_by_role("link", name="Log in").click()
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r"/$"))


def log_out(page) -> None:
    page.get_by_role("button", name="Log out").click()
    page.wait_for_url(re.compile(r"/$"))


def mails_since(start: float) -> list:
    """Messages the worker's file backend wrote since ``start``."""
    folder = Path(settings.EMAIL_FILE_PATH)
    messages = []
    for path in folder.glob("*.log") if folder.exists() else []:
        if path.stat().st_mtime < start - 1:
            continue
        for chunk in path.read_text().split("-" * 79):
            if chunk.strip():
                messages.append(message_from_string(chunk.strip()))
    return messages


def paired_notices_sent(round_name: str) -> bool:
    """The round's notices are written (all at once, by their task once the pairing
    commits) and every notice is sent."""
    written = Notice.objects.filter(subject__endswith=f"{round_name} is paired").exists()
    return written and not Notice.objects.filter(sent_at=None).exists()


def test_an_evening_at_the_club_by_clicking(celery_worker, phone_page, organiser, player):
    started = time.time()
    quinn = make_user(type(player), "quinn_player")
    rhea = make_user(type(player), "rhea_player")
    page = phone_page
    page.on("dialog", lambda dialog: dialog.accept())
    steps = Steps(page)

    # The organiser: league, season, event, entrants, round 1.
    page.goto("/")
    log_in(page, organiser.username)
    page.get_by_role("link", name="New league").click()
    page.fill("input[name=name]", "Thursday Club")
    assert page.input_value("input[name=slug]") == "thursday-club"  # made from the name
    steps.shot("new-league")
    page.get_by_role("button", name="Save").click()
    page.wait_for_url("**/leagues/thursday-club/")
    page.get_by_role("link", name="New season").click()
    assert page.input_value("input[name=name]")  # pre-filled with the year
    steps.shot("new-season")
    page.get_by_role("button", name="Save").click()
    page.wait_for_url("**/leagues/thursday-club/events/new/")
    assert page.locator("select[name=season] option:checked").inner_text() != "---------"
    page.fill("input[name=name]", "Thursday Glory")
    page.fill("input[name=table_size]", "4")
    page.select_option("select[name=option_call_to_glory_rounds]", "4")
    assert page.input_value("input[name=points_text]") == "4, 2, 1, 0"
    assert page.locator("input[name=format_knockout_advance]").is_hidden()  # not a knockout
    steps.shot("new-event")
    page.get_by_role("button", name="Save").click()
    page.wait_for_url("**/events/thursday-glory/entrants/")
    for username in (player.username, quinn.username, rhea.username):
        page.fill("input[name=username]", username)
        page.get_by_role("button", name="Add entrant").click()
        page.wait_for_url("**/entrants/")
    page.fill("input[name=walk_in]", "Wanda Walkin")
    page.get_by_role("button", name="Add entrant").click()
    page.locator("text=Wanda Walkin").wait_for()
    steps.shot("entrants")
    page.get_by_role("button", name="Pair round 1").click()
    page.wait_for_url("**/events/thursday-glory/rounds/1/")
    assert "(#" not in page.inner_text("main")
    steps.shot("round-1-paired")
    log_out(page)

    # Pat enters the four rounds one by one, as they are played.
    log_in(page, player.username)
    todo = page.locator(".todo [data-action=play] a")
    assert "table 1, seat" in todo.inner_text()
    steps.shot("pat-what-needs-me")
    todo.click()
    page.get_by_role("link", name="Enter the result").click()
    for number in range(1, 5):
        assert f"Round {number} of 4" in page.inner_text("h1")
        # The entry opens on each seat's score for the round (the paper sheet).
        for index, score in enumerate(ROUND_SCORES):
            page.locator(f"input[name=score-{index}]").fill(str(score))
        wait_until(
            page,
            "() => document.querySelectorAll('#preview .running-total').length === 4",
        )
        steps.shot(f"pat-round-{number}")
        last = "Save round 4: the game is over"
        page.get_by_role("button", name=last if number == 4 else f"Save round {number}").click()
        if number < 4:
            # A saved round goes on to the next one's entry, with the totals so far.
            page.wait_for_url(re.compile(r"/scoring/tables/\d+/glory/$"))
            assert f"Round {number + 1} of 4" in page.inner_text("h1")
            so_far = page.locator("table.scores").first.inner_text()
            assert "Entered so far" in page.inner_text("main")
            assert f"R{number}" in so_far and str(ROUND_SCORES[0] * number) in so_far
        if number == 1:
            page.get_by_role("link", name="← Back to the table").click()
            page.wait_for_url(re.compile(r"/scoring/tables/\d+/$"))
            state = page.inner_text(".state")
            assert "Round 1 of 4 entered by Pat Player" in state
            assert "Nobody confirms before the last round is entered" in state
            assert not page.get_by_role("button", name="Confirm").count()
            page.get_by_role("link", name="Enter round 2").click()
        elif number == 4:
            page.wait_for_url(re.compile(r"/scoring/tables/\d+/$"))
            state = page.inner_text(".state")
            assert "waiting for confirmation" in state
            waiting = re.search(r"Still to confirm: (.*)", state).group(1)
            assert sorted(waiting.split(", ")) == ["Quinn Player", "Rhea Player"]
    steps.shot("pat-game-entered")
    submission = Submission.objects.get()
    assert submission.rounds_entered == 4
    log_out(page)

    # Quinn and Rhea each confirm once; Wanda, the walk-in, is never asked.
    for user in (quinn, rhea):
        log_in(page, user.username)
        item = page.locator(".todo [data-action=confirm] a")
        assert "Pat Player entered the result" in item.inner_text()
        steps.shot(f"{user.username}-asked")
        item.click()
        page.get_by_role("button", name="Confirm").click()
        page.wait_for_url(re.compile(r"/scoring/tables/\d+/$"))
        steps.shot(f"{user.username}-confirmed")
        if user == quinn:
            log_out(page)
    assert "official result" in page.inner_text(".state")
    assert Result.objects.count() == 1
    assert submission.confirmations.count() == 2

    # The standings move (through the worker).
    page.get_by_role("link", name="Thursday Glory").first.click()
    standings = page.locator("table.standings tbody tr").first
    for _ in range(120):
        if "No results yet" not in page.inner_text("main"):
            break
        page.wait_for_timeout(500)
        page.reload()
    cells = standings.locator("td")
    rank, games = cells.nth(0).inner_text(), cells.nth(3).inner_text()
    assert (rank, games) == ("1", "1"), standings.inner_text()  # first, after 1 game
    steps.shot("standings")
    event = Event.objects.get(slug="thursday-glory")
    assert event.standings.filter(games=1).count() == 4

    # The e-mails: round 1 paired to the three players, the entry to confirm to two.
    wait_for(lambda: paired_notices_sent("round 1"), what="the notices sent")
    mails = mails_since(started)
    subjects = [(mail["To"], mail["Subject"]) for mail in mails]
    paired = sorted(to for to, subject in subjects if subject.endswith("round 1 is paired"))
    assert paired == [
        "pat_player@example.org",
        "quinn_player@example.org",
        "rhea_player@example.org",
    ]
    asked = sorted(to for to, subject in subjects if "confirm the result" in subject)
    assert asked == ["quinn_player@example.org", "rhea_player@example.org"]
