"""Integrations' tasks, on the default queue; each takes an id and is idempotent (a
delivered or failed delivery is not sent again)."""

from celery import shared_task

from integrations.deliveries import do_deliver


@shared_task(acks_late=True)
def deliver(delivery_id: int) -> str:
    return do_deliver(delivery_id)
