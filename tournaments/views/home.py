"""The home page: what needs the reader now, then the events and leagues listed to them
(``tournaments.listing``, drawn once per what they show). The to-do list follows the
reader's to-do stream (``tournaments.todo_changes``) and is fetched again from
``home_todo`` when it moves on."""

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


def home_todo(request):
    """The reader's to-do list alone (``_todo.html``), as the home page shows it."""
    return render(request, "_todo.html", {"todo": todo_for(request.user)})
