"""Exit 0 when the database and the broker at the given URLs answer, else say which not."""

import socket
import sys
from urllib.parse import urlparse

DEFAULT_PORTS = {"postgres": 5432, "postgresql": 5432, "redis": 6379, "amqp": 5672}


def answers(url: str) -> bool:
    parts = urlparse(url)
    port = parts.port or DEFAULT_PORTS.get(parts.scheme, 0)
    try:
        with socket.create_connection((parts.hostname or "127.0.0.1", port), timeout=3):
            return True
    except OSError as exc:
        print(f"{parts.scheme} at {parts.hostname}:{port} does not answer: {exc}", file=sys.stderr)
        return False


if __name__ == "__main__":
    ok = [answers(url) for url in sys.argv[1:]]
    sys.exit(0 if all(ok) else 1)
