"""The Contract's application layer: operations on contractors, the Gift save plan, creation files."""
