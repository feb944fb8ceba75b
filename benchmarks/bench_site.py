"""The home page and /healthz served by Django's test client on the embedded database."""

import os
import time


def requests_per_second(client, path: str, count: int) -> float:
    start = time.perf_counter()
    for _ in range(count):
        assert client.get(path).status_code == 200
    return count / (time.perf_counter() - start)


def run(quick: bool = False) -> list[dict]:
    os.environ.setdefault("DEBUG", "true")
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    call_command("migrate", verbosity=0)
    call_command("load_demo", verbosity=0)
    client = Client(SERVER_NAME="localhost")
    count = 50 if quick else 300
    return [
        {
            "benchmark": "home page, in process",
            "value": requests_per_second(client, "/", count),
            "unit": "requests/s",
            "target": "",
        },
    ]
