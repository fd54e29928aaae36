"""The shell services every front end shares: where data lives, the leader key, logs.

``paths`` (the data and settings folders, the default library), ``keys``
(this computer's leader key and the trusted ones) and ``logs`` (the log
file). They sit below both the application layer (``harbinger.app``) and the
front ends (the CLI in ``harbinger.commands``, the GUI in ``ui``), and name
no game.
"""
