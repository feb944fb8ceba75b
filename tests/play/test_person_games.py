"""A person's page shows, for each game they have a friendly rating or friendly games
in, the game by its registry name, its ratings and its games; someone with none sees the
default game's, empty."""

import pytest

from games import registry
from play.models import FriendlyRating
from play.starting import Taker, do_start_game
from tests.games import pebbles

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def pebbles_declared(monkeypatch):
    monkeypatch.setitem(registry.REGISTRY, pebbles.GAME.key, pebbles.GAME)


def sections(html: str) -> list[str]:
    return html.split('<section aria-labelledby="game-')[1:]


def test_each_game_played_has_its_own_ratings_and_games(client_for, player, other_player):
    people = [Taker("Pat", user=player), Taker("Quinn", user=other_player)]
    do_start_game(player, people, {}, game="pebbles")
    FriendlyRating.objects.create(user=player, game="call-to-glory", mu=30, sigma=2, games=3)
    html = client_for(other_player).get(f"/play/people/{player.username}/").content.decode()
    glory, stones = sections(html)
    assert "<h2" in glory and ">Call to Glory</h2>" in glory
    assert "24.0" in glory and "3 games" in glory and "No games yet." in glory
    assert ">Pebbles</h2>" in stones and "no rated game yet" in stones
    assert "Pat – Quinn" in stones and "under way" in stones


def test_someone_who_never_played_sees_the_default_game_empty(client_for, player, other_player):
    html = client_for(player).get(f"/play/people/{other_player.username}/").content.decode()
    [only] = sections(html)
    assert ">Call to Glory</h2>" in only and "No games yet." in only
    assert "Pebbles" not in html
