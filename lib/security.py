"""The Content-Security-Policy header of every answer: the pages load nothing from
elsewhere, so scripts, styles, images, fonts and frames come from this site only, and
no inline script runs (an injected ``<script>`` or ``onclick`` is refused by the
browser). Inline styles stay allowed: the charts and the replay page use them, and
htmx adds its own indicator style."""

from django.conf import settings


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        self.policy = settings.CONTENT_SECURITY_POLICY

    def __call__(self, request):
        response = self.get_response(request)
        if self.policy:
            response.headers.setdefault("Content-Security-Policy", self.policy)
        return response
