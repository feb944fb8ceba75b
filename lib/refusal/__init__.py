"""The one error type a person can fix: what they asked for cannot be done, and why.

A package of its own at the bottom of the layering, so that every app and every engine
may raise it and it depends on none of them: it imports nothing from Django or from the
site's apps. Every ``check_*`` and ``do_*`` raises it and lets it rise; ``attempted`` is
the one place it is caught, as a value. The API answers it with one exception handler
(``lib.api_errors``), pages show it with one adapter (``lib.refusal_pages``). A
message written in Django code is a lazily translated string and is only turned into
text when shown. Broken invariants are not refusals: they are bugs, logged and never
shown raw.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

CONFLICT = "conflict"
TOO_LARGE = "too_large"
HTTP_STATUS = {CONFLICT: 409, TOO_LARGE: 413}


class Refusal(Exception):
    """``message`` is said to the person; ``field`` names the form field or API key it
    belongs to (``None``: the request as a whole); ``code`` is stable for API clients and
    ``"conflict"`` means the request clashes with the current state (HTTP 409),
    ``"too_large"`` that what was sent is over a size limit (HTTP 413).
    ``error`` is a scorer's error object when the refusal points inside an entry (round
    and seat, player and field, round and move); the API answers it as ``"error"``."""

    def __init__(
        self, message, field: str | None = None, code: str = "invalid", error: dict | None = None
    ):
        super().__init__(message)
        self.message = message
        self.field = field
        self.code = code
        self.where = error

    @property
    def error(self) -> dict:
        """Where in the entry, when known, else only the reason: the shape a page's error
        slot shows."""
        return self.where if self.where is not None else {"reason": str(self.message)}

    @classmethod
    def of_entry(cls, error: dict) -> "Refusal":
        """The refusal of an entry a scorer could not score: its reason, and where."""
        return cls(error.get("reason", ""), error=error)

    @property
    def is_conflict(self) -> bool:
        return self.code == CONFLICT

    @property
    def http_status(self) -> int:
        return HTTP_STATUS.get(self.code, 400)

    def as_json(self) -> dict:
        answer: dict = {"detail": str(self.message), "code": self.code}
        if self.field:
            answer["field"] = self.field
        if self.where is not None:
            answer["error"] = self.where
        return answer


@dataclass(frozen=True)
class Outcome:
    """What running a service came to: its ``answer``, or the ``refusal`` it raised.
    True when it was carried out."""

    answer: Any = None
    refusal: Refusal | None = None

    def __bool__(self) -> bool:
        return self.refusal is None


def attempted(action: Callable[..., Any], *args, **kwargs) -> Outcome:
    """Run ``action``; its refusal becomes a value (a preview shows why an entry cannot
    be scored, a page shows it in place). The one place a refusal is caught, for the
    page adapter (``lib.refusal_pages``) and for code that collects refusals."""
    try:
        return Outcome(answer=action(*args, **kwargs))
    except Refusal as refusal:
        return Outcome(refusal=refusal)
