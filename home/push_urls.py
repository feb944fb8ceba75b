"""The push stream of a reader's to-do list (``home.push``), under /push/."""

from django.urls import path

from home.push import todo_changes

urlpatterns = [
    path("todo/", todo_changes, name="push-todo"),
]
