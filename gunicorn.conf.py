"""How gunicorn serves the site's pages and API. gunicorn reads this file from the
directory it starts in (the repository's root), so `gunicorn -b 127.0.0.1:8000` is the
whole command (README); a flag on the command line overrides a line here. The
benchmarks over HTTP serve the same (`benchmarks/server.py`). Why each value:
docs/play.md, "Serving long-polls", and docs/benchmarks.md, "Live play's tail";
README, "Slow clients", for the worker class and the pool.
"""

import errno
import gc
import os
import selectors
import time
from collections import deque
from functools import partial

from gunicorn import http
from gunicorn.workers.gthread import TConn, ThreadWorker

# A request's head (its request line and headers) must have arrived whole this many
# seconds after its first byte could be read, and within this many bytes.
HEAD_SECONDS = 10
HEAD_BYTES = 64 * 1024


class HeadFirstWorker(ThreadWorker):
    """gunicorn's threads (gthread), but a request's head is read by the process's main
    thread, in its poller, and only a request whose head has arrived whole is given a
    thread: a client that sends half a request holds a socket, never a thread, and is
    dropped after ``HEAD_SECONDS``. gthread alone gives each new connection a thread
    that waits for its first bytes and then blocks until the head is complete, so 250
    connections sending half a request took every thread of 3 processes of 80 (issue
    40). The body is read by the thread: the proxy in front buffers it (README)."""

    def init_process(self):
        self.heads = deque()  # connections whose head is arriving, oldest first
        super().init_process()

    def accept(self, listener):
        if self.cfg.is_ssl:  # TLS is the proxy's; a served certificate reads as before
            return super().accept(listener)
        try:
            client_sock, client_addr = listener.accept()
        except OSError as e:
            if e.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                raise
            return
        self.nr_conns += 1
        self.await_head(TConn(self.cfg, client_sock, client_addr, listener.getsockname()))

    def on_client_socket_readable(self, conn, client):
        """A kept-alive connection's next request: its head is awaited as a new one's."""
        self.poller.unregister(client)
        self.keepalived_conns.remove(conn)
        self.await_head(conn)

    def await_head(self, conn):
        conn.sock.setblocking(False)
        conn.head = bytearray()
        conn.head_deadline = time.monotonic() + HEAD_SECONDS
        self.heads.append(conn)
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self.read_head, conn))

    def read_head(self, conn, _client):
        try:
            data = conn.sock.recv(8192)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self.drop_head(conn)
            return
        conn.head += data
        if b"\r\n\r\n" in conn.head or len(conn.head) > HEAD_BYTES:
            self.poller.unregister(conn.sock)
            self.heads.remove(conn)
            if conn.parser is None:
                conn.parser = http.get_parser(self.cfg, conn.sock, conn.client)
            conn.parser.unreader.unread(bytes(conn.head))
            conn.data_ready = True
            self.enqueue_req(conn)

    def drop_head(self, conn):
        self.poller.unregister(conn.sock)
        self.heads.remove(conn)
        self.nr_conns -= 1
        conn.close()

    def murder_pending(self):
        super().murder_pending()
        now = time.monotonic()
        while self.heads and self.heads[0].head_deadline <= now:
            self.drop_head(self.heads[0])


wsgi_app = "config.wsgi"
# Threads, so that a long-poll waiting on a game holds a thread and not a process;
# DATABASE_POOL_SIZE gives each process a pool smaller than its threads (docs/play.md).
worker_class = HeadFirstWorker
workers = 3
threads = 80
# A pool of PostgreSQL connections per process unless the environment names one: 3
# processes of 80 threads each opening their own connection answered 500 "too many
# clients" under load (issue 40). Set here, before the processes load the settings.
os.environ.setdefault("DATABASE_POOL_SIZE", "16")
# A kept-alive connection idle between two requests waits in the process's poller,
# without a thread, so keeping it is cheap; gunicorn's 2 s made a person who thinks
# longer than that open a new connection for most moves (0.75 a move, against 0.07 at
# 75 s, in bench_play). 75 s is above a proxy's usual idle time for its connections to
# the site (nginx's upstream keepalive_timeout is 60 s), so the proxy never sends a
# request on a connection gunicorn is closing.
keepalive = 75


def on_starting(server):
    """Refuse to serve PostgreSQL from many threads without a pool (an explicit
    ``DATABASE_POOL_SIZE=0``): each thread would hold a connection of its own."""
    on_postgres = os.environ.get("DATABASE_URL", "").startswith(("postgres", "postgis"))
    if on_postgres and server.cfg.threads > 1 and os.environ["DATABASE_POOL_SIZE"] == "0":
        raise SystemExit(
            f"DATABASE_POOL_SIZE=0 with {server.cfg.threads} threads a process: every "
            "thread would open its own PostgreSQL connection. Set DATABASE_POOL_SIZE "
            "(README) or serve with --threads 1."
        )


def post_worker_init(_worker):
    """Everything the process imported at start-up (Django, the apps, the URL
    configuration: about 135,000 objects) moves out of the garbage collector's reach,
    so a full collection, which stops every thread of the process while it runs, walks
    only what the requests made since (in bench_play a third less CPU a collection)."""
    gc.freeze()
