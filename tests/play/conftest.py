import pytest

from bots.models import Bot
from tests.bots.conftest import (  # noqa: F401 (the bots' fixtures)
    builtin_bot,
    misbehaving_bot_url,
    reference_bot_url,
    remote_bot,
)


@pytest.fixture
def greedy_bot(staff):
    return Bot.objects.create(
        name="Gready", owner=staff, kind=Bot.Kind.BUILTIN, builtin_key="greedy", public=True
    )


@pytest.fixture
def search_bot(staff):
    """A search bot (not quick: the workers play its turns), searching little."""
    return Bot.objects.create(
        name="Searcher",
        owner=staff,
        kind=Bot.Kind.BUILTIN,
        builtin_key="search",
        settings={"iterations": 2, "table_iterations": 2},
        public=True,
    )


@pytest.fixture
def start(client_for):
    """Start a friendly game through the API as ``by``; its id."""

    def start_as(by, seats, **extra):
        body = {"game": "call-to-glory", "options": {"rounds": 1}, "seats": seats, **extra}
        response = client_for(by).post("/api/play/", body, content_type="application/json")
        assert response.status_code == 201, response.content
        return response.json()["id"]

    return start_as
