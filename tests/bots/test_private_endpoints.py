"""In production (``BOTS_ALLOW_PRIVATE_ENDPOINTS`` off) a remote bot cannot make the
site's workers call this machine or its private network: such an endpoint is refused
when it is registered, and any name that resolves to such an address is refused at
every connection. (The other tests allow private endpoints: their bots run locally.)"""

import pytest

from botplay import conf
from botplay.remote import BotFault, PrivateAddress, RemoteBotClient, public_address_only
from bots.models import Bot

pytestmark = pytest.mark.django_db


@pytest.fixture
def production_rules(monkeypatch):
    monkeypatch.setattr(conf, "ALLOW_PRIVATE_ENDPOINTS", False)


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:6379/",
        "http://localhost:8000/bot",
        "http://10.1.2.3/bot",
        "http://169.254.169.254/latest",
        "http://[::1]:5432/",
    ],
)
def test_registering_a_private_endpoint_is_refused_with_the_reason(
    production_rules, client_for, player, url
):
    response = client_for(player).post(
        "/api/bots/",
        {"name": "Sneaky", "kind": "remote", "endpoint_url": url},
        content_type="application/json",
    )
    assert response.status_code == 400
    answer = response.json()
    assert answer["field"] == "endpoint_url" and "public addresses only" in answer["detail"]
    assert not Bot.objects.filter(name="Sneaky").exists()


def test_a_public_endpoint_is_registered(production_rules, client_for, player):
    response = client_for(player).post(
        "/api/bots/",
        {"name": "Webby", "kind": "remote", "endpoint_url": "https://93.184.215.14/bot"},
        content_type="application/json",
    )
    assert response.status_code == 201


def test_a_name_resolving_to_this_machine_is_refused_before_connecting():
    with pytest.raises(PrivateAddress, match="localhost resolves to .* not a public address"):
        public_address_only(("localhost", 6379), timeout=1)


def test_the_client_reports_the_refusal_as_the_bots_connection_fault(production_rules):
    client = RemoteBotClient("http://localhost:6379/bot", "secret")
    with pytest.raises(BotFault) as caught:
        client.post("/move", {}, timeout=1)
    assert caught.value.kind == "connection"
    assert "not a public address" in caught.value.evidence


def test_the_registration_page_says_what_is_wrong_with_a_private_endpoint(
    production_rules, client_for, player
):
    response = client_for(player).post(
        "/bots/new/",
        {
            "name": "Sneaky",
            "kind": "remote",
            "endpoint_url": "http://192.168.1.20/bot",
            "move_timeout_ms": 1000,
            "time_bank_ms": 0,
        },
    )
    assert response.status_code == 200
    assert "192.168.1.20 is not a public address" in response.content.decode()
    assert not Bot.objects.filter(name="Sneaky").exists()
