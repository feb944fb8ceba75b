"""kombu's filesystem transport, with each message written atomically.

kombu writes a message file in place under an advisory lock, but a consumer moves the
file away without taking the lock, so a worker can read a half-written message and
die on it. Here a message is written under a name no consumer looks at and then
renamed into place, which is atomic on one filesystem. ``filesystem://`` broker URLs
use this transport (registered in ``config.celery``).
"""

import os
import uuid
from time import monotonic

from kombu.transport import filesystem
from kombu.utils.encoding import str_to_bytes
from kombu.utils.json import dumps


class Channel(filesystem.Channel):
    def _put(self, queue, payload, **kwargs):
        name = f"{round(monotonic() * 1000)}_{uuid.uuid4()}.{queue}.msg"
        final = os.path.join(self.data_folder_out, name)
        partial = os.path.join(self.data_folder_out, f"writing-{uuid.uuid4().hex}")
        try:
            with open(partial, "wb") as file:
                file.write(str_to_bytes(dumps(payload)))
            os.replace(partial, final)
        except OSError as exc:
            raise filesystem.ChannelError(f"Cannot add file {final!r} to directory") from exc


class Transport(filesystem.Transport):
    Channel = Channel
