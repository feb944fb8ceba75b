"""A write in a thread of its own, for the PostgreSQL races."""

import threading
import time

from django.db import connection, transaction


class InThread:
    """Run ``work`` in a thread of its own (its own connection) inside a transaction
    with a lock timeout; with ``hold``, keep the transaction open until ``release()``."""

    def __init__(self, work, hold=False, lock_timeout="5s"):
        self.work, self.hold, self.lock_timeout = work, hold, lock_timeout
        self.ready, self.released, self.done = (threading.Event() for _ in range(3))
        self.error = None
        self.seconds = None
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        started = time.perf_counter()
        try:
            with transaction.atomic():
                with connection.cursor() as cursor:
                    cursor.execute(f"SET LOCAL lock_timeout = '{self.lock_timeout}'")
                self.work()
                self.ready.set()
                if self.hold:
                    assert self.released.wait(20), "never released"
        except Exception as error:  # noqa: BLE001 - the test reads it
            self.error = error
        finally:
            self.seconds = time.perf_counter() - started
            self.ready.set()
            self.done.set()
            connection.close()

    def release(self):
        self.released.set()
        assert self.done.wait(20)

    def finish(self, timeout=20):
        assert self.done.wait(timeout), "still waiting"
        return self
