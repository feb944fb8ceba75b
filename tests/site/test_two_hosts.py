"""Past one machine, proven (issue 47): "every process is stateless apart from
PostgreSQL and the broker" (README). Two hosts, each a gunicorn, a uvicorn and a worker
with a var folder of its own, share one PostgreSQL database and one Redis behind a
round-robin proxy (``tests.fixtures.hosts``), which sends every request of an evening to
the other host than the one before: a read on one host right after a write on the other
shows the write, a push stream on one host hears a change made on the other, an
Idempotency-Key's answer is replayed by the other host, a rate limit, the waits and push
streams a person may hold, a login and a lockout count on both, and a host killed (every
process of it, SIGKILL) in the middle of the round-end rush loses nothing: each write,
retried with its key on the host left, lands exactly once, and the standings follow."""

import threading
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
import redis
from django.conf import settings
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.db import connection
from rest_framework.authtoken.models import Token

from scoring.models import AuditEntry, IdempotentResponse, Submission
from tests.fixtures.asgi import Stream
from tests.fixtures.hosts import two_hosts
from tests.fixtures.personas import PASSWORD, make_user
from tests.fixtures.worker import session_worker_paused, wait_for
from tests.scoring.conftest import RULEBOOK_ROUND
from tournaments.models import Result, Season, Table

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

PLAYERS = 16  # eight tables of two a round
HOSTS = {
    "CLIENT_ADDRESS_HEADER": "X-Forwarded-For",
    "API_RATE_BOT_REGISTRATION": "3/hour",
    "PLAY_WAITS_PER_PERSON": "2",
    "PUSH_STREAMS_PER_PERSON": "2",
    "PUSH_HEARTBEAT_SECONDS": "1",
    "PUSH_STREAM_SECONDS": "30",
    "LOGIN_FAILURE_LIMIT": "3",
    "DATABASE_POOL_SIZE": "4",
    # The task host b's worker held when it died goes back to the queue this soon.
    "CELERY_VISIBILITY_SECONDS": "5",
}
ENTRY = {"kind": "call-to-glory-table/1", "entry": RULEBOOK_ROUND}


def limits_forgotten() -> None:
    """The hosts count under their database's name in Redis, which outlives a run:
    an earlier run's counts for the same ids and address are forgotten."""
    name = connection.settings_dict["NAME"]
    client = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    for pattern in (f"leaguewright:{name}:*", f"leaguewright-sessions:{name}:*"):
        for key in client.scan_iter(match=pattern, count=1000):
            client.delete(key)


@pytest.fixture
def hosts(transactional_db):
    """The two hosts, and no other worker: the session's worker (when an earlier test
    started it) shares their broker and would take their tasks, among them each host
    worker's start-up sweep, which waits a minute and kept the session's worker from
    being seen idle after the test (30 s of teardown). The hosts stop before the test
    database is flushed (set up after it), so no host writes under the flush."""
    assert settings.CELERY_BROKER_URL.startswith("redis://"), "two hosts share a Redis"
    limits_forgotten()
    with session_worker_paused(), two_hosts(**HOSTS) as (proxy, both):
        yield proxy, both


def cheap_password(user) -> None:
    """A password the hosts check quickly (PBKDF2 of few iterations: the hosts hash
    with their own settings, not the tests' MD5)."""
    user.password = PBKDF2PasswordHasher().encode(PASSWORD, "two-hosts-salt", iterations=1000)
    user.save(update_fields=["password"])


class Visit:
    """Requests through the proxy as one person (a token, a session, or nobody), each
    noting which host served it."""

    def __init__(self, proxy, token: str | None = None):
        self.proxy = proxy
        headers = {"Authorization": f"Token {token}"} if token else {}
        self.client = httpx.Client(base_url=proxy.url, headers=headers, timeout=30)
        self.hosts: list[str] = []

    def send(self, method: str, path: str, **kwargs) -> httpx.Response:
        before = len(self.proxy.served)
        response = self.client.request(method, path, **kwargs)
        self.hosts.append(self.proxy.served[before].host)
        return response

    def get(self, path, **kwargs):
        return self.send("GET", path, **kwargs)

    def post(self, path, body=None, **kwargs):
        return self.send("POST", path, json={} if body is None else body, **kwargs)

    def post_form(self, path, data: dict):
        """A form sent as a browser sends it, with the CSRF cookie's token."""
        token = self.client.cookies["csrftoken"]
        return self.send("POST", path, data={**data, "csrfmiddlewaretoken": token})

    @property
    def last_host(self) -> str:
        return self.hosts[-1]

    def alternated(self, count: int) -> bool:
        """The last ``count`` requests were served by each host in turn."""
        last = self.hosts[-count:]
        return len(last) == count and all(a != b for a, b in zip(last, last[1:], strict=False))


def held_wait(proxy, token: str, slug: str, stamp: str):
    """A long-poll on the event's live state that the host holds (its thread is still
    waiting a second on), and the host that holds it."""
    visit = Visit(proxy, token)
    before = len(proxy.served)
    answers = []
    thread = threading.Thread(
        target=lambda: answers.append(visit.get(f"/api/events/{slug}/live/?stamp={stamp}&wait=6"))
    )
    thread.start()
    thread.join(timeout=1)
    early = answers[0] if answers else None
    assert thread.is_alive(), f"the wait must be held: {early and early.status_code}"
    return thread, proxy.served[before].host


def seats_of(event_slug: str, number: int) -> list[tuple[int, list[int]]]:
    """Each table of the round (but a bye): its id and its players' ids, by seat."""
    tables = Table.objects.filter(round__event__slug=event_slug, round__number=number)
    return [
        (table.pk, [seat.entrant.user_id for seat in table.seats.order_by("position")])
        for table in tables.filter(is_bye=False).prefetch_related("seats__entrant")
    ]


def test_an_evening_on_two_hosts(hosts, league, organiser, outsider, django_user_model):
    proxy, (_host_a, host_b) = hosts
    players = [make_user(django_user_model, f"night_{n:02d}") for n in range(PLAYERS)]
    as_player = {p.pk: Visit(proxy, Token.objects.create(user=p).key) for p in players}
    season = Season.objects.create(league=league, name="Two hosts")
    cheap_password(organiser)
    cheap_password(outsider)

    # A login on one host is a login on the other, and so is its end.
    browser = Visit(proxy)
    assert browser.get("/accounts/login/").status_code == 200
    credentials = {"username": organiser.username, "password": PASSWORD}
    assert browser.post_form("/accounts/login/", credentials).status_code == 302
    profile = browser.get("/accounts/profile/")
    assert browser.alternated(3)
    assert profile.status_code == 200 and organiser.username in profile.text
    assert browser.post_form("/accounts/logout/", {}).status_code in (200, 302)
    after = browser.get("/accounts/profile/")
    assert browser.alternated(2)
    assert after.status_code == 302 and "/accounts/login/" in after.headers["Location"]

    # A lockout counts the failures made on both hosts (LOGIN_FAILURE_LIMIT is 3).
    guesser = Visit(proxy)
    wrong = {"username": outsider.username, "password": "not-the-password"}
    tries = [guesser.post("/api/token/", wrong).status_code for _ in range(3)]
    assert tries == [400, 400, 429]  # the third failure locks the account out here
    right = {"username": outsider.username, "password": PASSWORD}
    locked = [guesser.post("/api/token/", right) for _ in range(2)]
    assert [answer.status_code for answer in locked] == [429, 429]
    assert guesser.alternated(5)

    # The organiser's API login, then the event, written and read on each host in turn.
    organiser_token = Visit(proxy).post("/api/token/", credentials)
    assert organiser_token.status_code == 200, organiser_token.text
    desk = Visit(proxy, organiser_token.json()["token"])
    created = desk.post(
        "/api/events/",
        {
            "season": season.pk,
            "name": "Two Hosts Night",
            "slug": "two-hosts",
            "format": "swiss",
            "table_size": 2,
            "points_by_place": [2, 0],
            "rules_options": {"rounds": 1},
            "visibility": "public",
        },
    )
    assert created.status_code == 201, created.text
    read = desk.get("/api/events/two-hosts/")
    assert read.status_code == 200 and read.json()["name"] == "Two Hosts Night"
    for person in players:
        added = desk.post("/api/events/two-hosts/entrants/", {"username": person.username})
        assert added.status_code == 201, added.text
        listed = desk.get("/api/events/two-hosts/entrants/")
        assert person.pk in [entrant["user_id"] for entrant in listed.json()]
    assert desk.alternated(2 + 2 * PLAYERS)

    # A push stream on one host hears the round published on the other.
    follower = players[0]
    stream = Stream(f"{proxy.url}/push/events/two-hosts/", follower)
    streamed_by = proxy.served[-1].host
    first = stream.next_event()["id"]
    assert desk.post("/api/events/two-hosts/pair/").status_code == 201
    draft = desk.get("/api/events/two-hosts/rounds/1/")
    assert draft.status_code == 200 and len(draft.json()["tables"]) == PLAYERS // 2
    published = desk.post("/api/events/two-hosts/rounds/1/publish/")
    assert published.status_code == 200, published.text
    assert desk.last_host != streamed_by
    heard = stream.next_event()  # the event's own refresh is a minute away
    assert heard is not None and heard["id"] != first
    stream.close()

    # Round 1's results: each entered on one host, replayed and confirmed on the other.
    for number, (table_id, (first_id, second_id)) in enumerate(seats_of("two-hosts", 1)):
        key = {"Idempotency-Key": f"round-1-table-{table_id}"}
        url = f"/api/tables/{table_id}/submissions/"
        entered = as_player[first_id].post(url, ENTRY, headers=key)
        assert entered.status_code == 201, entered.text
        if number == 0:
            again = as_player[first_id].post(url, ENTRY, headers=key)
            assert as_player[first_id].alternated(2)
            assert again.status_code == 201 and again.json() == entered.json()
            assert again.headers["Idempotent-Replayed"] == "true"
        confirmed = as_player[second_id].post(f"/api/submissions/{entered.json()['id']}/confirm/")
        assert confirmed.status_code == 201 and confirmed.json()["status"] == "confirmed"
        shown = desk.get(f"/api/tables/{table_id}/submissions/")
        assert [s["status"] for s in shown.json()] == ["confirmed"]
    assert Submission.objects.filter(table__round__number=1).count() == PLAYERS // 2
    standings_reach(desk, games=1)
    once = audit_of(seats_of("two-hosts", 1)[0][0])  # entered (and replayed), confirmed

    # The limits hold across hosts: a rate (3 bot registrations an hour), the waits a
    # person holds at once (2) and their push streams (2).
    author = as_player[players[1].pk]
    bot = {"kind": "builtin", "builtin_key": "random"}
    registered = [author.post("/api/bots/", {**bot, "name": f"Bot {n}"}) for n in range(4)]
    assert [answer.status_code for answer in registered] == [201, 201, 201, 429]
    assert author.alternated(4)
    waiter = Token.objects.get(user=players[2]).key
    stamp = Visit(proxy, waiter).get("/api/events/two-hosts/live/").json()["stamp"]
    held = [held_wait(proxy, waiter, "two-hosts", stamp) for _ in range(2)]
    assert {host for _thread, host in held} == {"a", "b"}
    refused = [Visit(proxy, waiter).get(f"/api/events/two-hosts/live/?stamp={stamp}&wait=6")]
    refused.append(Visit(proxy, waiter).get(f"/api/events/two-hosts/live/?stamp={stamp}&wait=6"))
    assert [answer.status_code for answer in refused] == [429, 429]
    streamer = players[3]
    streams = [Stream(f"{proxy.url}/push/events/two-hosts/", streamer) for _ in range(3)]
    assert [s.status for s in streams] == [200, 200, 429]
    for s in streams:
        s.close()
    for thread, _host in held:
        thread.join(timeout=15)

    # Round 2, and the rush: every result entered and confirmed at once, each with its
    # key, while host b goes away; what it did not answer is sent again.
    assert desk.post("/api/events/two-hosts/pair/").status_code == 201
    assert desk.post("/api/events/two-hosts/rounds/2/publish/").status_code == 200
    rush = seats_of("two-hosts", 2)
    retries = []

    def sent_until_answered(visit, path, body, key):
        for _attempt in range(10):
            try:
                answer = visit.post(path, body, headers={"Idempotency-Key": key})
            except httpx.TransportError:
                retries.append(key)
                continue
            if answer.status_code != 502:
                return answer
            retries.append(key)
        raise AssertionError(f"{key} was never answered")

    def played(table):
        table_id, (first_id, second_id) = table
        url = f"/api/tables/{table_id}/submissions/"
        entered = sent_until_answered(as_player[first_id], url, ENTRY, f"rush-{table_id}")
        assert entered.status_code == 201, entered.text
        confirm = f"/api/submissions/{entered.json()['id']}/confirm/"
        confirmed = sent_until_answered(as_player[second_id], confirm, {}, f"ok-{table_id}")
        assert confirmed.status_code == 201, confirmed.text
        return entered.json()["id"], confirmed.json()["status"]

    rush_began = len(proxy.served)

    def kill_midway():
        wait_for(
            lambda: proxy.in_flight["b"] and len(proxy.served) - rush_began >= 4,
            timeout=30,
            interval=0.002,
            what="host b to serve the rush",
        )
        host_b.kill()

    killer = threading.Thread(target=kill_midway)
    killer.start()
    with ThreadPoolExecutor(len(rush)) as pool:
        outcomes = list(pool.map(played, rush))
    killer.join(timeout=30)
    assert host_b.pages.poll() is not None, "host b was never killed"
    assert retries, "the kill interrupted nothing"
    assert [status for _id, status in outcomes] == ["confirmed"] * len(rush)

    # Exactly once: one entry, one confirmation, one result and one stored answer a key.
    for table_id, _seats in rush:
        assert Submission.objects.filter(table_id=table_id).count() == 1
        assert Result.objects.filter(table_id=table_id).count() == 1
        assert audit_of(table_id) == once
        for key in (f"rush-{table_id}", f"ok-{table_id}"):
            assert IdempotentResponse.objects.filter(key=key).count() == 1
    standings_reach(desk, games=2)  # a standings run host b's worker held came back
    before_the_rush = [served.host for served in proxy.served[:rush_began]]
    assert abs(before_the_rush.count("a") - before_the_rush.count("b")) <= 1


def standings_reach(desk: Visit, games: int) -> None:
    """Wait until every entrant's standings row counts ``games`` games (the workers of
    both hosts compute them)."""

    def reached():
        rows = desk.get("/api/events/two-hosts/standings/").json()["results"]
        return len(rows) == PLAYERS and all(row["games"] == games for row in rows)

    wait_for(reached, timeout=30, interval=0.3, what=f"the standings of {games} games")


def audit_of(table_id: int) -> list[str]:
    """What the table's audit log says was done, in order."""
    entries = AuditEntry.objects.filter(table_id=table_id).order_by("pk")
    return list(entries.values_list("action", flat=True))
