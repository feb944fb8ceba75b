"""Signed webhooks and chat channels against a real receiver on 127.0.0.1: what happens
in an event reaches it signed, with an id that repeats on retries; failures are retried,
then the hook pauses and its creator is told; addresses are checked."""

import pytest

from accounts.models import Notice
from botplay.outgoing import StrangerClient
from integrations import conf
from integrations.deliveries import do_deliver
from integrations.hooks import do_add_hook, do_rotate_secret, do_send_test
from integrations.models import Delivery, Hook, Topic
from lib.refusal import Refusal
from tournaments.finishing import do_finish_event
from tournaments.models import Entrant, Event
from tournaments.pairing import do_pair_round
from tournaments.results import SeatOutcome, do_record_result

pytestmark = pytest.mark.django_db


def result_at(table, captured):
    with captured(execute=True):
        do_record_result(table, [SeatOutcome(0, 30, 1), SeatOutcome(1, 20, 2)], source="organiser")


def signed_hook(event, organiser, receiver, topics):
    hook = do_add_hook(
        organiser, event=event, kind=Hook.Kind.SIGNED, url=receiver.url, topics=topics
    )
    receiver.secret = hook.secret
    return hook


def test_an_official_result_reaches_the_receiver_signed(
    table, organiser, receiver, sent, django_capture_on_commit_callbacks
):
    signed_hook(table.round.event, organiser, receiver, [Topic.RESULT_OFFICIAL])
    result_at(table, django_capture_on_commit_callbacks)
    assert len(sent) == 1
    assert do_deliver(sent[0]) == Delivery.Status.DELIVERED
    (got,) = receiver.got
    assert got.signed
    assert got.body["type"] == "result.official"
    assert got.body["id"] == receiver.ids()[0]
    data = got.body["data"]
    assert data["event"]["slug"] == "autumn-open" and data["round"] == 1
    assert [(s["name"], s["place"], s["score"]) for s in data["seats"]] == [
        ("Pat Player", 1, 30),
        ("Quinn Player", 2, 20),
    ]


def test_a_second_result_of_a_table_is_an_override_and_only_subscribers_hear(
    table, organiser, receiver, sent, django_capture_on_commit_callbacks
):
    signed_hook(table.round.event, organiser, receiver, [Topic.RESULT_OVERRIDDEN])
    result_at(table, django_capture_on_commit_callbacks)
    assert sent == []  # an official result, which the hook did not choose
    result_at(table, django_capture_on_commit_callbacks)
    do_deliver(sent[0])
    assert receiver.topics() == ["result.overridden"]
    assert receiver.got[0].body["data"]["overridden"] is True


def test_a_league_hook_hears_its_events_and_a_wrong_secret_fails_the_check(
    table, organiser, receiver, sent, django_capture_on_commit_callbacks
):
    league = table.round.event.season.league
    hook = do_add_hook(
        organiser,
        league=league,
        kind=Hook.Kind.SIGNED,
        url=receiver.url,
        topics=[Topic.RESULT_OFFICIAL],
    )
    receiver.secret = "not the hook's secret"
    result_at(table, django_capture_on_commit_callbacks)
    do_deliver(sent[0])
    assert receiver.got[0].signed is False
    receiver.secret = do_rotate_secret(hook).secret
    with django_capture_on_commit_callbacks(execute=True):
        do_send_test(hook)
    do_deliver(sent[-1])
    assert receiver.got[-1].signed and receiver.got[-1].body["type"] == "test"


def test_a_failing_receiver_is_retried_with_the_same_id_then_the_hook_pauses(
    table, organiser, receiver, sent, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(conf, "TRIES", 3)
    monkeypatch.setattr(conf, "PAUSE_AFTER", 3)
    receiver.answers = [500, 503, 500]
    hook = signed_hook(table.round.event, organiser, receiver, [Topic.RESULT_OFFICIAL])
    with django_capture_on_commit_callbacks(execute=True):
        result_at(table, django_capture_on_commit_callbacks)
        for _ in range(3):
            do_deliver(sent[-1])
    assert len(set(receiver.ids())) == 1 and len(receiver.ids()) == 3
    delivery = Delivery.objects.get()
    assert delivery.status == Delivery.Status.FAILED
    assert delivery.attempts == 3 and delivery.answer_status == 500
    assert delivery.last_error == "answered 500"
    hook.refresh_from_db()
    assert hook.is_paused
    assert Notice.objects.filter(user=organiser, body__contains=receiver.url).exists()


def test_a_paused_hook_sends_nothing_until_resumed(
    table, organiser, receiver, sent, client_for, django_capture_on_commit_callbacks
):
    hook = signed_hook(table.round.event, organiser, receiver, [Topic.RESULT_OFFICIAL])
    with django_capture_on_commit_callbacks(execute=True):
        do_send_test(hook)
    Hook.objects.filter(pk=hook.pk).update(paused_at="2026-01-01T00:00:00Z")
    assert do_deliver(sent[0]) == Delivery.Status.PENDING
    assert receiver.got == []
    with django_capture_on_commit_callbacks(execute=True):
        response = client_for(organiser).post(f"/integrations/hooks/{hook.key}/resume/")
    assert response.status_code == 302
    assert sent[-1] == sent[0]
    assert do_deliver(sent[-1]) == Delivery.Status.DELIVERED


def test_a_redirect_is_not_followed(
    table, organiser, receiver, sent, django_capture_on_commit_callbacks
):
    hook = signed_hook(table.round.event, organiser, receiver, [Topic.RESULT_OFFICIAL])
    receiver.answers = [302]
    with django_capture_on_commit_callbacks(execute=True):
        do_send_test(hook)
    do_deliver(sent[0])
    assert len(receiver.got) == 1
    assert Delivery.objects.get().last_error == "answered 302"


def test_a_chat_channel_gets_the_pairings_and_final_standings_in_its_language(
    event, organiser, player, other_player, receiver, sent, django_capture_on_commit_callbacks
):
    do_add_hook(organiser, event=event, kind=Hook.Kind.CHAT, url=receiver.url, language="de")
    for person in (player, other_player):
        Entrant.objects.create(event=event, user=person, name=str(person))
    with django_capture_on_commit_callbacks(execute=True):
        round_ = do_pair_round(event, by=organiser)
    do_deliver(sent[0])
    text = receiver.got[0].body["content"]
    assert text.startswith("Autumn Open: Runde 1 ist gepaart.")
    assert "Pat Player – Quinn Player" in text or "Quinn Player – Pat Player" in text
    assert receiver.got[0].body["text"] == text
    assert receiver.got[0].headers.get("Leaguewright-Signature") is None
    Event.objects.filter(pk=event.pk).update(rounds_planned=1)
    result_at(round_.tables.get(), django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        do_finish_event(event, by=organiser)
    for pk in sent[1:]:
        do_deliver(pk)
    assert "Autumn Open, Runde 1, Tisch 1:" in receiver.got[1].body["content"]
    assert receiver.got[-1].body["content"].startswith("Autumn Open ist beendet.")


def test_a_name_resolving_to_this_machine_is_refused_at_the_connection(
    table, organiser, monkeypatch
):
    client = StrangerClient(allow_private=False)
    with pytest.raises(Exception, match="not a public address"):
        client.post("http://localhost:9/hook", b"{}", {}, 2, 100)


def test_a_private_address_is_refused_when_added(event, organiser, monkeypatch):
    monkeypatch.setattr(conf, "ALLOW_PRIVATE_ADDRESSES", False)
    for url in ("http://127.0.0.1:6379/", "http://10.0.0.1/", "http://localhost/", "ftp://x.org/"):
        with pytest.raises(Refusal) as refused:
            do_add_hook(organiser, event=event, kind=Hook.Kind.CHAT, url=url)
        assert refused.value.field == "url"


def test_a_league_or_event_has_a_limited_number_of_hooks(event, organiser, monkeypatch):
    monkeypatch.setattr(conf, "PER_OWNER", 2)
    for _ in range(2):
        do_add_hook(organiser, event=event, kind=Hook.Kind.CHAT, url="https://chat.example.org/h")
    with pytest.raises(Refusal) as refused:
        do_add_hook(organiser, event=event, kind=Hook.Kind.CHAT, url="https://chat.example.org/h")
    assert refused.value.is_conflict
