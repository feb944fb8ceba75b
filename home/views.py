"""The home page: what needs the reader now, then the events and leagues listed to them
(``home.listing``, drawn once per what they show). The to-do list follows the
reader's to-do stream (``home.todo_changes``): the page fetches itself again when
it moves on and swaps the list in."""

from django.shortcuts import render
from django.utils.safestring import mark_safe

from home.listing import lists_html
from home.todo_changes import todo_stamp
from tournaments.todo import todo_for


def home(request):
    todo = todo_for(request.user)
    context = {
        "lists": mark_safe(lists_html(request.user)),
        "todo": todo,
        "todo_stamp": todo_stamp(todo),
    }
    return render(request, "home.html", context)


def event_list(request):
    """``/events/``: the events and leagues the reader may see (the home page's lists,
    without the reader's to-do), where a newcomer looks for them."""
    return render(request, "events.html", {"lists": mark_safe(lists_html(request.user))})
