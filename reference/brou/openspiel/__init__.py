"""The five games as one OpenSpiel game, `BrouGame(ruleset, params)`; `import brou.openspiel`
registers them under their short names.

    import pyspiel
    import brou.openspiel  # registers the five games
    game = pyspiel.load_game("python_brouc(undertrump_when_void=True)")
    game = brou.openspiel.BrouGame("hombre", {"talon_rest": "shown"})

Short names: `python_brouc`, `python_homme_de_brou_1802`, `python_brusquembille`,
`python_homme_d_auvergne`, `python_hombre` (`rulesets.GAMES`).  `game`: the game and its state
over the engine, and the one place where the engines differ; `rulesets`: each game's names,
parameters, sizes and bounds; `observation`: what each player sees; `worlds`: the worlds a
player cannot tell apart, for search; `bots`: the PIMC player as an OpenSpiel bot
(`PimcBot`); `notation`: a state from the notation of a deal and
back; `playthrough`: the golden playthroughs.  It needs the `openspiel` extra (pyspiel,
numpy).  A module here may import everything of `brou` but `prove`, the rulebook and the
command line (tests/test_layers.py).  See docs/openspiel.md.
"""

from .game import BrouGame as BrouGame  # first: without pyspiel, its import says which extra to install
from .game import BrouState as BrouState
from .game import ParameterValueError as ParameterValueError
from .game import team_value as team_value
from .game import to_spiel as to_spiel
from .observation import BrouObserver as BrouObserver
from .rulesets import DEFAULT_SCORE as DEFAULT_SCORE
from .rulesets import GAMES as GAMES

# isort: split
from .bots import PimcBot as PimcBot  # after the game, whose import checks for pyspiel
