"""The room in Chromium on uvicorn (tests.fixtures.push_pages), walked by clicking:

- a judge call during a round: the player taps "Call a judge" on the table's page, the
  judge's phone shows it by push (no reload), the judge claims it and the player's phone
  shows who is coming, the judge resolves it after two and a half minutes at the table
  and gives the table those minutes with one tap;
- a scorekeeper at the fast desk enters the round's eight tables by keyboard alone:
  six keys a table of four (its number, four places, Enter), counted by the page's own
  keydown events, and a table its players entered is confirmed in two (number, Enter);
  "X of Y tables reported" follows.

Screenshots in test-artifacts/ (room-*)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from room.models import JudgeCall, StreamLink
from scoring.deciding import do_override_result
from scoring.entering import do_submit_result
from tests.fixtures.browser import LAPTOP, screenshot, wait_until
from tests.fixtures.push_pages import following, not_reloaded, shows_within, text_shown
from tests.scoring.conftest import RULEBOOK_ROUND
from tournaments.models import EventRole, Result

pytestmark = [pytest.mark.browser, pytest.mark.embedded, pytest.mark.django_db(transaction=True)]


def test_a_judge_call_during_a_round_gives_the_table_its_minutes(
    page_as, event, table, player, judge, organiser
):
    EventRole.objects.create(event=event, user=judge, role="judge", tables=[], named_by=organiser)
    round_ = table.round
    round_.clock_ends_at = timezone.now() + timedelta(minutes=40)
    round_.save()

    judges = page_as(judge)
    judges.goto("/")
    judges.goto(f"/events/{event.slug}/")
    judges.get_by_role("link", name="Judge calls").click()
    judges.wait_for_selector("text=No table is calling a judge.")
    following(judges)

    phone = page_as(player)
    phone.goto(f"/scoring/tables/{table.pk}/")
    following(phone)
    phone.get_by_text("Call a judge", exact=True).first.click()
    phone.fill("#call-reason", "Can I move through a wall?")
    screenshot(phone, "room-call-a-judge-390x844")
    phone.get_by_role("button", name="Call a judge").click()
    phone.wait_for_selector("text=A judge has been called.")

    shows_within(judges, text_shown("Can I move through a wall?"))
    assert not_reloaded(judges)
    screenshot(judges, "room-judges-call-waiting-390x844")
    following(phone)
    judges.get_by_role("button", name="Claim").click()
    shows_within(phone, text_shown("A judge is coming: Jude Judge."))
    assert not_reloaded(phone)
    screenshot(phone, "room-judge-is-coming-390x844")

    JudgeCall.objects.update(claimed_at=timezone.now() - timedelta(seconds=150))
    judges.get_by_role("button", name="Resolved").click()
    give = judges.get_by_role("button", name="Give table 1 3 more minutes")
    give.wait_for()
    screenshot(judges, "room-judges-offer-minutes-390x844")
    give.click()
    judges.wait_for_selector("text=Table 1 has 3 more minutes.")
    round_.refresh_from_db()
    assert round_.clock_extra == {"1": 3}
    assert JudgeCall.objects.get().extra_minutes == 3
    screenshot(judges, "room-judges-minutes-given-390x844")


def said(page, words: str) -> None:
    wait_until(page, "(w) => document.getElementById('desk-said').innerText.includes(w)", words)


def table_keys(number: int, places: str) -> list[str]:
    return [*str(number), *places, "Enter"]


def test_a_scorekeeper_enters_the_round_at_the_desk_by_keyboard(
    page_as, event, race_round, scorekeeper, organiser, player, other_player
):
    EventRole.objects.create(event=event, user=scorekeeper, role="scorekeeper", named_by=organiser)
    # Table 8's players entered it themselves: the desk confirms it.
    eighth = race_round.tables.get(number=8)
    for position, person in ((0, player), (1, other_player)):
        entrant = eighth.seats.get(position=position).entrant
        entrant.user = person
        entrant.save()
    do_submit_result(eighth, "places/1", {"places": [3, 1, 2, 4]}, player)

    desk = page_as(scorekeeper, viewport=LAPTOP)
    desk.goto(f"/events/{event.slug}/")
    desk.get_by_role("link", name="Fast desk").click()
    desk.wait_for_selector("text=0 of 8 tables reported")
    following(desk)
    desk.evaluate(
        "window.keys = 0; document.addEventListener('keydown', () => { window.keys += 1; }, true)"
    )
    orders = {1: "1234", 2: "2143", 3: "4321", 4: "1324", 5: "2413", 6: "3142", 7: "1111"}
    for number, places in orders.items():
        before = desk.evaluate("window.keys")
        for key in table_keys(number, places):
            desk.keyboard.press(key)
        said(desk, f"Table {number} saved.")
        assert desk.evaluate("window.keys") - before == 6
        if number == 1:
            screenshot(desk, "room-desk-first-saved-1280x800")
    before = desk.evaluate("window.keys")
    desk.keyboard.press("8")
    desk.wait_for_selector("text=Entered by Pat Player")
    screenshot(desk, "room-desk-players-entry-1280x800")
    desk.keyboard.press("Enter")
    said(desk, "Table 8: the players’ entry is confirmed.")
    assert desk.evaluate("window.keys") - before == 2
    shows_within(desk, text_shown("8 of 8 tables reported"))
    desk.wait_for_selector("text=Every table is reported.")
    assert not_reloaded(desk)
    screenshot(desk, "room-desk-all-reported-1280x800")

    places = {
        result.table.number: [s.place for s in result.seats.order_by("position")]
        for result in Result.objects.select_related("table")
    }
    assert places[2] == [2, 1, 4, 3] and places[7] == [1, 1, 1, 1] and places[8] == [3, 1, 2, 4]
    assert len(places) == 8


def test_the_stream_view_is_a_fixed_frame_that_follows_the_table(
    page_as, event, table, organiser, other_player
):
    round_ = table.round
    round_.clock_ends_at = timezone.now() + timedelta(minutes=25)
    round_.save()
    switcher = page_as(organiser, viewport=LAPTOP)
    switcher.goto(f"/events/{event.slug}/")
    switcher.get_by_role("link", name="Name judges and scorekeepers").click()
    switcher.fill("#stream-table", "1")
    switcher.get_by_role("button", name="Switch the stream view on").click()
    switcher.wait_for_selector("text=The stream view is on.")
    screenshot(switcher, "room-stream-switch-1280x800")
    token = StreamLink.objects.get().token

    big = page_as(None, viewport={"width": 1920, "height": 1080})
    big.goto(f"/stream/{token}/")
    big.wait_for_selector("text=Table 1 · playing")
    following(big)
    frame = big.locator(".stream-frame").bounding_box()
    assert (frame["width"], frame["height"]) == (1920, 1080)
    screenshot(big, "room-stream-1920x1080")
    one_round(table, organiser)
    shows_within(big, text_shown("Table 1 · final"))
    assert not_reloaded(big)
    screenshot(big, "room-stream-final-1920x1080")

    small = page_as(None, viewport={"width": 1280, "height": 720})
    small.goto(f"/stream/{token}/?size=720&transparent=1")
    small.wait_for_selector("text=Table 1 · final")
    frame = small.locator(".stream-frame").bounding_box()
    assert (frame["width"], frame["height"]) == (1280, 720)
    assert small.evaluate("getComputedStyle(document.body).backgroundColor") == "rgba(0, 0, 0, 0)"
    screenshot(small, "room-stream-transparent-1280x720")


def one_round(table, organiser):
    """The table's result, entered by the organiser: the stream's table is final."""
    event = table.round.event
    event.rules_options = {"rounds": 1}
    event.save()
    do_override_result(table, "call-to-glory-table/1", RULEBOOK_ROUND, organiser, "at the desk")


@pytest.mark.parametrize("browser_language", ["de", "ru"])
def test_the_staff_pages_speak_german_and_russian_on_a_phone(
    page_as, browser_language, event, race_round, judge, organiser, player
):
    EventRole.objects.create(event=event, user=judge, role="judge", tables=[], named_by=organiser)
    table = race_round.tables.get(number=2)
    entrant = table.seats.get(position=0).entrant
    entrant.user = player
    entrant.save()
    race_round.clock_ends_at = timezone.now() + timedelta(minutes=30)
    race_round.clock_extra = {"2": 4}
    race_round.save()
    from room.calls import do_call_judge

    do_call_judge(table, player, "?")
    phone = page_as(judge)
    for path, name in (("judges", "judges"), ("director", "director")):
        phone.goto(f"/events/{event.slug}/{path}/")
        text = phone.inner_text("main")
        assert "Table 2" not in text and "waiting" not in text  # nothing left in English
        screenshot(phone, f"room-{name}-{browser_language}-390x844")
    desk = page_as(organiser, viewport=LAPTOP)
    desk.goto(f"/events/{event.slug}/fast-desk/")
    desk.keyboard.press("3")
    assert "Table" not in desk.inner_text("main")
    screenshot(desk, f"room-desk-{browser_language}-1280x800")
