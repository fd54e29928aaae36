"""Imported once by the print pool's forkserver: load printers, fonts and catalogs early.

Importing this module has one intended effect: every worker forked from the
server starts warm (``printing.pool``). Besides the imports it prints one
shipped example sheet, full and compact, into memory, so the caches a first
print fills (reportlab's font width tables and paragraph setup, the rules'
lazy tables) are filled once here and shared by every worker instead of each
worker paying them on its first sheet. Then it freezes the server's heap
(``gc.freeze``): a worker's garbage collector never walks, and so never
copies, the objects every worker shares. It opens no file for writing and
starts nothing.
"""

from __future__ import annotations

import gc
import io

import printing.pool  # a worker's jobs name its functions: imported once, here
import printing.systems
from builder.contract.sheet_catalog import load_sheet_catalog
from builder.core import files
from builder.core.registry import read_document
from builder.systems import register_shipped
from printing.common.fonts import register_fonts
from printing.contract import sheet as _sheet  # noqa: F401  (the contractor printer)
from printing.contract.snapshot import shipped_gift_catalog
from resources import resource_path

SAMPLE = "seasoned-ines-varga.json"
"""The shipped example whose sheets the server prints once (a contractor with a history)."""


def _print_sample() -> None:
    """Print the sample contractor's full and compact sheets into memory and drop them."""
    character = read_document(files.load_json(resource_path("examples", SAMPLE))).character
    for compact in (False, True):
        printing.systems.sheet_of(character, compact).render(io.BytesIO(), "letter")


register_shipped()
register_fonts()
shipped_gift_catalog()
load_sheet_catalog()
printing.systems.printers()
_print_sample()
gc.collect()
gc.freeze()
