from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A person on the site. Organiser and player are roles held per league, event or
    table (see ``tournaments.permissions``); staff is Django's ``is_staff``."""

    display_name = models.CharField(_("display name"), max_length=80, blank=True)

    def __str__(self):
        return self.display_name or self.username
