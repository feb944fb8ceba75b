"""The site's side of the bot protocol (docs/bot-protocol.md): signed POSTs to a remote
bot over one kept-alive HTTP connection, and the faults its answers can be.

A bot is a stranger on the internet: every answer has a total deadline (a bot that
drips a byte at a time is cut off when the move's time is up, not when one read waits
too long), a size cap, and a nesting cap on its JSON."""

import http.client
import ipaddress
import json
import socket
import threading
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.utils.translation import gettext as _

from botplay import conf
from botplay.signing import PROTOCOL, signed_headers
from games.json_input import JsonNotText, JsonTooDeep, loads_bounded

EVIDENCE_LIMIT = 300  # characters of an answer quoted in a fault's evidence
STORED_EVIDENCE_LIMIT = 2000  # characters of evidence stored with a fault
ANSWER_LIMIT = 64 * 1024  # bytes: a move is a short string; /start and /end say little


@dataclass
class BotFault(Exception):
    """A remote bot's fault: ``kind`` is a ``Fault.Kind`` value, ``evidence`` says what
    happened in words a bot author can act on."""

    kind: str
    evidence: str

    def __str__(self):
        return f"{self.kind}: {self.evidence}"


def clipped(data: bytes | str) -> str:
    text = data.decode("utf-8", errors="replace") if isinstance(data, bytes) else data
    return text if len(text) <= EVIDENCE_LIMIT else text[:EVIDENCE_LIMIT] + "…"


def stored_evidence(text: str) -> str:
    """Evidence as stored: the first ``STORED_EVIDENCE_LIMIT`` characters and the size of
    the whole, so that a bot's page and the matches' API stay small whatever it sent."""
    if len(text) <= STORED_EVIDENCE_LIMIT:
        return text
    return f"{text[:STORED_EVIDENCE_LIMIT]}… ({len(text)} characters in all)"


SCHEMES = ("http", "https")
NAT64 = ipaddress.ip_network("64:ff9b::/96")
IPV4_COMPATIBLE = ipaddress.ip_network("::/96")


def embedded_ipv4(address: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 one carries and reaches: IPv4-mapped, the deprecated
    IPv4-compatible ``::a.b.c.d``, NAT64's ``64:ff9b::/96`` and 6to4's ``2002::/16``."""
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped
    if address.sixtofour is not None:
        return address.sixtofour
    if address in NAT64 or address in IPV4_COMPATIBLE:
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    return None


def is_public(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """A global unicast address, and so is the IPv4 address it embeds, if any."""
    if not address.is_global or address.is_multicast:
        return False
    embedded = embedded_ipv4(address) if address.version == 6 else None
    return embedded is None or is_public(embedded)


def written_address(host: str):
    """The address a host is written as, in any form a resolver reads as one (``[::1]``,
    ``127.1``, ``2130706433``, ``0x7f.1``), or None for a name."""
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        pass
    try:
        return ipaddress.IPv4Address(socket.inet_aton(host))
    except OSError:
        return None


def endpoint_problem(url: str) -> str | None:
    """What is wrong with ``url`` as an endpoint the site may call, or None. Only a
    host written as an address (or ``localhost``) can be judged without resolving it;
    a name is checked at every connection."""
    try:
        parts = urlsplit(url)
        host, _port = (parts.hostname or "").lower(), parts.port
    except ValueError:
        return _("This is not a URL.")
    if parts.scheme not in SCHEMES:
        return _("The site calls bots over http:// or https:// only.")
    if not host:
        return _("The URL names no host.")
    if conf.ALLOW_PRIVATE_ENDPOINTS:
        return None
    if host == "localhost" or host.endswith(".localhost"):
        return _("%(host)s is this machine; the site calls bots on public addresses only.") % {
            "host": host
        }
    address = written_address(host)
    if address is not None and not is_public(address):
        return _(
            "%(host)s is not a public address; the site calls bots on public addresses only."
        ) % {"host": host}
    return None


class PrivateAddress(OSError):
    """The endpoint resolves to an address of this machine or its private network."""


def public_address_only(address, timeout, source_address=None):
    """``socket.create_connection`` that refuses a host resolving to a loopback,
    private, link-local or otherwise non-global address, so that a registered endpoint
    cannot make the site's workers talk to its own services (Redis, PostgreSQL, ...).
    The address checked is the one connected to: a name that resolves differently
    later is checked again."""
    host, port = address
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    for *_info, sockaddr in infos:
        if not is_public(ipaddress.ip_address(sockaddr[0].split("%")[0])):
            raise PrivateAddress(f"{host} resolves to {sockaddr[0]}, which is not a public address")
    family, kind, proto, _, sockaddr = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.settimeout(timeout)
        if source_address:
            sock.bind(source_address)
        sock.connect(sockaddr)
    except OSError:
        sock.close()
        raise
    return sock


class RemoteBotClient:
    """POSTs signed JSON to ``endpoint_url`` + ``/start``, ``/move``, ``/end``.

    Unless ``BOTS_ALLOW_PRIVATE_ENDPOINTS`` is on (the default with ``DEBUG``), it
    connects to public addresses only."""

    def __init__(self, endpoint_url: str, secret: str):
        parts = urlsplit(endpoint_url)
        self.https = parts.scheme == "https"
        self.host = parts.hostname or ""
        self.port = parts.port or (443 if self.https else 80)
        self.base_path = parts.path.rstrip("/")
        self.secret = secret
        self.connection: http.client.HTTPConnection | None = None

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def _connection(self, timeout: float) -> http.client.HTTPConnection:
        if self.connection is None:
            kind = http.client.HTTPSConnection if self.https else http.client.HTTPConnection
            self.connection = kind(self.host, self.port, timeout=timeout)
            if not conf.ALLOW_PRIVATE_ENDPOINTS:
                self.connection._create_connection = public_address_only
        else:
            self.connection.timeout = timeout
            if self.connection.sock is not None:
                self.connection.sock.settimeout(timeout)
        return self.connection

    def _cut(self, connection: http.client.HTTPConnection) -> None:
        """The watchdog's stroke: shut the socket, so that the read under way returns
        at once, however the bot paces its bytes."""
        sock = connection.sock
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass  # already closed by the other end

    def post(self, path: str, payload: dict, timeout: float) -> tuple[dict, float]:
        """Send ``payload`` and return the answer's JSON object and the seconds it took.
        ``timeout`` is the whole exchange's: connecting, sending and reading every byte.
        Raises ``BotFault`` for a timeout, a failed connection, a non-2xx status, an
        answer over ``ANSWER_LIMIT`` bytes or one that is not a JSON object."""
        body = json.dumps({"protocol": PROTOCOL, **payload}, separators=(",", ":")).encode()
        headers = {"Content-Type": "application/json", **signed_headers(self.secret, body)}
        url_path = self.base_path + path
        started = time.monotonic()
        connection = self._connection(timeout)
        watchdog = threading.Timer(timeout, self._cut, (connection,))
        watchdog.daemon = True
        watchdog.start()
        try:
            connection.request("POST", url_path, body=body, headers=headers)
            response = connection.getresponse()
            data = response.read(ANSWER_LIMIT + 1)
        except (OSError, http.client.HTTPException) as exc:
            self.close()
            if isinstance(exc, TimeoutError) or time.monotonic() - started >= timeout:
                raise BotFault(
                    "timeout", f"POST {path}: no answer within {timeout * 1000:.0f} ms"
                ) from None
            raise BotFault("connection", f"POST {path}: {type(exc).__name__}: {exc}") from None
        finally:
            watchdog.cancel()
        elapsed = time.monotonic() - started
        if elapsed >= timeout:
            self.close()  # cut off: what was read may be a part of the answer
            raise BotFault("timeout", f"POST {path}: no answer within {timeout * 1000:.0f} ms")
        if len(data) > ANSWER_LIMIT:
            self.close()  # the rest of the answer is not read, so the connection is spent
            raise BotFault(
                "malformed", f"POST {path}: the answer is larger than {ANSWER_LIMIT} bytes"
            )
        if response.will_close:
            self.close()
        if not 200 <= response.status < 300:
            raise BotFault(
                "http_status", f"POST {path} answered {response.status}: {clipped(data)}"
            )
        if not data.strip():
            return {}, elapsed
        try:
            answer = loads_bounded(data)
        except (JsonTooDeep, JsonNotText) as exc:
            raise BotFault("malformed", f"POST {path}: {exc}") from None
        except ValueError:
            raise BotFault(
                "malformed", f"POST {path}: the answer is not JSON: {clipped(data)}"
            ) from None
        if not isinstance(answer, dict):
            raise BotFault("malformed", f"POST {path}: the answer is not a JSON object")
        return answer, elapsed
