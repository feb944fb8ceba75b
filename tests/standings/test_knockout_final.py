"""Every knockout ends: its final crowns its winner in the bracket ("wins the final"),
and once the final has its result the final standings put the knockout's entrants first
by how far they got and count every round played, the final included; while it runs
the standings are the Swiss's with the knockout's entrants marked. A tie on the cut
line says why one went through."""

import pytest
from django.utils import translation
from rest_framework.test import APIClient

from standings.computing import compute_standings, do_store_standings
from tests.fixtures.browser import screenshot
from tests.tournaments.helpers import event_page_for, make_event, play
from tournaments.bracket import bracket_svg
from tournaments.cut import do_cut, drawn_at_the_line, line_note, line_words
from tournaments.models import Entrant, Event
from tournaments.pairing import do_pair_round
from tournaments.results import SeatOutcome, do_record_result

pytestmark = pytest.mark.django_db


def winners(round_, *first):
    """Record every table of ``round_``: the entrants in ``first`` take the best places
    in that order, the others after them by seat."""
    for table in round_.tables.filter(is_bye=False).prefetch_related("seats"):
        seats = list(table.seats.all())
        ranked = sorted(
            seats,
            key=lambda s: first.index(s.entrant_id) if s.entrant_id in first else 99 + s.position,
        )
        place = {s.entrant_id: i for i, s in enumerate(ranked, start=1)}
        outcomes = [
            SeatOutcome(s.position, 10 - place[s.entrant_id], place[s.entrant_id]) for s in seats
        ]
        do_record_result(table, outcomes, source="organiser")


def names_by_rank(event):
    names = dict(event.entrants.values_list("pk", "name"))
    return [(row["rank"], names[row["entrant_id"]]) for row in compute_standings(event)]


def swiss_cut_to_four(league, organiser, table_size):
    event = make_event(
        league,
        organiser,
        players=8,
        table_size=table_size,
        rounds_planned=3 if table_size == 2 else 2,
    )
    play(event, event.rounds_planned, seed=5)
    swiss = compute_standings(event)
    do_cut(event, 4)
    event.refresh_from_db()
    return event, swiss


def test_a_cut_knockout_of_two_seats_crowns_its_winner_and_leads_the_final_standings(
    league, organiser
):
    event, swiss = swiss_cut_to_four(league, organiser, table_size=2)
    s1, s2, s3, s4 = event.cut["entrants"]
    names = dict(event.entrants.values_list("pk", "name"))
    winners(event.rounds.get(number=4), s4, s3)  # the semi-finals: both upsets
    running = compute_standings(event)
    assert running == compute_standings(event) and [r["games"] for r in running] == [3] * 8
    assert [r["entrant_id"] for r in running] == [r["entrant_id"] for r in swiss]
    final = do_pair_round(event)
    assert final.tables.count() == 1
    svg = bracket_svg(event)
    assert "★" not in svg  # no final result yet
    winners(final, s3)
    svg = bracket_svg(event)
    assert f"★ {names[s3]}" in svg and f"▲ {names[s3]}" in svg  # went through, then won
    assert f"★ {names[s4]}" not in svg and f"▲ {names[s4]}" in svg
    rows = compute_standings(event)
    # The knockout first by how far they got, the semi-final losers by Swiss rank; then
    # the rest in Swiss order, after them.
    assert [r["entrant_id"] for r in rows[:4]] == [s3, s4, s1, s2]
    assert [r["rank"] for r in rows[:4]] == [1, 2, 3, 4]
    rest = [r["entrant_id"] for r in swiss if r["entrant_id"] not in (s1, s2, s3, s4)]
    assert [r["entrant_id"] for r in rows[4:]] == rest and min(r["rank"] for r in rows[4:]) == 5
    # Every round counts, the final included: games and points.
    games = {r["entrant_id"]: r["games"] for r in rows}
    assert (games[s3], games[s4], games[s1], games[s2]) == (5, 5, 4, 4)
    before = {r["entrant_id"]: r["points"] for r in swiss}
    points = {r["entrant_id"]: r["points"] for r in rows}
    assert points[s3] == before[s3] + 8 and points[s4] == before[s4] + 4 + 2
    assert points[s1] == before[s1] + 2 and all(points[e] == before[e] for e in rest)
    assert all(r["rank_by_round"][-1] == r["rank"] for r in rows)
    assert len(rows[0]["rank_by_round"]) == 5


def test_a_final_table_of_four_ranks_the_knockout_by_its_places(league, organiser):
    event, swiss = swiss_cut_to_four(league, organiser, table_size=4)
    s1, s2, s3, s4 = event.cut["entrants"]
    final = event.rounds.get(number=3)
    assert final.tables.get().explanation["final"]
    winners(final, s4, s2, s1, s3)
    svg = bracket_svg(event)
    names = dict(event.entrants.values_list("pk", "name"))
    assert f"★ {names[s4]}" in svg and "▲" not in svg  # a final: nobody goes through
    rows = compute_standings(event)
    assert [r["entrant_id"] for r in rows[:4]] == [s4, s2, s1, s3]
    assert {r["games"] for r in rows[:4]} == {3} and {r["games"] for r in rows[4:]} == {2}


def test_the_event_page_shows_the_crowned_winner_and_marks_the_knockout_while_it_runs(
    league, organiser
):
    event, _ = swiss_cut_to_four(league, organiser, table_size=2)
    s1, s2, s3, s4 = event.cut["entrants"]
    names = dict(event.entrants.values_list("pk", "name"))
    winners(event.rounds.get(number=4), s1, s2)
    do_store_standings(event)
    page = event_page_for(None, Event.objects.get(pk=event.pk))
    assert "▲ goes through · ★ wins the final · bold: first place" in page
    assert page.count("in the knockout</span>") == 2
    assert "The standings of the Swiss rounds, as at the cut" in page
    assert page.count("out of the knockout in round 4</span>") == 2
    winners(do_pair_round(event), s2)
    do_store_standings(event)
    page = event_page_for(None, Event.objects.get(pk=event.pk))
    assert f"★ {names[s2]}" in page and "wins the final</span>" in page
    assert "in the knockout</span>" not in page and "as at the cut" not in page
    standings = page[page.index('<table class="standings">') :]
    assert standings.index(names[s2]) < standings.index(names[s1])


def test_a_pure_knockout_is_drawn_and_its_final_standings_follow_the_bracket(league, organiser):
    event = make_event(league, organiser, players=4, table_size=2, format="knockout")
    first = do_pair_round(event)
    entrants = sorted(event.entrants.values_list("pk", flat=True))
    a, b, c, d = entrants
    winners(first, d, c)
    winners(do_pair_round(event), c)
    names = dict(event.entrants.values_list("pk", "name"))
    svg = bracket_svg(event)
    assert "Knockout" in svg and f"★ {names[c]}" in svg
    rows = compute_standings(event)
    assert [r["entrant_id"] for r in rows[:2]] == [c, d]
    assert [r["rank"] for r in rows] == [1, 2, 3, 4]


def test_a_tie_on_the_cut_line_is_broken_by_the_tiebreaks_and_said_in_words(league, organiser):
    event, _ = swiss_cut_to_four(league, organiser, table_size=2)
    rows = compute_standings(event)
    names = dict(event.entrants.values_list("pk", "name"))
    ben, cat = rows[0], rows[1]
    ben = {
        **ben,
        "points": 6.0,
        "games": 3,
        "tiebreaks": {"score_total": 20, "opponents_points": 12},
    }
    cat = {
        **cat,
        "points": 6.0,
        "games": 3,
        "tiebreaks": {"score_total": 20, "opponents_points": 10},
    }
    note = line_note(event, [ben, cat], 1)
    assert note == {
        "through": names[ben["entrant_id"]],
        "out": names[cat["entrant_id"]],
        "points": 6.0,
        "by": "opponents_points",
        "values": [12, 10],
    }
    words = line_words({"line": note})
    assert words == (
        f"{names[ben['entrant_id']]} goes through ahead of {names[cat['entrant_id']]} on "
        "opponents' points, 12 against 10 (equal on points: 6 each)."
    )
    with translation.override("de"):
        german = line_words({"line": note})
    assert german == (
        f"{names[ben['entrant_id']]} kommt vor {names[cat['entrant_id']]} weiter; "
        "entscheidend: Punkte der Gegner, 12 zu 10 (punktgleich: je 6)."
    )
    unplayed = line_note(event, [ben, {**cat, "games": 0}], 1)
    assert unplayed["by"] == "played" and unplayed["values"] == [3, 0]


def test_entrants_equal_on_every_key_at_the_line_are_drawn_by_the_events_seed(league, organiser):
    event = make_event(league, organiser, players=6, table_size=2)
    keys = sorted(event.entrants.values_list("pk", flat=True))
    rows = [
        {
            "entrant_id": key,
            "rank": 1 if i == 0 else 2,
            "points": 3.0 if i == 0 else 1.0,
            "games": 1,
            "tiebreaks": {},
        }
        for i, key in enumerate(keys)
    ]
    drawn = drawn_at_the_line(rows, 3, event.seed)
    assert drawn[0]["entrant_id"] == keys[0]
    assert sorted(r["entrant_id"] for r in drawn[1:]) == keys[1:]
    assert drawn == drawn_at_the_line(rows, 3, event.seed)  # the seed decides, not chance
    orders = {
        tuple(r["entrant_id"] for r in drawn_at_the_line(rows, 3, seed)) for seed in range(20)
    }
    assert len(orders) > 1  # not the order by name
    note = line_note(event, drawn, 3)
    assert note["by"] == "seed"
    assert "on the event's seed" in line_words({"line": note})
    assert drawn_at_the_line(rows, 1, event.seed) == rows  # no tie at a line after 1


def test_the_cut_answer_and_the_page_say_why_at_a_tied_line(league, organiser):
    event = make_event(league, organiser, players=20, table_size=2, rounds_planned=3)
    play(event, 3)
    client = APIClient()
    client.force_authenticate(organiser)
    answer = client.post(f"/api/events/{event.slug}/cut/", {"top": 8}, format="json").json()
    line = answer["cut"]["line"]
    assert line.startswith("P001 goes through ahead of P008 on opponents' points")
    assert answer["cut"]["entrants"][0] and answer["cut"]["top"] == 8
    do_store_standings(event)
    page = event_page_for(None, Event.objects.get(pk=event.pk))
    assert f'<p class="cut-line">{line.replace(chr(39), "&#x27;")}</p>' in page


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_phone_shows_the_winner_crowned_and_the_knockout_first_in_the_final_standings(
    phone_page, league, organiser
):
    event, _ = swiss_cut_to_four(league, organiser, table_size=2)
    s1, s2, s3, s4 = event.cut["entrants"]
    names = dict(event.entrants.values_list("pk", "name"))
    winners(event.rounds.get(number=4), s4, s2)
    winners(do_pair_round(event), s4)
    do_store_standings(event)
    page = phone_page
    page.goto(f"/events/{event.slug}/")
    bracket = page.locator("svg.bracket")
    assert bracket.locator(f"text=★ {names[s4]}").count() == 1
    assert page.get_by_text("▲ goes through · ★ wins the final").is_visible()
    first = page.locator("table.standings tbody tr").first
    assert names[s4] in first.inner_text() and "wins the final" in first.inner_text()
    second = page.locator("table.standings tbody tr").nth(1)
    assert names[s2] in second.inner_text()
    assert page.locator("p.points-table").inner_text() == (
        "Points by place: 1st 4 · 2nd 2 · 3rd 1 · 4th 0"
    )
    bracket.scroll_into_view_if_needed()
    bracket.screenshot(
        path=str(
            screenshot(page, "tournaments-knockout-crowned").with_name(
                "tournaments-knockout-crowned-bracket.png"
            )
        )
    )


def test_a_knockout_left_with_one_entrant_after_drops_is_over_and_they_win_it(league, organiser):
    event, swiss = swiss_cut_to_four(league, organiser, table_size=2)
    s1, s2, s3, s4 = event.cut["entrants"]
    winners(event.rounds.get(number=4), s1, s3)
    assert compute_standings(event)[0]["games"] == 3  # both finalists in: not over
    Entrant.objects.filter(pk=s1).update(status=Entrant.Status.DROPPED)
    rows = compute_standings(event)
    assert [r["entrant_id"] for r in rows[:4]] == [s3, s1, s2, s4]
    assert rows[0]["games"] == 4 and rows[0]["rank"] == 1
