from django.urls import path

from home import views

urlpatterns = [
    path("", views.home, name="home"),
    path("events/", views.event_list, name="event-list"),
]
