"""``{% cache_once %}``: Django's ``{% cache %}`` (same arguments, closed by
``{% endcache %}``) whose fragment one thread of the process renders per key while the
others wait for it (``lib.built_once.built_once``)."""

from django.core.cache.utils import make_template_fragment_key
from django.template import Library
from django.templatetags.cache import CacheNode, do_cache

from lib.built_once import built_once

register = Library()


class CacheOnceNode(CacheNode):
    def render(self, context):
        vary_on = [var.resolve(context) for var in self.vary_on]
        with built_once(make_template_fragment_key(self.fragment_name, vary_on)):
            return super().render(context)


@register.tag("cache_once")
def do_cache_once(parser, token):
    node = do_cache(parser, token)
    return CacheOnceNode(
        node.nodelist, node.expire_time_var, node.fragment_name, node.vary_on, node.cache_name
    )
