"""Dates as each language writes them (issue 42: the browser's mm/dd/yyyy): a season's
dates and an event's start are typed and shown as "28 Nov 2026" in English and
"28.11.2026" in German and Russian, in the form (its value and its example) and on the
page, and the form takes back what it shows."""

from datetime import date, datetime

import pytest
from django.test import Client
from django.utils import timezone, translation
from django.utils.formats import date_format

from tournaments.models import Event, Season

pytestmark = pytest.mark.django_db

SHOWN = {"en": "28 Nov 2026", "de": "28.11.2026", "ru": "28.11.2026"}
TYPED = {"en": "1 Dec 2026", "de": "01.12.2026", "ru": "1.12.2026"}


def client_in(language: str, person) -> Client:
    client = Client(headers={"accept-language": language})
    client.force_login(person)
    return client


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_a_seasons_dates_are_shown_and_typed_as_the_language_writes_them(
    language, event, organiser
):
    season = event.season
    Season.objects.filter(pk=season.pk).update(starts_on=date(2026, 11, 28))
    client = client_in(language, organiser)
    url = f"/leagues/{season.league.slug}/seasons/{season.pk}/edit/"
    form = client.get(url).content.decode()
    assert f'value="{SHOWN[language]}"' in form and f'placeholder="{SHOWN[language]}"' in form
    assert 'type="date"' not in form
    answer = client.post(url, {"name": season.name, "starts_on": TYPED[language], "ends_on": ""})
    assert answer.status_code == 302, answer.content.decode()[:2000]
    season.refresh_from_db()
    assert season.starts_on == date(2026, 12, 1)


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_an_american_date_is_refused_in_every_language(language, event, organiser):
    season = event.season
    url = f"/leagues/{season.league.slug}/seasons/{season.pk}/edit/"
    answer = client_in(language, organiser).post(
        url, {"name": season.name, "starts_on": "12/01/2026", "ends_on": ""}
    )
    assert answer.status_code in (200, 400) and "errorlist" in answer.content.decode()
    season.refresh_from_db()
    assert season.starts_on is None


@pytest.mark.parametrize(
    "language, shown", [("en", "28 Nov 2026 19:30"), ("de", "28.11.2026 19:30")]
)
def test_an_events_start_is_shown_in_its_form_as_the_language_writes_it(
    language, shown, event, organiser
):
    starts = timezone.make_aware(datetime(2026, 11, 28, 19, 30))
    Event.objects.filter(pk=event.pk).update(starts_at=starts)
    form = client_in(language, organiser).get(f"/events/{event.slug}/edit/").content.decode()
    assert f'value="{shown}"' in form and 'type="datetime-local"' not in form


@pytest.mark.parametrize(
    "language, day, moment",
    [
        ("en", "28 Nov 2026", "28 Nov 2026, 19:30"),
        ("de", "28.11.2026", "28.11.2026 19:30"),
        ("ru", "28.11.2026", "28.11.2026 19:30"),
    ],
)
def test_pages_write_a_date_and_a_time_as_the_language_does(language, day, moment):
    with translation.override(language):
        assert date_format(date(2026, 11, 28)) == day
        assert date_format(datetime(2026, 11, 28, 19, 30), "SHORT_DATETIME_FORMAT") == moment
        in_a_sentence = date_format(datetime(2026, 11, 28, 19, 30), "DATETIME_FORMAT")
        assert in_a_sentence.startswith(day if language != "en" else "28 November 2026")
