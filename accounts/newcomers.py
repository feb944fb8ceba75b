"""New accounts: what keeps free accounts from multiplying a person's limits.

An account made on the sign-up page keeps the address it signed up from
(``User.signed_up_from``; accounts made by staff, a command or the demo have none). For
``NEW_ACCOUNT_DAYS`` after that it is *new* (``lib.client_address.is_new_account``):
the limits that count per person count again per address over every new account of
that address (the API's rate limits by the
request's address, ``lib.throttles``; the bot budget and the open challenges by the
address they signed up from, ``bots.quotas`` and ``play.challenges``), so twelve
accounts made from one address share one person's limits. A new account schedules bot
batches only once its e-mail is confirmed (``accounts.confirmation``); its friendly
games stay open at once (their bots' turns are bounded by the open challenges).
The sign-up page itself is limited per address (``SIGNUP_RATE``)."""

from django.contrib.auth import get_user_model
from django.db.models import QuerySet

from lib.client_address import new_since


def newcomers_like(user) -> QuerySet:
    """The new accounts that signed up from ``user``'s address (``user`` among them)."""
    return get_user_model().objects.filter(
        signed_up_from=user.signed_up_from, date_joined__gt=new_since()
    )


def has_confirmed_email(user) -> bool:
    return bool(user.email) and user.email_confirmed == user.email
