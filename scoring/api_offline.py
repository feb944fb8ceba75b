"""Entries saved on a phone while the venue's Wi-Fi was down (``static/js/offline.js``),
sent when it returns: the entry page's own form fields, read by the game's page reader,
entered through the same service, with the ``Idempotency-Key`` the phone kept, so a
retried send never doubles and a conflict comes back as a 409 to show, never applied.

``POST /api/tables/ID/entry-form/`` is for the table's players and organisers (the
session, so the form's CSRF token); ``POST /api/slips/TOKEN/entry-form/`` for whoever
holds a walk-in table's printed slip: the token is the credential
(``SlipAuthentication``), the key is kept for the walk-in the slip enters for."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication
from rest_framework.decorators import api_view, authentication_classes, permission_classes
from rest_framework.permissions import IsAuthenticated

from games.registry import get_game
from refusal import attempted
from scoring import submissions as flow
from scoring.api import IDEMPOTENCY, SubmissionSerializer, answer, require
from scoring.idempotency import idempotent
from scoring.slips import access_slip
from scoring.views import adventure, glory, scores
from scoring.views.saving import posted_round
from tournaments.models import Table
from tournaments.permissions import is_event_organiser, is_player_of_table

# By each game's entry page (the registry's ``entry_page``): how it reads its form (the
# same reader as the page's own POST); it enters the game's table kind.
FORM_READERS = {
    "scoring-glory": glory.entry_from_post,
    "scoring-adventure": adventure.entry_from_post,
    "scoring-scores": scores.entry_from_post,
}


class SlipAuthentication(BaseAuthentication):
    """The slip's token in the URL names the table and acts for its walk-in: no session,
    so no CSRF (the credential is not sent by the browser on its own)."""

    def authenticate(self, request):
        token = request.parser_context["kwargs"]["token"]
        slipped = attempted(access_slip, token)
        if not slipped:  # a refused credential is DRF's 403, its reason and code kept
            refusal = slipped.refusal
            raise exceptions.PermissionDenied(str(refusal.message), code=refusal.code)
        table, slip = slipped.answer
        request.slip_table = table
        return slip.actor, slip


class SlipScheme(OpenApiAuthenticationExtension):
    """The schema's word for it: no security scheme (no header, no cookie), since the
    token is the path itself."""

    target_class = SlipAuthentication
    name: list = []

    def get_security_requirement(self, _auto_schema):
        return {}

    def get_security_definition(self, _auto_schema):
        return []


def enter_form(table: Table, data, by, slip=None) -> flow.Entered:
    game = get_game(table.round.event.game)
    kind, entry = game.table_kind.key, FORM_READERS[game.entry_page](table, data)
    return flow.do_enter_result(table, kind, entry, by, round_number=posted_round(data), slip=slip)


OFFLINE_DOC = (
    "Enter a round or result as the entry page's form sends it (form-encoded), as a phone "
    "sends an entry it saved while offline: the same answers as `submissions/` (201, 200, "
    "400 with the scorer's error, 409 with `error.conflict`). Send the key the phone kept."
)


@extend_schema(request=None, responses={201: SubmissionSerializer, 200: SubmissionSerializer},
               parameters=[IDEMPOTENCY], description=OFFLINE_DOC)  # fmt: skip
@api_view(["POST"])
@permission_classes([IsAuthenticated])
@idempotent
def table_entry_form(request, table_id):
    table = get_object_or_404(Table.objects.select_related("round__event"), pk=table_id)
    require(
        is_player_of_table(request.user, table)
        or is_event_organiser(request.user, table.round.event),
        _("Only the players of this table or an organiser may do that."),
    )
    return answer(lambda: enter_form(table, request.data, request.user))


@extend_schema(request=None, responses={201: SubmissionSerializer, 200: SubmissionSerializer},
               parameters=[IDEMPOTENCY], description=OFFLINE_DOC)  # fmt: skip
@api_view(["POST"])
@authentication_classes([SlipAuthentication])
@permission_classes([IsAuthenticated])
@idempotent
def slip_entry_form(request, **_token):
    """(The token in the URL is read by ``SlipAuthentication``.)"""
    slip = request.auth
    return answer(lambda: enter_form(request.slip_table, request.data, slip.actor, slip))
