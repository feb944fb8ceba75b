"""The pages of challenges, open tables, the share link, a person and vacations: each
says what happened in people's words, and a refusal shows beside the field."""

import re

import pytest

from play.models import Challenge, Game, Vacation

pytestmark = pytest.mark.django_db


def test_a_challenge_to_an_unknown_name_is_refused_beside_the_field(client_for, player):
    page = client_for(player).post(
        "/play/challenges/new/",
        {"people": "nobodyhere", "rounds": 1, "pace": "live", "unit": 60},
    )
    assert page.status_code == 400
    assert "Nobody here has the user name nobodyhere: check its spelling." in page.content.decode()
    assert not Challenge.objects.exists()


def test_a_challenge_from_a_persons_page_reaches_them(client_for, player, other_player):
    person = client_for(player).get(f"/play/people/{other_player.username}/").content.decode()
    assert "Challenge Quinn Player" in person and "no rated game yet" in person
    form = client_for(player).get(f"/play/challenges/new/?with={other_player.username}")
    assert f'value="{other_player.username}"' in form.content.decode()
    sent = client_for(player).post(
        "/play/challenges/new/",
        {"people": other_player.username, "rounds": 4, "pace": "correspondence", "unit": 60},
    )
    challenge = Challenge.objects.get()
    assert sent.url == f"/play/challenges/{challenge.pk}/"
    assert challenge.options["rounds"] == 4 and challenge.move_seconds == 3 * 24 * 3600
    home = client_for(other_player).get("/").content.decode()
    invited = "Pat Player challenges you to a game of Call to Glory (4 rounds, by correspondence"
    assert invited in home
    accepted = client_for(other_player).post(f"/play/challenges/{challenge.pk}/accept/")
    assert accepted.url == f"/play/{Game.objects.get().pk}/"


def test_the_share_link_seats_whoever_taps_take_a_seat(client_for, player, other_player):
    made = client_for(player).post(
        "/play/open-tables/new/",
        {"seats": 2, "rounds": 1, "pace": "live", "unit": 60},
    )
    table = Challenge.objects.get()
    assert made.url == f"/play/challenges/{table.pk}/"
    mine = client_for(player).get(made.url).content.decode()
    link = re.search(r'value="(http[^"]+/play/join/[^"]+/)"', mine).group(1)
    path = link.split("://", 1)[1].split("/", 1)[1]
    opened = client_for(other_player).get(f"/{path}")
    assert "Take a seat" in opened.content.decode() and table.seats.count() == 1
    # The table is not listed: the page follows it with its link's token.
    follows = f'data-push-url="/push/play/challenges/{table.pk}/?since='
    assert follows in opened.content.decode()
    assert f"&amp;token={table.token}" in opened.content.decode()
    taken = client_for(other_player).post(f"/{path}")
    game = Game.objects.get()
    assert taken.url == f"/play/{game.pk}/"
    assert [s.user for s in game.seats.all()] == [player, other_player]


def test_the_vacation_page_takes_one_and_ends_it(client_for, player):
    client = client_for(player)
    assert "30 vacation days left this year." in client.get("/play/vacation/").content.decode()
    client.post("/play/vacation/", {"days": 5})
    page = client.get("/play/vacation/").content.decode()
    assert "25 vacation days left this year." in page and "You are on vacation until" in page
    client.post("/play/vacation/end/")
    page = client.get("/play/vacation/").content.decode()
    assert "I am back" not in page
    assert "29 vacation days left this year." in page, "the day begun counts, the rest is back"
    vacation = Vacation.objects.get()
    assert (vacation.ends_at - vacation.starts_at).total_seconds() < 60
