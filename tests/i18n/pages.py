"""The pages people use, found the way a person finds them: by following links.

Starting from every page whose address takes no parameter (the home page, the lobby,
the forms to create things) with the demo data loaded, links are followed to a few
pages of each kind (route name), so a page added tomorrow is checked tomorrow without
anyone listing it here. The API and its docs, the admin and the health check are not
pages people use (the issue leaves the API docs in English), nor are the push streams
the pages follow.
"""

import re
from html import unescape
from urllib.parse import urljoin, urlsplit

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import URLPattern, URLResolver, get_resolver, resolve
from django.urls.exceptions import Resolver404

NOT_PEOPLES_PAGES = ("/api/", "/admin/", "/healthz", "/static/", "/language/", "/push/")
HREF = re.compile(r'href="([^"]+)"')


def demo_organiser():
    """Load the demo data and return its organiser (who sees every control)."""
    call_command("load_demo", verbosity=0)
    return get_user_model().objects.get(username="olivia")


def plain_addresses(patterns=None, prefix: str = "/") -> list[str]:
    """Every address of the site that takes no parameter."""
    found = []
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        route = str(pattern.pattern)
        if "<" in route or "(" in route or route.startswith("^"):
            continue
        if isinstance(pattern, URLResolver):
            found += plain_addresses(pattern.url_patterns, prefix + route)
        elif isinstance(pattern, URLPattern):
            found.append(prefix + route)
    return found


def crawl(client, per_route: int = 5, limit: int = 200) -> list[tuple[str, str]]:
    """(url, html) of a few pages of each route name, reached by following links."""
    queue, visited, pages = ["/", *plain_addresses()], set(), []
    routes: dict[str, int] = {}
    while queue and len(pages) < limit:
        url = queue.pop(0)
        if url in visited or url.startswith(NOT_PEOPLES_PAGES):
            continue
        visited.add(url)
        try:
            route = resolve(urlsplit(url).path).view_name
        except Resolver404:
            continue
        if routes.get(route, 0) >= per_route:
            continue
        response = client.get(url)
        if response.status_code != 200 or "text/html" not in response.get("Content-Type", ""):
            continue
        routes[route] = routes.get(route, 0) + 1
        html = response.content.decode()
        pages.append((url, html))
        for href in HREF.findall(html):
            target = urljoin(url, unescape(href))
            parts = urlsplit(target)
            if not parts.netloc and parts.path.startswith("/"):
                queue.append(parts.path + (f"?{parts.query}" if parts.query else ""))
    return pages
