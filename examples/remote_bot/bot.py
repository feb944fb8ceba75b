"""A reference remote bot for Leaguewright: the bot protocol (docs/bot-protocol.md) with
nothing but the standard library. It checks every request's signature, refuses a bad
or stale one with 401, and answers each /move with a random legal move.

Run it::

    LEAGUEWRIGHT_BOT_SECRET=... python examples/remote_bot/bot.py --port 8765

then register http://HOST:8765 as a remote bot's endpoint with the same secret.
"""

import argparse
import hashlib
import hmac
import json
import os
import random
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PROTOCOL = "leaguewright-bot/1"
SIGNATURE_HEADER = "X-Leaguewright-Signature"
TIMESTAMP_HEADER = "X-Leaguewright-Timestamp"
REPLAY_WINDOW_SECONDS = 300
MAX_BODY_BYTES = 2_000_000


def signature(secret: str, timestamp: str, body: bytes) -> str:
    digest = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256)
    return "sha256=" + digest.hexdigest()


def signed_correctly(secret: str, headers, body: bytes, now: float) -> bool:
    timestamp = headers.get(TIMESTAMP_HEADER, "")
    if not timestamp.isdigit() or abs(now - int(timestamp)) > REPLAY_WINDOW_SECONDS:
        return False
    expected = signature(secret, timestamp, body)
    return hmac.compare_digest(expected, headers.get(SIGNATURE_HEADER, ""))


class RandomBot:
    """The bot's brain: a random legal move, from a generator seeded per match."""

    def __init__(self):
        self.matches: dict[tuple, random.Random] = {}

    def start(self, message: dict) -> dict:
        key = (message.get("match"), message.get("seat"))
        self.matches[key] = random.Random(f"{key}:{message.get('attempt')}")
        return {"ok": True}

    def move(self, message: dict) -> dict:
        rng = self.matches.setdefault((message.get("match"), message.get("seat")), random.Random())
        return {"move": rng.choice(message["legal_moves"])}

    def end(self, message: dict) -> dict:
        self.matches.pop((message.get("match"), message.get("seat")), None)
        return {"ok": True}


def make_handler(secret: str, bot: RandomBot):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep the connection alive between moves
        disable_nagle_algorithm = True

        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            if length > MAX_BODY_BYTES:
                return self.answer(413, {"error": "body too large"})
            body = self.rfile.read(length)
            if not signed_correctly(secret, self.headers, body, time.time()):
                return self.answer(401, {"error": "bad or stale signature"})
            try:
                message = json.loads(body)
            except ValueError:
                return self.answer(400, {"error": "the body is not JSON"})
            last_segment = self.path.split("?")[0].rstrip("/").rsplit("/", 1)[-1]
            action = {"start": bot.start, "move": bot.move, "end": bot.end}.get(last_segment)
            if action is None:
                return self.answer(404, {"error": f"no such action: {self.path}"})
            return self.answer(200, action(message))

        def answer(self, status: int, payload: dict) -> None:
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format, *args):
            pass

    return Handler


def make_server(secret: str, host: str = "127.0.0.1", port: int = 0) -> ThreadingHTTPServer:
    """A server ready for ``serve_forever()``; port 0 picks a free one."""
    server = ThreadingHTTPServer((host, port), make_handler(secret, RandomBot()))
    server.daemon_threads = True
    return server


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args(argv)
    secret = os.environ.get("LEAGUEWRIGHT_BOT_SECRET", "")
    if not secret:
        print("Set LEAGUEWRIGHT_BOT_SECRET to the bot's secret.", file=sys.stderr)
        return 2
    server = make_server(secret, args.host, args.port)
    print(f"random bot listening on http://{args.host}:{server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
