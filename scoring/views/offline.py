"""The service worker (``templates/scoring/sw.js``), served from the site's root so that
its scope is the whole site: it keeps the table pages for when the Wi-Fi drops and
sends the phone's outbox on Background Sync (``static/js/offline.js``)."""

from django.http import HttpResponse
from django.template.loader import render_to_string
from django.templatetags.static import static

from games.registry import REGISTRY


def service_worker(_request):
    # The entry pages of the games declared in code are kept too (each is "path/").
    paths = "|".join(game.entry.path + r"\/" for game in REGISTRY.values() if game.entry)
    context = {"outbox_js": static("js/outbox.js"), "entry_paths": paths}
    body = render_to_string("scoring/sw.js", context)
    response = HttpResponse(body, content_type="text/javascript")
    response["Cache-Control"] = "no-cache"  # a new worker is picked up at once
    return response
