"""Covenants, the two-player tile game of the Covenant setting (rules text:
``covenants-tile-game.txt``): elements, variants, the game state, an exact
open-hands solver and computer opponents. Pure Python: no Qt, no SQL."""
