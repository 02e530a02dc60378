"""The double-dummy solver (issue 37, docs/solve.md): given a position with every card known, the
value each side can force and the value of every legal action.

    from brou import parse_position
    from brou.solve import solve
    solution = solve(parse_position("brouc 3 ..."))
    solution.value, solution.actions      # the value for the side searched; (action id, value) each

`brou.solve.state` is the light state of the card play; `brou.solve.play` its search (alpha-beta
with a transposition table, `brou.solve.table`, equivalent cards merged, MTD(f)), on the bounds
(`bounds`), the last tricks (`endgame`) and the move ordering (`ordering`); `brou.solve.solution`
the values of each game and the search over the engine's own states where the light state does
not go.
"""

from .solution import GAME_MARK, Solution, SolveError, default_seat, goals, score, side_of, solve

__all__ = ["GAME_MARK", "Solution", "SolveError", "default_seat", "goals", "score", "side_of", "solve"]
