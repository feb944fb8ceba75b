from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.names import validate_name_text


class User(AbstractUser):
    """A person on the site. Organiser and player are roles held per league, event or
    table (see ``tournaments.permissions``); staff is Django's ``is_staff``."""

    NAME_FIELDS = ("display_name",)

    display_name = models.CharField(
        _("display name"), max_length=80, blank=True, validators=[validate_name_text]
    )
    # Chosen with the language switcher; empty means "follow the browser".
    language = models.CharField(
        _("language"), max_length=8, choices=settings.LANGUAGES, blank=True, default=""
    )
    email_notices = models.BooleanField(
        _("e-mail me what needs me"),
        default=True,
        help_text=_(
            "when a round is paired (your table and seat), when an entry waits for your "
            "confirmation, and when a dispute about your table is raised or settled"
        ),
    )
    # accounts.newcomers: the address an account signed up from on the sign-up page
    # (None: made by staff, a command or the demo), and the e-mail address its owner
    # confirmed by the link mailed to it (confirmed while it is still ``email``).
    signed_up_from = models.GenericIPAddressField(null=True, blank=True, editable=False)
    email_confirmed = models.EmailField(blank=True, editable=False)

    def __str__(self):
        return self.display_name or self.username

    def save(self, *args, **kwargs):
        """A new password revokes the user's API tokens (a leaked token dies with the
        password that a worried user changes)."""
        password_changed = self._password is not None and self.pk is not None
        super().save(*args, **kwargs)
        if password_changed:
            from rest_framework.authtoken.models import Token

            Token.objects.filter(user=self).delete()


class Notice(models.Model):
    """One e-mail telling a person that something needs them, written when it happens
    and sent once by a task (``accounts.tasks.send_notices``)."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="notices")
    subject = models.CharField(max_length=200)
    body = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    # What the notice tells of, when the work that writes it may run twice (a task
    # retried): one notice per key and person (``accounts.notices.do_notify_once``).
    key = models.CharField(max_length=60, blank=True, default="", editable=False)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["key", "user"], condition=~models.Q(key=""), name="one_notice_per_key"
            )
        ]

    def __str__(self):
        return f"{self.subject} → {self.user}"
