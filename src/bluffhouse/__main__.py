"""``python -m bluffhouse`` is the ``bluffhouse`` command."""

import sys

from .cli import main

sys.exit(main())
