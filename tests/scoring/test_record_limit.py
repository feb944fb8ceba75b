"""A record uploaded on the table page is held to the site's one record limit
(``VALIDATOR_MAX_BYTES``), as on the validator page and the replay upload."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scoring.models import Submission
from tests.scoring.test_pages import token_of

pytestmark = pytest.mark.django_db


def test_a_record_file_over_the_configured_limit_is_refused(table, player, client_for, settings):
    settings.VALIDATOR_MAX_BYTES = 100
    client = client_for(player)
    page = client.get(reverse("scoring-table", args=[table.pk]))
    upload = SimpleUploadedFile("game.json", b'{"format": "call-to-glory/1"}' + b" " * 200)
    response = client.post(
        reverse("scoring-record", args=[table.pk]),
        {"record_file": upload, "form_token": token_of(page)},
    )
    assert response.status_code == 400
    assert "records may be at most 100 bytes" in response.content.decode()
    assert not Submission.objects.exists()
