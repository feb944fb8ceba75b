"""Organisers' hooks: adding one (checked address, a limit per league or event),
rotating its secret, sending a test, deleting it. Who may is asked of
``tournaments.permissions`` (``integrations.access``)."""

from urllib.parse import urlsplit

from django.db import transaction
from django.utils.translation import gettext as _

from botplay.outgoing import is_private_host
from integrations import conf
from integrations.deliveries import do_queue
from integrations.hook_presence import hooks_changed
from integrations.models import SUBSCRIBABLE, Hook, Topic, new_secret
from lib.refusal import Refusal


def url_problem(url: str) -> str | None:
    """What is wrong with ``url`` as an address the site may call, or None. A name is
    checked again at every connection (``botplay.outgoing``)."""
    try:
        parts = urlsplit(url)
        host = (parts.hostname or "").lower()
        parts.port  # noqa: B018  (a port out of range raises)
    except ValueError:
        return _("This is not a URL.")
    if parts.scheme not in ("http", "https"):
        return _("The site calls hooks over http:// or https:// only.")
    if not host:
        return _("The URL names no host.")
    if not conf.ALLOW_PRIVATE_ADDRESSES and is_private_host(host):
        return _("%(host)s is not a public address; the site calls public addresses only.") % {
            "host": host
        }
    return None


def check_topics(kind: str, topics: list, author=None) -> list[str]:
    """The topics a hook is sent: a chat hook's are fixed (pairings, results, the
    final standings); an author's hook is signed and hears of their batches."""
    if author is not None:
        if kind != Hook.Kind.SIGNED:
            raise Refusal(_("A bot author's webhook is a signed webhook."), field="kind")
        return [Topic.BATCH_FINISHED.value]
    if kind == Hook.Kind.CHAT:
        return []
    unknown = [topic for topic in topics if topic not in SUBSCRIBABLE]
    if unknown or not topics:
        raise Refusal(_("Choose one or more of the events listed."), field="topics")
    return sorted(set(topics))


def owner_of(league, event, author) -> dict:
    if league is not None:
        return {"league": league}
    return {"event": event} if event is not None else {"author": author}


def do_add_hook(
    by, *, league=None, event=None, author=None, kind: str, url: str, topics=(), language="en"
):
    """A new hook of ``league``, ``event`` or bot author ``author`` (the caller checked
    ``by`` may add one)."""
    if (problem := url_problem(url)) is not None:
        raise Refusal(problem, field="url")
    topics = check_topics(kind, list(topics), author)
    with transaction.atomic():
        owner = owner_of(league, event, author)
        held = Hook.objects.select_for_update().filter(**owner).values_list("pk", flat=True)
        if len(held) >= conf.PER_OWNER:  # FOR UPDATE takes no COUNT on PostgreSQL
            raise Refusal(
                _("A league, an event or an author has at most %(count)s hooks.")
                % {"count": conf.PER_OWNER},
                code="conflict",
            )
        hooks_changed()
        return Hook.objects.create(
            kind=kind, url=url, topics=topics, language=language, created_by=by, **owner
        )


def do_rotate_secret(hook: Hook) -> Hook:
    """A new secret: deliveries from now on are signed with it only."""
    hook.secret = new_secret()
    Hook.objects.filter(pk=hook.pk).update(secret=hook.secret)
    return hook


def do_send_test(hook: Hook) -> None:
    """A test delivery, whatever the hook subscribed to (a paused hook sends it once
    resumed)."""
    if hook.author_id:
        data = {"name": str(hook.author), "username": hook.author.username}
    else:
        owner = hook.league if hook.league_id else hook.event
        data = {"name": owner.name, "slug": owner.slug}
    do_queue([hook], Topic.TEST, data)


def do_delete_hook(hook: Hook) -> None:
    hook.delete()
