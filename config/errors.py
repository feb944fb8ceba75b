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
    too_large = isinstance(exception, RequestDataTooBig)
    status = 413 if too_large else 400
    if is_api(request):
        detail = (
            f"The body is larger than {settings.DATA_UPLOAD_MAX_MEMORY_SIZE} bytes."
            if too_large
            else "Bad request."
        )
        return JsonResponse({"detail": detail}, status=status)
    return render(request, "400.html", {"too_large": too_large}, status=status)


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
