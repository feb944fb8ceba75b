"""The site's side of record validation: read what a visitor pasted or uploaded, run
the engine's validator, and lay the answer out for the page."""

import json

from django.conf import settings
from django.utils.translation import gettext as _

from games.call_to_glory import validate_record
from lib.refusal import TOO_LARGE, Refusal


def read_submitted_record(text: str, upload, upload_field: str = "upload") -> str | bytes:
    """The record: an uploaded file's bytes as they are if there is one (the validator
    decodes them and says so when they are not UTF-8), else the pasted text. A file over
    the limit is refused (413) naming ``upload_field``, the field it was sent in."""
    limit = settings.VALIDATOR_MAX_BYTES
    if upload is not None:
        if upload.size > limit:
            raise Refusal(
                _("The file is %(size)d bytes; records may be at most %(limit)d bytes.")
                % {"size": upload.size, "limit": limit},
                field=upload_field,
                code=TOO_LARGE,
            )
        return upload.read()
    return text


def validate_text(text: str | bytes) -> dict:
    return validate_record(text, max_bytes=settings.VALIDATOR_MAX_BYTES)


def moves_around_error(text: str | bytes, error: dict) -> list[dict]:
    """The moves of the round where the error is, each marked if it is the faulty one,
    so the page can show the move list with the culprit highlighted."""
    if not error or error.get("round") is None:
        return []
    try:
        rounds = json.loads(text)["rounds"]
        moves = rounds[error["round"] - 1]["moves"]
    except (ValueError, KeyError, IndexError, TypeError, RecursionError):
        return []
    if not isinstance(moves, list):
        return []
    return [
        {
            "number": number,
            "text": move if isinstance(move, str) else json.dumps(move),
            "faulty": number == error["move"],
        }
        for number, move in enumerate(moves, start=1)
    ]
