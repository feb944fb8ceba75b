"""Deliveries: what happened, queued for every hook that wants it, and sent by a worker
(``integrations.tasks.deliver``) with retries and backoff; a hook whose tries keep
failing is paused and its creator told by e-mail."""

import json

import httpx
from django.db import transaction
from django.db.models import F, Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.notices import do_notify, link
from botplay.outgoing import StrangerClient, TimedOut, TooLarge
from integrations import chat, conf
from integrations.hook_presence import hooks_changed, may_have_hooks
from integrations.models import Delivery, Hook, Topic
from integrations.signing import signed_headers
from lib import enqueue


def hooks_for(event_id: int) -> list[Hook]:
    """The working hooks of the event and of its league, in one query (none when the
    event is known to have none: ``hook_presence``)."""
    if not may_have_hooks(event_id):
        return []
    owners = Q(event_id=event_id) | Q(league__seasons__events=event_id)
    return list(Hook.objects.filter(owners, paused_at__isnull=True).distinct())


def body_for(hook: Hook, topic: str, data: dict, key) -> dict | None:
    """What ``hook`` is sent about ``topic``, or None when it does not want it."""
    if hook.kind == Hook.Kind.CHAT:
        if topic not in chat.CHAT_TOPICS:
            return None
        return chat.chat_body(chat.message(topic, data, hook.language))
    if topic != Topic.TEST and topic not in hook.topics:
        return None
    return {"id": str(key), "type": topic, "created": timezone.now().isoformat(), "data": data}


def do_queue(hooks: list[Hook], topic: str, data: dict) -> list[Delivery]:
    """A delivery for each of ``hooks`` that wants ``topic``, sent once this commits."""
    deliveries = []
    for hook in hooks:
        delivery = Delivery(hook=hook, topic=topic)
        body = body_for(hook, topic, data, delivery.key)
        if body is not None:
            delivery.body = body
            deliveries.append(delivery)
    if not deliveries:
        return []
    with transaction.atomic():
        Delivery.objects.bulk_create(deliveries)
        for hook in {delivery.hook for delivery in deliveries}:
            forget_old(hook)
        transaction.on_commit(lambda: send_all([d.pk for d in deliveries]))
    return deliveries


def send_all(ids: list[int], countdown: float = 0) -> None:
    for pk in ids:
        enqueue.now("integrations.tasks.deliver", pk, countdown=countdown)


def forget_old(hook: Hook) -> None:
    """Keep the newest ``KEPT_DELIVERIES`` of the hook's log."""
    old = hook.deliveries.values_list("pk", flat=True)[conf.KEPT_DELIVERIES :]
    Delivery.objects.filter(pk__in=list(old)).delete()


def attempt(delivery: Delivery) -> tuple[int | None, str]:
    """POST the delivery once: the answer's status (None: none came) and what went
    wrong, if anything."""
    hook = delivery.hook
    body = json.dumps(delivery.body, separators=(",", ":")).encode()
    headers = {"Content-Type": "application/json", "User-Agent": "Leaguewright"}
    if hook.kind == Hook.Kind.SIGNED:
        headers |= signed_headers(hook.secret, body, str(delivery.key), delivery.topic)
    client = StrangerClient(allow_private=conf.ALLOW_PRIVATE_ADDRESSES)
    try:
        answer = client.post(hook.url, body, headers, conf.TIMEOUT_SECONDS, conf.ANSWER_LIMIT)
    except TimedOut:
        return None, f"no answer within {conf.TIMEOUT_SECONDS} s"
    except TooLarge:
        return None, f"an answer larger than {conf.ANSWER_LIMIT} bytes"
    except (httpx.HTTPError, OSError) as exc:
        return None, f"{type(exc).__name__}: {exc}"[:300]
    finally:
        client.close()
    if not 200 <= answer.status < 300:
        return answer.status, f"answered {answer.status}"
    return answer.status, ""


def do_deliver(pk: int) -> str:
    """Try a waiting delivery once and record how it went; the delivery's status."""
    delivery = Delivery.objects.select_related("hook").filter(pk=pk).first()
    if delivery is None or delivery.status != Delivery.Status.PENDING:
        return "gone" if delivery is None else delivery.status
    if delivery.hook.is_paused:
        return delivery.status  # sent again when the hook is resumed
    status, error = attempt(delivery)
    return record(delivery, status, error)


def record(delivery: Delivery, status: int | None, error: str) -> str:
    delivery.attempts += 1
    delivery.tried_at = timezone.now()
    delivery.answer_status, delivery.last_error = status, error
    hook = delivery.hook
    with transaction.atomic():
        if not error:
            delivery.status = Delivery.Status.DELIVERED
            Hook.objects.filter(pk=hook.pk).update(failures=0)
        else:
            if delivery.attempts >= conf.TRIES:
                delivery.status = Delivery.Status.FAILED
            else:
                countdown = conf.FIRST_RETRY_SECONDS * 2 ** (delivery.attempts - 1)
                transaction.on_commit(lambda: send_all([delivery.pk], countdown))
            count_failure(hook)
        delivery.save()
    return delivery.status


def count_failure(hook: Hook) -> None:
    """One more failed try in a row; at ``PAUSE_AFTER`` the hook pauses and its creator
    is told."""
    Hook.objects.filter(pk=hook.pk).update(failures=F("failures") + 1)
    paused = Hook.objects.filter(
        pk=hook.pk, failures__gte=conf.PAUSE_AFTER, paused_at__isnull=True
    ).update(paused_at=timezone.now())
    if paused:
        hook.refresh_from_db()
        tell_paused(hook)


def tell_paused(hook: Hook) -> None:
    def compose(_person):
        subject = _("Leaguewright paused a webhook")
        body = ngettext(
            "The address %(url)s failed %(count)s time in a row, so the site stopped "
            "sending to it. Resume it when it answers again: %(link)s\n",
            "The address %(url)s failed %(count)s times in a row, so the site stopped "
            "sending to it. Resume it when it answers again: %(link)s\n",
            hook.failures,
        ) % {
            "url": hook.url,
            "count": hook.failures,
            "link": link(reverse("integrations-hook", args=[hook.key])),
        }
        return subject, body

    do_notify([hook.created_by], compose)


def do_resume(hook: Hook) -> None:
    """Send again: the hook's failures are forgotten and what waits is sent."""
    with transaction.atomic():
        Hook.objects.filter(pk=hook.pk).update(paused_at=None, failures=0)
        hooks_changed()
        waiting = list(
            hook.deliveries.filter(status=Delivery.Status.PENDING).values_list("pk", flat=True)
        )
        transaction.on_commit(lambda: send_all(waiting))
    hook.refresh_from_db()
