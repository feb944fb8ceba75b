"""The push hub's reads of a followed stamp run side by side: a stream's first read and
the read a change's announcement starts. The stamp is the one of the read that started
last, whichever ends last: a first read that started before a change committed, and
ended after the change's own read, once put back the stamp before the change, and the
stream heard of it only at the next refresh (a minute for an event's pages)."""

import asyncio
import threading

from lib.push_hub import UNREAD, Followed


def test_a_slow_first_read_does_not_put_back_the_stamp_before_a_change():
    first_may_end = threading.Event()
    answers = iter(["before the change", "after the change"])

    def read_stamp():
        answer = next(answers)
        if answer == "before the change":
            assert first_may_end.wait(5)
        return answer

    async def scenario():
        followed = Followed(("event:1",), read_stamp, refresh=None)
        followed.streams = 1
        moved = followed.moved
        first = asyncio.create_task(followed.read())  # a stream opens
        await asyncio.sleep(0.05)  # its read has started, and waits on the database
        followed.poke()  # a change is announced: read again
        await asyncio.wait_for(moved.wait(), 5)
        assert followed.stamp == "after the change"
        first_may_end.set()
        assert await first is False  # the first read ends last, and is dropped
        return followed.stamp

    assert asyncio.run(scenario()) == "after the change"


def test_reads_one_after_the_other_each_move_the_stamp_on():
    answers = iter(["one", "two"])

    async def scenario():
        followed = Followed(("event:1",), lambda: next(answers), refresh=None)
        assert followed.stamp is UNREAD
        assert await followed.read() is True
        assert followed.stamp == "one"
        assert await followed.read() is True
        return followed.stamp

    assert asyncio.run(scenario()) == "two"
