"""A signed delivery's headers (docs/integrations.md, "Checking a signature"): HMAC-SHA256
with the hook's secret over the timestamp, a dot and the body, so that a receiver knows
the site sent it and can refuse an old one replayed."""

import hashlib
import hmac
import time

SIGNATURE = "Leaguewright-Signature"
DELIVERY = "Leaguewright-Delivery"
TOPIC = "Leaguewright-Topic"


def signature(secret: str, timestamp: int, body: bytes) -> str:
    signed = str(timestamp).encode() + b"." + body
    return hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()


def signed_headers(secret: str, body: bytes, delivery: str, topic: str) -> dict:
    timestamp = int(time.time())
    return {
        SIGNATURE: f"t={timestamp},v1={signature(secret, timestamp, body)}",
        DELIVERY: delivery,
        TOPIC: topic,
    }


def is_signed(secret: str, header: str, body: bytes, now: float, tolerance: int = 300) -> bool:
    """Whether ``header`` signs ``body`` with ``secret``, made within ``tolerance``
    seconds of ``now``: what a receiver checks (the tests' receiver does)."""
    parts = dict(part.split("=", 1) for part in header.split(",") if "=" in part)
    try:
        timestamp = int(parts["t"])
    except (KeyError, ValueError):
        return False
    expected = signature(secret, timestamp, body)
    return abs(now - timestamp) <= tolerance and hmac.compare_digest(expected, parts.get("v1", ""))
