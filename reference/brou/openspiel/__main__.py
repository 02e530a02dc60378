"""`python -m brou.openspiel --playthrough DIR`: rewrite the golden playthroughs of the partnership games."""

import sys

from .partnership import main

sys.exit(main())
