"""`python -m brou` is the `brou` command."""

import sys

from .cli import main

sys.exit(main())
