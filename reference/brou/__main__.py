"""`python -m brou` is the `brou` command."""

import sys

from .cli.main import main

sys.exit(main())
