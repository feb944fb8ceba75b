"""Pairings reviewed, then published: a draft round is the organisers' alone (players'
pages, the round API, /api/me/todo/, the standings, the exports and e-mail show nothing
of it) until ``publish``; only organisers publish."""

import pytest

from accounts.models import Notice
from standings.computing import do_store_standings
from tests.tournaments.helpers import api, enter, make_event
from tournaments.models import Event, EventLogEntry, Seat
from tournaments.tasks import notify_round_paired

pytestmark = pytest.mark.django_db


@pytest.fixture
def reviewed(league, organiser, player, other_player):
    """An event that reviews its pairings, with player and other_player among five
    entrants at tables of two (one bye)."""
    event = make_event(
        league, organiser, table_size=2, review_pairings=True, points_by_place=[3, 0]
    )
    event.entrants.create(user=player, name="Pat Player")
    event.entrants.create(user=other_player, name="Quinn Player")
    enter(event, 3)
    return event


def pair(organiser, event, **body):
    return api(organiser).post(f"/api/events/{event.slug}/pair/", body, format="json")


def test_the_default_reviews_a_swiss_of_16_and_not_of_15(league, organiser):
    small = make_event(league, organiser, players=15)
    big = make_event(league, organiser, players=16)
    assert not small.reviews_pairings and big.reviews_pairings
    Event.objects.filter(pk=big.pk).update(review_pairings=False)
    big.refresh_from_db()
    assert not big.reviews_pairings
    knockout = make_event(league, organiser, players=16, format="knockout")
    assert not knockout.reviews_pairings


def test_a_draft_is_seen_only_by_organisers(reviewed, organiser, player, client_for, tasks_sent):
    answer = pair(organiser, reviewed)
    assert answer.status_code == 201 and answer.json()["draft"]
    slug = reviewed.slug
    assert api(player).get(f"/api/events/{slug}/rounds/").json() == []
    assert api(player).get(f"/api/events/{slug}/rounds/1/").status_code == 404
    assert api().get(f"/api/events/{slug}/rounds/1/").status_code == 404
    assert len(api(organiser).get(f"/api/events/{slug}/rounds/").json()) == 1
    waiting = api(organiser).get("/api/me/todo/").json()["items"]
    assert [(item["action"], item["url"]) for item in waiting] == [
        ("publish", f"/events/{slug}/rounds/1/")
    ]
    assert api(player).get("/api/me/todo/").json() == {"items": []}
    assert tasks_sent.run(notify_round_paired) == []
    assert not Notice.objects.filter(user=player).exists()
    seat = Seat.objects.get(entrant__user=player)
    assert client_for(player).get(f"/scoring/tables/{seat.table_id}/").status_code == 404
    assert client_for(organiser).get(f"/scoring/tables/{seat.table_id}/").status_code == 200
    event_page = client_for(player).get(f"/events/{slug}/").content.decode()
    assert f"/events/{slug}/rounds/1/" not in event_page
    pairings = client_for(player).get(f"/events/{slug}/export/pairings.csv").content.decode()
    assert pairings.strip().count("\n") == 0  # the header alone
    do_store_standings(reviewed)
    assert all(
        row["points"] == 0 for row in api().get(f"/api/events/{slug}/standings/").json()["results"]
    )


def test_the_draft_is_swapped_and_paired_again_differently_before_it_is_published(
    reviewed, organiser
):
    pair(organiser, reviewed)
    slug = reviewed.slug
    first = api(organiser).get(f"/api/events/{slug}/rounds/1/").json()["tables"]
    seats = [seat["id"] for table in first if not table["is_bye"] for seat in table["seats"]]
    swapped = api(organiser).post(
        f"/api/events/{slug}/rounds/1/swap/",
        {"first": seats[0], "second": seats[-1]},
        format="json",
    )
    assert swapped.status_code == 200 and swapped.json()["draft"]
    tables = []
    for _attempt in range(3):
        again = api(organiser).post(
            f"/api/events/{slug}/rounds/1/repair/", {"differently": True}, format="json"
        )
        assert again.status_code == 200 and again.json()["draft"]
        tables.append(
            sorted(tuple(s["entrant"] for s in t["seats"]) for t in again.json()["tables"])
        )
    assert len(set(map(tuple, tables))) > 1  # a new seed each time
    log = EventLogEntry.objects.filter(event=reviewed, action=EventLogEntry.Action.REPAIRED)
    assert all("seed" in entry.detail for entry in log)


def test_publishing_tells_the_players_and_shows_them_their_table(
    reviewed, organiser, player, other_player, client_for, tasks_sent
):
    pair(organiser, reviewed)
    slug = reviewed.slug
    assert api(player).post(f"/api/events/{slug}/rounds/1/publish/").status_code == 403
    assert api().post(f"/api/events/{slug}/rounds/1/publish/").status_code in (401, 403)
    published = api(organiser).post(f"/api/events/{slug}/rounds/1/publish/")
    assert published.status_code == 200 and not published.json()["draft"]
    again = api(organiser).post(f"/api/events/{slug}/rounds/1/publish/")
    assert again.status_code == 409
    assert api(player).get(f"/api/events/{slug}/rounds/1/").status_code == 200
    tasks_sent.run(notify_round_paired)
    notices = Notice.objects.filter(user__in=[player, other_player])
    assert {n.subject for n in notices} == {f"{reviewed.name}: round 1 is paired"}
    todo = api(player).get("/api/me/todo/").json()["items"]
    seat = Seat.objects.get(entrant__user=player)
    assert seat.table.is_bye or [item["action"] for item in todo] == ["play"]
    reviewed.refresh_from_db()
    assert reviewed.is_running
    assert EventLogEntry.objects.filter(
        event=reviewed, action=EventLogEntry.Action.PUBLISHED
    ).exists()


def test_the_next_round_waits_for_the_draft_to_be_published(reviewed, organiser):
    pair(organiser, reviewed)
    refused = pair(organiser, reviewed, override_reason="hurry")
    assert refused.status_code == 409 and "publish it" in refused.json()["detail"]


def test_the_round_page_offers_publish_and_pair_again_differently_to_organisers(
    reviewed, organiser, client_for
):
    pair(organiser, reviewed)
    page = client_for(organiser).get(f"/events/{reviewed.slug}/rounds/1/").content.decode()
    assert "Draft: only organisers see this round" in page
    assert "Publish round 1" in page and "Pair again differently" in page
    client_for(organiser).post(f"/events/{reviewed.slug}/rounds/1/publish/")
    assert not reviewed.rounds.get(number=1).is_draft


def test_a_draft_tables_game_is_not_started_on_the_site(reviewed, organiser, player):
    from lib.refusal import Refusal
    from play.models import Game
    from play.starting import do_start_table_game

    assert pair(organiser, reviewed).status_code == 201
    table = reviewed.rounds.get().tables.filter(is_bye=False).first()
    with pytest.raises(Refusal) as refused:
        do_start_table_game(organiser, table)
    assert refused.value.is_conflict and "draft" in str(refused.value.message)
    assert not Game.objects.exists()
