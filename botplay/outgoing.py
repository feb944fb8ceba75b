"""The site's HTTP calls to addresses strangers gave it (remote bots, webhooks, chat
channels), over httpx, and the address rules they keep.

A stranger's URL must not make the site's workers talk to their own machine or private
network (Redis, PostgreSQL, a cloud's metadata service): every connection resolves the
host, refuses it when any of its addresses is not public, and connects to the address
it checked (``PinnedBackend``: no second resolution between the check and the
connection). Redirects are not followed; every exchange has a total deadline (a server
that drips a byte at a time is cut off when the time is up, not when one read waits too
long) and a cap on the answer's size."""

import ipaddress
import socket
import ssl
import threading
import time
from dataclasses import dataclass

import certifi
import httpcore
import httpx

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


def is_private_host(host: str) -> bool:
    """Whether ``host``, as written, is this machine or a non-public address (a name is
    judged only when connecting)."""
    host = host.lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    address = written_address(host)
    return address is not None and not is_public(address)


class PrivateAddress(OSError):
    """The host resolves to an address of this machine or its private network."""


def checked_address(host: str, port: int) -> str:
    """The address to connect to for ``host``: every address it resolves to must be
    public, and the first is the one connected to."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    for *_info, sockaddr in infos:
        if not is_public(ipaddress.ip_address(str(sockaddr[0]).split("%")[0])):
            raise PrivateAddress(f"{host} resolves to {sockaddr[0]}, which is not a public address")
    return str(infos[0][4][0])


class PinnedBackend(httpcore.SyncBackend):
    """httpcore's network backend, connecting only to a checked public address (unless
    ``allow_private``), and remembering the socket of its last connection so that a
    deadline can cut it."""

    def __init__(self, allow_private: bool):
        self.allow_private = allow_private
        self.socket: socket.socket | None = None

    def connect_tcp(self, host, port, timeout=None, local_address=None, socket_options=None):
        if not self.allow_private:
            try:
                host = checked_address(host, port)
            except OSError as exc:
                raise httpcore.ConnectError(str(exc)) from exc
        stream = super().connect_tcp(host, port, timeout, local_address, socket_options)
        self.socket = stream.get_extra_info("socket")
        return stream

    def cut(self) -> None:
        """Shut the last connection's socket, so that the read under way returns at once."""
        if self.socket is not None:
            try:
                self.socket.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass  # closed already


class PinnedTransport(httpx.HTTPTransport):
    """httpx's transport over ``PinnedBackend``: one kept-alive connection, no proxy
    from the environment, certificates checked against certifi's authorities."""

    def __init__(self, backend: PinnedBackend):
        super().__init__(trust_env=False)
        self._pool = httpcore.ConnectionPool(
            ssl_context=ssl.create_default_context(cafile=certifi.where()),
            max_connections=1,
            max_keepalive_connections=1,
            network_backend=backend,
        )


class TimedOut(Exception):
    """No whole answer within the exchange's deadline."""


class TooLarge(Exception):
    """The answer is larger than the exchange allows."""


@dataclass(frozen=True)
class Answer:
    status: int
    body: bytes
    seconds: float


class StrangerClient:
    """POSTs to one stranger's endpoint over a kept-alive connection: addresses checked
    at each connection (``allow_private``: bots under development), redirects not
    followed, a total deadline and a size cap per exchange. ``post`` raises
    ``TimedOut``, ``TooLarge``, or ``httpx.HTTPError`` for anything else (a refused
    address is an ``httpx.ConnectError``)."""

    def __init__(self, allow_private: bool):
        self.backend = PinnedBackend(allow_private)
        self.client = httpx.Client(
            transport=PinnedTransport(self.backend),
            follow_redirects=False,
            trust_env=False,
            headers={"Accept-Encoding": "identity"},  # the cap counts the bytes as sent
        )

    def close(self) -> None:
        self.client.close()

    def post(self, url: str, body: bytes, headers: dict, timeout: float, limit: int) -> Answer:
        started = time.monotonic()
        watchdog = threading.Timer(timeout, self.backend.cut)
        watchdog.daemon = True
        watchdog.start()
        try:
            data, status = self.exchange(url, body, headers, timeout, limit)
        except (httpx.HTTPError, OSError) as exc:
            self.close()
            if isinstance(exc, httpx.TimeoutException) or time.monotonic() - started >= timeout:
                raise TimedOut from None
            raise
        finally:
            watchdog.cancel()
        elapsed = time.monotonic() - started
        if elapsed >= timeout:
            self.close()  # cut off: what was read may be a part of the answer
            raise TimedOut
        return Answer(status, data, elapsed)

    def exchange(self, url, body, headers, timeout, limit) -> tuple[bytes, int]:
        """The answer's status and at most ``limit`` bytes of its body."""
        with self.client.stream(
            "POST", url, content=body, headers=headers, timeout=timeout
        ) as response:
            data = b""
            for chunk in response.iter_raw():
                data += chunk
                if len(data) > limit:
                    # The rest is not read: closing the answer closes its connection.
                    raise TooLarge
            return data, response.status_code
