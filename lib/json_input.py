"""Reading JSON that strangers send (API bodies, pasted settings, remote bots' answers).

``json.loads`` recurses once per level of nesting, so 50,000 ``[`` end in a
``RecursionError``; it accepts escapes of lone surrogates (``"\\ud800"``) that no
UTF-8 text can hold (PostgreSQL refuses them when they are stored), and of a key given
twice it keeps the last silently. ``loads_bounded`` refuses all three, and ``NaN`` and
``Infinity``, with a ``ValueError`` whose message says why. No Django here: engines
and parsers share it.
"""

import json
import re
from collections.abc import Iterable

MAX_DEPTH = 64  # the deepest honest document here (a game record) nests 5 levels

_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


class JsonTooDeep(ValueError):
    """Nested deeper than the limit."""


class JsonNotText(ValueError):
    """A string that is not Unicode text (a lone surrogate)."""


class JsonDuplicateKey(ValueError):
    """An object that names a key twice."""


def _reject_constant(name: str):
    raise ValueError(f"{name} is not JSON")


def _note(seen: set, key) -> bool:
    seen.add(key)
    return False


def _unique_keys(pairs: list) -> dict:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set = set()
        twice = next(key for key, _value in pairs if key in seen or _note(seen, key))
        raise JsonDuplicateKey(f"the key {twice!r} is given twice in one object")
    return obj


def depth_beyond(value, limit: int) -> bool:
    """Whether ``value`` nests lists and objects more than ``limit`` deep (no recursion)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children: Iterable
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False


def has_lone_surrogate(value) -> bool:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def loads_bounded(data: bytes | str, max_depth: int = MAX_DEPTH, **kwargs):
    """``json.loads`` that raises ``JsonTooDeep`` beyond ``max_depth`` levels,
    ``JsonNotText`` for a lone surrogate and ``ValueError`` for anything else that is not
    JSON (``NaN`` and ``Infinity`` included), ``JsonDuplicateKey`` for a key given twice.
    ``kwargs`` go to ``json.loads``."""
    kwargs.setdefault("parse_constant", _reject_constant)
    kwargs.setdefault("object_pairs_hook", _unique_keys)
    try:
        value = json.loads(data, **kwargs)
    except RecursionError:
        raise JsonTooDeep(f"the JSON is nested more than {max_depth} levels deep") from None
    if depth_beyond(value, max_depth):
        raise JsonTooDeep(f"the JSON is nested more than {max_depth} levels deep")
    raw = data if isinstance(data, bytes) else data.encode("utf-8", errors="surrogatepass")
    if _SURROGATE_ESCAPE.search(raw) and has_lone_surrogate(value):
        raise JsonNotText("the JSON holds a lone surrogate (\\ud800-\\udfff), which is not text")
    return value
