"""`python -m brou.openspiel --playthrough DIR`: rewrite the golden playthroughs of 1802 and Brouc."""

import sys

from .playthrough import main

sys.exit(main())
