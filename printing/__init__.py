"""Printed sheets: a contractor's full sheet, Gift cards, a blank sheet and a roster batch.

Everything here prints from a ``PrintSnapshot`` (``printing.contract.snapshot``), a frozen
value assembled from ``builder`` results. This package never opens the library,
never imports Qt and never computes a rule: every number on a filled sheet was
computed by ``builder`` before it got here.

Entry points:

- ``printing.contract.sheet.render_contractor_sheet(snapshot, out, paper)``
- ``printing.contract.cards.render_gift_cards(snapshot, out, paper)``
- ``printing.contract.blank.render_blank_sheet(out, paper)``
- ``printing.contract.batch.render_roster(snapshots, out, paper, progress)``
"""
