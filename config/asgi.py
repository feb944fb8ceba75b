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
from django.core.handlers.asgi import ASGIHandler

from lib.var_folders import make_var_folders

PUSH_PREFIX = "/push/"


class Application(ASGIHandler):
    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and scope["path"].startswith(PUSH_PREFIX):
            await self.handle(scope, receive, send)
        else:
            await super().__call__(scope, receive, send)


# A static file (WhiteNoise's, served here by bin/run only: production serves them from
# gunicorn) is read in a thread a chunk at a time, as Django warns once per process.
warnings.filterwarnings("ignore", "StreamingHttpResponse must consume synchronous iterators")

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup(set_prefix=False)
make_var_folders()
application = Application()
