"""The site's error answers: pages for people, JSON under ``/api/`` (an API client never
gets an HTML page, not even for a 500 or an unknown URL)."""

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, JsonResponse
from django.shortcuts import render
from django.urls import Resolver404, resolve


def is_api(request) -> bool:
    return request.path.startswith("/api/")


def permission_denied(request, exception=None):  # noqa: ARG001 - Django passes it by name
    if is_api(request):
        return JsonResponse({"detail": "You do not have permission to do that."}, status=403)
    return render(request, "403.html", status=403)


def page_not_found(request, exception=None):  # noqa: ARG001 - Django passes it by name
    if is_api(request):
        return JsonResponse({"detail": "Not found."}, status=404)
    return render(request, "404.html", status=404)


def bad_request(request, exception=None):
    """A request Django refused before any view (a body over ``DATA_UPLOAD_MAX_MEMORY_SIZE``
    is a 413, with the limit)."""
    if isinstance(exception, RequestDataTooBig):
        return too_large(request, settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
    if is_api(request):
        return JsonResponse({"detail": "Bad request."}, status=400)
    return render(request, "400.html", {"too_large": False}, status=400)


def too_large(request, limit: int):
    """413: the body is larger than ``limit`` bytes."""
    if is_api(request):
        return JsonResponse({"detail": f"The body is larger than {limit} bytes."}, status=413)
    return render(request, "400.html", {"too_large": True}, status=413)


# Set in the ASGI scope by ``config.asgi`` when a body without a length grew past the limit.
BODY_TOO_LARGE = "leaguewright.body_too_large"


def declared_length(request) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


class RequestSizeMiddleware:
    """A request larger than ``MAX_REQUEST_BYTES`` (as its ``Content-Length`` says, or
    as ``config.asgi`` counted it) is answered 413 before anything reads its body: under
    the WSGI server the body is then never read; under the ASGI server ``config.asgi``
    has kept it from being read."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        limit = settings.MAX_REQUEST_BYTES
        scope = getattr(request, "scope", {})
        if declared_length(request) > limit or scope.get(BODY_TOO_LARGE):
            return too_large(request, limit)
        return self.get_response(request)


def server_error(request):
    if is_api(request):
        return JsonResponse(
            {"detail": "A server error; it is logged. Try again in a minute."}, status=500
        )
    return render(request, "500.html", status=500)


class SiteNotFoundMiddleware:
    """With ``DEBUG`` on (``bin/run``), Django answers an unknown address with its
    technical page, every URL pattern of the site listed: a newcomer's first 404 should
    be the site's own, as in production. An address no pattern takes, or a view's
    ``Http404``, gets ``page_not_found``; other errors keep Django's debug pages."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            resolve(request.path_info)
        except Resolver404:
            return page_not_found(request)
        return self.get_response(request)

    def process_exception(self, request, exception):
        return page_not_found(request) if isinstance(exception, Http404) else None
