"""The authentication backend: Django's ``ModelBackend`` with the signed-in reader,
looked up on every page read, loaded by a query compiled once (``lib.compiled``)
rather than built and compiled per request, a fifth of the home page's CPU when every
player opens it at once (docs/benchmarks.md, issue 32). What it gives is
``ModelBackend.get_user``'s: the same instance, no one for an inactive user (its
``user_can_authenticate``); Django still checks the session's hash against it.

Logging in is ``ModelBackend``'s too, except that credentials it refuses are refused
for good: ``ModelBackend`` stays listed after this backend for the sessions it signed
in (``settings.AUTHENTICATION_BACKENDS``), and would otherwise check the same password
a second time."""

from asgiref.sync import sync_to_async
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied

from lib.compiled import PERSON, CompiledQuery

READER = CompiledQuery(lambda user_id: get_user_model()._default_manager.filter(pk=user_id), PERSON)


class ReaderBackend(ModelBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        user = super().authenticate(request, username, password, **kwargs)
        if user is None:
            raise PermissionDenied  # Django then signals the failure (axes counts it)
        return user

    def get_user(self, user_id):
        found = READER.fetch(get_user_model()._meta.pk.to_python(user_id))
        if found and self.user_can_authenticate(found[0]):
            return found[0]
        return None

    async def aget_user(self, user_id):
        return await sync_to_async(self.get_user)(user_id)
