"""The open-loop load driver: requests sent at a rate, each timed from when it was due.

A closed loop of clients that wait for each answer before sending the next hides
queueing: when the server slows down, the clients slow down with it, and the latency
they measure stays low while the rate they offer falls (Little's law: clients = rate x
latency). Real people do not wait for each other: a thousand players open their table
when the pairings are released, whether the server keeps up or not. So this driver
works like k6's arrival-rate executors:

- the requests are *scheduled*: request ``i`` is due at ``schedule[i]`` seconds after
  the start (``steady(rate, count)``: evenly spaced; ``poisson(rate, count, rng)``:
  random arrivals at that mean rate; or any sorted list of offsets);
- a dispatcher hands each request, at its due time, to a free client (a thread with its
  own session, e.g. a kept-alive connection); a start that finds no free client is
  *dropped* and counted as a failure (the server is so slow that ``clients`` requests
  are already waiting on it);
- each request's latency runs from its *due* time to its answer, so time spent waiting
  for a client, or for a late dispatcher, counts (no coordinated omission).

The API::

    from benchmarks.load import Client, open_loop, steady, step_test

    def send(client: Client, i: int):        # request i, in a client's own session
        status, _body = client.call("GET", f"/events/rush/", cookie=cookies[i % 1000])
        return status                          # success: 2xx or 304 (``succeeded``)

    run = open_loop(send, steady(100, 1000), clients=200, session=lambda: Client(port))
    print(run.summary("event page"))          # offered/achieved rate, p50/p95/p99,
    rows = run.rows("event page", "<= 200 ms")  # dropped and failed; rows for benchmarks.run

    knee = step_test(lambda rate: open_loop(send, steady(rate, int(rate * 10)), ...),
                     start=50, target_ms=200)    # an untimed warm-up at 50/s, then
                                                 # x1.25 a step until p95 breaks 200 ms
    print(knee.summary("event page"))

``send(session, index)`` returns the answer's status (an ``int`` or a label); it is a
success when ``ok(status)`` (default ``succeeded``: 2xx or 304); an exception is a
failure named by its type. ``session()`` is called once in each client's thread, on its
first request, and its ``close()`` (if it has one) when the run ends. ``Run`` holds
every figure: ``offered_rate`` (requests scheduled per second),
``achieved_rate`` (successful answers per second, from the first due time to the last
answer), ``latencies`` (seconds, from due time, successful requests only),
``dropped``, ``failures`` (a ``Counter`` by status or exception; drops included as
``"dropped"``), ``dispatch_lag`` (how late the dispatcher handed requests out: when it
grows the driver, not the server, is saturated) and ``percentile(share)`` in ms.

The clients are threads of this process: give ``clients`` at least the offered rate
times the worst latency you want to see (100/s at 2 s answers needs 200), and keep an
eye on ``dispatch_lag`` on a busy machine.
"""

import json
import random
import select
import socket
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from http.client import HTTPConnection, HTTPException
from typing import Any


def steady(rate: float, count: int) -> list[float]:
    """``count`` requests evenly spaced at ``rate`` a second (k6's constant arrival)."""
    return [i / rate for i in range(count)]


def poisson(rate: float, count: int, rng: random.Random) -> list[float]:
    """``count`` requests arriving at random at a mean ``rate`` a second (exponential
    gaps): people who do not coordinate."""
    offsets, at = [], 0.0
    for _ in range(count):
        offsets.append(at)
        at += rng.expovariate(rate)
    return offsets


def succeeded(status: Any) -> bool:
    return isinstance(status, int) and (200 <= status < 300 or status == 304)


@dataclass
class Run:
    """What one open-loop run measured (see the module's docstring)."""

    scheduled: int
    span: float  # seconds from the first due time to the last
    wall: float  # seconds from the first due time to the last answer
    latencies: list[float] = field(default_factory=list)
    service: list[float] = field(default_factory=list)  # from the start actually sent
    dispatch_lag: list[float] = field(default_factory=list)
    failures: Counter = field(default_factory=Counter)

    @property
    def dropped(self) -> int:
        return self.failures["dropped"]

    @property
    def failed(self) -> int:
        return sum(self.failures.values())

    @property
    def offered_rate(self) -> float:
        return (self.scheduled - 1) / self.span if self.span else float(self.scheduled)

    @property
    def achieved_rate(self) -> float:
        return len(self.latencies) / self.wall if self.wall else 0.0

    def percentile(self, share: float, values: Sequence[float] | None = None) -> float:
        """The ``share`` percentile (0.95) of ``values`` (the latencies), in ms."""
        ordered = sorted(self.latencies if values is None else values)
        if not ordered:
            return float("inf")
        return ordered[min(len(ordered) - 1, max(0, int(len(ordered) * share + 0.5) - 1))] * 1000

    @property
    def p50(self) -> float:
        return self.percentile(0.50)

    @property
    def p95(self) -> float:
        return self.percentile(0.95)

    @property
    def p99(self) -> float:
        return self.percentile(0.99)

    def failures_text(self) -> str:
        if not self.failures:
            return "none"
        return json.dumps({str(k): v for k, v in self.failures.items()})

    def summary(self, name: str) -> str:
        return (
            f"{name}: offered {self.offered_rate:.1f}/s, achieved {self.achieved_rate:.1f}/s, "
            f"p50 {self.p50:.0f} ms, p95 {self.p95:.0f} ms, p99 {self.p99:.0f} ms, "
            f"failed {self.failed} of {self.scheduled} ({self.failures_text()}), "
            f"dispatch lag p95 {self.percentile(0.95, self.dispatch_lag):.0f} ms"
        )

    def rows(self, name: str, p95_target: str = "") -> list[dict]:
        """Rows for ``benchmarks.run``'s table."""

        def row(what, value, unit, target=""):
            return {"benchmark": f"{name}, {what}", "value": value, "unit": unit, "target": target}

        return [
            row("offered / achieved", f"{self.offered_rate:.1f} / {self.achieved_rate:.1f}", "/s"),
            row("p50 / p99", f"{self.p50:.0f} / {self.p99:.0f}", "ms"),
            row("p95", self.p95, "ms", p95_target),
            row("failed (dropped)", f"{self.failed} ({self.dropped}) of {self.scheduled}", "", "0"),
        ]


def open_loop(
    send: Callable[[Any, int], Any],
    schedule: Sequence[float],
    *,
    clients: int,
    session: Callable[[], Any] = lambda: None,
    ok: Callable[[Any], bool] = succeeded,
) -> Run:
    """Sends request ``i`` (``send(session, i)``) at ``schedule[i]`` seconds from now,
    each on a free one of ``clients`` threads; see the module's docstring."""
    count = len(schedule)
    jobs: deque[tuple[int, float] | None] = deque()
    ready = threading.Condition()
    idle = threading.Semaphore(clients)
    lock = threading.Lock()
    run = Run(scheduled=count, span=(schedule[-1] - schedule[0]) if count else 0.0, wall=0.0)
    last_answer = [0.0]

    def client():
        own = None
        while True:
            with ready:
                while not jobs:
                    ready.wait()
                job = jobs.popleft()
            if job is None:
                if own is not None and hasattr(own, "close"):
                    own.close()
                return
            index, due = job
            if own is None:
                own = session()
            sent = time.perf_counter()
            try:
                status = send(own, index)
            except Exception as error:  # noqa: BLE001 - a failed request is a figure
                status = type(error).__name__
            done = time.perf_counter()
            idle.release()
            with lock:
                if ok(status):
                    run.latencies.append(done - due)
                    run.service.append(done - sent)
                else:
                    run.failures[status] += 1
                last_answer[0] = max(last_answer[0], done)

    threads = [threading.Thread(target=client, daemon=True) for _ in range(clients)]
    for thread in threads:
        thread.start()
    start = time.perf_counter() + 0.05
    for index, offset in enumerate(schedule):
        due = start + offset
        wait = due - time.perf_counter()
        if wait > 0:
            time.sleep(wait)
        handed = time.perf_counter()
        if not idle.acquire(blocking=False):
            with lock:
                run.failures["dropped"] += 1
            continue
        run.dispatch_lag.append(handed - due)
        with ready:
            jobs.append((index, due))
            ready.notify()
    with ready:
        jobs.extend([None] * clients)  # after the work still queued
        ready.notify_all()
    for thread in threads:
        thread.join()
    first_due = start + (schedule[0] if count else 0.0)
    run.wall = max(last_answer[0] - first_due, run.span)
    return run


@dataclass
class Knee:
    """A step test's steps (rate, run) and where p95 (or failures over 1 %) broke."""

    target_ms: float
    steps: list[tuple[float, Run]]

    def holds(self, run: Run) -> bool:
        return run.p95 <= self.target_ms and run.failed <= 0.01 * run.scheduled

    @property
    def last_good(self) -> float | None:
        good = [rate for rate, run in self.steps if self.holds(run)]
        return max(good) if good else None

    @property
    def first_bad(self) -> float | None:
        bad = [rate for rate, run in self.steps if not self.holds(run)]
        return min(bad) if bad else None

    def summary(self, name: str) -> str:
        lines = [f"{name}: step test, p95 target {self.target_ms:.0f} ms"]
        for rate, run in self.steps:
            mark = "holds" if self.holds(run) else "BREAKS"
            lines.append(f"  {rate:7.1f}/s {mark}: {run.summary(name)}")
        if self.first_bad is None:
            lines.append(f"  knee: not reached (holds at {self.last_good or 0:.1f}/s)")
        else:
            lines.append(
                f"  knee: holds at {self.last_good or 0:.1f}/s, breaks at {self.first_bad:.1f}/s"
            )
        return "\n".join(lines)

    def rows(self, name: str) -> list[dict]:
        return [
            {
                "benchmark": f"{name}, knee (p95 <= {self.target_ms:.0f} ms, failures <= 1 %)",
                "value": f"{self.last_good or 0:.1f} / {self.first_bad or 0:.1f}",
                "unit": "/s holds / breaks",
                "target": "",
            }
        ]


def step_test(
    run_at: Callable[[float], Run],
    *,
    start: float,
    target_ms: float,
    factor: float = 1.25,
    max_steps: int = 12,
    warm_up: bool = True,
    report: Callable[[str], None] | None = None,
) -> Knee:
    """Runs ``run_at(rate)`` from ``start``, the rate times ``factor`` each step, until
    a step's p95 is over ``target_ms`` or over 1 % of its requests fail (the knee), or
    ``max_steps`` steps; ``report`` is given each step's summary as it ends. With
    ``warm_up`` a run at ``start`` comes first and is not counted: the knee is the
    steady page's, not that of the first reads after a change (a new page version built
    by every server process, connections opened)."""
    if warm_up:
        run = run_at(start)
        if report:
            report(f"  warm-up {start:.1f}/s (not counted): {run.summary('step')}")
    knee = Knee(target_ms, [])
    rate = start
    for _ in range(max_steps):
        run = run_at(rate)
        knee.steps.append((rate, run))
        if report:
            report(f"  {rate:.1f}/s: {run.summary('step')}")
        if not knee.holds(run):
            break
        rate *= factor
    return knee


def closed_by_server(conn: HTTPConnection) -> bool:
    """Whether the server has closed the kept-alive ``conn``: its socket reads as ended
    (or fails). A browser looks the same way before it sends on an idle connection."""
    if conn.sock is None:
        return False
    try:
        poll = select.poll()  # not select(): a client may hold more than 1,024 sockets
        poll.register(conn.sock, select.POLLIN)
        return bool(poll.poll(0)) and conn.sock.recv(1, socket.MSG_PEEK) == b""
    except OSError:
        return True


class Client:
    """One kept-alive HTTP connection to the site on 127.0.0.1:``port``, speaking JSON
    to the API (with a token) or asking for pages (with a session cookie). As a
    browser's, the connection is kept until the server closes it (gunicorn after its
    keep-alive, ``gunicorn.conf.py``): one found closed is opened afresh before the next
    request, so that a write is not sent on it; ``keepalive`` (seconds idle) opens it
    afresh sooner."""

    def __init__(
        self,
        port: int,
        token: str | None = None,
        timeout: float = 120,
        keepalive: float | None = None,
    ):
        self.port, self.token, self.timeout, self.keepalive = port, token, timeout, keepalive
        self.conn = HTTPConnection("127.0.0.1", port, timeout=timeout)
        self.used = time.monotonic()

    def close(self) -> None:
        self.conn.close()

    def call(self, method: str, path: str, body=None, token=None, cookie=None, headers=None):
        """``(status, payload)``. A request that gets no answer is sent again once on a
        fresh connection when it was a GET or went out on a kept-alive connection (the
        server closed it as the request was sent), as a browser does; a write is never
        sent again once an answer has begun (``"connection error"``). The site's writes
        name what they are based on, so a write sent twice is not applied twice."""
        sent = {"Accept": "application/json" if cookie is None else "text/html"}
        if token or self.token:
            sent["Authorization"] = f"Token {token or self.token}"
        if cookie:
            sent["Cookie"] = cookie
        sent.update(headers or {})
        data = None
        if body is not None:
            data = json.dumps(body)
            sent["Content-Type"] = "application/json"
        idle = time.monotonic() - self.used
        if (self.keepalive is not None and idle > self.keepalive) or closed_by_server(self.conn):
            self.conn.close()
            self.conn = HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
        for _attempt in range(2):
            reused = self.conn.sock is not None
            self.used = time.monotonic()
            try:
                self.conn.request(method, path, data, sent)
                response = self.conn.getresponse()
            except (OSError, HTTPException):
                self.conn.close()
                self.conn = HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
                if reused or method == "GET":
                    continue
                return "connection error", None
            try:
                payload = response.read()
            except (OSError, HTTPException):
                self.conn.close()
                self.conn = HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
                return "connection error", None
            self.used = time.monotonic()
            return response.status, payload
        return "connection error", None
