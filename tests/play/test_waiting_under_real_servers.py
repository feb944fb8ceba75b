"""Eight visitors' long-polls never stop the site, in each way it may be served:
gunicorn as the README and docs/play.md start it (``gunicorn.conf.py``'s threads;
each process holds at most ``PLAY_WAITS_PER_PROCESS``), gunicorn's sync workers (a
sync worker holds no wait: each is answered at once with Retry-After), and bin/run's
uvicorn (each address holds at most ``PLAY_WAITS_PER_PERSON``). While the eight waits
are under way the home page answers within a second."""

import os
import socket
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from http.client import HTTPConnection
from pathlib import Path

import pytest
from django.db import connection

from tests.fixtures.worker import database_url_of, wait_for

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
WAIT = 10

SERVERS = {
    # A process serving one request at a time.
    "gunicorn sync workers": (
        [BIN / "gunicorn", "-k", "sync", "--threads", "1", "-w", "4", "-b", "127.0.0.1:{port}"],
        {},
    ),
    # The README's command (gunicorn.conf.py), with fewer threads: 2 processes of 4
    # threads, at most 2 of them waiting; the visitors come through a proxy, each from
    # an address.
    "gunicorn threads": (
        [BIN / "gunicorn", "-w", "2", "--threads", "4", "-b", "127.0.0.1:{port}"],
        {"PLAY_WAITS_PER_PROCESS": "2", "CLIENT_ADDRESS_HEADER": "X-Forwarded-For"},
    ),
    # bin/run's web process (Procfile), without its reloader: uvicorn, where a held
    # long-poll keeps the request's thread (Django's, for a sync view).
    "bin/run's server": (
        [BIN / "uvicorn", "config.asgi:application", "--port", "{port}", "--lifespan", "off",
         "--no-proxy-headers"],
        {"DEBUG": "true", "DATABASE_CONN_MAX_AGE": "0"},
    ),
}  # fmt: skip


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(port, path, headers=None, timeout=WAIT + 10):
    conn = HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        response.read()
        return response
    finally:
        conn.close()


@contextmanager
def serving(name):
    command, extra = SERVERS[name]
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": database_url_of(connection.settings_dict),
        "DEBUG": "false",
        "ALLOWED_HOSTS": "127.0.0.1",
        "LOG_LEVEL": "WARNING",
        **extra,
    }
    server = subprocess.Popen(
        [str(part).format(port=port) for part in command], cwd=ROOT, env=env,
        stdout=subprocess.DEVNULL,
    )  # fmt: skip
    try:

        def answers():
            assert server.poll() is None, f"{name} exited"
            try:
                return get(port, "/", timeout=5).status == 200
            except OSError:
                return False

        wait_for(answers, timeout=60, what=f"{name} to answer")
        for _ in range(8):  # every worker has served a page once
            get(port, "/")
        yield port
    finally:
        server.terminate()
        server.wait(timeout=30)


@pytest.mark.parametrize("server", list(SERVERS))
def test_eight_visitors_waiting_never_stop_the_home_page(start, player, other_player, server):
    game_id = start(player, [{"username": player.username}, {"username": other_player.username}])
    with serving(server) as port:
        tag = get(port, f"/api/play/{game_id}/").getheader("ETag")
        answers = {}

        def wait(n):
            headers = {"If-None-Match": tag, "X-Forwarded-For": f"198.51.100.{n}"}
            began = time.monotonic()
            response = get(port, f"/api/play/{game_id}/?wait={WAIT}", headers)
            answers[n] = (response.status, response.getheader("Retry-After"), began)

        waits = [threading.Thread(target=wait, args=(n,)) for n in range(8)]
        for thread in waits:
            thread.start()
        time.sleep(0.5)  # the waits have reached the server
        began = time.monotonic()
        home = get(port, "/")
        took = time.monotonic() - began
        assert home.status == 200
        # Served beside the held waits, not after them: a blocked page would take the
        # waits' WAIT seconds (a bound on being served, not a speed target; a loaded
        # machine took 1.2 s).
        assert took < WAIT / 2, f"the home page took {took:.2f} s"
        for thread in waits:
            thread.join(timeout=WAIT + 15)
    statuses = sorted(status for status, _after, _began in answers.values())
    assert len(statuses) == 8 and set(statuses) <= {304, 429}
    at_once = [after for status, after, _began in answers.values() if after]
    assert at_once, "some waits were answered at once"
    if server == "gunicorn sync workers":
        assert len(at_once) == 8
