"""In production (``BOTS_ALLOW_PRIVATE_ENDPOINTS`` off) a remote bot cannot make the
site's workers call this machine or its private network: such an endpoint is refused
when it is registered, and any name that resolves to such an address is refused at
every connection. (The other tests allow private endpoints: their bots run locally.)"""

import pytest

from botplay import conf
from botplay.outgoing import PrivateAddress, checked_address
from botplay.remote import BotFault, RemoteBotClient, endpoint_problem
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
        checked_address("localhost", 6379)


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
    assert response.status_code == 400
    assert "192.168.1.20 is not a public address" in response.content.decode()
    assert not Bot.objects.filter(name="Sneaky").exists()


@pytest.mark.parametrize(
    "url",
    [
        "http://[::7f00:1]/bot",  # IPv4-compatible 127.0.0.1
        "http://[::ffff:127.0.0.1]/bot",  # IPv4-mapped
        "http://[64:ff9b::7f00:1]/bot",  # NAT64 of 127.0.0.1
        "http://[64:ff9b::a00:1]/bot",  # NAT64 of 10.0.0.1
        "http://[2002:7f00:1::]/bot",  # 6to4 of 127.0.0.1
        "http://[2002:c0a8:101::1]/bot",  # 6to4 of 192.168.1.1
        "http://224.0.0.1/bot",  # multicast
        "http://[ff02::1]/bot",  # IPv6 multicast
        "http://2130706433/bot",  # 127.0.0.1 as one number
        "http://127.1/bot",
        "http://0x7f.0.0.1/bot",
        "http://0.0.0.0/bot",
    ],
)
def test_every_form_of_a_non_public_address_is_refused(production_rules, client_for, player, url):
    response = client_for(player).post(
        "/api/bots/",
        {"name": "Sneaky", "kind": "remote", "endpoint_url": url},
        content_type="application/json",
    )
    assert response.status_code == 400, url
    assert names_the_endpoint(response.json())
    assert not Bot.objects.filter(name="Sneaky").exists()
    assert "public addresses only" in endpoint_problem(url)  # whatever path it comes by


def names_the_endpoint(answer: dict) -> bool:
    """Refused by the site's check (the reason, the field named) or, for a URL no
    browser would take, by the API's URL field (its error under the field's name)."""
    if "field" in answer:
        return answer["field"] == "endpoint_url" and (
            "public addresses only" in answer["detail"] or "http://" in answer["detail"]
        )
    return "endpoint_url" in answer


@pytest.mark.parametrize(
    "url", ["ftp://93.184.215.14/bot", "file:///etc/passwd", "gopher://example.org/", "//x/"]
)
def test_a_scheme_other_than_http_is_refused_even_for_bots_under_development(
    client_for, player, url
):
    response = client_for(player).post(
        "/api/bots/",
        {"name": "Odd", "kind": "remote", "endpoint_url": url},
        content_type="application/json",
    )
    assert response.status_code == 400
    assert names_the_endpoint(response.json())
    assert not Bot.objects.filter(name="Odd").exists()


def test_a_public_ipv6_and_a_public_6to4_address_are_registered(
    production_rules, client_for, player
):
    for name, url in [
        ("Six", "https://[2606:2800:21f:cb07::1]/bot"),
        ("Tunnel", "http://[2002:5db8:d70e::1]/"),
    ]:
        response = client_for(player).post(
            "/api/bots/",
            {"name": name, "kind": "remote", "endpoint_url": url},
            content_type="application/json",
        )
        assert response.status_code == 201, response.json()


def test_a_connection_to_a_name_resolving_to_an_embedded_private_address_is_refused():
    with pytest.raises(PrivateAddress, match="not a public address"):
        checked_address("::ffff:127.0.0.1", 6379)
