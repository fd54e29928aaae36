"""The living character sheet: a header and seven tabs over one evaluated contractor."""
