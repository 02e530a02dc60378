"""Which player is better, and by how much (`brou league`, docs/players.md): duplicate sessions,
the same seeds played at tables that turn the seats between each pair of players
(`seating`), played as `brou study` plays them, in independent chunks of seeds on a pool of
processes (`play`), each player's openskill rating and each pair's gain per deal with its 95 %
interval over the seeds (`figures`), the table, the summary and the rows of every session
(`output`)."""

from __future__ import annotations

from .figures import pairs, ratings
from .output import summary, table_text
from .play import League, Played, Row, play
from .seating import Table, patterns, tables

__all__ = ["League", "Played", "Row", "Table", "pairs", "patterns", "play", "ratings", "summary", "table_text", "tables"]
