"""Harbinger: the application shell (command line, paths, settings).

The rules live in ``builder``, storage in ``models``, printing in ``printing``
and the desktop interface in ``ui``.
"""

__version__ = "0.1.0"
