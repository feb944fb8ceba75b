"""Slow clients cannot hold the site (issue 40: 250 connections that each sent half a
request made pages time out for others when gunicorn was reached directly). gunicorn
as the README starts it (``gunicorn.conf.py``: 3 processes of 80 threads, the
``HeadFirstWorker``) reads a request's head in each process's poller and gives a thread
only to a request whose head has arrived, and drops a head not whole after
``HEAD_SECONDS``. The same file gives PostgreSQL a pool by default and refuses to
start many threads without one."""

import os
import runpy
import socket
import subprocess
import sys
import time
from http.client import HTTPConnection
from pathlib import Path

import pytest
from django.db import connection

from tests.fixtures.worker import database_url_of, wait_for

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).parent / "gunicorn"
HALF_SENT = 250
HEAD_SECONDS = runpy.run_path(str(ROOT / "gunicorn.conf.py"))["HEAD_SECONDS"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def status_of(port, path="/", timeout=5) -> int:
    conn = HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def half_sent(port) -> socket.socket:
    """A connection that sends its request line and one header, and never the rest."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    return sock


def is_closed_by_server(sock) -> bool:
    sock.settimeout(0.5)
    try:
        return sock.recv(1) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


@pytest.mark.django_db(transaction=True)
def test_250_half_sent_requests_leave_the_pages_served(player):
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": database_url_of(connection.settings_dict),
        "DEBUG": "false",
        "SECRET_KEY": "slow-clients-test-key-0123456789-abcdefghijklmnopqrstuvwxyz",
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "false",
        "LOG_LEVEL": "WARNING",
    }
    server = subprocess.Popen(
        [GUNICORN, "-b", f"127.0.0.1:{port}"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL
    )
    slow = []
    try:

        def answers():
            assert server.poll() is None, "gunicorn exited"
            try:
                return status_of(port) == 200
            except OSError:
                return False

        wait_for(answers, timeout=90, what="gunicorn to answer")
        for _ in range(12):  # every process has served a page once
            status_of(port)
        opened = time.monotonic()
        slow = [half_sent(port) for _ in range(HALF_SENT)]
        time.sleep(1)  # the half-sent requests have reached the processes
        for path in ("/", "/accounts/login/", "/accounts/signup/"):
            began = time.monotonic()
            assert status_of(port, path) == 200
            took = time.monotonic() - began
            assert took < 2, f"{path} took {took:.2f} s beside {HALF_SENT} half-sent requests"
        wait_for(
            lambda: all(is_closed_by_server(sock) for sock in slow),
            timeout=HEAD_SECONDS + 20,
            interval=1,
            what="gunicorn to drop the half-sent requests",
        )
        assert time.monotonic() - opened >= HEAD_SECONDS - 1
        assert status_of(port) == 200
    finally:
        for sock in slow:
            sock.close()
        server.terminate()
        server.wait(timeout=30)


def test_a_threaded_gunicorn_on_postgresql_gets_a_pool_by_default():
    code = (
        "import os, runpy; runpy.run_path('gunicorn.conf.py'); "
        "import django; django.setup(); from django.conf import settings; "
        "print(settings.DATABASES['default']['OPTIONS']['pool']['max_size'])"
    )
    env = {
        **{k: v for k, v in os.environ.items() if k != "DATABASE_POOL_SIZE"},
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "true",
        "DATABASE_URL": "postgres://leaguewright@db.example.org:5432/leaguewright",
    }
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "16"


def test_a_threaded_gunicorn_on_postgresql_without_a_pool_refuses_to_start():
    env = {
        **os.environ,
        "DEBUG": "true",
        "DATABASE_URL": "postgres://leaguewright@db.example.org:5432/leaguewright",
        "DATABASE_POOL_SIZE": "0",
    }
    done = subprocess.run(
        [GUNICORN, "-b", f"127.0.0.1:{free_port()}"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "DATABASE_POOL_SIZE=0 with 80 threads a process" in done.stderr
