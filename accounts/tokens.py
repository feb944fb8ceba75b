"""API tokens that expire: a token older than ``API_TOKEN_DAYS`` no longer
authenticates, ``POST /api/token/`` then gives a new one, and changing one's password
revokes the tokens (``accounts.models.User.save``).

Every API request of an app or a bot looks its token up, so the lookup (the token with
its user) is compiled once (``lib.compiled``); a token not found, or whose user is
inactive, goes to DRF's own lookup, which refuses it in its words."""

from datetime import timedelta

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from lib.compiled import CompiledQuery

TOKEN_WITH_USER = CompiledQuery(
    lambda key: Token.objects.select_related("user").filter(key=key), "\0token"
)


def expired(token: Token) -> bool:
    return token.created < timezone.now() - timedelta(days=settings.API_TOKEN_DAYS)


class ExpiringTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key):
        found = TOKEN_WITH_USER.fetch(key)
        if found and found[0].user.is_active:
            token = found[0]
            user = token.user
        else:
            user, token = super().authenticate_credentials(key)
        if expired(token):
            raise exceptions.AuthenticationFailed(_("The token has expired; ask for a new one."))
        return user, token
