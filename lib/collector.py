"""Python's cyclic garbage collector held off while one piece of work builds a large
structure that lives until the work ends.

Pairing 10,000 entrants holds about a million objects at once (the entrants, what they
played, the search's tables, the rows written, the answer): each collection of the
oldest generation walks all of them, finds them alive, and in one pairing request the
collector did so twice, 0.15-0.4 s of CPU (docs/benchmarks.md, issue 47). Held off,
they are freed by their reference counts when the work ends, unwalked; a cycle made
meanwhile waits for the next collection. Held off for the whole process (the collector
has no other switch): another thread's garbage waits as long, a second at most.
Nested and concurrent holds count: the collector is back on when the last one ends,
unless it was off before the first."""

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_holds = 0
_was_on = False


@contextmanager
def collections_held() -> Iterator[None]:
    """The collector off for the block (and any hold overlapping it), then as before."""
    global _holds, _was_on
    with _lock:
        if not _holds:
            _was_on = gc.isenabled()
            gc.disable()
        _holds += 1
    try:
        yield
    finally:
        with _lock:
            _holds -= 1
            if not _holds and _was_on:
                gc.enable()
