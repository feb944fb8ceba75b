"""The home page: what needs the reader now, then the events and leagues listed to them
(``tournaments.listing``, drawn once per what they show). The to-do list follows the
reader's to-do stream (``tournaments.todo_changes``): the page fetches itself again when
it moves on and swaps the list in."""

from django.shortcuts import render
from django.utils.safestring import mark_safe

from tournaments.listing import lists_html
from tournaments.todo import todo_for
from tournaments.todo_changes import todo_stamp


def home(request):
    todo = todo_for(request.user)
    context = {
        "lists": mark_safe(lists_html(request.user)),
        "todo": todo,
        "todo_stamp": todo_stamp(todo),
    }
    return render(request, "home.html", context)
