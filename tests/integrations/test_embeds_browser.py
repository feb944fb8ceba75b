"""A club's page on another origin frames the embed in a real browser: Chromium shows
it, sized to its content by embed-host.js, while the event's own page, framed the same
way, is refused by its framing headers."""

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.fixtures.browser import screenshot, wait_until
from tests.integrations.test_embeds import standings  # noqa: F401 (the fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HOST_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Tuesday Club</title></head><body><main><h1>Tuesday Club</h1>
<iframe src="{site}/integrations/embed/events/autumn-open/" title="Standings"
  data-leaguewright-embed style="width:100%;border:0" height="40"></iframe>
<iframe src="{site}/events/autumn-open/" title="The event's page" id="refused"></iframe>
<script src="{site}/static/js/embed-host.js"></script></main></body></html>"""


@pytest.fixture
def club_site(live_server):
    """The club's own site: one page, served from another origin than the live server."""
    page = HOST_PAGE.format(site=live_server.url).encode()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(page)))
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def test_a_club_page_frames_the_embed_and_not_the_event_page(
    standings,  # noqa: F811
    laptop_page,
    club_site,
    live_server,
):
    assert not club_site.startswith(live_server.url)
    laptop_page.goto(club_site)
    embed = laptop_page.frame_locator("iframe[data-leaguewright-embed]")
    assert embed.locator("table.standings").inner_text().index("Pat Player") >= 0
    wait_until(
        laptop_page,
        "() => document.querySelector('iframe[data-leaguewright-embed]').offsetHeight > 100",
    )
    refused = laptop_page.locator("#refused").element_handle().content_frame()
    refused.wait_for_load_state()
    assert refused.url.startswith("chrome-error://"), refused.url
    assert laptop_page.frame_locator("#refused").locator(".site-header").count() == 0
    screenshot(laptop_page, "embed-on-a-club-page")
