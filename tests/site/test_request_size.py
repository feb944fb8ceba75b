"""A body larger than the site takes (``MAX_REQUEST_BYTES``) is answered 413 before it
is read, on every path: a page's form with a file, the API, under gunicorn (WSGI) and
under uvicorn (ASGI, bin/run's server), whether the body says its length or not. Before,
Django's limit left files aside, and a file field took the whole body to a temporary
file before the form could say it was too large."""

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client

from botplay.bundles import UPLOAD_BYTES
from integrations.league_import import MAX_BYTES as LEAGUE_FILE_BYTES
from tests.fixtures.asgi import free_port
from tests.fixtures.worker import database_url_of, wait_for
from tournaments.bgstats.reading import MAX_BYTES as BGSTATS_BYTES

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
FORM_BYTES = 64 * 1024  # what a form carries besides its file


def test_the_bound_admits_every_upload_the_site_takes():
    largest = max(LEAGUE_FILE_BYTES, BGSTATS_BYTES, UPLOAD_BYTES, settings.VALIDATOR_MAX_BYTES)
    assert settings.MAX_REQUEST_BYTES >= largest + FORM_BYTES


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/integrations/leagues/import/", "/api/league-files/"])
def test_a_body_that_says_it_is_too_large_is_refused_unread(path, staff):
    client = Client()
    client.force_login(staff)
    declared = str(settings.MAX_REQUEST_BYTES + 1)
    answer = client.post(path, b"x", content_type="text/plain", CONTENT_LENGTH=declared)
    assert answer.status_code == 413
    if path.startswith("/api/"):
        assert answer.json() == {
            "detail": f"The body is larger than {settings.MAX_REQUEST_BYTES} bytes."
        }
    else:
        assert "larger than the site accepts" in answer.content.decode()


SERVERS = {
    "gunicorn": [BIN / "gunicorn", "-w", "1", "--threads", "2", "-b", "127.0.0.1:{port}"],
    "uvicorn": [BIN / "uvicorn", "config.asgi:application", "--port", "{port}",
                "--lifespan", "off", "--no-proxy-headers"],
}  # fmt: skip


def answer_status(port: int, head: bytes, body: bytes = b"", timeout: float = 20) -> int:
    """Send ``head`` and ``body`` (not the rest of what the head says), and read the
    status line the server answers with, without sending more."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(head + body)
        received = b""
        deadline = time.monotonic() + timeout
        while b"\r\n" not in received and time.monotonic() < deadline:
            chunk = sock.recv(4096)
            if not chunk:
                break
            received += chunk
    return int(received.split(b" ", 2)[1]) if received.startswith(b"HTTP/") else 0


@pytest.fixture(params=list(SERVERS))
def served_port(request):
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": database_url_of(connection.settings_dict),
        "DEBUG": "false",
        "ALLOWED_HOSTS": "127.0.0.1",
        "LOG_LEVEL": "WARNING",
        "MAX_REQUEST_BYTES": "100000",
    }
    command = [str(part).format(port=port) for part in SERVERS[request.param]]
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    try:

        def answers() -> bool:
            assert server.poll() is None, f"{request.param} exited"
            try:
                return answer_status(port, b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") > 0
            except OSError:
                return False

        wait_for(answers, timeout=60, what=f"{request.param} to answer")
        yield request.param, port
    finally:
        server.terminate()
        server.wait(timeout=30)


HEAD = (
    b"POST /api/league-files/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    b"Content-Type: application/octet-stream\r\n"
)


@pytest.mark.django_db(transaction=True)
def test_a_server_answers_a_body_too_large_before_it_has_arrived(served_port):
    """The head says 50 MB; 1 KB of it is sent, and the answer comes all the same."""
    _server, port = served_port
    head = HEAD + b"Content-Length: 50000000\r\n\r\n"
    assert answer_status(port, head, b"x" * 1024) == 413


@pytest.mark.django_db(transaction=True)
def test_a_chunked_body_is_cut_off_at_the_bound(served_port):
    """No length said: uvicorn's body is counted as it comes (200 KB against a bound of
    100 KB here) and answered 413; gunicorn hands Django no body it has not a length
    for, so the request arrives empty and is refused as any stranger's post is."""
    server, port = served_port
    chunk = b"x" * 50_000
    chunks = b"".join(b"%x\r\n%s\r\n" % (len(chunk), chunk) for _ in range(4))
    status = answer_status(port, HEAD + b"Transfer-Encoding: chunked\r\n\r\n", chunks)
    assert status == (413 if server == "uvicorn" else 403)
