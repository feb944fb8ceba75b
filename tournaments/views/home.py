"""The home page: what needs the reader now, then the events and leagues listed to them
(``tournaments.listing``, drawn once per what they show)."""

from django.shortcuts import render
from django.utils.safestring import mark_safe

from tournaments.listing import lists_html
from tournaments.todo import todo_for


def home(request):
    context = {"lists": mark_safe(lists_html(request.user)), "todo": todo_for(request.user)}
    return render(request, "home.html", context)
