"""The two entry kinds of a game the site knows by its scoring rules only (a catalogue
game, games/registered/catalogue.py): Django-free, English, like the engines' scorers.

- ``scores/1``: one whole-number score per seat, in seat order (``"scores": [31, 24,
  40]``). The game's ``scoring`` says whether the highest (``high``) or the lowest
  (``low``, as in golf) wins. Its ``ties``: ``share`` gives equal scores one place (two
  at 1st, the next is 3rd); ``tiebreak-entered`` wants ``"tiebreaks"``, a whole number
  per seat, the higher winning among equal scores (the game's own tie-break: resources
  left, tickets completed), so that places are strict.
- ``places/1``: the finishing order, a place per seat in seat order (``"places": [2, 1,
  3]``, 1 the best). With ``share`` tied seats may share a place (``[1, 1, 3]``: two
  firsts, no second); with ``tiebreak-entered`` the places are 1 to n, each once.

A document is the entry completed with the table's ``players`` and the game's
``scoring`` and ``ties``, so that it scores alone; the answer is ``{"valid": true,
"players", "totals", "places"}`` (a ``places/1`` answer's totals are all 0: there is
no score), or ``{"valid": false, "error": {"seat"?, "reason"}}``.
"""

SCORES = "scores/1"
PLACES = "places/1"
HIGH, LOW, BY_PLACE = "high", "low", "places"
SHARE, TIEBREAK_ENTERED = "share", "tiebreak-entered"
# Scores are stored in integer columns (tournaments' SeatOutcome.score).
LIMIT = 1_000_000


def invalid(reason: str, seat: int | None = None) -> dict:
    error: dict = {"reason": reason}
    if seat is not None:
        error["seat"] = seat
    return {"valid": False, "error": error}


def numbers(values, n: int, what: str, low: int, high: int) -> list[int] | dict:
    """``values`` when they are ``n`` whole numbers from ``low`` to ``high``, else the
    error answer."""
    if not isinstance(values, list) or len(values) != n:
        return invalid(f"{what} must be a list of {n} whole numbers, one per seat")
    for seat, value in enumerate(values):
        if type(value) is not int or not low <= value <= high:
            return invalid(f"seat {seat}: {what} are whole numbers from {low} to {high}", seat)
    return values


def competition_places(keys: list) -> list[int]:
    """Places by ``keys`` (smaller is better): equal keys share a place, and the places
    after them are skipped (1, 1, 3)."""
    return [1 + sum(1 for other in keys if other < key) for key in keys]


def score_scores(document: dict) -> dict:
    players = document.get("players") or []
    n = len(players)
    scores = numbers(document.get("scores"), n, "scores", -LIMIT, LIMIT)
    if isinstance(scores, dict):
        return scores
    sign = 1 if document.get("scoring") == LOW else -1
    keys: list = [sign * score for score in scores]
    if document.get("ties") == TIEBREAK_ENTERED:
        given = document.get("tiebreaks")
        tiebreaks = numbers([0] * n if given is None else given, n, "tie-breaks", -LIMIT, LIMIT)
        if isinstance(tiebreaks, dict):
            return tiebreaks
        keys = [(key, -tiebreak) for key, tiebreak in zip(keys, tiebreaks, strict=True)]
        for seat, key in enumerate(keys):
            first = keys.index(key)
            if first != seat:
                return invalid(
                    f"seats {first} and {seat} are tied; enter the tie-break that decides", seat
                )
    places = competition_places(keys)
    return {"valid": True, "players": list(players), "totals": scores, "places": places}


def score_places(document: dict) -> dict:
    players = document.get("players") or []
    n = len(players)
    places = numbers(document.get("places"), n, "places", 1, n)
    if isinstance(places, dict):
        return places
    strict = document.get("ties") == TIEBREAK_ENTERED
    for seat, place in enumerate(places):
        first = places.index(place)
        if strict and first != seat:
            return invalid(
                f"seats {first} and {seat} both have place {place}; ties are broken", seat
            )
    fair = competition_places(places)
    if places != fair:
        seat = next(
            s for s, pair in enumerate(zip(places, fair, strict=True)) if len(set(pair)) > 1
        )
        return invalid(
            f"seat {seat}: place {places[seat]} follows shared places; tied players take "
            "the places after them (two at 1st, then 3rd)",
            seat,
        )
    return {"valid": True, "players": list(players), "totals": [0] * n, "places": places}


def score(document: dict) -> dict:
    """The answer for a completed ``scores/1`` or ``places/1`` document."""
    if document.get("format") == PLACES:
        return score_places(document)
    return score_scores(document)
