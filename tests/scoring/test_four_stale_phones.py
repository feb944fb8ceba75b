"""The issue's evening: a four-seat Call to Glory table entered from four phones that
all opened each round's page before anyone saved, then disputed and overridden. It ends
with exactly the rounds someone entered and the others agreed to, and the organiser's
changed round, nothing more and nothing less."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from scoring.models import AuditEntry, Submission
from tournaments.models import Entrant, Event, League, Result, Round, Season, Seat, Table

pytestmark = pytest.mark.django_db
NAMES = ["Ann", "Ben", "Cat", "Dan"]
VALUES = ["20", "18", "16", "9"]


def sets_of(shift: int) -> list[dict]:
    """A legal four-seat round: each seat one set, the values passed round by ``shift``."""
    sizes = {"20": 3, "18": 2, "16": 3, "9": 2}
    return [{VALUES[(seat + shift) % 4]: sizes[VALUES[(seat + shift) % 4]]} for seat in range(4)]


def form_of(sets: list[dict]) -> dict:
    return {
        f"set-{seat}-{value}": str(count)
        for seat, held in enumerate(sets)
        for value, count in held.items()
    }


@pytest.fixture
def evening(django_user_model):
    people = [
        django_user_model.objects.create_user(username=name.lower(), display_name=name)
        for name in NAMES
    ]
    olivia = get_user_model().objects.create_user(username="olivia", display_name="Olivia")
    league = League.objects.create(name="Club", slug="club", created_by=olivia)
    event = Event.objects.create(
        season=Season.objects.create(league=league, name="Autumn"),
        name="Evening",
        slug="evening",
        table_size=4,
        rounds_planned=1,
        points_by_place=[4, 3, 2, 1],
        rules_options={"rounds": 4},
        created_by=olivia,
    )
    table = Table.objects.create(round=Round.objects.create(event=event, number=1), number=1)
    for position, person in enumerate(people):
        entrant = Entrant.objects.create(event=event, user=person, name=str(person))
        Seat.objects.create(table=table, entrant=entrant, position=position)
    phones = []
    for person in [*people, olivia]:
        client = Client()
        client.force_login(person)
        phones.append(client)
    return table, phones


def opened(phone, table):
    page = phone.get(reverse("scoring-entry", args=[table.pk, "glory"]))
    token = re.search(rb'name="form_token" value="([0-9a-f]+)"', page.content).group(1)
    shown = re.search(rb'name="round" value="(\d+)"', page.content).group(1)
    return {"form_token": token.decode(), "round": shown.decode()}


def test_four_stale_phones_a_dispute_and_an_override_keep_exactly_the_agreed_rounds(evening):
    table, phones = evening
    ann, ben, cat, dan, olivia = phones
    url = reverse("scoring-entry", args=[table.pk, "glory"])
    played = [sets_of(shift) for shift in range(4)]
    for number, sets in enumerate(played, start=1):
        pages = [opened(phone, table) for phone in (ann, ben, cat, dan)]
        assert {page["round"] for page in pages} == {str(number)}
        # Ann saves first; Ben and Dan saved the same from pages as old; Cat's differs.
        assert ann.post(url, {**form_of(sets), **pages[0]}).status_code == 302
        assert ben.post(url, {**form_of(sets), **pages[1]}).status_code == 302
        wrong = cat.post(url, {**form_of(sets_of(number)), **pages[2]})
        assert b"meanwhile, with other scores" in wrong.content
        assert dan.post(url, {**form_of(sets), **pages[3]}).status_code == 302
    entry = Submission.objects.get(table=table)
    assert entry.rounds == [{"sets": sets} for sets in played]
    assert entry.is_pending

    table_page = cat.get(reverse("scoring-table", args=[table.pk])).content.decode()
    basis = re.search(r'name="basis" value="([^"]+)"', table_page).group(1)
    token = re.search(r'name="form_token" value="([0-9a-f]+)"', table_page).group(1)
    cat.post(
        reverse("scoring-dispute", args=[table.pk]),
        {"submission": entry.pk, "basis": basis, "form_token": token,
         "comment": "Round 3: Ben's 16s were mine"},
    )  # fmt: skip
    entry.refresh_from_db()
    assert entry.is_disputed

    page = olivia.get(url + "?override=1").content.decode()
    assert "The dispute this settles" in page  # the override shows the comment it settles
    assert "Round 3: Ben&#x27;s 16s were mine" in page
    form = {
        "override": "1",
        "reason": "Round 3: the 16s were Cat's",
        "basis": re.search(r'name="basis" value="([^"]*)"', page).group(1),
        "form_token": re.search(r'name="form_token" value="([0-9a-f]+)"', page).group(1),
    }
    corrected = [*played[:2], sets_of(3), played[3]]
    for number, sets in enumerate(corrected, start=1):
        form.update({f"r{number}-{key}": value for key, value in form_of(sets).items()})
    assert olivia.post(url, form).status_code == 302

    official = Submission.objects.get(table=table, status=Submission.Status.OVERRIDDEN)
    assert official.rounds == [{"sets": sets} for sets in corrected]
    assert Result.objects.get(table=table).detail["entry"]["rounds"] == official.rounds
    assert Submission.objects.filter(table=table).count() == 2
    actions = list(
        AuditEntry.objects.filter(table=table).order_by("pk").values_list("action", flat=True)
    )
    assert actions == [
        "entered rounds", "entered rounds", "entered rounds", "submitted",
        "disputed", "overridden",
    ]  # fmt: skip
