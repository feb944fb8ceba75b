"""The stream view's pages: the public page a broadcast shows (``/stream/TOKEN/``,
``?size=720`` for 1280x720, ``?transparent=1`` for a transparent background), and the
organisers' switch on the staff page."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from lib.refusal_pages import back_to, carried_out
from room import stream
from tournaments.permissions import access_event_as_organiser


def stream_page(request, token: str):
    link = stream.access_stream(token)
    stamp = stream.stream_stamp(link)  # before what it shows: a change between is pushed
    size = request.GET.get("size", "1080")
    width, height = stream.SIZES.get(size, stream.SIZES["1080"])
    return render(
        request,
        "room/stream.html",
        {
            "link": link,
            "event": link.event,
            "stamp": stamp,
            "shown": stream.shown_by(link),
            "width": width,
            "height": height,
            "small": height < 1080,
            "transparent": request.GET.get("transparent") == "1",
        },
    )


@login_required
@require_POST
def switch(request, slug: str):
    event = access_event_as_organiser(request.user, slug)
    if request.POST.get("on") == "1":
        table = request.POST.get("table", "")
        if done := carried_out(request, stream.do_switch_on, event, request.user, table):
            messages.success(request, _("The stream view is on."))
    elif done := carried_out(request, stream.do_switch_off, event, request.user):
        messages.success(request, _("The stream view is off: its link shows nothing."))
    return back_to(request, done, "room-staff", slug=slug)
