"""``python -m sizing``: see ``sizing.cli``."""

from sizing.cli import main

raise SystemExit(main())
