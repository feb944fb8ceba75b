"""``{% away_notes game %}``: on a game's board, who of its people is on vacation (the
clock of their turns stands still until they are back)."""

from django import template

from play.vacation import away_until

register = template.Library()


@register.inclusion_tag("play/_away_notes.html")
def away_notes(game):
    if game.is_live or not game.is_playing:
        return {"away": []}
    seats = [seat for seat in game.seats.all() if seat.user_id is not None]
    until = away_until([seat.user_id for seat in seats])
    return {"away": [(seat.name, until[seat.user_id]) for seat in seats if seat.user_id in until]}
