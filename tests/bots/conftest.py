import pytest

from bots.models import Bot
from tests.bots.servers import start_misbehaving_bot, start_reference_bot, stop

REFERENCE_SECRET = "reference-bot-secret-for-the-tests"


@pytest.fixture
def builtin_bot(player):
    """A built-in random bot of the player's."""

    def make(name="Randy", key="random", owner=None, **settings):
        return Bot.objects.create(
            name=name,
            owner=owner or player,
            kind=Bot.Kind.BUILTIN,
            builtin_key=key,
            settings=settings,
        )

    return make


@pytest.fixture
def remote_bot(player):
    def make(name, endpoint_url, secret=REFERENCE_SECRET, owner=None, **timing):
        return Bot.objects.create(
            name=name,
            owner=owner or player,
            kind=Bot.Kind.REMOTE,
            endpoint_url=endpoint_url,
            secret=secret,
            **timing,
        )

    return make


@pytest.fixture(scope="session")
def reference_bot_url():
    """The reference bot (examples/remote_bot/bot.py) in its own process."""
    process, url = start_reference_bot(REFERENCE_SECRET)
    yield url
    stop(process)


@pytest.fixture(scope="session")
def misbehaving_bot_url():
    server, url = start_misbehaving_bot()
    yield url
    server.shutdown()
    server.server_close()
