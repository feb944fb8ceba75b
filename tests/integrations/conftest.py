import pytest

from integrations import deliveries
from tests.integrations.receivers import Receiver, serve


@pytest.fixture
def receiver():
    running = serve(Receiver())
    yield running
    running.server.shutdown()
    running.server.server_close()


@pytest.fixture
def sent(monkeypatch):
    """The deliveries handed to the worker (their ids, in order), instead of a broker."""
    handed = []
    monkeypatch.setattr(deliveries, "send_all", lambda ids, countdown=0: handed.extend(ids))
    return handed
