"""The five games as OpenSpiel games; `import brou.openspiel` registers all of them.

    import pyspiel
    import brou.openspiel  # registers the five games
    game = pyspiel.load_game("python_brouc(undertrump_when_void=True)")

`partnership`: `python_brouc` and `python_homme_de_brou_1802` over the partnership engine;
`phases`: what the games on the phase engine share, under `brusquembille`
(`python_brusquembille`), `homme_d_auvergne` (`python_homme_d_auvergne`) and `hombre`
(`python_hombre`); `notation`: an OpenSpiel state from the notation of a deal and back. It
needs the `openspiel` extra (pyspiel, numpy). A module here may import everything of `brou`
below the products (the engine and what lies under it) and `brou.conformance`, nothing of the
rulebook or the command line (tests/test_layers.py). See docs/openspiel.md.
"""

from . import brusquembille as brusquembille
from . import hombre as hombre
from . import homme_d_auvergne as homme_d_auvergne
from .partnership import BroucGame as BroucGame
from .partnership import BrouGame as BrouGame
from .partnership import BrouObserver as BrouObserver
from .partnership import BrouState as BrouState
from .partnership import HommeDeBrou1802Game as HommeDeBrou1802Game
from .partnership import ParameterValueError as ParameterValueError
