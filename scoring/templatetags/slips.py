"""``{% slip_qr table %}``: on a printed score slip or table tent, the QR code of the
table's entry link: signed (``scoring.slips``) where a walk-in sits, shown so only to
the event's organisers (who print the slips); the table's page otherwise."""

from django import template
from django.urls import reverse
from django.utils.translation import gettext as _

from scoring.slips import qr_svg, slip_path, takes_slip
from tournaments.permissions import is_event_organiser

register = template.Library()


@register.inclusion_tag("scoring/_slip_qr.html", takes_context=True)
def slip_qr(context, table):
    request = context["request"]
    signed = takes_slip(table) and is_event_organiser(request.user, table.round.event)
    path = slip_path(table) if signed else reverse("scoring-table", args=[table.pk])
    url = request.build_absolute_uri(path)
    title = _("QR code: round %(round)s, table %(table)s") % {
        "round": table.round.number,
        "table": table.number,
    }
    return {"svg": qr_svg(url, title), "signed": signed}
