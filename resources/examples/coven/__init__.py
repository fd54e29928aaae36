"""The The Coven examples "Load examples" adds (written by scripts/make_examples.py)."""
