from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from accounts.models import User


class MeSerializer(serializers.ModelSerializer):
    class Meta:
        model = User
        fields = ["id", "username", "display_name", "email", "is_staff"]


@api_view(["GET"])
@permission_classes([IsAuthenticated])
def me(request):
    """The logged-in user."""
    return Response(MeSerializer(request.user).data)
