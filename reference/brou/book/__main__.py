"""python -m brou.book: build the rulebook (see brou.book.build)."""

import sys

from .build import main

sys.exit(main())
