"""The service worker (``templates/scoring/sw.js``), served from the site's root so that
its scope is the whole site: it keeps the table pages for when the Wi-Fi drops and
sends the phone's outbox on Background Sync (``static/js/offline.js``)."""

from django.http import HttpResponse
from django.template.loader import render_to_string
from django.templatetags.static import static


def service_worker(_request):
    body = render_to_string("scoring/sw.js", {"outbox_js": static("js/outbox.js")})
    response = HttpResponse(body, content_type="text/javascript")
    response["Cache-Control"] = "no-cache"  # a new worker is picked up at once
    return response
