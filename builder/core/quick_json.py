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

import re
from typing import Any

import orjson

DOUBTFUL = object()
"""``parse``'s answer when it cannot vouch for a document: the careful parse decides."""


def parse(raw: bytes | str, max_depth: int, max_digits: int) -> Any:
    """The JSON data of a text ``plain_text`` cleared (as bytes or str), or ``DOUBTFUL``.

    Parsed by orjson, in half the json module's time (issue 29). orjson holds to
    RFC 8259 as the careful parse (the json module) does, and refuses more:
    NaN and Infinity (which the careful parse meets with its ``constant``),
    integers beyond 64 bits, nesting deeper than 1,024; every refusal here is
    doubtful, so the careful parse words it. Integers longer than
    ``max_digits``, nesting deeper than ``max_depth`` and a key repeated in one
    object are doubtful too, as is any exception.

    A repeated key is found without a Python call per object (a third of the
    parse, issue 29): outside strings a colon only ever separates a key from its
    value, and a cleared text has no ``\\u`` escape, so every colon of the text
    is one member's or one literal colon of a key or string (a colon is one byte
    in UTF-8, which no other character's bytes hold). When the data holds as many
    members and string colons as the text holds colons, no member was lost to a
    repeated key; when one was, the data holds fewer.
    """
    try:
        data = orjson.loads(raw)
    except Exception:  # the careful parse words every refusal
        return DOUBTFUL
    counts = plain_shape(data, max_depth, 10**max_digits)
    colons = raw.count(b":") if isinstance(raw, bytes) else raw.count(":")
    if counts is None or sum(counts) != colons:
        return DOUBTFUL
    return data


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


_FLOAT_BOUND = 2.0**63
"""A float this big may be an integer literal orjson could not hold in 64 bits: doubtful."""


def plain_shape(data: Any, max_depth: int, biggest: int) -> tuple[int, int] | None:
    """``None`` unless data from clean text passes ``check_values`` and ``_bounded_int``
    (``biggest``: the smallest magnitude with too many digits); one pass level by level
    for its depth, its floats (finite, and below 2**63: orjson reads an integer literal
    beyond 64 bits as a float, which the careful parse reads as an integer or refuses)
    and its integers (short enough).

    When it passes: how many object members the data holds, and how many colons
    its keys and strings hold (``parse`` compares them with the text's colons).
    """
    level = [data]
    depth = 1
    members = 0
    strings: list[str] = []
    while level:
        below: list[Any] = []
        for value in level:
            kind = type(value)
            if kind is dict or kind is list:
                if depth > max_depth:
                    return None
                if kind is dict:
                    members += len(value)
                    strings.extend(value)
                    value = value.values()
                below.extend(value)
            elif kind is str:
                strings.append(value)
            elif kind is int:
                if not -biggest < value < biggest:
                    return None
            elif kind is float and not -_FLOAT_BOUND < value < _FLOAT_BOUND:
                return None  # not finite, or perhaps an integer literal orjson made a float
        level = below
        depth += 1
    return members, "".join(strings).count(":")
