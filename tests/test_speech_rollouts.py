"""tools/speech-rollouts, the measures of docs/players.md ("L'Homme d'Auvergne against the
sampling player"): the oracle's card is the best double dummy in the deal as dealt, a run of the
card play with `--oracle` prints a line for it, and the options that measure different things
are refused with exit status 2."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from brou.engine.phases import PLAY
from brou.engine.session import Session
from brou.players.pimc import alone
from brou.solve import solve
from brou.spec.rules import Rules
from helpers import REPO, load_tool

TOOL = REPO / "tools" / "speech-rollouts"


def test_the_oracles_card_is_the_best_double_dummy_in_the_deal_as_dealt() -> None:
    rules = Rules.load("homme-d-auvergne")
    deal = alone(Session(rules, 3).deal)
    tool = load_tool("speech-rollouts")
    while deal.phase != PLAY or len(deal.legal_actions()) < 2:
        deal.apply(tool._careful(deal))
    values = dict(solve(deal, seat=deal.to_act).actions)
    card = tool.oracle(deal, random.Random(0))
    assert values[card] == max(values.values())
    assert card == min(a for a, v in values.items() if v == max(values.values()))


def test_a_run_of_the_card_play_measures_the_oracle() -> None:
    done = subprocess.run([sys.executable, str(TOOL), "--cards", "--oracle", "--deals", "1", "--seed", "620004",
                           "--rollouts", "1", "--player", "pimc"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("1 deals from seed 620004, ") and "decisions of the card play" in lines[0]
    assert any(line.startswith("oracle: ") for line in lines[1:])
    assert any(line.startswith("pimc: the sampling player's choice every time") for line in lines[1:])


@pytest.mark.parametrize(("argv", "said"), [
    (["--oracle"], "--oracle measures the card play; give --cards with it"),
    (["--cards", "--values"], "--cards and --values measure different things"),
    (["--deals", "0"], "--deals and --rollouts are at least 1"),
])
def test_options_that_do_not_go_together_are_refused(argv: list[str], said: str) -> None:
    done = subprocess.run([sys.executable, str(TOOL), *argv], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and said in done.stderr and "Traceback" not in done.stderr
