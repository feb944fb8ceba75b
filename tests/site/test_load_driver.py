"""The benchmarks' open-loop driver (benchmarks/load.py) against a real HTTP server
whose answers take a known time: it keeps its schedule, counts drops and failures, and
times each request from when it was due, so a server's queue shows in the figures."""

import contextlib
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from benchmarks.load import Client, open_loop, poisson, steady, step_test


def serve(
    seconds: float = 0.0,
    *,
    one_at_a_time: bool = False,
    failing_every: int = 0,
    slow_first: int = 0,
    keep_alive: float | None = None,
    drops=lambda path, seen: False,
):
    """A server on a free port answering every GET and POST after ``seconds`` (500 for
    every ``failing_every``-th path number; with ``slow_first``, only the first that many
    take ``seconds``, as a page version being built), serving one request at a time if
    asked; it
    notes each request (path, client port) in its ``seen``, closes a connection idle
    ``keep_alive`` seconds, and closes without an answer a request ``drops(path, seen)``
    says."""
    turn = threading.Lock() if one_at_a_time else contextlib.nullcontext()
    seen = []

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        timeout = keep_alive

        def answer(self):
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            seen.append((self.path, self.client_address[1]))
            if drops(self.path, seen):
                self.close_connection = True
                return
            with turn:
                seen_before = len(seen) - 1
                if not slow_first or seen_before < slow_first:
                    time.sleep(seconds)
            number = int(self.path.strip("/")) if self.path.strip("/").isdigit() else 0
            status = 500 if failing_every and number % failing_every == 0 else 200
            self.send_response(status)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")

        do_GET = do_POST = answer

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    server.seen = seen
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def stop(server) -> None:
    server.shutdown()
    server.server_close()


@pytest.fixture
def quick_server():
    server = serve(0.0, failing_every=4)
    yield server.server_address[1]
    stop(server)


def get(client: Client, index: int):
    return client.call("GET", f"/{index}")[0]


def test_it_keeps_the_offered_rate_and_counts_failed_answers(quick_server):
    run = open_loop(get, steady(50, 40), clients=8, session=lambda: Client(quick_server))
    assert run.scheduled == 40
    assert run.offered_rate == pytest.approx(50, rel=0.01)
    assert run.failures == {500: 10}  # paths 0, 4, 8, ... answer 500
    assert len(run.latencies) == 30
    # The schedule spans 0.78 s: its 30 good answers cannot come faster than that.
    assert run.achieved_rate <= 40
    assert run.achieved_rate > 15


def test_a_start_with_no_free_client_is_dropped():
    server = serve(0.5)
    port = server.server_address[1]
    run = open_loop(get, steady(50, 25), clients=5, session=lambda: Client(port))
    stop(server)
    # Five clients each held for half a second: at most the first five start in time.
    assert run.dropped >= 15
    assert run.failures["dropped"] == run.dropped
    assert len(run.latencies) + run.failed == 25


def test_time_queued_at_the_server_counts():
    # One request at a time, 50 ms each: 20 a second at most, offered 100 a second.
    server = serve(0.05, one_at_a_time=True)
    port = server.server_address[1]
    run = open_loop(get, steady(100, 20), clients=20, session=lambda: Client(port))
    stop(server)
    assert run.failed == 0
    # The last is due at 0.19 s and answered after the 20 x 50 ms before it.
    assert max(run.latencies) >= 0.7
    assert run.p50 >= 200


def test_the_step_test_finds_the_knee():
    """A server of 20 answers a second, one at a time: the steps climb from 4 a second by
    1.25 times until the queue breaks 600 ms, which it must before twice its capacity: at
    1.5 times it the last of a 2-second step waits 1 s. The first steps are a fifth of
    it and the target twelve answers long, so a busy machine's stalls do not end them."""
    server = serve(0.05, one_at_a_time=True)
    port = server.server_address[1]
    seen = []
    knee = step_test(
        lambda rate: open_loop(
            get, steady(rate, int(rate * 2)), clients=40, session=lambda: Client(port)
        ),
        start=4,
        target_ms=600,
        max_steps=15,
        report=seen.append,
    )
    stop(server)
    rates = [rate for rate, _ in knee.steps]
    assert len(rates) >= 3, rates
    assert rates[0] == 4
    assert all(b == pytest.approx(a * 1.25) for a, b in zip(rates, rates[1:], strict=False))
    assert len(seen) == len(rates) + 1 and "warm-up" in seen[0]  # the warm-up, not a step
    assert knee.first_bad is not None and knee.first_bad < 40
    assert knee.first_bad == rates[-1]
    assert "knee: " in knee.summary("test")


@pytest.mark.parametrize("warm_up", [True, False])
def test_the_step_test_warms_up_before_its_first_step(warm_up):
    """Slow first answers (a new page version's build) break the first step unless an
    untimed warm-up takes them: the knee is of the steady page."""
    server = serve(0.4, one_at_a_time=True, slow_first=3)
    port = server.server_address[1]
    knee = step_test(
        lambda rate: open_loop(
            get, steady(rate, int(rate * 2)), clients=20, session=lambda: Client(port)
        ),
        start=10,
        target_ms=250,
        max_steps=2,
        warm_up=warm_up,
    )
    stop(server)
    first_step = knee.steps[0][1]
    assert knee.holds(first_step) is warm_up
    assert (len(knee.steps) == 2) is warm_up


def test_poisson_arrivals_have_the_mean_rate():
    import random

    offsets = poisson(100, 5000, random.Random(3))
    assert offsets == sorted(offsets)
    assert 5000 / offsets[-1] == pytest.approx(100, rel=0.05)


def test_a_client_keeps_its_connection_until_the_server_closes_it():
    """As a browser's: requests reuse the connection while the server keeps it; once
    the server has closed it (this one after 0.3 s idle), even a write (never sent
    twice) goes out on a new one instead of failing."""
    server = serve(keep_alive=0.3)
    try:
        client = Client(server.server_address[1])
        assert client.call("GET", "/1")[0] == 200
        time.sleep(0.1)
        assert client.call("POST", "/2", {"move": 1})[0] == 200
        time.sleep(0.8)
        assert client.call("POST", "/3", {"move": 2})[0] == 200
        client.close()
    finally:
        stop(server)
    ports = [port for _path, port in server.seen]
    assert ports[0] == ports[1] != ports[2]


def test_a_write_the_server_drops_on_a_kept_alive_connection_is_sent_again_once():
    """The race a browser meets too: the server closes a kept-alive connection as a
    request goes out on it, unanswered. The request goes again on a new connection;
    one unanswered on a new connection is a "connection error", not sent again."""
    server = serve(drops=lambda path, seen: path == "/drop" or (path == "/2" and len(seen) == 2))
    try:
        client = Client(server.server_address[1])
        assert client.call("GET", "/1")[0] == 200
        assert client.call("POST", "/2", {"move": 1})[0] == 200
        assert client.call("POST", "/drop", {"move": 2}) == ("connection error", None)
        fresh = Client(server.server_address[1])
        assert fresh.call("POST", "/drop", {"move": 3}) == ("connection error", None)
        client.close()
        fresh.close()
    finally:
        stop(server)
    seen = server.seen
    paths = [path for path, _port in seen]
    assert paths[:3] == ["/1", "/2", "/2"]
    assert seen[0][1] == seen[1][1] != seen[2][1]
    assert paths.count("/drop") == 2 + 1  # kept-alive: sent again once; fresh: once
