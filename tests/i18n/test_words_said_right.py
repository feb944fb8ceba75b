"""Words a newcomer tripped over: counts said through ngettext ("1 time", "2 times",
never "time(s)"), a date in a sentence without a doubled period, labels with a capital,
the site's bots by their names in the reader's language on the challenge form."""

from datetime import datetime

import pytest
from django.utils import translation
from django.utils.formats import date_format

from bots.forms import BotForm
from bots.models import Bot
from games.registry import get_game
from play.challenge_forms import ChallengeForm
from tournaments.explain import explanation_lines


def starts_line(times: int) -> str:
    explanation = {"seat_balance": {"starter": 1, "started_before": times}}
    return explanation_lines(explanation, {1: "Ann"})[0]


def test_a_count_of_times_is_said_in_each_languages_plural():
    assert starts_line(0) == "Ann starts (for the first time)."
    assert starts_line(1) == "Ann starts (had started 1 time before)."
    assert starts_line(3) == "Ann starts (had started 3 times before)."
    with translation.override("ru"):
        assert starts_line(2).endswith("2 раза).")
        assert starts_line(5).endswith("5 раз).")


def test_a_date_in_a_sentence_ends_it_once():
    when = date_format(datetime(2026, 11, 28, 4, 27), "DATETIME_FORMAT")
    assert when == "28 November 2026, 04:27"
    assert not f"You are on vacation until {when}.".endswith("..")


def test_form_labels_start_with_a_capital():
    form = BotForm()
    assert str(form["endpoint_url"].label_tag()) == '<label for="id_endpoint_url">Endpoint:</label>'
    assert "Built-in bot:" in form.as_div()


@pytest.mark.django_db
def test_the_challenge_form_names_the_sites_bots_in_the_readers_language(staff):
    Bot.objects.create(
        name="Easy bot", owner=staff, kind=Bot.Kind.BUILTIN, builtin_key="easy", public=True
    )
    with translation.override("de"):
        form = ChallengeForm(user=staff, game=get_game("call-to-glory"))
        assert "Leichter Bot" in str(form["bots"]) and "Easy bot" not in str(form["bots"])
