"""``python -m bluffhouse.encodings [root]``: rewrites the sizes block of
docs/research.md."""

import sys

from .docs import write_docs

sys.exit(write_docs(*sys.argv[1:]))
