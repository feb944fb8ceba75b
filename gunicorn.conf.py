"""How gunicorn serves the site's pages and API. gunicorn reads this file from the
directory it starts in (the repository's root), so `gunicorn -b 127.0.0.1:8000` is the
whole command (README); a flag on the command line overrides a line here. The
benchmarks over HTTP serve the same (`benchmarks/server.py`). Why each value:
docs/play.md, "Serving long-polls", and docs/benchmarks.md, "Live play's tail".
"""

import gc

wsgi_app = "config.wsgi"
# Threads, so that a long-poll waiting on a game holds a thread and not a process;
# DATABASE_POOL_SIZE gives each process a pool smaller than its threads (docs/play.md).
worker_class = "gthread"
workers = 3
threads = 80
# A kept-alive connection idle between two requests waits in the process's poller,
# without a thread, so keeping it is cheap; gunicorn's 2 s made a person who thinks
# longer than that open a new connection for most moves (0.75 a move, against 0.07 at
# 75 s, in bench_play). 75 s is above a proxy's usual idle time for its connections to
# the site (nginx's upstream keepalive_timeout is 60 s), so the proxy never sends a
# request on a connection gunicorn is closing.
keepalive = 75


def post_worker_init(_worker):
    """Everything the process imported at start-up (Django, the apps, the URL
    configuration: about 135,000 objects) moves out of the garbage collector's reach,
    so a full collection, which stops every thread of the process while it runs, walks
    only what the requests made since (in bench_play a third less CPU a collection)."""
    gc.freeze()
