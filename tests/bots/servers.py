"""Bots served on 127.0.0.1 for the tests: the reference bot in its own process, and a
misbehaving bot in a thread whose behaviour is the first segment of its endpoint's path
(``http://127.0.0.1:PORT/garbage`` answers garbage).

The hostile ones: ``drip`` sends a legal answer a byte every 0.3 s, ``deep`` 30,000
nested ``[``, ``huge`` a 20 MB answer, ``longmove`` a 60 KB move (under the size cap),
``hang`` waits ``HANG_SECONDS`` before its first move of each match (past a short
lease) and answers at once after that; ``nostart`` answers /start with 500. Any other
behaviour plays random legal moves. Every request is noted in ``calls``."""

import json
import os
import random
import socket
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REFERENCE_BOT = ROOT / "examples" / "remote_bot" / "bot.py"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_reference_bot(secret: str) -> tuple[subprocess.Popen, str]:
    """The reference bot as its own process; returns it and its endpoint URL."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, str(REFERENCE_BOT), "--port", str(port)],
        env={**os.environ, "LEAGUEWRIGHT_BOT_SECRET": secret},
        stdout=subprocess.PIPE,
        text=True,
    )
    assert "listening" in process.stdout.readline()
    return process, f"http://127.0.0.1:{port}"


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    process.wait(timeout=10)
    if process.stdout is not None:
        process.stdout.close()


HANG_SECONDS = 2.5
SLEEPY_SECONDS = 3.5  # the ``sleepy`` bot's every move: later than its deadline in the tests


class MisbehavingHandler(BaseHTTPRequestHandler):
    """Plays along on /start and /end; on /move does what its path says. ``moves_seen``
    counts the /move requests per behaviour; ``hung`` holds the (match, attempt) pairs
    the ``hang`` bot has hung on, and ``hanging`` is set while it hangs; ``calls``
    holds every request in arrival order: its behaviour, action, message, raw body and
    headers."""

    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    moves_seen: dict = {}
    hung: set = set()
    hanging = threading.Event()
    calls: list = []

    def do_POST(self):
        behaviour, action = self.path.strip("/").split("/")
        body = self.rfile.read(int(self.headers["Content-Length"]))
        message = json.loads(body)
        self.calls.append(
            {
                "behaviour": behaviour,
                "action": action,
                "message": message,
                "body": body,
                "headers": dict(self.headers),
            }
        )
        if behaviour == "nostart" and action == "start":
            return self.answer(500, b"not today")
        if action != "move":
            return self.answer(200, b"{}")
        self.moves_seen[behaviour] = self.moves_seen.get(behaviour, 0) + 1
        legal = json.dumps({"move": message["legal_moves"][0]}).encode()
        if behaviour == "drip":
            return self.drip(legal)
        if behaviour == "deep":
            return self.answer(200, b"[" * 30_000 + b"]" * 30_000)
        if behaviour == "huge":
            return self.answer(200, b'{"move": "' + b"x" * 20_000_000 + b'"}')
        if behaviour == "longmove":
            return self.answer(200, b'{"move": "' + b"x" * 60_000 + b'"}')
        if behaviour == "hang":
            attempt = (message["match"], message["attempt"])
            if attempt not in self.hung:
                self.hung.add(attempt)
                self.hanging.set()
                time.sleep(HANG_SECONDS)
                self.hanging.clear()
            return self.answer(200, legal)
        if behaviour == "sleepy":
            time.sleep(SLEEPY_SECONDS)
            return self.answer(200, legal)
        if behaviour == "sleep":
            time.sleep(0.3)
            return self.answer(200, json.dumps({"move": message["legal_moves"][0]}).encode())
        if behaviour == "slow":
            time.sleep(0.03)
            return self.answer(200, json.dumps({"move": message["legal_moves"][0]}).encode())
        if behaviour == "garbage":
            return self.answer(200, b"<html>surprise</html>")
        if behaviour == "illegal":
            return self.answer(200, b'{"move": "0 lay 99 9"}')
        if behaviour == "close":
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return None
        if behaviour == "error":
            return self.answer(500, b"Internal Server Error")
        move = random.choice(message["legal_moves"])
        return self.answer(200, json.dumps({"move": move}).encode())

    def drip(self, data: bytes) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        try:
            for byte in data:
                self.wfile.write(bytes([byte]))
                self.wfile.flush()
                time.sleep(0.3)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the site hung up: what this test wants

    def answer(self, status: int, data: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        try:
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the site gave up waiting or reading: nobody reads this answer

    def log_message(self, format, *args):
        pass


class QuietServer(ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        """A client that hangs up mid-answer is what the hostile-bot tests do."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def start_misbehaving_bot() -> tuple[ThreadingHTTPServer, str]:
    server = QuietServer(("127.0.0.1", 0), MisbehavingHandler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"
