"""The site's side of the bot protocol (docs/bot-protocol.md): signed POSTs to a remote
bot over one kept-alive HTTP connection, and the faults its answers can be.

A bot is a stranger on the internet: every answer has a total deadline (a bot that
drips a byte at a time is cut off when the move's time is up, not when one read waits
too long), a size cap, and a nesting cap on its JSON."""

import json
from dataclasses import dataclass
from urllib.parse import urlsplit

import httpx
from django.utils.translation import gettext as _

from botplay import conf
from botplay.outgoing import Answer, StrangerClient, TimedOut, TooLarge, is_private_host
from botplay.signing import PROTOCOL, signed_headers
from lib.json_input import JsonNotText, JsonTooDeep, loads_bounded

EVIDENCE_LIMIT = 300  # characters of an answer quoted in a fault's evidence
STORED_EVIDENCE_LIMIT = 2000  # characters of evidence stored with a fault
ANSWER_LIMIT = 64 * 1024  # bytes: a move is a short string; /start and /end say little


@dataclass
class BotFault(Exception):
    """A remote bot's fault: ``kind`` is a ``Fault.Kind`` value, ``evidence`` says what
    happened in words a bot author can act on."""

    kind: str
    evidence: str

    def __str__(self):
        return f"{self.kind}: {self.evidence}"


def clipped(data: bytes | str) -> str:
    text = data.decode("utf-8", errors="replace") if isinstance(data, bytes) else data
    return text if len(text) <= EVIDENCE_LIMIT else text[:EVIDENCE_LIMIT] + "…"


def stored_evidence(text: str) -> str:
    """Evidence as stored: the first ``STORED_EVIDENCE_LIMIT`` characters and the size of
    the whole, so that a bot's page and the matches' API stay small whatever it sent."""
    if len(text) <= STORED_EVIDENCE_LIMIT:
        return text
    return f"{text[:STORED_EVIDENCE_LIMIT]}… ({len(text)} characters in all)"


SCHEMES = ("http", "https")


def endpoint_problem(url: str) -> str | None:
    """What is wrong with ``url`` as an endpoint the site may call, or None. Only a
    host written as an address (or ``localhost``) can be judged without resolving it;
    a name is checked at every connection."""
    try:
        parts = urlsplit(url)
        host, _port = (parts.hostname or "").lower(), parts.port
    except ValueError:
        return _("This is not a URL.")
    if parts.scheme not in SCHEMES:
        return _("The site calls bots over http:// or https:// only.")
    if not host:
        return _("The URL names no host.")
    if conf.ALLOW_PRIVATE_ENDPOINTS:
        return None
    if host == "localhost" or host.endswith(".localhost"):
        return _("%(host)s is this machine; the site calls bots on public addresses only.") % {
            "host": host
        }
    if is_private_host(host):
        return _(
            "%(host)s is not a public address; the site calls bots on public addresses only."
        ) % {"host": host}
    return None


class RemoteBotClient:
    """POSTs signed JSON to ``endpoint_url`` + ``/start``, ``/move``, ``/end`` over one
    kept-alive connection (``botplay.outgoing``).

    Unless ``BOTS_ALLOW_PRIVATE_ENDPOINTS`` is on (the default with ``DEBUG``), it
    connects to public addresses only."""

    def __init__(self, endpoint_url: str, secret: str):
        self.base_url = endpoint_url.rstrip("/")
        self.secret = secret
        self.client: StrangerClient | None = None

    def close(self) -> None:
        if self.client is not None:
            self.client.close()
            self.client = None

    def post(self, path: str, payload: dict, timeout: float) -> tuple[dict, float]:
        """Send ``payload`` and return the answer's JSON object and the seconds it took.
        ``timeout`` is the whole exchange's: connecting, sending and reading every byte.
        Raises ``BotFault`` for a timeout, a failed connection, a non-2xx status, an
        answer over ``ANSWER_LIMIT`` bytes or one that is not a JSON object."""
        body = json.dumps({"protocol": PROTOCOL, **payload}, separators=(",", ":")).encode()
        headers = {"Content-Type": "application/json", **signed_headers(self.secret, body)}
        if self.client is None:
            self.client = StrangerClient(allow_private=conf.ALLOW_PRIVATE_ENDPOINTS)
        try:
            answer = self.client.post(self.base_url + path, body, headers, timeout, ANSWER_LIMIT)
        except TimedOut:
            self.close()
            raise BotFault(
                "timeout", f"POST {path}: no answer within {timeout * 1000:.0f} ms"
            ) from None
        except TooLarge:
            raise BotFault(
                "malformed", f"POST {path}: the answer is larger than {ANSWER_LIMIT} bytes"
            ) from None
        except (httpx.HTTPError, OSError) as exc:
            self.close()
            raise BotFault("connection", f"POST {path}: {type(exc).__name__}: {exc}") from None
        return read_answer(path, answer), answer.seconds


def read_answer(path: str, answer: Answer) -> dict:
    """The answer's JSON object (an empty answer: an empty object), or ``BotFault``."""
    if not 200 <= answer.status < 300:
        raise BotFault(
            "http_status", f"POST {path} answered {answer.status}: {clipped(answer.body)}"
        )
    if not answer.body.strip():
        return {}
    try:
        data = loads_bounded(answer.body)
    except (JsonTooDeep, JsonNotText) as exc:
        raise BotFault("malformed", f"POST {path}: {exc}") from None
    except ValueError:
        raise BotFault(
            "malformed", f"POST {path}: the answer is not JSON: {clipped(answer.body)}"
        ) from None
    if not isinstance(data, dict):
        raise BotFault("malformed", f"POST {path}: the answer is not a JSON object")
    return data
