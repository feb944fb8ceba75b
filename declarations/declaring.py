"""Asking for declarations, declaring, editing and locking one. Bad input is refused on
its field and changes nothing; every change names the version it was based on (a stale
one: 409); a declaration after the deadline or the organiser's lock is refused (409)."""

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from declarations.models import Declaration, DeclarationRule
from declarations.permissions import sees_every_declaration
from games.names import validate_name_text
from lib.refusal import CONFLICT, Refusal
from tournaments import event_log
from tournaments.models import Entrant, Event

MOST_CHOICES = 100
LONGEST = 120


def check_text(value, field: str, longest: int = LONGEST) -> str:
    text = str(value or "").strip()
    if not text:
        raise Refusal(_("This cannot be empty."), field=field)
    if len(text) > longest:
        raise Refusal(_("At most %(most)d characters.") % {"most": longest}, field=field)
    try:
        validate_name_text(text)
    except Exception as error:  # Django's ValidationError: control or direction characters
        raise Refusal(_("Plain text only, please."), field=field) from error
    return text


def check_choices(kind: str, choices) -> list[str]:
    if kind == DeclarationRule.Kind.TEXT:
        return []
    if not isinstance(choices, list) or not choices:
        raise Refusal(_("Give the choices entrants pick from."), field="choices")
    if len(choices) > MOST_CHOICES:
        raise Refusal(_("At most %(most)d choices.") % {"most": MOST_CHOICES}, field="choices")
    checked = [check_text(choice, "choices") for choice in choices]
    if len({choice.casefold() for choice in checked}) != len(checked):
        raise Refusal(_("Each choice once, please."), field="choices")
    return checked


def check_rule(fields: dict) -> dict:
    kind = fields.get("kind") or DeclarationRule.Kind.TEXT
    if kind not in DeclarationRule.Kind.values:
        raise Refusal(_("Free text or a choice from a list."), field="kind")
    deadline = fields.get("deadline")
    if deadline is None:
        raise Refusal(_("Give the deadline after which declarations lock."), field="deadline")
    return {
        "label": check_text(fields.get("label"), "label", 60),
        "kind": kind,
        "choices": check_choices(kind, fields.get("choices")),
        "deadline": deadline,
        "public": bool(fields.get("public", True)),
    }


def check_version(current: int, seen, of_rule: bool = False) -> None:
    if seen is None or str(seen) != str(current):
        message = (
            _("What entrants declare changed since you saw it: look again.")
            if of_rule
            else _("The declaration changed since you saw it: look again.")
        )
        raise Refusal(message, field="version", code=CONFLICT)


def do_ask(event: Event, by, seen, **fields) -> DeclarationRule:
    """Ask the event's entrants for a declaration, or change what is asked (``seen``:
    the rule's version, None for a new one)."""
    checked = check_rule(fields)
    with transaction.atomic():
        rule = DeclarationRule.objects.select_for_update().filter(event=event).first()
        if rule is None:
            if seen not in (None, "", 0, "0"):
                check_version(0, seen, of_rule=True)
            rule = DeclarationRule.objects.create(event=event, **checked)
        else:
            check_version(rule.version, seen, of_rule=True)
            for name, value in checked.items():
                setattr(rule, name, value)
            rule.version += 1
            rule.save()
        detail = {**checked, "deadline": checked["deadline"].isoformat()}
        event_log.log(event, by, event_log.Action.DECLARATIONS_ASKED, **detail)
    return rule


def is_past_deadline(rule: DeclarationRule, now=None) -> bool:
    return (now or timezone.now()) >= rule.deadline


def rule_of(event: Event) -> DeclarationRule:
    rule = DeclarationRule.objects.filter(event=event).first()
    if rule is None:
        raise Refusal(_("This event asks for no declaration."), field="text", code=CONFLICT)
    return rule


def check_may_change(rule, declaration, as_organiser: bool) -> None:
    if as_organiser:
        return
    if is_past_deadline(rule):
        raise Refusal(_("Declarations are locked: the deadline has passed."), "text", CONFLICT)
    if declaration is not None and declaration.locked:
        raise Refusal(_("The organisers locked this declaration."), "text", CONFLICT)


def check_declared(rule: DeclarationRule, value) -> str:
    text = check_text(value, "text")
    if rule.is_choice:
        chosen = {choice.casefold(): choice for choice in rule.choices}.get(text.casefold())
        if chosen is None:
            raise Refusal(_("Choose one of the event's choices."), field="text")
        return chosen
    return text


def do_declare(entrant: Entrant, by, as_organiser: bool, seen, text) -> Declaration:
    """The entrant's declaration (``seen``: its version, None for a first one)."""
    rule = rule_of(entrant.event)
    value = check_declared(rule, text)
    with transaction.atomic():
        declaration = Declaration.objects.select_for_update().filter(entrant=entrant).first()
        check_may_change(rule, declaration, as_organiser)
        if declaration is None:
            check_version(0, seen or 0)
            declaration = Declaration.objects.create(
                entrant=entrant, event=entrant.event, text=value, updated_by=by
            )
        else:
            check_version(declaration.version, seen)
            declaration.text, declaration.updated_by = value, by
            declaration.version += 1
            declaration.save()
        if as_organiser:
            event_log.log(entrant.event, by, event_log.Action.DECLARED, entrant=entrant.name)
    return declaration


def do_lock(entrant: Entrant, by, seen, locked: bool = True) -> Declaration:
    """The organiser locks (or unlocks) the entrant's declaration."""
    rule_of(entrant.event)
    with transaction.atomic():
        declaration = Declaration.objects.select_for_update().filter(entrant=entrant).first()
        if declaration is None:
            raise Refusal(_("There is no declaration to lock yet."), "locked", CONFLICT)
        check_version(declaration.version, seen)
        declaration.locked = locked
        declaration.version += 1
        declaration.save(update_fields=["locked", "version", "updated_at"])
        event_log.log(
            entrant.event,
            by,
            event_log.Action.DECLARATION_LOCKED,
            entrant=entrant.name,
            locked=locked,
        )
    return declaration


@dataclass
class Listing:
    """What a reader sees of an event's declarations."""

    rule: DeclarationRule | None
    shown: list  # (entrant, declaration or None) the reader may see
    missing: list  # entrants without one, named once the deadline has passed
    every: bool  # whether the reader sees everyone's

    @property
    def is_locked(self) -> bool:
        return self.rule is not None and is_past_deadline(self.rule)


def listing(user, event: Event) -> Listing:
    rule = DeclarationRule.objects.filter(event=event).first()
    if rule is None:
        return Listing(None, [], [], False)
    entrants = list(
        Entrant.objects.filter(event=event)
        .exclude(status=Entrant.Status.WAITLISTED)
        .select_related("declaration")
        .order_by("name", "pk")
    )
    every = sees_every_declaration(user, event, rule)
    mine = [e for e in entrants if user.is_authenticated and e.user_id == user.pk]
    shown = [(e, getattr(e, "declaration", None)) for e in (entrants if every else mine)]
    missing = undeclared(event) if is_past_deadline(rule) else []
    return Listing(rule, shown, missing, every)


def undeclared(event: Event) -> list[Entrant]:
    """The event's active entrants without a declaration, by name."""
    return list(
        Entrant.objects.filter(
            event=event, status=Entrant.Status.ACTIVE, declaration__isnull=True
        ).order_by("name", "pk")
    )
