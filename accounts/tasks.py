from celery import shared_task
from django.conf import settings
from django.core.mail import send_mail
from django.utils import timezone

from accounts.models import Notice


@shared_task(acks_late=True)
def send_notices(notice_ids: list[int]) -> int:
    """Send the notices not sent yet; each is claimed by a conditional update first, so a
    task run twice sends nothing twice. A notice that fails to send is released and the
    task fails (to be retried or looked at)."""
    sent = 0
    for notice_id in notice_ids:
        if not Notice.objects.filter(pk=notice_id, sent_at=None).update(sent_at=timezone.now()):
            continue
        notice = Notice.objects.select_related("user").get(pk=notice_id)
        try:
            send_mail(notice.subject, notice.body, settings.DEFAULT_FROM_EMAIL, [notice.user.email])
        except Exception:
            Notice.objects.filter(pk=notice_id).update(sent_at=None)
            raise
        sent += 1
    return sent
