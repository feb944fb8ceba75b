"""The pages' one adapter for refusals (the API's is ``lib.api_errors``): a service run
for a page, its refusal shown where the person looks.

A view calls ``carried_out(request, do_something, ..., form=form)``; a form's ``clean``
calls ``checked_on(self, check_something, ...)``. A refusal is shown beside the form
field it names, else above the form, else (no form) as a page message. A form whose
fields are not named as the service names them says which of its fields a name is with
``field_of(name)``. A form page is answered with ``form_page``: the same page whether
the write was done or refused, a refused one with a 4xx status. A button's action (a
form that posts and goes back to a page) is answered with ``back_to``: done, the
redirect to the page; refused, that page itself with the refusal's message and status.
"""

from copy import copy
from urllib.parse import urlsplit

from django.contrib import messages
from django.http import HttpResponse, QueryDict
from django.shortcuts import redirect, render, resolve_url
from django.urls import resolve

from lib.refusal import Outcome, Refusal, attempted


def carried_out(request, action, *args, form=None, **kwargs) -> Outcome:
    """Run ``action`` for ``request``'s page; a refusal is shown (on ``form`` when
    given, else as a page message). The outcome is true when it was carried out."""
    outcome = attempted(action, *args, **kwargs)
    if outcome.refusal is not None:
        if form is not None:
            place(form, outcome.refusal)
        else:
            messages.error(request, str(outcome.refusal.message))
    return outcome


def checked_on(form, check, *args, **kwargs) -> Outcome:
    """Run a ``check_*`` from ``form``'s ``clean``; a refusal becomes the form's error."""
    outcome = attempted(check, *args, **kwargs)
    if outcome.refusal is not None:
        place(form, outcome.refusal)
    return outcome


def place(form, refusal: Refusal) -> None:
    """The refusal beside the form field it names, else above the form."""
    field = form.field_of(refusal.field) if hasattr(form, "field_of") else refusal.field
    form.add_error(field if field in form.fields else None, str(refusal.message))


def form_page(
    request,
    template: str,
    context: dict,
    outcome: Outcome | None = None,
    *,
    form=None,
    throttled: bool = False,
) -> HttpResponse:
    """A form page (``form``, else the context's ``"form"``), answered with its status:
    429 when the person did it too often just now (``lib.throttles.refused_on_page``),
    the refusal's own when the write's ``outcome`` was refused (409, 413, else 400), 400
    when the form has errors, else 200. The page is the same whatever the status."""
    form = context.get("form") if form is None else form
    return render(request, template, context, status=_status(form, outcome, throttled))


def _status(form, outcome: Outcome | None, throttled: bool) -> int:
    if throttled:
        return 429
    if outcome is not None and outcome.refusal is not None:
        return outcome.refusal.http_status
    return 400 if form is not None and form.errors else 200


def back_to(request, outcome, to, *args, **kwargs) -> HttpResponse:
    """A button action's answer, the page ``to`` (a URL name with its arguments, or a
    path of this site). Carried out (a true ``outcome``): the redirect to it (POST,
    redirect, GET). Refused: that page drawn now, as its GET would draw it, with the
    refusal's message (``carried_out`` queued it; the page shows the queued messages) and
    the refusal's own status (409, 413, else 400); ``False`` or ``None`` is a refusal the
    view showed itself (a form it could not read), 400. Nothing was changed."""
    url = resolve_url(to, *args, **kwargs)
    if outcome:
        return redirect(url)
    refusal = getattr(outcome, "refusal", None)
    return page_at(request, url, refusal.http_status if refusal is not None else 400)


def page_at(request, url: str, status: int) -> HttpResponse:
    """The page at ``url`` drawn for ``request``'s person as a GET, with ``status``."""
    parts = urlsplit(url)
    match = resolve(parts.path)
    page = copy(request)
    page.method = "GET"
    page.path = page.path_info = parts.path
    page.GET = QueryDict(parts.query)
    page.POST = QueryDict()
    page.META = {**request.META, "REQUEST_METHOD": "GET", "QUERY_STRING": parts.query}
    page.resolver_match = match
    response = match.func(page, *match.args, **match.kwargs)
    if response.status_code in (301, 302, 303, 307, 308):
        return response  # the page sends the person on: the message waits there
    for key in ("CSRF_COOKIE", "CSRF_COOKIE_NEEDS_UPDATE"):  # a token the page made
        if key in page.META:
            request.META[key] = page.META[key]
    response.status_code = status
    return response
