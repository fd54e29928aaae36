"""Hypothesis profiles: few examples for the developer's inner loop, many in CI.

``HARBINGER_HYPOTHESIS`` picks the profile: ``dev`` (the default, a tenth of
each test's examples, at least five) or ``ci`` (each test's full number, as
``scripts/install-and-test.sh`` and ``.ci/run`` set). A property test writes
the number it wants in CI as ``max_examples=examples(N)``; a test without its
own number gets the profile's (100 in ``ci``, 10 in ``dev``).
"""

from __future__ import annotations

import os

from hypothesis import settings

PROFILES = ("dev", "ci")
DEV_SHARE = 10  # dev runs one example in DEV_SHARE of what ci runs

settings.register_profile("ci", deadline=None, print_blob=True)
settings.register_profile("dev", max_examples=100 // DEV_SHARE, deadline=None)

PROFILE = os.environ.get("HARBINGER_HYPOTHESIS", "dev")
if PROFILE not in PROFILES:
    raise ValueError(
        f"HARBINGER_HYPOTHESIS={PROFILE!r}: expected one of {', '.join(PROFILES)}"
    )
settings.load_profile(PROFILE)


def examples(ci: int) -> int:
    """How many examples a property test runs: ``ci`` in CI, a tenth (at least 5) in dev."""
    if PROFILE == "ci":
        return ci
    return min(ci, max(5, ci // DEV_SHARE))
