"""Building events of any size quickly, and playing rounds with seeded random results."""

import random

from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from tournaments.models import Entrant, Event, Season
from tournaments.pairing import do_pair_round, do_publish_round
from tournaments.results import SeatOutcome, do_record_result


def make_event(league, organiser, *, players=0, table_size=4, format="swiss", **extra):
    season = Season.objects.create(league=league, name=f"Season {Season.objects.count() + 1}")
    slug = extra.pop("slug", f"event-{Event.objects.count() + 1}")
    fields = {"points_by_place": [4, 2, 1, 0], "rounds_planned": 5, "seed": 7, **extra}
    event = Event.objects.create(
        season=season,
        name=slug.title(),
        slug=slug,
        table_size=table_size,
        format=format,
        created_by=organiser,
        **fields,
    )
    enter(event, players)
    return event


def make_team_event(league, organiser, players=12, table_size=4, **extra):
    """A team Swiss of teams of two (tables of four unless told), paired without a
    draft, ``players`` entered in no team yet."""
    return make_event(
        league,
        organiser,
        players=players,
        table_size=table_size,
        format="team-swiss",
        format_options={"team_size": 2},
        review_pairings=False,
        **extra,
    )


def entrant_ids(event) -> list[int]:
    """The event's entrants' ids, in the order they were entered."""
    return list(Entrant.objects.filter(event=event).order_by("pk").values_list("pk", flat=True))


def api(user=None):
    """An API client, signed in as ``user`` when given."""
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def enter(event, count, prefix="p", addresses=False):
    """``count`` new people entered in ``event``; with ``addresses``, each has an e-mail
    address (and so wants notices)."""
    User = get_user_model()
    start = Entrant.objects.filter(event=event).count()
    names = [f"{prefix}{event.pk}-{start + i}" for i in range(count)]
    users = User.objects.bulk_create(
        User(username=name, password="!", email=f"{name}@example.org" if addresses else "")
        for name in names
    )
    return Entrant.objects.bulk_create(
        Entrant(event=event, user=u, name=f"{prefix.upper()}{start + i:03d}")
        for i, u in enumerate(users)
    )


def report_round(round_, rng: random.Random):
    for table in round_.tables.filter(is_bye=False).prefetch_related("seats"):
        count = table.seats.count()
        places = list(range(1, count + 1))
        rng.shuffle(places)
        outcomes = [
            SeatOutcome(position, 100 - 10 * place + position, place)
            for position, place in enumerate(places)
        ]
        do_record_result(table, outcomes, source="organiser")


def play(event, rounds, seed=1):
    rng = random.Random(seed)
    played = []
    for _ in range(rounds):
        round_ = published(do_pair_round(event))
        report_round(round_, rng)
        played.append(round_)
    return played


def published(round_):
    """The round, published when it was paired as a draft (a Swiss of 16 or more)."""
    return do_publish_round(round_) if round_.is_draft else round_


def tables_of(round_):
    return [
        [s.entrant_id for s in t.seats.all()]
        for t in round_.tables.filter(is_bye=False).prefetch_related("seats")
    ]


def event_page_for(user, event) -> str:
    """The event page as ``user`` (None: a visitor) reads it."""
    client = Client()
    if user is not None:
        client.force_login(user)
    response = client.get(f"/events/{event.slug}/")
    assert response.status_code == 200
    return response.content.decode()
