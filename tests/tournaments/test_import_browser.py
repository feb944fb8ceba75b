"""On a phone: an organiser imports a field of 40 from a CSV file, sees a pasted CSV with
a bad row refused row by row, and adds one more person by typing a few letters."""

import pytest

from tests.fixtures.browser import log_in, screenshot, wait_until
from tests.fixtures.personas import PASSWORD, make_user
from tests.tournaments.helpers import make_event
from tournaments.models import Entrant


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_an_organiser_imports_forty_and_adds_one_by_typing(
    phone_page, organiser, league, django_user_model
):
    annika = make_user(django_user_model, "annika_reed")
    earlier = make_event(league, organiser, slug="spring-open")
    Entrant.objects.create(event=earlier, user=annika, name="Annika Reed")
    make_user(django_user_model, "anna_other")
    event = make_event(league, organiser, slug="forty-open", avoid_same_club=True)
    rows = "".join(f"Player {i:02d},,Club {i % 10},{3 if i == 7 else ''}\n" for i in range(40))
    page = phone_page
    log_in(page, organiser.username, PASSWORD)
    page.goto(f"/events/{event.slug}/entrants/")

    page.click("text=Import entrants from a CSV")
    page.fill("textarea[name=csv]", "name,club\nAnn,Rooks\nBen,Rooks,extra\n,Knights\n")
    page.click("#import-entrants button[type=submit]")
    page.wait_for_selector("text=Nothing was imported.")
    assert page.locator("text=Row 3: more cells than the header names").is_visible()
    assert page.locator("text=Row 4: Give the walk-in player's name.").is_visible()
    screenshot(page, "tournaments-import-refused-row-by-row")
    assert not event.entrants.exists()

    page.fill("textarea[name=csv]", "")
    page.set_input_files(
        "input[name=file]",
        {
            "name": "forty.csv",
            "mimeType": "text/csv",
            "buffer": f"name,username,club,fixed_table\n{rows}".encode(),
        },
    )
    page.click("#import-entrants button[type=submit]")
    page.wait_for_selector("text=40 entrants imported.")
    assert page.locator(".entrants > li").count() == 40
    assert page.locator("text=always at table 3").count() == 1
    screenshot(page, "tournaments-import-forty")

    field = page.locator("#id_username")
    field.press_sequentially("ANN", delay=60)
    wait_until(page, "document.querySelectorAll('#people option').length === 2")
    offered = page.eval_on_selector_all("#people option", "options => options.map(o => o.value)")
    assert offered == ["annika_reed", "anna_other"]  # who played in the league first
    screenshot(page, "tournaments-add-by-typing")
    field.fill(" annika_reed ")
    page.click("#add-entrant button[type=submit]")
    page.wait_for_selector("text=Entrant added.")
    assert page.evaluate("document.activeElement.id") == "id_username"
    assert event.entrants.filter(user=annika).exists()
    assert event.entrants.count() == 41
