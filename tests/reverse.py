"""``-p tests.reverse``: the collected tests run last to first, with ``-p no:randomly``
(README, "The two commands"): a test that needs what an earlier one left in its worker
fails in one order or the other."""


def pytest_collection_modifyitems(items):
    items.reverse()
