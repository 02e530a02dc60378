"""What each reading of the register changes (`brou study`): seeded sessions played under every
playable option of an entry, paired by seed, their figures with 95 % intervals, the table, the
plots, and the figures file the register's renderings read (docs/studies/figures.json)."""

from __future__ import annotations

from .campaign import study, study_all
from .play import DEFAULT_PLAYERS, figures, plans, play_sessions, unplayed
from .stats import Mean, Rate, mean, ratio, wilson

__all__ = [
           "DEFAULT_PLAYERS",
           "Mean",
           "Rate",
           "figures",
           "mean",
           "plans",
           "play_sessions",
           "ratio",
           "study",
           "study_all",
           "unplayed",
           "wilson",
]
