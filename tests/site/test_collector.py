"""The garbage collector held off while a large structure is built (``lib.collector``):
off inside, back on after, nested and overlapping holds counted, left off when it was."""

import gc
import threading

import pytest

from lib.collector import collections_held


@pytest.fixture
def collector_on():
    was_on = gc.isenabled()
    gc.enable()
    yield
    (gc.enable if was_on else gc.disable)()


def test_off_inside_and_on_after_even_when_the_block_fails(collector_on):
    with pytest.raises(ValueError), collections_held():
        assert not gc.isenabled()
        raise ValueError
    assert gc.isenabled()


def test_a_nested_hold_leaves_it_off_until_the_outer_one_ends(collector_on):
    with collections_held():
        with collections_held():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_overlapping_holds_of_two_threads_end_with_the_last(collector_on):
    first_in, first_out, seen = threading.Event(), threading.Event(), []

    def first():
        with collections_held():
            first_in.set()
            first_out.wait(5)

    thread = threading.Thread(target=first)
    thread.start()
    first_in.wait(5)
    with collections_held():
        first_out.set()
        thread.join(5)
        seen.append(gc.isenabled())  # the first thread's hold has ended, this one not
    assert seen == [False]
    assert gc.isenabled()


def test_a_collector_that_was_off_stays_off(collector_on):
    gc.disable()
    with collections_held():
        pass
    assert not gc.isenabled()
