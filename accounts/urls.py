from django.contrib.auth.views import LoginView
from django.urls import include, path

from accounts import views
from accounts.forms import LoginForm

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("profile/", views.profile, name="profile"),
    path("profile/confirm/", views.send_confirmation, name="send_confirmation"),
    path("confirm/<str:token>/", views.confirm_email, name="confirm_email"),
    path("login/", LoginView.as_view(authentication_form=LoginForm), name="login"),
    path("", include("django.contrib.auth.urls")),
]
