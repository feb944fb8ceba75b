from django import forms
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.core.validators import MaxLengthValidator
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


class LoginForm(AuthenticationForm):
    """Django's login form sets the username's ``max_length`` after the field is built,
    so it is never checked: a name longer than any account's is refused here, beside
    its field, before anyone tries to log in with it (and before the lockout counts it)."""

    def __init__(self, request=None, *args, **kwargs):
        super().__init__(request, *args, **kwargs)
        field = self.fields["username"]
        field.validators.append(MaxLengthValidator(field.max_length))
