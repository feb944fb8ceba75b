"""A page's HTML read as a browser draws it, however its template breaks its lines:
templates are written one element per line (tests/site/test_template_lines.py), and a
test that reads a row's cells, an input's attributes or a link's text matches them here
rather than the raw text."""

import re

# Whitespace beside these tags draws nothing: a table's cells, a list's items, a
# paragraph's edges, a select's options.
BLOCKS = (
    "table|caption|thead|tbody|tfoot|tr|td|th|p|div|section|article|header|footer|nav|"
    "ul|ol|li|dl|dt|dd|h[1-6]|form|fieldset|legend|select|optgroup|option|details|summary|"
    "br|hr|script|head|body|html|main|aside|figure|figcaption"
)
BESIDE_A_BLOCK = re.compile(rf"\s*(</?(?:{BLOCKS})\b[^>]*>)\s*", re.I)


def as_drawn(html: str) -> str:
    """``html`` with every run of whitespace as one space, none beside a block's tag (a
    cell, a row, a paragraph: what its line breaks add draws nothing), and a tag's own
    attributes on one line: ``<td><strong>18</strong> <span>…</span></td>`` whether the
    template wrote it on one line or five."""
    flat = re.sub(r"\s+", " ", html)
    flat = re.sub(r"<([^<>]+)>", lambda tag: "<" + tag.group(1).strip() + ">", flat)
    return BESIDE_A_BLOCK.sub(r"\1", flat)
