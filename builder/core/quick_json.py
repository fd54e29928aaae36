"""The quick way through ``builder.core.files.parse_json`` for the common, clean file.

A bulk import reads thousands of files that are nearly all fine (issue 13):
here such a file is parsed without a Python call per integer literal and
checked in one walk for depth and numbers, its text cleared at once from
its bytes. Whatever this module cannot vouch for is ``DOUBTFUL``, and
``parse_json`` then takes the careful way, which words the refusal: this
path only ever accepts what the careful one accepts (a property test holds
the two to the same answers).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from typing import Any

DOUBTFUL = object()
"""``parse``'s answer when it cannot vouch for a document: the careful parse decides."""


def parse(
    text: str,
    max_depth: int,
    max_digits: int,
    hook: Callable[[list[tuple[str, Any]]], dict[str, Any]],
    constant: Callable[[str], Any],
) -> Any:
    """The JSON data of a text ``plain_text`` cleared, or ``DOUBTFUL``.

    ``hook`` builds (and checks) each object, ``constant`` meets NaN and
    Infinity, as in the careful parse. Integers longer than ``max_digits``
    and nesting deeper than ``max_depth`` are doubtful, as is any exception.
    """
    try:
        data = json.loads(text, object_pairs_hook=hook, parse_constant=constant)
    except Exception:  # the careful parse words every refusal
        return DOUBTFUL
    return data if plain_shape(data, max_depth, 10**max_digits) else DOUBTFUL


def plain_text(raw: bytes) -> bool:
    """True when no string in this JSON text can hold a character ``check_text`` refuses.

    A JSON string cannot hold a raw C0 control (the parser refuses one) and
    valid UTF-8 holds no surrogate, so a refused character can only come
    from a raw DEL, a raw C1 control (UTF-8 ``C2 80``–``C2 9F``), or an
    escape: ``\\u``, ``\\b`` or ``\\f``. Finding none of them (an escaped
    backslash before such a letter is a false alarm, which only costs time)
    clears every key and string at once.
    """
    if b"\x7f" in raw or (not raw.isascii() and _C1_BYTES.search(raw) is not None):
        return False
    return b"\\" not in raw or _REFUSED_ESCAPE.search(raw) is None


_C1_BYTES = re.compile(b"\xc2[\x80-\x9f]")
_REFUSED_ESCAPE = re.compile(rb"\\[bfu]")


def plain_shape(data: Any, max_depth: int, biggest: int) -> bool:
    """True when data from clean text passes ``check_values`` and ``_bounded_int``
    (``biggest``: the smallest magnitude with too many digits): one pass
    level by level for its depth, its floats (finite) and its integers (short enough)."""
    level = [data]
    depth = 1
    while level:
        below: list[Any] = []
        for value in level:
            kind = type(value)
            if kind is dict:
                if depth > max_depth:
                    return False
                below.extend(value.values())
            elif kind is list:
                if depth > max_depth:
                    return False
                below.extend(value)
            elif kind is int:
                if not -biggest < value < biggest:
                    return False
            elif kind is float and not math.isfinite(value):
                return False
        level = below
        depth += 1
    return True
