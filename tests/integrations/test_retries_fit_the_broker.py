"""A hook's last retry must wait less than the broker's visibility timeout, or the
waiting delivery is handed to a second worker and sent twice: ``manage.py check``
warns (integrations.checks)."""

from integrations import conf
from integrations.checks import retries_fit_the_broker


def test_the_default_visibility_leaves_room_for_the_last_retry(settings):
    settings.CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 900}
    assert conf.LONGEST_RETRY_SECONDS == 480
    assert retries_fit_the_broker() == []


def test_a_visibility_shorter_than_the_last_retry_is_warned_of(settings):
    settings.CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 480}
    (warning,) = retries_fit_the_broker()
    assert warning.id == "leaguewright.W005"
    assert "480 s" in warning.msg and "CELERY_VISIBILITY_SECONDS" in warning.msg


def test_a_broker_without_a_visibility_timeout_is_not_warned_of(settings):
    settings.CELERY_BROKER_TRANSPORT_OPTIONS = {"polling_interval": 0.1}
    assert retries_fit_the_broker() == []
