"""API tokens that expire: a token older than ``API_TOKEN_DAYS`` no longer
authenticates, ``POST /api/token/`` then gives a new one, and changing one's password
revokes the tokens (``accounts.models.User.save``)."""

from datetime import timedelta

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token


def expired(token: Token) -> bool:
    return token.created < timezone.now() - timedelta(days=settings.API_TOKEN_DAYS)


class ExpiringTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key):
        user, token = super().authenticate_credentials(key)
        if expired(token):
            raise exceptions.AuthenticationFailed(_("The token has expired; ask for a new one."))
        return user, token
