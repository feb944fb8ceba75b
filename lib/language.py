"""Which language a page speaks, and how a person chooses it.

The order is: a signed-in person's profile (``User.language``), then the switcher's
cookie, then the browser's ``Accept-Language``, then English. The switcher, on every
page, sets the cookie and, for a signed-in person, the profile, so the choice follows
them to another device.
"""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.http import HttpResponseBadRequest
from django.middleware.locale import LocaleMiddleware as DjangoLocaleMiddleware
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language


def profile_language(request) -> str | None:
    """The language saved in a signed-in person's profile, if it is one we speak."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return None
    language = getattr(user, "language", "")
    return language if language in dict(settings.LANGUAGES) else None


class LocaleMiddleware(DjangoLocaleMiddleware):
    """Django's locale middleware, placed after authentication so the profile wins."""

    def process_request(self, request):
        language = profile_language(request) or translation.get_language_from_request(request)
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()


@require_POST
def set_language(request):
    """Remember the chosen language in the cookie and, when signed in, the profile."""
    language = request.POST.get("language", "")
    if language not in dict(settings.LANGUAGES):
        return HttpResponseBadRequest(_("There is no such language on this site."))
    if request.user.is_authenticated:
        get_user_model().objects.filter(pk=request.user.pk).update(language=language)
    return django_set_language(request)
