"""A webhook receiver on 127.0.0.1 for the tests, in a thread: it checks each
request's signature with the secret it is given (as a real receiver would, with
``integrations.signing.is_signed``'s rule) and notes what it got; ``answers`` is the
status it answers, one per request in turn (then 200)."""

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from integrations.signing import DELIVERY, SIGNATURE, TOPIC, is_signed


@dataclass
class Received:
    headers: dict
    body: dict
    signed: bool


@dataclass
class Receiver:
    secret: str = ""
    answers: list = field(default_factory=list)
    got: list = field(default_factory=list)
    server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/hook"

    def ids(self) -> list[str]:
        return [received.headers.get(DELIVERY) for received in self.got]

    def topics(self) -> list[str]:
        return [received.headers.get(TOPIC) for received in self.got]


def serve(receiver: Receiver) -> Receiver:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            raw = self.rfile.read(int(self.headers["Content-Length"]))
            signed = is_signed(receiver.secret, self.headers.get(SIGNATURE, ""), raw, time.time())
            receiver.got.append(Received(dict(self.headers), json.loads(raw), signed))
            status = receiver.answers.pop(0) if receiver.answers else 200
            self.send_response(status)
            if status in (301, 302, 307):
                self.send_header("Location", "http://127.0.0.1:1/elsewhere")
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")

        def log_message(self, *args):
            pass

    receiver.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=receiver.server.serve_forever, daemon=True).start()
    return receiver
