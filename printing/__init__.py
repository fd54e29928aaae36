"""Printed sheets for every game Harbinger keeps, as PDFs (reportlab).

Layout, one package per game plus what they share:

- ``printing.common``: paper, page frames, running headers and "Page N of M"
  (``layout``), fonts, styles, escaped text (``text``), table and tick-box
  flowables, section headings (``sections``), and the roster printer for any
  game (``roster``). It names no game.
- ``printing.contract``: The Contract. ``snapshot.print_snapshot`` assembles a
  ``views.PrintSnapshot`` from builder's results; ``sheet``, ``cards``
  (Gift cards), ``blank`` (a sheet for pencil play) and ``batch`` print it.
- ``printing.covenant``: Covenant. ``snapshot.covenant_print`` assembles a
  ``CovenantPrint``; ``sheet`` prints it.
- ``printing.systems``: which printer prints which game system (the registry's
  ids); callers such as ``harbinger sheet pdf`` ask it and never name a game.

The game packages never import each other. Nothing here opens the library,
imports Qt or computes a rule: every number on a filled sheet was computed by
``builder`` before it got here.
"""
