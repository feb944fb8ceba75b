"""``{% chrome "name" %}...{% endchrome %}``: a part of every page's chrome
(``templates/base.html``: the links in the head, the header and its navigation, the
footer with the language menu), drawn once per process, language and kind of reader
and shared by every page and every reader.

Every page extends ``base.html``, and drawing its chrome (a dozen ``{% url %}``s, the
translations, the static files' names) was about as much CPU as a cached page's own
content. What varies in it by reader is whether they are signed in (the key, with the
language and whether the page has a CSRF token); what is the request's own, the reader's
name, the page's path (where the language menu returns) and the CSRF token, is drawn as
a mark and put in, escaped as ``{{ }}`` escapes it, for each request.

A part is rendered from a context that holds only those: ``LANGUAGE_CODE``,
``signed_in``, and the marks ``reader_name``, ``this_page`` and ``csrf_token`` (for
``{% csrf_token %}``). It cannot read the request or the user, so nothing of one reader
is kept for another. The marks are random per process, so that nothing a person writes
(their name) can be taken for one.
"""

import re
import secrets

from django import template
from django.utils.html import conditional_escape
from django.utils.translation import get_language

from config.built_once import cached_under

register = template.Library()

_MARK = secrets.token_hex(12)
READER_NAME = f"name{_MARK}"
THIS_PAGE = f"page{_MARK}"
CSRF_TOKEN = f"csrf{_MARK}"
_MARKED = re.compile(f"{READER_NAME}|{THIS_PAGE}|{CSRF_TOKEN}")


def filled(drawn: str, context) -> str:
    """A part as drawn, its marks replaced by what they stand for in ``context``."""

    def value(mark: re.Match) -> str:
        if mark[0] == READER_NAME:
            return conditional_escape(context.get("user"))
        if mark[0] == THIS_PAGE:
            request = context.get("request")
            return conditional_escape(request.get_full_path() if request else "")
        return conditional_escape(context.get("csrf_token"))

    return _MARKED.sub(value, drawn)


class ChromeNode(template.Node):
    def __init__(self, name: str, nodelist):
        self.name = name
        self.nodelist = nodelist

    def render(self, context) -> str:
        user = context.get("user")
        signed_in = bool(user is not None and user.is_authenticated)
        has_token = bool(context.get("csrf_token"))
        language = get_language()

        def draw() -> str:
            marks = {
                "LANGUAGE_CODE": language,
                "signed_in": signed_in,
                "reader_name": READER_NAME,
                "this_page": THIS_PAGE,
                "csrf_token": CSRF_TOKEN if has_token else "",
            }
            return self.nodelist.render(context.new(marks))

        drawn = cached_under(["chrome", self.name, language, signed_in, has_token], draw)
        return filled(drawn, context)


@register.tag("chrome")
def do_chrome(parser, token):
    """``{% chrome "name" %}``: ``name`` tells the parts of the chrome apart."""
    bits = token.split_contents()
    if len(bits) != 2 or bits[1][0] not in "\"'" or bits[1][0] != bits[1][-1]:
        raise template.TemplateSyntaxError("{% chrome %} takes one quoted name")
    nodelist = parser.parse(("endchrome",))
    parser.delete_first_token()
    return ChromeNode(bits[1][1:-1], nodelist)
