"""gunicorn's configuration for a benchmark that looks inside the server: the served
checkout's own ``gunicorn.conf.py`` (read from the directory gunicorn starts in; none in
an older checkout), and in each worker process a probe timing the garbage collector's
pauses (each stops every thread of the process: its wall time, and its CPU, which
is less when the machine is busy) and, at its end, what fills the oldest generation
(the objects a full collection walks), written as JSON to
``$GUNICORN_PROBE_DIR/gc-PID.json`` when the process exits. ``benchmarks.server``'s
``serving(probe=...)`` starts gunicorn with it; ``gc_pauses`` reads what it wrote."""

import gc
import json
import os
import runpy
import time
from collections import Counter
from pathlib import Path

_served = Path.cwd() / "gunicorn.conf.py"
if _served.exists():
    globals().update(
        {k: v for k, v in runpy.run_path(str(_served)).items() if not k.startswith("__")}
    )
_served_post_worker_init = globals().get("post_worker_init")
_pauses: list[tuple[int, float, float]] = []
_started = [0.0, 0.0]


def _time_collection(phase, info):
    if phase == "start":
        _started[:] = time.perf_counter(), time.thread_time()
    else:
        wall, cpu = time.perf_counter() - _started[0], time.thread_time() - _started[1]
        _pauses.append((info["generation"], wall, cpu))


def post_worker_init(worker):
    if _served_post_worker_init is not None:
        _served_post_worker_init(worker)
    gc.callbacks.append(_time_collection)


def worker_exit(_server, worker):
    if worker.pid != os.getpid():  # the arbiter reaping a worker, not the worker
        return
    gc.collect(1)  # what is left in the oldest generation a full collection walks
    oldest = Counter(type(o).__qualname__ for o in gc.get_objects(generation=2))
    path = Path(os.environ["GUNICORN_PROBE_DIR"]) / f"gc-{worker.pid}.json"
    path.write_text(
        json.dumps(
            {
                "pauses": _pauses,
                "frozen": gc.get_freeze_count(),
                "oldest": sum(oldest.values()),
                "oldest_types": oldest.most_common(30),
            }
        )
    )
