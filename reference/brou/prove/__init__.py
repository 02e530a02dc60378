"""Machine-checked facts about the rules: z3 proofs, counterexamples replayed on the engine.

Each fact is a statement in plain words, a z3 encoding, and a result: `proved` (z3 shows
the negation unsatisfiable; a bound is also attained by a deal replayed on the engine),
`refuted` (a naive statement the project keeps to show why it is false: z3's model is
turned into a concrete deal and play, replayed on the engine, which shows the same
numbers), `counterexample` (a statement the project asserts was found false: a defect of
the engine, the spec or the encoding, shown with the position) or `error` (an exception,
z3 answering unknown, or a witness deal the engine does not confirm).  For the
cross-checks, `proved` means the statement as it is made: on every sampled position (every
case of the grid) the encoding and the engine agree.

The formulas are written once, over an abstract set of operations (`logic`: `Logic` for
booleans, `Arith` for integers), and built twice: as z3 terms for the proofs, and as Python
values for the cross-check against the engine.

The modules: `logic` (the two backends and the calls to z3), `results` (a fact, its result,
the table and the record), `witness` (the deals of 1802 and Brouc replayed on the engine),
then the facts game by game: `following` (the following rules of 1802 and Brouc),
`homme_de_brou` (their count, and the list of their facts), `brusquembille`,
`homme_d_auvergne`, `hombre`; `facts` lists them all in the order of the record.

`FACTS` lists the facts, `run_all(seed)` runs them (deterministic for a seed),
`table_text(results)` prints them and `record_data(results)` is the record the rulebook
shows; docs/proofs.md explains each one.  The encodings of the following rules are also
here for the boundary scenarios of the conformance suite.
"""

from __future__ import annotations

from .brusquembille import BRUS
from .facts import FACTS, run_all
from .following import BROUC, FOLLOWING_F, HDB, Position, marriage_cards_f, well_formed
from .hombre import HOM
from .homme_d_auvergne import AUV
from .logic import Z3Logic
from .results import (
    COUNTEREXAMPLE,
    ERROR,
    PROVED,
    REFUTED,
    SEED,
    Check,
    Fact,
    FactResult,
    record_data,
    record_results,
    result_data,
    run_fact,
    table_text,
)
from .witness import GRAND_DEAL, PLAIN_PLAY

__all__ = [
    "AUV", "BROUC", "BRUS", "COUNTEREXAMPLE", "ERROR", "FACTS", "FOLLOWING_F", "GRAND_DEAL", "HDB", "HOM", "PLAIN_PLAY",
    "PROVED", "REFUTED", "SEED", "Check", "Fact", "FactResult", "Position", "Z3Logic", "marriage_cards_f",
    "record_data", "record_results", "result_data", "run_all", "run_fact", "table_text", "well_formed",
]
