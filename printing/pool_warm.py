"""Imported once by the print pool's forkserver: load printers, fonts and catalogs early.

Importing this module has that one intended effect, so every worker forked
from the server starts with them in memory (``printing.pool``). It opens no
file for writing and starts nothing.
"""

from __future__ import annotations

import printing.systems
from builder.contract.sheet_catalog import load_sheet_catalog
from builder.systems import register_shipped
from printing.common.fonts import register_fonts
from printing.contract import sheet as _sheet  # noqa: F401  (the contractor printer)
from printing.contract.snapshot import shipped_gift_catalog

register_shipped()
register_fonts()
shipped_gift_catalog()
load_sheet_catalog()
printing.systems.printers()
