"""Reading printed PDFs back for tests: page text without running headers, fonts, sizes."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path

from pypdf import PdfReader
from pypdf.generic import DictionaryObject

PAGE_LABEL = re.compile(r"^Page (\d+) of (\d+)$")


def squash(text: str) -> str:
    """Whitespace runs as single spaces, so wrapped lines compare with the source text."""
    return " ".join(text.split())


@dataclass(frozen=True)
class Page:
    """One page's extracted text, split into body and running header/footer lines."""

    width: float
    height: float
    body: str
    furniture: tuple[str, ...]
    number: int
    total: int


def read_pdf(source: bytes | Path, furniture: int = 4) -> tuple[PdfReader, list[Page]]:
    """The reader and every page, with the running header and footer taken off the body.

    Header and footer are drawn last on each page, so their ``furniture``
    lines end the page's text: header detail, header title, "Printed by
    Harbinger", "Page N of M" (3 lines when the header has no detail).
    """
    data = source.read_bytes() if isinstance(source, Path) else source
    reader = PdfReader(io.BytesIO(data))
    pages: list[Page] = []
    for page in reader.pages:
        lines = [line.strip() for line in page.extract_text().splitlines()]
        match = PAGE_LABEL.match(lines[-1]) if lines else None
        assert match, f"page {len(pages) + 1} does not end with 'Page N of M': {lines[-3:]}"
        box = page.mediabox
        pages.append(
            Page(
                width=float(box.width),
                height=float(box.height),
                body="\n".join(lines[:-furniture]),
                furniture=tuple(lines[-furniture:]),
                number=int(match.group(1)),
                total=int(match.group(2)),
            )
        )
    return reader, pages


def body_text(pages: list[Page]) -> str:
    """All page bodies joined and squashed: what a reader sees, minus headers and footers."""
    return squash("\n".join(p.body for p in pages))


def font_dictionaries(reader: PdfReader) -> list[DictionaryObject]:
    """Every font dictionary used on any page."""
    fonts: dict[int, DictionaryObject] = {}
    for page in reader.pages:
        resources = page.get("/Resources")
        if resources is None:
            continue
        font_map = resources.get_object().get("/Font")
        if font_map is None:
            continue
        for ref in font_map.get_object().values():
            fonts[id(ref.get_object())] = ref.get_object()
    return list(fonts.values())


def is_embedded(font: DictionaryObject) -> bool:
    """True when a TrueType font program is inside the PDF: /FontFile2 in its descriptor."""
    descriptor = font.get("/FontDescriptor")
    if descriptor is None and "/DescendantFonts" in font:
        descendant = font["/DescendantFonts"].get_object()[0].get_object()
        descriptor = descendant.get("/FontDescriptor")
    if descriptor is None:
        return False
    d = descriptor.get_object()
    return "/FontFile2" in d
