"""Confirming a person's e-mail address: a signed link mailed to it (valid
``EMAIL_CONFIRMATION_DAYS``) names the account and the address; opening it while the
account still has that address marks it confirmed (``User.email_confirmed``). A new
account needs it to schedule bot batches (``accounts.newcomers``)."""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import send_mail
from django.db import transaction
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.notices import link

SALT = "accounts.confirmation"


def token_for(user) -> str:
    return signing.dumps({"user": user.pk, "email": user.email}, salt=SALT)


def do_send_link(user) -> None:
    """Mail the link to ``user``'s address after the transaction commits."""
    url = link(reverse("confirm_email", args=[token_for(user)]))
    with translation.override(user.language or translation.get_language()):
        subject = _("Confirm your e-mail address on Leaguewright")
        body = _(
            "Open this link to confirm that %(email)s is yours (it works for %(days)d "
            "days):\n\n%(url)s\n\nIf you did not sign up on Leaguewright, ignore this "
            "message."
        ) % {"email": user.email, "days": settings.EMAIL_CONFIRMATION_DAYS, "url": url}
    address = user.email
    transaction.on_commit(lambda: send_mail(subject, body, None, [address]))


def do_confirm(user, token: str) -> bool:
    """Whether ``token`` confirms ``user``'s present address (then it is saved)."""
    try:
        signed = signing.loads(token, salt=SALT, max_age=settings.EMAIL_CONFIRMATION_DAYS * 86400)
    except signing.BadSignature:
        return False
    if signed != {"user": user.pk, "email": user.email} or not user.email:
        return False
    get_user_model().objects.filter(pk=user.pk).update(email_confirmed=user.email)
    user.email_confirmed = user.email
    return True
