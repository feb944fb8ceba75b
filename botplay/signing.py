"""Request signing of the bot protocol (docs/bot-protocol.md, "Signatures").

The site signs ``f"{timestamp}.".encode() + body`` with HMAC-SHA256 under the bot's
secret and sends the hex digest as ``X-Leaguewright-Signature: sha256=<hex>`` with the
timestamp (whole Unix seconds) in ``X-Leaguewright-Timestamp``. A bot refuses a request
whose signature does not match or whose timestamp is outside the replay window.
"""

import hashlib
import hmac
import secrets
import time

PROTOCOL = "leaguewright-bot/1"
SIGNATURE_HEADER = "X-Leaguewright-Signature"
TIMESTAMP_HEADER = "X-Leaguewright-Timestamp"


def new_secret() -> str:
    return secrets.token_urlsafe(32)


def signature(secret: str, timestamp: int, body: bytes) -> str:
    digest = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return "sha256=" + digest.hexdigest()


def signed_headers(secret: str, body: bytes, now: float | None = None) -> dict[str, str]:
    timestamp = int(time.time() if now is None else now)
    return {
        TIMESTAMP_HEADER: str(timestamp),
        SIGNATURE_HEADER: signature(secret, timestamp, body),
    }
