"""Bots served on 127.0.0.1 for the tests: the reference bot in its own process, and a
misbehaving bot in a thread whose behaviour is the first segment of its endpoint's path
(``http://127.0.0.1:PORT/garbage`` answers garbage)."""

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


class MisbehavingHandler(BaseHTTPRequestHandler):
    """Plays along on /start and /end; on /move does what its path says."""

    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def do_POST(self):
        behaviour, action = self.path.strip("/").split("/")
        message = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        if action != "move":
            return self.answer(200, b"{}")
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

    def answer(self, status: int, data: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        try:
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the site gave up waiting (the timeout test): nobody reads this answer

    def log_message(self, format, *args):
        pass


def start_misbehaving_bot() -> tuple[ThreadingHTTPServer, str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), MisbehavingHandler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"
