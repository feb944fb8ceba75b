"""Pages speak people's words: no database id and no seat 0 on any page of an evening
(home, league, event, entrants, round, print, table, entry, desk, entrant, profile) nor
on the bots' pages (a bot's page with its recent form, a batch, a game's replay)."""

import re
from html.parser import HTMLParser

import pytest
from django.db import connection
from django.urls import reverse

from bots.chunks import do_play_chunk
from bots.models import Batch, Bot, Match, MatchSeat
from bots.ratings import do_update_bot_ratings
from bots.scheduling import do_schedule_batch
from scoring.deciding import do_dispute_result
from scoring.entering import do_submit_result
from scoring.models import Submission
from tests.scoring.conftest import RULEBOOK_ROUND
from tournaments.models import Entrant, Round, Seat, Table

pytestmark = pytest.mark.django_db

# Ids no page may show: far from any number a page has a reason to print.
TABLE_ID, SECOND_TABLE_ID, ROUND_ID = 90417, 90431, 90443
SEAT_IDS = [90451, 90457, 90461, 90473]
ENTRANT_IDS = [90481, 90487, 90491, 90499]
SUBMISSION_ID = 90511
BATCH_ID, MATCH_ID, MATCH_SEAT_ID = 90523, 90533, 90547


def bump_ids(model, start: int) -> None:
    """Make the next row of ``model`` take an id of at least ``start``."""
    table = model._meta.db_table
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT setval(pg_get_serial_sequence(%s, 'id'), %s)", [table, start])
        else:
            cursor.execute("UPDATE sqlite_sequence SET seq = %s WHERE name = %s", [start, table])
            if not cursor.rowcount:
                cursor.execute(
                    "INSERT INTO sqlite_sequence (name, seq) VALUES (%s, %s)", [table, start]
                )


class VisibleText(HTMLParser):
    """The text a person reads: no tags, attributes, scripts or styles."""

    def __init__(self):
        super().__init__()
        self.parts, self.hidden = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.hidden += 1

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data)


def visible(html: str) -> str:
    parser = VisibleText()
    parser.feed(html)
    return re.sub(r"\s+", " ", " ".join(parser.parts))


def problems(text: str, ids) -> list[str]:
    found = [match.group() for match in re.finditer(r"#\s?\d+|\bseat 0\b|\bnull\b", text, re.I)]
    found += [str(n) for n in ids if re.search(rf"\b{n}\b", text)]
    return found


@pytest.fixture
def evening(event, organiser, player, other_player, django_user_model):
    """Round 1 of the personas' one-round event: table 1 (the two players) entered and
    disputed, table 2 (a walk-in and a third player) waiting."""
    event.rules_options = {"rounds": 1}
    event.save()
    pat, quinn = (
        Entrant.objects.create(pk=pk, event=event, user=user, name=str(user))
        for pk, user in zip(ENTRANT_IDS, (player, other_player), strict=False)
    )
    wanda, walter = (
        Entrant.objects.create(
            pk=pk,
            event=event,
            name=name,
            user=django_user_model.objects.create(username=name.lower(), is_active=False),
        )
        for pk, name in zip(ENTRANT_IDS[2:], ("Wanda Walkin", "Walter Walkin"), strict=True)
    )
    round_ = Round.objects.create(pk=ROUND_ID, event=event, number=1)
    first = Table.objects.create(pk=TABLE_ID, round=round_, number=1)
    second = Table.objects.create(pk=SECOND_TABLE_ID, round=round_, number=2)
    for pk, table, entrant, position in zip(
        SEAT_IDS,
        [first, first, second, second],
        [pat, quinn, wanda, walter],
        [0, 1, 0, 1],
        strict=True,
    ):
        Seat.objects.create(pk=pk, table=table, entrant=entrant, position=position)
    bump_ids(Submission, SUBMISSION_ID)
    submission = do_submit_result(first, Submission.Kind.GLORY_TABLE, RULEBOOK_ROUND, player)
    assert submission.pk >= SUBMISSION_ID
    do_dispute_result(submission, other_player, "The 16s were mine")
    return event, first, second, submission


def test_no_page_of_the_evening_shows_a_database_id_or_a_seat_0(
    client_for, evening, organiser, player
):
    event, first, second, submission = evening
    ids = [
        TABLE_ID, SECOND_TABLE_ID, ROUND_ID, *SEAT_IDS, submission.pk,
        *ENTRANT_IDS,
    ]  # fmt: skip
    slug = event.slug
    pages = [
        "/",
        reverse("league-detail", args=[event.season.league.slug]),
        reverse("event-detail", args=[slug]),
        reverse("event-entrants", args=[slug]),
        reverse("round-detail", args=[slug, 1]),
        reverse("round-print", args=[slug, 1]),
        reverse("round-print", args=[slug, 1]) + "?slips=1",
        reverse("scoring-table", args=[first.pk]),
        reverse("scoring-table", args=[second.pk]),
        reverse("scoring-entry", args=[second.pk, "glory"]),
        reverse("scoring-desk", args=[slug]),
        reverse("entrant-detail", args=[slug, Entrant.objects.get(user=player).pk]),
        reverse("profile"),
    ]
    seen = {}
    for user in (organiser, player):
        client = client_for(user)
        for path in pages:
            response = client.get(path)
            if response.status_code == 403:
                continue
            assert response.status_code == 200, path
            found = problems(visible(response.content.decode()), ids)
            if found:
                seen[f"{user.username} {path}"] = found
    assert seen == {}


def test_no_bots_page_shows_a_database_id_or_a_seat_0(client, player):
    randy, greedy = (
        Bot.objects.create(name=name, owner=player, kind=Bot.Kind.BUILTIN, builtin_key=key)
        for name, key in (("Randy", "random"), ("Greedy", "greedy"))
    )
    for model, start in ((Batch, BATCH_ID), (Match, MATCH_ID), (MatchSeat, MATCH_SEAT_ID)):
        bump_ids(model, start)
    batch = do_schedule_batch(
        player, Batch.Kind.SERIES, [[randy, greedy]], games_per_lineup=3, options={"rounds": 1}
    )
    do_play_chunk(batch.chunks.get().pk)
    do_update_bot_ratings()
    matches = list(batch.matches.all())
    seats = MatchSeat.objects.filter(match__batch=batch)
    assert batch.pk >= BATCH_ID and min(m.pk for m in matches) >= MATCH_ID
    ids = [batch.pk, *(m.pk for m in matches), *seats.values_list("pk", flat=True)]
    pages = [
        reverse("bots:bot-list"),
        reverse("bots:bot-detail", args=[randy.pk]),
        reverse("bots:bot-detail", args=[greedy.pk]),
        reverse("bots:batch-detail", args=[batch.pk]),
        reverse("bots:match-replay", args=[matches[0].pk]),
    ]
    seen = {}
    for path in pages:
        response = client.get(path)
        assert response.status_code == 200, path
        found = problems(visible(response.content.decode()), ids)
        if found:
            seen[path] = found
    assert seen == {}
    # The recent form's bars name their games in words: the bots and the time.
    page = client.get(reverse("bots:bot-detail", args=[randy.pk])).content.decode()
    assert "<title>Randy · Greedy, " in page or "<title>Greedy · Randy, " in page


def test_the_check_itself_finds_an_id_and_a_seat_0():
    assert problems(visible("<p>Swap seat #90451</p>"), [90451]) == ["#90451", "90451"]
    assert problems(visible("<li>seat 0 starts</li><script>var x = 90451</script>"), [90451]) == [
        "seat 0"
    ]
