"""What tournaments asks of the standings.

The app ``standings`` (the standings, tie-breaks, ratings, the leaderboard, knockout
places and their tasks) reads tournaments' models and services, so it sits above
tournaments, and tournaments imports nothing of it (tests/site/test_layering.py). What
tournaments' own services and pages need of the standings is asked here: pairing's and
the cut's order, a finished event's places, the rows kept in step with who is in, a
recompute after a result or a rescore, and the event page's knockout marks and plots.
``standings.apps.StandingsConfig.ready`` registers its answers (``standings.answers``)
once, at start, as play and scoring register their to-do providers
(``tournaments.todo``)."""

from typing import Protocol


class Answers(Protocol):
    def compute_standings(self, event) -> list[dict]: ...

    def standings_order(self, event) -> list[str]: ...

    def points_and_ranks(self, event) -> dict[int, tuple[float, int]]: ...

    def do_store_standings(self, event) -> int: ...

    def do_update_standings(self, event_id: int) -> int | None: ...

    def store_entrants_change(self, event) -> None: ...

    def request_standings_update(self, event_id: int) -> None: ...

    def knockout_of(self, event): ...

    def knockout_marks(self, event) -> dict: ...

    def standings_note(self, event) -> str: ...

    def rank_by_round_svg(self, rows, leaders: int | None) -> str: ...

    def rating_svg(self, history) -> str: ...


_registered: list[Answers] = []


def register(answers: Answers) -> None:
    """The standings' answers (one set: a second registration replaces the first)."""
    _registered[:] = [answers]


def answers() -> Answers:
    return _registered[0]


def compute_standings(event) -> list[dict]:
    """The event's entrants ranked now, from its results (not the stored rows)."""
    return answers().compute_standings(event)


def points_and_ranks(event) -> dict[int, tuple[float, int]]:
    """Each ranked entrant's points and rank now (the stored rows when current)."""
    return answers().points_and_ranks(event)


def standings_order(event) -> list[str]:
    """The keys the event's standings rank by."""
    return answers().standings_order(event)


def do_store_standings(event) -> int:
    """Recompute and store the event's standings at once; the number of rows."""
    return answers().do_store_standings(event)


def do_update_standings(event_id: int) -> int | None:
    """Recompute and store if requests are waiting (what the standings task does)."""
    return answers().do_update_standings(event_id)


def store_entrants_change(event) -> None:
    """Entrants went or came back: their rows, stored in the caller's transaction."""
    answers().store_entrants_change(event)


def request_standings_update(event) -> None:
    """Mark the event's standings stale (inside the caller's transaction) and, once it
    commits, make sure a standings task is on its way."""
    answers().request_standings_update(event.pk)


def knockout_of(event):
    """The event's knockout (the cut's, or of the knockout format), or None."""
    return answers().knockout_of(event)


def knockout_marks(event) -> dict:
    """While a knockout runs: each of its entrants' mark in the standings."""
    return answers().knockout_marks(event)


def standings_note(event) -> str:
    """What the standings' order means while a knockout runs or once it is decided."""
    return answers().standings_note(event)


def rank_by_round_svg(rows, leaders: int | None) -> str:
    """The rank-by-round plot of the standings rows (the ``leaders`` first, or all)."""
    return answers().rank_by_round_svg(rows, leaders)


def rating_svg(history) -> str:
    """A rating's plot over its history."""
    return answers().rating_svg(history)
