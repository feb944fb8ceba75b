"""The filesystem broker never shows a consumer half a message."""

import os

from kombu.transport import TRANSPORT_ALIASES

from lib.broker import Channel


class FakeChannel(Channel):
    def __init__(self, folder):
        self.folder = folder

    data_folder_out = property(lambda self: self.folder)


def test_filesystem_urls_use_the_atomic_transport():
    assert TRANSPORT_ALIASES["filesystem"] == "lib.broker:Transport"


def test_a_message_appears_whole_under_its_queue_name(tmp_path):
    FakeChannel(str(tmp_path))._put("standings", {"body": "x" * 100_000})
    [name] = os.listdir(tmp_path)
    assert name.endswith(".standings.msg")
    assert (tmp_path / name).read_bytes().endswith(b'"}')
