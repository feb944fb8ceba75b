from rest_framework import serializers
from rest_framework.authtoken.models import Token
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


class ObtainExpiringToken(ObtainAuthToken):
    """``POST /api/token/`` with username and password: the user's token, a new one
    when the old has expired."""

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
