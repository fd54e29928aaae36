"""Fonts embedded in printed sheets: DejaVu Sans (regular, bold, oblique) and DejaVu Sans Mono.

DejaVu covers Latin, Greek and Cyrillic with diacritics, so names such as
"Zoë" print as typed. License: LICENSE.txt in this folder.
"""
