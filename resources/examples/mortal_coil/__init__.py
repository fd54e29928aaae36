"""The This Mortal Coil examples "Load examples" adds (written by scripts/make_examples.py)."""
