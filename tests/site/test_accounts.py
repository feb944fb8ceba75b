import pytest
from django.core import mail

from accounts.models import User

pytestmark = pytest.mark.django_db


def test_a_visitor_signs_up_with_a_display_name_and_is_logged_in(client):
    response = client.post(
        "/accounts/signup/",
        {
            "username": "newbie",
            "display_name": "New Bie",
            "email": "newbie@example.org",
            "password1": "a-long-enough-passphrase",
            "password2": "a-long-enough-passphrase",
        },
    )
    assert response.status_code == 302
    user = User.objects.get(username="newbie")
    assert str(user) == "New Bie"
    assert client.get("/").context["user"] == user


def test_sign_up_refuses_mismatched_passwords_and_creates_nobody(client):
    response = client.post(
        "/accounts/signup/",
        {
            "username": "x",
            "email": "x@example.org",
            "password1": "a-long-passphrase-1",
            "password2": "a-long-passphrase-2",
        },
    )
    assert response.status_code == 400
    assert not User.objects.filter(username="x").exists()


def test_a_password_reset_sends_a_link_by_mail(client, player):
    client.post("/accounts/password_reset/", {"email": player.email})
    assert len(mail.outbox) == 1
    assert "/accounts/reset/" in mail.outbox[0].body


def test_a_user_changes_their_display_name(client_for, player):
    client = client_for(player)
    client.post("/accounts/profile/", {"display_name": "Pat P.", "email": player.email})
    player.refresh_from_db()
    assert player.display_name == "Pat P."
