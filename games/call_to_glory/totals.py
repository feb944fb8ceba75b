"""Game totals entered by an organiser (format call-to-glory-totals/1, this site's own,
docs/call-to-glory-decisions.md): when a disputed game cannot be rebuilt round by round,
the organiser decides each seat's total. Totals need not be sums of card values (a
ruling may take points away); places follow the totals, equal totals sharing a place,
as no best round is known to break the tie.

``score_totals(doc)`` answers like the table scorer, or with
``{"valid": false, "error": {"round": None, "seat": S, "reason": "..."}}``.
"""

from .scoring import places

FORMAT = "call-to-glory-totals/1"
# A total larger than any game could score is a typing slip (four rounds of every card
# with every bonus stay far below it).
MAX_TOTAL = 10_000


def score_totals(doc) -> dict:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        return fault(None, f'format must be "{FORMAT}"')
    players = doc.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        return fault(None, "players must be a list of 2 to 4 names")
    totals = doc.get("totals")
    if not isinstance(totals, list) or len(totals) != len(players):
        return fault(None, f"totals must be a list of {len(players)} numbers, one per seat")
    for seat, total in enumerate(totals):
        if type(total) is not int or not -MAX_TOTAL <= total <= MAX_TOTAL:
            return fault(seat, f"a total is a whole number from {-MAX_TOTAL} to {MAX_TOTAL}")
    return {
        "valid": True,
        "players": list(players),
        "rounds": [],
        "totals": list(totals),
        "places": places(totals, [0] * len(totals)),
    }


def fault(seat, reason: str) -> dict:
    return {"valid": False, "error": {"round": None, "seat": seat, "reason": reason}}
