"""The rules of The Contract and Covenant, as pure functions over frozen values.

Nothing here imports Qt or SQL. Every number the sheet, the PDF, the CLI and
the review audit show is computed here, once.
"""
