from django.urls import path

from games import views

urlpatterns = [
    path("call-to-glory/validate/", views.validate_page, name="validate-record"),
]
