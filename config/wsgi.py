"""The WSGI application. Its URL configuration (and with it every view module) is
imported here, when a server process starts, not on the first request each process
serves: in a rush the first writes would otherwise each pay a second of imports."""

import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

from lib.var_folders import make_var_folders

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
make_var_folders()
application = get_wsgi_application()
get_resolver().url_patterns  # noqa: B018 - imported for its side effect (see above)
