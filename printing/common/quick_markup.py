"""Harbinger's own bold and italic markup read into reportlab's runs without its parser.

The markup printing/ writes itself (``printing.common.text.markup``) is plain
text with ``<b>``, ``<i>`` and the escapes ``&amp;``, ``&lt;`` and ``&gt;``: a
Gift's "<b>System.</b> …", "<b>Effect</b> Elixir · <b>Style</b> Activated". For
each such paragraph reportlab starts an HTML parser and copies a run per piece
of text; on a full contractor sheet that was 44 parses and a twentieth of the
printing time (issue 29).

``quick_runs`` reads that subset the way ``ParaParser`` does: each piece of
text between tags or escapes becomes one run (an escape is a run of its own, as
the parser hands it over separately), a copy of the run the parser makes for
the same tags around one character, with the text in it. Anything else (another
tag, an attribute, a line break, a character reference, an unknown or bare
``&``, tags that do not nest) gives ``None`` and reportlab parses the text.
"""

from __future__ import annotations

import re
import weakref
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus.paraparser import ParaParser

_TOKEN = re.compile(r"<(/?)([bi])>|&(amp|lt|gt);|[<&]")
"""A tag this reader knows, an escape it knows, or any other ``<`` or ``&`` (declined)."""

_ESCAPES = {"amp": "&", "lt": "<", "gt": ">"}

_TEMPLATES: weakref.WeakKeyDictionary[ParagraphStyle, dict[tuple[str, ...], Any]] = (
    weakref.WeakKeyDictionary()
)
"""Per style and stack of open tags: the run reportlab's parser makes of one character."""


def _template(style: ParagraphStyle, tags: tuple[str, ...]) -> Any:
    """The run ``ParaParser`` makes for a character inside ``tags`` (outermost first)."""
    known = _TEMPLATES.get(style)
    if known is None:
        known = _TEMPLATES[style] = {}
    run = known.get(tags)
    if run is None:
        source = "".join(f"<{t}>" for t in tags) + "x" + "".join(f"</{t}>" for t in reversed(tags))
        parser = ParaParser()
        parser.caseSensitive = 1
        _, frags, _ = parser.parse(source, style)
        run = known[tags] = frags[-1]
    return run


def quick_runs(text: str, style: ParagraphStyle) -> list[Any] | None:
    """The runs ``ParaParser.parse(text, style)`` gives for ``text`` written with ``<b>``,
    ``<i>``, ``&amp;``, ``&lt;`` and ``&gt;`` only; ``None`` for any other text.

    ``text`` is the paragraph's text after reportlab's cleaning. As from the parser,
    every run shares one (empty) link list and one underline list.
    """
    if getattr(style, "textTransform", None) or text.startswith("<para"):
        return None
    tags: list[str] = []
    pieces: list[tuple[tuple[str, ...], str]] = []
    at = 0
    for found in _TOKEN.finditer(text):
        start = found.start()
        if start > at:
            pieces.append((tuple(tags), text[at:start]))
        at = found.end()
        close, tag, escape = found.group(1), found.group(2), found.group(3)
        if escape:
            pieces.append((tuple(tags), _ESCAPES[escape]))
        elif not tag:
            return None  # another tag or a bare "&": the parser's business
        elif close:
            if not tags or tags[-1] != tag:
                return None  # the parser reports tags that do not nest
            tags.pop()
        else:
            tags.append(tag)
    if tags:
        return None
    if at < len(text):
        pieces.append(((), text[at:]))
    link: list[Any] = []
    lines: list[Any] = []
    return [
        _template(style, stack).clone(text=piece, link=link, us_lines=lines)
        for stack, piece in pieces
    ]
