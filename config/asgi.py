"""The site as an ASGI application: what ``bin/run`` serves with uvicorn, and what
production's push server serves (docs/push.md).

Django runs each request in a *thread-sensitive context* of its own: the sync parts of
a request (signals, sync middleware, sync views) run in a thread made for that request,
which lives until the request ends. For a push stream (``/push/``, ``lib.push``)
that would be a thread per open tab for as long as it is open, so a stream runs
outside such a context: the few sync steps of its start hop to the process's one
shared thread, and nothing of it stays while it waits.
"""

import os
import warnings

import django
from django.conf import settings
from django.core.handlers.asgi import ASGIHandler

from config.errors import BODY_TOO_LARGE
from lib.var_folders import make_var_folders

PUSH_PREFIX = "/push/"


class Application(ASGIHandler):
    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
            receive = bounded(scope, receive, settings.MAX_REQUEST_BYTES)
        if scope["type"] == "http" and scope["path"].startswith(PUSH_PREFIX):
            await self.handle(scope, receive, send)
        else:
            await super().__call__(scope, receive, send)


def bounded(scope, receive, limit: int):
    """``receive`` for Django, which reads a whole body (to a temporary file past a
    size) before any middleware runs: a body that says it is larger than ``limit``, or
    grows past it without saying, ends at once, empty, and the scope is marked
    (``BODY_TOO_LARGE``) for ``RequestSizeMiddleware`` to answer 413. What the client
    still sends is read and dropped until it goes."""
    headers = dict(scope.get("headers", ()))
    try:
        declared = int(headers.get(b"content-length", b"0"))
    except ValueError:
        declared = 0
    read = 0
    ended = declared > limit

    async def bounded_receive():
        nonlocal read, ended
        if ended:
            if not scope.get(BODY_TOO_LARGE):
                scope[BODY_TOO_LARGE] = True
                return {"type": "http.request", "body": b"", "more_body": False}
            while (message := await receive())["type"] == "http.request":
                pass  # dropped
            return message
        message = await receive()
        if message["type"] == "http.request":
            read += len(message.get("body", b""))
            if read > limit:
                ended = True
                return await bounded_receive()
        return message

    return bounded_receive


# A static file (WhiteNoise's, served here by bin/run only: production serves them from
# gunicorn) is read in a thread a chunk at a time, as Django warns once per process.
warnings.filterwarnings("ignore", "StreamingHttpResponse must consume synchronous iterators")

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup(set_prefix=False)
make_var_folders()
application = Application()
