from django.urls import path

from scoring.views.push import desk_changes

urlpatterns = [path("events/<slug:slug>/desk/", desk_changes, name="push-desk")]
