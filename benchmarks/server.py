"""The site as the benchmarks over HTTP run it: its own PostgreSQL database (recreated),
the server's environment, gunicorn and a Celery worker started from a checkout, and
the wait until they answer. Used by ``bench_play``, ``bench_rush`` and
``bench_tournaments``; each says how many processes and threads it wants."""

import json
import os
import runpy
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.client import HTTPConnection
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
PROBE = Path(__file__).resolve().with_name("gunicorn_probe.py")
# gunicorn's own keep-alive, for a checkout without gunicorn.conf.py.
GUNICORN_KEEPALIVE = 2.0


def database_url(variable: str, name: str) -> str:
    """The URL in the environment ``variable``, else database ``name`` on 127.0.0.1."""
    return os.environ.get(variable, f"postgres://postgres@127.0.0.1:5432/{name}")


def recreate_database(url: str) -> str:
    """Drops and creates the database of ``url``: '' when done, else why not."""
    try:
        import psycopg

        name = urlsplit(url).path.lstrip("/")
        admin = url.rsplit("/", 1)[0] + "/postgres"
        with psycopg.connect(admin, autocommit=True, connect_timeout=3) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{name}"')
    except Exception as error:  # noqa: BLE001 - any failure means: not reachable
        return repr(error)
    return ""


def analyze(url: str) -> None:
    """The planner's statistics of the database of ``url``, as autovacuum keeps them on a
    live site. A benchmark's bulk-loaded rows have none until then (this machine's
    PostgreSQL runs no autovacuum): the planner guessed 140 seats a table and read every
    entrant for one table's seating."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("ANALYZE")


def environment(database: str, broker: str) -> dict:
    """The environment of a production-like server on ``database`` and ``broker``."""
    env = os.environ.copy()
    env.update(
        DATABASE_URL=database,
        CELERY_BROKER_URL=broker,
        DEBUG="false",
        SECRET_KEY="bench-only-" + "x" * 50,
        ALLOWED_HOSTS="127.0.0.1",
        SITE_URL="http://127.0.0.1",
        SECURE_SSL_REDIRECT="false",
        SECURE_COOKIES="false",
        SECURE_HSTS_SECONDS="0",
        STATIC_MANIFEST="false",
        DATABASE_CONN_MAX_AGE="600",
        LOG_LEVEL="WARNING",
        PYTHONPATH="",
    )
    # The benchmarks measure what the site serves, not its rate limits (lib.throttles).
    for scope in ("ANON", "USER", "WRITES", "BOT_REGISTRATION", "BATCH_SCHEDULING"):
        env[f"API_RATE_{scope}"] = "1000000/min"
    return env


def python(env: dict, *args: str, code: Path = ROOT) -> str:
    """Runs this Python with ``args`` in the checkout ``code``; its output (raises with
    the end of its errors if it fails)."""
    done = subprocess.run(
        [sys.executable, *args], cwd=code, env=env, capture_output=True, text=True, timeout=900
    )
    if done.returncode:
        raise RuntimeError(done.stderr[-2000:])
    return done.stdout


def manage(env: dict, *args: str, code: Path = ROOT) -> str:
    return python(env, "manage.py", *args, code=code)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_up(port: int, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            conn = HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("gunicorn did not answer /healthz")


def served_config(code: Path = ROOT) -> dict:
    """What the checkout ``code``'s ``gunicorn.conf.py`` sets (none in an older one)."""
    served = code / "gunicorn.conf.py"
    return runpy.run_path(str(served)) if served.exists() else {}


def keepalive_of(code: Path = ROOT) -> float:
    """Seconds gunicorn keeps an idle connection open when serving ``code``."""
    return float(served_config(code).get("keepalive", GUNICORN_KEEPALIVE))


def gc_pauses(probe: Path) -> list[tuple[int, float, float]]:
    """(generation, seconds of wall time, seconds of CPU) of every garbage collection
    the probed server's processes made (``benchmarks/gunicorn_probe.py``)."""
    return [
        tuple(pause)
        for path in sorted(probe.glob("gc-*.json"))
        for pause in json.loads(path.read_text())["pauses"]
    ]


def served_times(probe: Path) -> list[tuple[str, str, int, float]]:
    """(method, path, status, seconds in the application) of every request the probed
    server answered, from its access log."""
    rows = []
    for line in (probe / "access.log").read_text().splitlines():
        method, path, status, micros = line.split()
        rows.append((method, path, int(status), int(micros) / 1e6))
    return rows


@dataclass
class Site:
    """A running site: gunicorn on ``port`` and, if asked for, a Celery worker."""

    port: int
    server: subprocess.Popen
    worker: subprocess.Popen | None

    @property
    def processes(self) -> list[subprocess.Popen]:
        return [p for p in (self.server, self.worker) if p is not None]


@contextmanager
def serving(
    env: dict,
    *,
    workers: int,
    threads: int,
    queues: str = "",
    concurrency: int = 1,
    code: Path = ROOT,
    probe: Path | None = None,
) -> Iterator[Site]:
    """gunicorn (``workers`` gthread workers of ``threads`` threads, the rest as the
    checkout's ``gunicorn.conf.py`` says) on a free port and, when ``queues`` are
    named, a Celery worker on them, answering; stopped afterwards. With ``probe`` (a
    directory), gunicorn logs each request's time in the application there and its
    processes their garbage collector's pauses (``served_times``, ``gc_pauses``)."""
    port = free_port()
    looking = []
    if probe is not None:
        looking = ["-c", str(PROBE), "--access-logfile", str(probe / "access.log"),
                   "--access-logformat", "%(m)s %(U)s %(s)s %(D)s"]  # fmt: skip
        env = {**env, "GUNICORN_PROBE_DIR": str(probe)}
    server = subprocess.Popen(
        [str(BIN / "gunicorn"), "config.wsgi", "-b", f"127.0.0.1:{port}", "-w", str(workers),
         "-k", "gthread", "--threads", str(threads), "--log-level", "warning", *looking],
        cwd=code, env=env,
    )  # fmt: skip
    worker = None
    if queues:
        worker = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", queues,
             "--concurrency", str(concurrency), "--loglevel", "WARNING", "--without-gossip",
             "--without-mingle", "--hostname", f"bench-{port}@%h"],
            cwd=code, env=env,
        )  # fmt: skip
    site = Site(port, server, worker)
    try:
        wait_until_up(port)
        yield site
    finally:
        stop(site.processes)


def stop(processes: list[subprocess.Popen], timeout: float = 60) -> None:
    for process in processes:
        process.terminate()
    for process in processes:
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
