"""The Contract's application layer: operations, the Gift save plan, creation files."""
