"""``{% round_check_in table %}``: a table's check-in for its round (check-in every
round), on the table page and on its slip: who is here, who forfeited, and the buttons
the reader may press (their own check-in; an organiser's for anyone and the undo of a
forfeit; the slip's for anyone at its table). Nothing for a round without check-in."""

from django import template
from django.urls import reverse

from tournaments.models import Forfeit, RoundCheckIn
from tournaments.permissions import is_event_organiser
from tournaments.round_check_in import window_open

register = template.Library()


def seat_rows(table, here: set[int], forfeits: dict, may_check_in) -> list[dict]:
    rows = []
    for seat in table.seats.select_related("entrant").order_by("position"):
        forfeit = forfeits.get(seat.entrant_id)
        rows.append(
            {
                "number": seat.position + 1,
                "name": seat.entrant.name,
                "here": seat.entrant_id in here,
                "forfeit": forfeit,
                "may_check_in": may_check_in(seat.entrant),
            }
        )
    return rows


@register.inclusion_tag("tournaments/_round_check_in.html", takes_context=True)
def round_check_in(context, table):
    round_ = table.round
    if round_.check_in_closes_at is None or table.is_bye:
        return {"shown": False}
    request = context["request"]
    user = request.user
    slip_token = getattr(request, "slip_token", None)
    organiser = user.is_authenticated and is_event_organiser(user, round_.event)
    is_open = window_open(round_)
    here = set(
        RoundCheckIn.objects.filter(round=round_, entrant__seats__table=table).values_list(
            "entrant_id", flat=True
        )
    )
    forfeits = {f.entrant_id: f for f in Forfeit.objects.filter(table=table)}

    def may_check_in(entrant) -> bool:
        mine = user.is_authenticated and entrant.user_id == user.pk
        return is_open and entrant.pk not in here and (mine or organiser or bool(slip_token))

    slug, number = round_.event.slug, round_.number
    return {
        "shown": True,
        "open": is_open,
        "closes_at": round_.check_in_closes_at,
        "closed": round_.check_in_closed_at is not None,
        "rows": seat_rows(table, here, forfeits, may_check_in),
        "table_number": table.number,
        "organiser": organiser,
        "check_in_url": reverse("slip-check-in", args=[slip_token])
        if slip_token
        else reverse("round-check-in", args=[slug, number]),
        "undo_url": reverse("forfeit-undo", args=[slug, number]),
        "csrf_token": context.get("csrf_token"),
    }
