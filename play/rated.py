"""Rated friendly games: a friendly game between people, chosen as rated when
challenging, moves its players' friendly ratings when it finishes (an abandoned game
decides nothing). The model is the events' (``games.ratings``, openskill's
Plackett-Luce, shown as its ``ordinal()``), rated by the places of the game's end, a
forfeited seat below all who played on. The ratings' rows are locked in the order of
their users, in the finishing move's transaction, so two games finishing at once for
one person both count."""

from games.ratings import new_rating, rate_table
from play.models import FriendlyRating, Game, GameSeat


def rate_friendly_game(game: Game, seats: list[GameSeat]) -> None:
    people = {seat.user_id: seat for seat in seats if seat.user_id is not None}
    fresh = new_rating()
    FriendlyRating.objects.bulk_create(
        [
            FriendlyRating(user_id=user_id, game=game.game, mu=fresh.mu, sigma=fresh.sigma)
            for user_id in people
        ],
        ignore_conflicts=True,
    )
    rows = {
        row.user_id: row
        for row in FriendlyRating.objects.select_for_update()
        .filter(game=game.game, user_id__in=list(people))
        .order_by("user_id")
    }
    before = [new_rating(rows[user_id].mu, rows[user_id].sigma) for user_id in people]
    after = rate_table(before, [place_of(seat) for seat in people.values()])
    for user_id, rating in zip(people, after, strict=True):
        row = rows[user_id]
        row.mu, row.sigma, row.games = rating.mu, rating.sigma, row.games + 1
    FriendlyRating.objects.bulk_update(rows.values(), ["mu", "sigma", "games"])


def place_of(seat: GameSeat) -> int:
    """A finished game's seat's place (``play.settling.finish`` set it)."""
    assert seat.place is not None, "a finished game's seats are placed"
    return seat.place


def friendly_ratings(user) -> dict[str, FriendlyRating]:
    """``user``'s friendly rating in each game they have one in, by game key."""
    return {row.game: row for row in FriendlyRating.objects.filter(user=user)}
