"""The event's one life cycle (tournaments.lifecycle): what the event page, the to-dos and
the API offer at each stage, and the writes it refuses with the stage named (409)."""

import random
import re

import pytest
from rest_framework.test import APIClient

from tests.tournaments.helpers import make_event, play, published, report_round
from tournaments import lifecycle
from tournaments.archiving import do_archive_event
from tournaments.event_editing import do_edit_event
from tournaments.finishing import do_finish_event
from tournaments.models import EventLogEntry, Round
from tournaments.pairing import do_pair_round
from tournaments.todo import todo_for

pytestmark = pytest.mark.django_db
Act, Stage = lifecycle.Act, lifecycle.Stage


def api(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def acts(event, user):
    event.refresh_from_db()
    return [offer.act for offer in lifecycle.next_actions(event, user)]


def state(event) -> lifecycle.State:
    event.refresh_from_db()
    return lifecycle.state_of(event)


def actions_section(client, event) -> str:
    page = client.get(f"/events/{event.slug}/").content.decode()
    start = page.index('id="event-actions"')
    return page[start : page.index("</section>", start)]


def main_button(client, event) -> str:
    """The label of the actions section's primary button or link."""
    tags = re.findall(r"<(?:a|button)\b([^>]*)>([^<]*)<", actions_section(client, event))
    main = [
        label.strip()
        for attrs, label in tags
        if "data-action" in attrs and "secondary" not in attrs
    ]
    return main[0] if main else ""


def test_a_swiss_of_seven_cut_to_four_runs_to_its_winner_by_main_buttons(league, organiser, client):
    """The evening of the issue: a Swiss of 7 at tables of 2, three rounds, a planned cut
    to the top 4; the knockout's final ends it, and nothing more can be paired."""
    event = make_event(
        league,
        organiser,
        players=7,
        table_size=2,
        rounds_planned=3,
        format_options={"cut": 4},
    )
    client.force_login(organiser)
    assert main_button(client, event) == "Pair round 1"
    play(event, 2)
    assert acts(event, organiser) == [Act.PAIR, Act.FINISH]
    play(event, 1)
    now = state(event)
    assert now.stage == Stage.SWISS_OVER and now.primary == Act.CUT
    assert "Cut to the top 4" in actions_section(client, event)
    assert [item.action for item in todo_for(organiser)] == ["cut"]
    response = client.post(f"/events/{event.slug}/cut/", {"top": "4"})
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.cut["top"] == 4
    semifinal = event.rounds.get(number=4)
    assert semifinal.tables.filter(is_bye=False).count() == 2
    report_round(semifinal, random.Random(2))
    assert acts(event, organiser) == [Act.PAIR]  # a knockout plays to its winner
    final = published(do_pair_round(event))
    assert final.tables.count() == 1
    assert state(event).stage == Stage.PLAYING
    report_round(final, random.Random(3))
    now = state(event)
    assert now.stage == Stage.COMPLETE and now.acts == [Act.FINISH]
    assert main_button(client, event) == "Finish the event"
    refused = api(organiser).post(f"/api/events/{event.slug}/pair/", {}, format="json")
    assert refused.status_code == 409
    assert "the knockout is over: its final is played" in refused.json()["detail"]
    assert "Finish the event" in refused.json()["detail"]
    assert [item.action for item in todo_for(organiser)] == ["finish"]
    assert client.post(f"/events/{event.slug}/finish/").status_code == 302
    event.refresh_from_db()
    assert event.is_finished and event.rounds.count() == 5
    assert todo_for(organiser) == []
    assert acts(event, organiser) == [Act.REOPEN]
    assert EventLogEntry.objects.filter(event=event, action="finished").exists()


def test_knockout_heats_of_four_end_at_their_final_table(league, organiser):
    """The phantom "Final table" of the issue: a final table of four, once played, is
    the end; pairing again is refused instead of seating its top two again."""
    event = make_event(league, organiser, players=8, table_size=4, format="knockout")
    play(event, 2)
    last = event.rounds.get(number=2)
    assert last.tables.get().explanation.get("final")
    assert state(event).stage == Stage.COMPLETE
    response = api(organiser).post(
        f"/api/events/{event.slug}/pair/", {"override_reason": "one more"}, format="json"
    )
    assert response.status_code == 409
    assert event.rounds.count() == 2


def test_after_the_planned_rounds_finishing_is_the_main_action_and_a_round_needs_a_reason(
    league, organiser, client
):
    event = make_event(league, organiser, players=6, table_size=2, rounds_planned=3)
    client.force_login(organiser)
    play(event, 2)
    do_edit_event(event, organiser, rounds_planned=2)  # edited down
    event.refresh_from_db()
    now = state(event)
    assert now.stage == Stage.SWISS_OVER
    assert now.acts == [Act.FINISH, Act.CUT, Act.EXTRA_ROUND]
    assert main_button(client, event) == "Finish the event"
    assert "Pair round 3</button>" not in actions_section(client, event)
    refused = api(organiser).post(f"/api/events/{event.slug}/pair/", {}, format="json")
    assert refused.status_code == 409 and "reason" in refused.json()["detail"]
    added = api(organiser).post(
        f"/api/events/{event.slug}/pair/", {"override_reason": "time left"}, format="json"
    )
    assert added.status_code == 201 and added.json()["number"] == 3
    assert EventLogEntry.objects.filter(event=event, action="extra round").exists()


def test_while_results_are_missing_the_main_action_is_entering_them(league, organiser, client):
    event = make_event(league, organiser, players=4, table_size=2, rounds_planned=3)
    client.force_login(organiser)
    do_pair_round(event)
    now = state(event)
    assert now.stage == Stage.PLAYING and now.missing == 2
    assert now.acts == [Act.ENTER_RESULTS, Act.PAIR_ANYWAY]
    assert main_button(client, event) == "Enter the missing results (2 tables)"
    refused = api(organiser).post(f"/api/events/{event.slug}/finish/")
    assert refused.status_code == 400 and "2 tables have no result yet" in str(refused.json())


def test_a_draft_round_can_be_discarded_and_its_to_do_goes_with_it(league, organiser, client):
    event = make_event(league, organiser, players=4, table_size=2, review_pairings=True)
    client.force_login(organiser)
    round_ = do_pair_round(event)
    assert round_.is_draft
    assert acts(event, organiser) == [Act.PUBLISH, Act.DISCARD]
    assert [item.action for item in todo_for(organiser)] == ["publish"]
    response = client.post(f"/events/{event.slug}/rounds/1/discard/")
    assert response.status_code == 302 and response.url == f"/events/{event.slug}/"
    assert not Round.objects.filter(event=event).exists()
    assert todo_for(organiser) == []
    assert acts(event, organiser) == [Act.PAIR]
    assert EventLogEntry.objects.filter(event=event, action="discarded").exists()
    do_pair_round(event)
    by_api = api(organiser).post(f"/api/events/{event.slug}/rounds/1/discard/")
    assert by_api.status_code == 204 and not event.rounds.exists()


def test_discarding_a_published_round_is_refused_naming_the_stage(league, organiser):
    event = make_event(league, organiser, players=4, table_size=2)
    do_pair_round(event)
    refused = api(organiser).post(f"/api/events/{event.slug}/rounds/1/discard/")
    assert refused.status_code == 409
    assert "round 1 is being played" in refused.json()["detail"]
    assert event.rounds.count() == 1


def test_finishing_with_a_draft_round_names_what_to_do_with_it(league, organiser):
    event = make_event(league, organiser, players=4, table_size=2, review_pairings=True)
    published(do_pair_round(event))
    report_round(event.rounds.get(number=1), random.Random(1))
    do_pair_round(event)  # round 2, a draft
    refused = api(organiser).post(f"/api/events/{event.slug}/finish/")
    assert refused.status_code == 409
    assert "round 2 is a draft: publish it or discard it" in refused.json()["detail"]


def test_a_draft_of_an_archived_or_finished_event_is_no_to_do(league, organiser):
    event = make_event(league, organiser, players=4, table_size=2, review_pairings=True)
    do_pair_round(event)
    assert [item.action for item in todo_for(organiser)] == ["publish"]
    do_archive_event(event, organiser)
    assert todo_for(organiser) == []


def test_the_api_tells_each_person_their_next_actions(league, organiser, player):
    event = make_event(league, organiser, players=4, table_size=2, rounds_planned=1)
    play(event, 1)
    mine = api(organiser).get(f"/api/events/{event.slug}/").json()
    assert mine["stage"] == "swiss-over"
    first = mine["next_actions"][0]
    assert first["action"] == "finish" and first["primary"] is True
    assert first["method"] == "POST" and first["url"] == f"/api/events/{event.slug}/finish/"
    extra = next(a for a in mine["next_actions"] if a["action"] == "extra-round")
    assert extra["needs_reason"] and extra["body"] == {"round": 2, "override_reason": ""}
    theirs = api(player).get(f"/api/events/{event.slug}/").json()
    assert theirs["stage"] == "swiss-over" and theirs["next_actions"] == []
    done = api(organiser).post(first["url"], first["body"], format="json")
    assert done.status_code == 200 and done.json()["stage"] == "finished"
    assert [a["action"] for a in done.json()["next_actions"]] == ["reopen"]


def test_every_format_says_when_it_is_complete(league, organiser):
    robin = make_event(league, organiser, players=4, table_size=2, format="round-robin")
    play(robin, 2)
    assert state(robin).stage == Stage.BETWEEN_ROUNDS
    play(robin, 1)  # 4 players at tables of 2: 3 rounds
    assert state(robin).stage == Stage.COMPLETE
    ladder = make_event(league, organiser, players=4, table_size=2, format="ladder")
    do_edit_event(ladder, organiser, rounds_planned=1)
    ladder.refresh_from_db()
    play(ladder, 1)
    assert state(ladder).acts == [Act.FINISH, Act.EXTRA_ROUND]
    finished = make_event(league, organiser, players=2, table_size=2, format="knockout")
    play(finished, 1)
    do_finish_event(finished)
    finished.refresh_from_db()
    assert state(finished).stage == Stage.FINISHED


def test_an_organiser_sees_their_actions_before_their_own_register_button(
    league, organiser, client
):
    event = make_event(league, organiser, players=4, table_size=2, registration="open")
    play(event, 1)
    client.force_login(organiser)
    page = client.get(f"/events/{event.slug}/").content.decode()
    assert page.index('id="event-actions"') < page.index("Register</button>")


def test_finishing_tells_each_player_their_final_place(league, organiser, player, other_player):
    from accounts.models import Notice
    from tournaments.entrants import do_add_entrant

    event = make_event(league, organiser, table_size=2, rounds_planned=1)
    for person in (player, other_player):
        do_add_entrant(event, user=person)
    play(event, 1)
    do_finish_event(event, by=organiser)
    told = Notice.objects.filter(subject=f"{event.name} is finished")
    assert {notice.user for notice in told} == {player, other_player}
    assert all("You finished in place" in notice.body for notice in told)
    assert all(f"/events/{event.slug}/" in notice.body for notice in told)


def test_the_latest_round_page_offers_the_organiser_the_next_step(
    league, organiser, player, client
):
    event = make_event(league, organiser, players=4, table_size=2, rounds_planned=2)
    play(event, 1)
    client.force_login(organiser)
    page = client.get(f"/events/{event.slug}/rounds/1/").content.decode()
    steps = page[page.index('id="next-steps"') :]
    assert 'data-action="pair" data-primary>Pair round 2</button>' in steps
    play(event, 1)
    earlier = client.get(f"/events/{event.slug}/rounds/1/").content.decode()
    assert 'id="next-steps"' not in earlier  # only the latest round's page
    latest = client.get(f"/events/{event.slug}/rounds/2/").content.decode()
    assert 'data-action="finish" data-primary>Finish the event</button>' in latest
    client.force_login(player)
    assert 'id="next-steps"' not in client.get(f"/events/{event.slug}/rounds/2/").content.decode()


@pytest.mark.parametrize(
    "planned, button",
    [
        ({"cut": 4}, 'data-action="cut" data-primary>Cut to the top 4</button>'),
        ({}, 'data-action="cut" class="secondary">Start the knockout</button>'),
    ],
)
def test_the_cut_is_one_form_on_the_event_and_the_latest_round_page(
    league, organiser, client, planned, button
):
    event = make_event(
        league, organiser, players=6, table_size=2, rounds_planned=2, format_options=planned
    )
    play(event, 2)
    assert Act.CUT in acts(event, organiser)
    client.force_login(organiser)
    for path in (f"/events/{event.slug}/", f"/events/{event.slug}/rounds/2/"):
        page = client.get(path).content.decode()
        assert page.count(f'action="/events/{event.slug}/cut/"') == 1
        assert page.count('name="top"') == 1 and button in page
