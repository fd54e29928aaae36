"""Review mode: open character files without importing them, audit, approve and sign.

``ReviewWindow`` is the window (``ui.review.window``); ``ui.review.files``
reads and writes the files (no Qt), ``ui.review.items`` turns
``builder.core.approval.verify`` into the approval panel's rows.
"""

from ui.review.window import ReviewWindow

__all__ = ["ReviewWindow"]
