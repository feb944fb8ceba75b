"""Not playing is never rewarded: whatever the scoring kind (highest score wins, lowest
wins, places only, negative scores) and whatever tie-break order, an entrant who has not
played ranks below everyone equal on points who has (``tiebreaks.rank``: ``played``
right after the lead key)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from standings.computing import compute_standings
from standings.tiebreaks import CHOOSABLE, Ledger, LedgerGame, full_order, rank
from tests.tournaments.helpers import enter, make_event
from tournaments.models import Event
from tournaments.pairing import do_pair_round
from tournaments.results import SeatOutcome, do_record_result


@st.composite
def fields(draw):
    """A field of entrants, some of whom played tables (of 2 to 6, any places and
    scores), some with byes or starting points, some with nothing yet."""
    size = draw(st.integers(2, 12))
    entrants = list(range(size))
    ledger = Ledger(
        start={e: draw(st.sampled_from([0, 0, 0, 1, 2])) for e in entrants},
        lower_scores_win=draw(st.booleans()),
        minimum_games=draw(st.integers(0, 2)),
    )
    table_id = 0
    for round_ in range(1, draw(st.integers(0, 4)) + 1):
        pool = draw(st.permutations(entrants))
        seated = pool[: draw(st.integers(0, size))]
        while len(seated) >= 2:
            table_size = min(len(seated), draw(st.integers(2, 6)))
            table, seated = seated[:table_size], seated[table_size:]
            table_id += 1
            places = sorted(draw(st.integers(1, table_size)) for _ in table)
            for entrant, place in zip(table, places, strict=True):
                ledger.games[entrant].append(
                    LedgerGame(
                        table_id,
                        round_,
                        points=float(draw(st.sampled_from([0, 0, 1, 2, 3]))),
                        score=draw(st.integers(-20, 60)),
                        place=place,
                        opponents=[o for o in table if o != entrant],
                    )
                )
        for entrant in seated:  # one left over: a bye
            ledger.byes[entrant] += draw(st.sampled_from([0, 1, 3]))
    ledger.ratings = {e: draw(st.floats(-10, 10)) for e in entrants if ledger.games.get(e)}
    return ledger, entrants


# The organiser's tie-breaks (any of them, in any order) and the format's lead keys.
CHOSEN = st.permutations(CHOOSABLE).flatmap(
    lambda order: st.integers(0, len(order)).map(lambda n: order[:n])
)
LEADS = st.sampled_from([("points",), ("qualified", "rating")])


@settings(max_examples=300, deadline=None)
@given(
    field=fields(),
    chosen=CHOSEN,
    lead=LEADS,
    has_scores=st.booleans(),
)
def test_no_entrant_who_has_not_played_ranks_above_one_equal_on_points_who_has(
    field, chosen, lead, has_scores
):
    ledger, entrants = field
    order = full_order(lead, chosen)
    if not has_scores:  # a game of places: no game-score total (standings_order)
        order = [key for key in order if key != "score_total"]
    rows = rank(ledger, entrants, order, {e: f"E{e:02d}" for e in entrants}, order[0])
    position = {row["entrant_id"]: i for i, row in enumerate(rows)}
    ranks = {row["entrant_id"]: row["rank"] for row in rows}
    played = [e for e in entrants if ledger.games.get(e)]
    idle = [e for e in entrants if not ledger.games.get(e)]
    for p in played:
        for n in idle:
            if ledger.points(p) == ledger.points(n):
                assert position[p] < position[n] and ranks[p] < ranks[n]


@pytest.mark.django_db
def test_where_the_lowest_score_wins_the_entrants_who_have_not_played_do_not_lead(
    league, organiser
):
    """The reported case, through the event: a late entrant and one with a bye, equal on
    points with the players who lost, came first on the game-score total of 0."""
    from games.catalogue_games import do_add_catalogue_game
    from games.registry import forget_catalogue

    forget_catalogue()
    do_add_catalogue_game(
        None, name="Golf Night", min_players=2, max_players=4, scoring="low", ties="share"
    )
    try:
        event = make_event(
            league, organiser, players=4, table_size=4, game="golf-night", points_by_place=[1]
        )
        round_ = do_pair_round(event)
        table = round_.tables.get()
        do_record_result(
            table,
            [SeatOutcome(p, 30 + p, p + 1) for p in range(4)],  # lowest first: seat 0 wins
            source="organiser",
        )
        (late,) = enter(event, 1, prefix="late")
        rows = compute_standings(Event.objects.get(pk=event.pk))
        assert [row["points"] for row in rows] == [1, 0, 0, 0, 0]
        assert rows[-1]["entrant_id"] == late.pk and rows[-1]["games"] == 0
        assert rows[1]["tiebreaks"]["score_total"] == 31  # the best loser, not the idle
    finally:
        forget_catalogue()
