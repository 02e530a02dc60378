"""The command line, `brou` (`main`): the top of the package, which may import everything.

`main` is the command (`brou = "brou.cli:main"`, pyproject.toml); `tables` lays out the
tables it prints. `brou.cli.main` as an attribute is the function; the module of that name is
`sys.modules["brou.cli.main"]` (tests/test_layers.py).
"""

from .main import main as main
