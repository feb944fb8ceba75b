import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from bots.models import Bot
from bots.uploads import do_register_uploaded_bot, read_source
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


@pytest.fixture
def uploaded_bot(player):
    """An uploaded bot of the player's: one Python file's source, or an archive's."""

    def make(name, source: bytes, filename="bot.py", entry_point="", owner=None, **timing):
        bot = Bot.objects.create(name=name, owner=owner or player, **timing)
        entry = read_source(SimpleUploadedFile(filename, source), entry_point)
        # No probe game: these bots misbehave on purpose, for the worker to contain.
        return do_register_uploaded_bot(bot.owner, bot, entry, probe=False)

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
