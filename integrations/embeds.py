"""Embeds: a league's or an event's standings as a small page made to be put in an
``<iframe>`` on a club's own site. Only these pages may be framed, by any site; they
show what everyone may see (a framed page gets no cookie of this site: its reader is
nobody), follow the event's or league's push stream, and tell the page around them
their height (``static/js/embed.js``; the host's side, ``static/js/embed-host.js``)."""

from django.conf import settings

from integrations.calendars import address

EMBED_ROWS = 100  # rows an embed shows


def framing_policy() -> str:
    """The site's Content-Security-Policy with framing by any site allowed."""
    kept = [
        part.strip()
        for part in settings.CONTENT_SECURITY_POLICY.split(";")
        if part.strip() and not part.strip().startswith("frame-ancestors")
    ]
    return "; ".join([*kept, "frame-ancestors *"])


def allow_framing(response):
    """``response`` may be framed by any site: no ``X-Frame-Options``, and a policy
    whose ``frame-ancestors`` is any."""
    response.xframe_options_exempt = True
    response["Content-Security-Policy"] = framing_policy()
    return response


def embed_snippet(page: str) -> str:
    """What an organiser pastes into their site's page for the embed at ``page``."""
    frame = address(page)
    script = address("/static/js/embed-host.js")
    return (
        f'<iframe src="{frame}" title="Leaguewright" data-leaguewright-embed '
        f'style="width:100%;border:0" height="400" loading="lazy"></iframe>\n'
        f'<script src="{script}" async></script>'
    )
