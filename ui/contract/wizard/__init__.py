"""Guided contractor creation, in the order the rules walk through it."""
