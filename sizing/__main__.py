"""``python -m sizing``: see ``sizing.cli``. The composition root: the Hub is wired in here.

The one module of the engine that may import an outside adapter (``tests/sizing/test_purity``).
"""

from __future__ import annotations

from adapters import hub_from_environment
from sizing.cli import main as cli_main


def main() -> int:
    """Run the command line with models beyond the catalog read from the Hugging Face Hub."""
    return cli_main(source=hub_from_environment())


if __name__ == "__main__":
    raise SystemExit(main())
