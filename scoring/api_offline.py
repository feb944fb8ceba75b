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
from lib.refusal import Refusal, attempted
from scoring import entering
from scoring.api import IDEMPOTENCY, SubmissionSerializer, answer, require
from scoring.idempotency import idempotent
from scoring.slips import access_slip
from scoring.views.saving import posted_round
from scoring.views.table_entry import TableEntry
from tournaments.models import Table
from tournaments.permissions import is_event_organiser, is_player_of_table


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


def enter_form(request, table: Table, data, by, slip=None) -> entering.Entered:
    """The form read by the game's entry page's reader (``EntryPage.read``, as the
    page's own POST), entered as the game's table kind."""
    game = get_game(table.round.event.game)
    if game.entry is None:
        raise Refusal(_("This table's result is not entered on a page."), field="entry")
    kind, entry = game.table_kind.key, game.entry.read(TableEntry(request, table, data))
    return entering.do_enter_result(
        table, kind, entry, by, round_number=posted_round(data), slip=slip
    )


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
    return answer(lambda: enter_form(request, table, request.data, request.user))


@extend_schema(request=None, responses={201: SubmissionSerializer, 200: SubmissionSerializer},
               parameters=[IDEMPOTENCY], description=OFFLINE_DOC)  # fmt: skip
@api_view(["POST"])
@authentication_classes([SlipAuthentication])
@permission_classes([IsAuthenticated])
@idempotent
def slip_entry_form(request, **_token):
    """(The token in the URL is read by ``SlipAuthentication``.)"""
    slip = request.auth
    return answer(lambda: enter_form(request, request.slip_table, request.data, slip.actor, slip))
