"""The shipped games' operations, registered by the composition roots (the CLI, the desktop).

The application layer's shared parts name no game; this list is the one place
that does, like ``builder.systems`` for the rules.
"""

from __future__ import annotations

from harbinger.app.common import register_operations


def register_shipped() -> None:
    """Register the operations of every game Harbinger ships (again: no harm)."""
    from harbinger.app import coven, covenant, mortal_coil
    from harbinger.app.contract.declared import OPERATIONS as CONTRACT

    register_operations("contract", CONTRACT)
    register_operations("covenant", covenant.OPERATIONS)
    register_operations("mortal-coil", mortal_coil.OPERATIONS)
    register_operations("coven", coven.OPERATIONS)
