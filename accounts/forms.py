from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from accounts.models import User


class SignUpForm(UserCreationForm):
    email = forms.EmailField(label=_("E-mail"), required=True)

    class Meta:
        model = User
        fields = ("username", "display_name", "email")


class ProfileForm(forms.ModelForm):
    class Meta:
        model = User
        fields = ("display_name", "email", "email_notices")
