"""The hooks' retries against the broker: on Redis a task waiting for its countdown
is handed to another worker once ``CELERY_VISIBILITY_SECONDS`` have passed since it was
taken (so that a dead worker's tasks are not lost, README "scaling out"); a retry
waiting longer than that would be delivered twice."""

from django.conf import settings
from django.core import checks

from integrations import conf


def retries_fit_the_broker(**_kwargs) -> list[checks.Warning]:
    options = getattr(settings, "CELERY_BROKER_TRANSPORT_OPTIONS", {})
    visibility = options.get("visibility_timeout")
    if visibility is None or conf.LONGEST_RETRY_SECONDS < visibility:
        return []
    return [
        checks.Warning(
            f"A hook's last retry waits {conf.LONGEST_RETRY_SECONDS} s, not less than "
            f"CELERY_VISIBILITY_SECONDS ({visibility} s): the broker would hand the "
            "waiting delivery to a second worker, and the receiver would get it twice.",
            hint="Raise CELERY_VISIBILITY_SECONDS above the last retry's wait, or lower "
            "HOOKS_FIRST_RETRY_SECONDS or HOOKS_TRIES.",
            id="leaguewright.W005",
        )
    ]
