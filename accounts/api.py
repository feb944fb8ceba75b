from django.utils.translation import gettext as _
from rest_framework import serializers
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from accounts.models import User
from accounts.tokens import expired


class MeSerializer(serializers.ModelSerializer):
    class Meta:
        model = User
        fields = ["id", "username", "display_name", "email", "is_staff"]


@api_view(["GET"])
@permission_classes([IsAuthenticated])
def me(request):
    """The logged-in user."""
    return Response(MeSerializer(request.user).data)


class TokenRequestSerializer(AuthTokenSerializer):
    """A username no account can have is refused before anyone tries to log in with it
    (the lockout would otherwise store it, and its column holds 255 characters)."""

    def validate_username(self, value):
        longest = User._meta.get_field("username").max_length
        if len(value) > longest:
            raise serializers.ValidationError(_("At most %(n)d characters.") % {"n": longest})
        return value


class ObtainExpiringToken(ObtainAuthToken):
    """``POST /api/token/`` with username and password: the user's token, a new one
    when the old has expired."""

    serializer_class = TokenRequestSerializer

    def get_serializer_context(self):
        """authenticate() gets Django's request, not DRF's wrapper, so that django-axes
        marks a locked-out attempt where its middleware looks (accounts.lockout)."""
        return {**super().get_serializer_context(), "request": self.request._request}

    def post(self, request, *args, **kwargs):
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = serializer.validated_data["user"]
        token, _created = Token.objects.get_or_create(user=user)
        if expired(token):
            token.delete()
            token = Token.objects.create(user=user)
        return Response({"token": token.key})


obtain_expiring_token = ObtainExpiringToken.as_view()
