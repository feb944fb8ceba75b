"""What a person sees of a game: the view of their seat (a spectator's, without any hand
or unrevealed task, when they have none), and the legal moves only when it is their
turn. Pages and the API read the same thing."""

from dataclasses import dataclass

from play.models import Game, GameSeat
from play.moving import seat_of, seats_of


@dataclass
class Sight:
    game: Game
    seats: list[GameSeat]
    you: int | None
    view: dict
    legal_moves: list[str]

    @property
    def your_turn(self) -> bool:
        return self.you is not None and self.you == self.game.to_move


def sight_of(game: Game, user, seats: list[GameSeat] | None = None, state=None) -> Sight:
    """``seats`` and ``state``: the game's, when the caller has them already."""
    seats = seats or seats_of(game)
    seat = seat_of(user, seats)
    you = None if seat is None else seat.position
    state = state or game.state()
    view = state.view(you)
    legal = view.pop("legal_moves", None) or []
    if not (game.is_playing and you is not None and game.to_move == you):
        legal = []
    return Sight(game, seats, you, view, legal)
