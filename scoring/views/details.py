"""What an entry holds, shown to everyone who may confirm, dispute or settle it: a Call
to Glory game round by round (each seat's sets, the round's scores, who started, the
running totals), a Call to Adventure table's breakdown. Confirming is done on what one
sees, not on four totals."""

from scoring.entries import seat_names
from scoring.models import Submission
from scoring.views.adventure import breakdown_of
from scoring.views.glory import sets_in_words

Kind = Submission.Kind


def glory_rounds(table, submission: Submission) -> dict:
    names = seat_names(table)
    answer = submission.answer
    totals = [0] * len(names)
    rounds = []
    for number, (entered, scored) in enumerate(
        zip(submission.rounds, answer.get("rounds", []), strict=False), start=1
    ):
        totals = [total + score for total, score in zip(totals, scored["scores"], strict=True)]
        rounds.append(
            {
                "number": number,
                "start": names[scored["start"]] if scored["start"] < len(names) else "",
                "reveals": entered.get("reveals", []),
                "rows": [
                    {
                        "name": name,
                        "sets": sets_in_words(entered, seat),
                        "base": scored["base"][seat],
                        "bonus": scored["bonus"][seat],
                        "score": scored["scores"][seat],
                        "total": totals[seat],
                    }
                    for seat, name in enumerate(names)
                ],
            }
        )
    return {"rounds": rounds}


def adventure_breakdown(_table, submission: Submission) -> dict:
    return {"breakdown": breakdown_of(submission.answer)}


SHOWN = {Kind.GLORY_TABLE: glory_rounds, Kind.ADVENTURE: adventure_breakdown}


def details_of(table, submission: Submission | None) -> dict:
    """The entry's rounds or breakdown, for the table page ({} when it has none to
    show: a record, game totals, an entry the scorer refused)."""
    if submission is None or not submission.answer.get("valid"):
        return {}
    shown = SHOWN.get(submission.kind)
    return shown(table, submission) if shown else {}
