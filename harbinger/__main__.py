"""``python -m harbinger`` does what the ``harbinger`` command does."""

from harbinger.cli import main

raise SystemExit(main())
