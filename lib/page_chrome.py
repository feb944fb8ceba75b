"""``{% chrome "name" %}...{% endchrome %}``: a part of every page's chrome
(``templates/base.html``: the links in the head, the header and its navigation, the
footer with the language menu), drawn once per process, language and kind of reader
and shared by every page and every reader.

Every page extends ``base.html``, and drawing its chrome (a dozen ``{% url %}``s, the
translations, the static files' names) cost about a millisecond of CPU on every page,
a fifth to a quarter of a cached event page. What varies in it by reader is whether
they are signed in (the key, with the language and whether the page has a CSRF token);
what is the request's own, the reader's name, the page's path (where the language menu
and the log-in link return) and the CSRF token, is drawn as a slot and put in, escaped as ``{{ }}``
escapes it, for each request.

A part is rendered from a context that holds only those: ``LANGUAGE_CODE``,
``signed_in``, and the slots ``reader_name``, ``this_page`` and ``csrf_token`` (for
``{% csrf_token %}``), each drawn as a marker and split at when the part is drawn
(``lib.slots``). A part cannot read the
request or the user, so nothing of one reader is kept for another.
"""

from urllib.parse import quote

from django import template
from django.template.loader_tags import BlockNode
from django.urls import reverse
from django.utils.translation import get_language

from lib.built_once import cached_under
from lib.slots import filled, slot, split_at_slots

register = template.Library()


def own_value(name: str, context):
    """The request's own value for slot ``name``, as the page's context holds it."""
    if name == "reader_name":
        return context.get("user")
    if name == "this_page":
        request = context.get("request")
        return request.get_full_path() if request else ""
    if name == "login_next":
        return login_next(context.get("request"))
    return context.get("csrf_token")


def login_next(request) -> str:
    """The query of the header's log-in and sign-up links: back to this page after
    logging in (from those pages themselves, to where they were to lead)."""
    if request is None:
        return ""
    if request.path in (reverse("login"), reverse("signup")):
        target = request.GET.get("next", "")
    else:
        target = request.get_full_path()
    return "?next=" + quote(target, safe="/") if target else ""


class ChromeNode(template.Node):
    # Hidden from ``get_nodes_by_type``: every page's ``{% extends %}`` walks base.html's
    # nodes for its blocks on every render, and a part holds none (``do_chrome``).
    child_nodelists = ()

    def __init__(self, name: str, nodelist):
        self.name = name
        self.nodelist = nodelist

    def render(self, context) -> str:
        user = context.get("user")
        signed_in = bool(user is not None and user.is_authenticated)
        has_token = bool(context.get("csrf_token"))
        language = get_language()

        def draw():
            slots = {
                "LANGUAGE_CODE": language,
                "signed_in": signed_in,
                "reader_name": slot("reader_name"),
                "this_page": slot("this_page"),
                "login_next": slot("login_next"),
                "csrf_token": slot("csrf_token") if has_token else "",
            }
            return split_at_slots(self.nodelist.render(context.new(slots)))

        key = ["chrome", self.name, language, signed_in, has_token]
        return filled(cached_under(key, draw), lambda name: own_value(name, context))


@register.tag("chrome")
def do_chrome(parser, token):
    """``{% chrome "name" %}``: ``name`` tells the parts of the chrome apart."""
    bits = token.split_contents()
    if len(bits) != 2 or bits[1][0] not in "\"'" or bits[1][0] != bits[1][-1]:
        raise template.TemplateSyntaxError("{% chrome %} takes one quoted name")
    nodelist = parser.parse(("endchrome",))
    parser.delete_first_token()
    if nodelist.get_nodes_by_type(BlockNode):
        raise template.TemplateSyntaxError("a {% chrome %} part is every page's: no block")
    return ChromeNode(bits[1][1:-1], nodelist)
