"""This Mortal Coil examples: a spacefarer and a crew (issue 18)."""
