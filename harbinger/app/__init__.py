"""The application layer: every change a user can make, for every game, without Qt.

Below the front ends (the GUI in ``ui/``, the CLI in ``harbinger.commands``)
and above ``models`` and ``printing``. ``harbinger.app.common`` holds what
every game shares: the :class:`~harbinger.app.common.Plan` an operation
returns (the new value, a change summary, the undo text), the one runner
that commits a plan to a library (:func:`~harbinger.app.common.commit`:
refusal, version check and merge in ``Library.save``, the append-only play
log), and the :class:`~harbinger.app.common.Operation` declaration from which
the CLI builds its subcommands. Each game has its own module or package here,
named as its rules package under ``builder/``; ``systems.py`` lists the shipped ones.
"""
