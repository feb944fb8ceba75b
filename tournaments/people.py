"""Finding the person an organiser means: typed usernames and names are trimmed and
matched regardless of case ("Ann " finds ann), and the completion offers the people
who played in the event's league first."""

from django.contrib.auth import get_user_model
from django.db.models import Exists, OuterRef, Q
from django.utils.translation import gettext as _

from lib.refusal import Refusal
from tournaments.models import Entrant, Event

MAX_TYPED = 150  # the longest username
SUGGESTIONS = 10


def check_typed(text: str, field: str = "username") -> str:
    text = (text or "").strip()
    if len(text) > MAX_TYPED:
        raise Refusal(_("A username has at most %(n)s characters.") % {"n": MAX_TYPED}, field=field)
    return text


def find_person(text: str, field: str = "username"):
    """The active user whose username (else whose display name, if only one has it) is
    ``text``, ignoring case and surrounding spaces; else a refusal saying what to do."""
    text = check_typed(text, field)
    people = get_user_model().objects.filter(is_active=True)
    by_username = list(people.filter(username__iexact=text)[:2])
    if len(by_username) > 1:
        by_username = [u for u in by_username if u.username == text]
    if len(by_username) == 1:
        return by_username[0]
    by_name = list(people.filter(display_name__iexact=text)[:2])
    if len(by_name) == 1:
        return by_name[0]
    if by_name:
        raise Refusal(
            _("More than one person is called %(name)s: give their username.") % {"name": text},
            field=field,
        )
    raise Refusal(
        _("Nobody is called %(name)s: choose a name from the list, or add them as a walk-in.")
        % {"name": text},
        field=field,
    )


def find_bot(text: str, field: str = "bot"):
    """The bot called ``text`` (surrounding spaces ignored), else a refusal. The model is
    the bots app's, reached through the entrant's field: tournaments stays below bots."""
    bots = Entrant._meta.get_field("bot").related_model
    bot = bots.objects.filter(name=(text or "").strip()).first()
    if bot is None:
        raise Refusal(_("No bot is called %(name)s.") % {"name": text}, field=field)
    return bot


def people_for(event: Event, typed: str) -> list[dict]:
    """Up to ten active people whose username, name or a word of their name starts with
    ``typed``, not yet entered: those who played in the league first."""
    typed = check_typed(typed, "q")
    if not typed:
        return []
    played = Entrant.objects.filter(user=OuterRef("pk"), event__season__league=event.league)
    people = (
        get_user_model()
        .objects.filter(is_active=True)
        .filter(
            Q(username__istartswith=typed)
            | Q(display_name__istartswith=typed)
            | Q(display_name__icontains=f" {typed}")
        )
        .exclude(entries__event=event)
        .annotate(in_league=Exists(played))
        .order_by("-in_league", "username")[:SUGGESTIONS]
    )
    return [
        {"username": person.username, "name": str(person), "in_league": person.in_league}
        for person in people
    ]
