"""The register's pages: each open question with its sources and options (spec/ambiguities.yaml,
`brou.spec.ambiguities`), its witness scenarios under each option (`brou.conformance.cases.witnesses`:
the pair of scenarios, one per option, that the options answer differently), and what the study
of its readings found (`brou.study.output`: the figures file's headline, and the plot drawn
beside it when there is one).  A plot is found by the entry and the ruleset, never by a name
the request gives.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from ..conformance.cases.witnesses import pairs, scenario_ids
from ..errors import UsageError
from ..spec.ambiguities import Entry, Register, load_register
from ..study.output import FIGURES_FILE, REPLAYED_FILE, headlines, load_figures, plot_name
from .replay import catalogue
from .requests import RequestError


@cache
def the_register() -> Register:
    """The register, read and checked once (a second of a core: it is the package's data, which
    does not change while the server runs)."""
    return load_register()


def _entry(amb_id: str) -> Entry:
    try:
        return the_register().entry(amb_id)
    except UsageError as exc:
        raise RequestError(str(exc), "path", 404) from None


def entries(lang: str) -> list[dict[str, Any]]:
    """Every entry: its id, question, each ruleset's default option and witness status."""
    return [{"id": e.id, "question": e.text("question", lang), "defaults": {r: d["option"] for r, d in e.defaults.items()},
             "witness": {r: w.get("status") for r, w in e.witness.items()}} for e in the_register().entries]


# the plots of a study: the careful players' campaign, its deals played again by the search
# player, and the study aimed at its case (brou.study.targeted), each where it was drawn
PLOTS = ("careful", "replayed", "aimed")


def plot_path(amb_id: str, ruleset: str, kind: str = "careful") -> Path | None:
    """One of the study's plots of an entry for a ruleset (SVG, `PLOTS`), if it was drawn beside
    its figures file."""
    entry = _entry(amb_id)
    if ruleset not in entry.defaults or kind not in PLOTS:
        return None
    folder = FIGURES_FILE.parent if kind == "careful" else REPLAYED_FILE.parent
    path = folder / f"{plot_name({'entry': entry.id, 'ruleset': ruleset, 'steered': kind == 'aimed' or None})}.svg"
    return path if path.is_file() else None


def entry(amb_id: str, lang: str) -> dict[str, Any]:
    """One entry: its question, sources, options, defaults, witness pairs (scenario ids by
    option, those of the corpus) and study figures, in `lang`."""
    e = _entry(amb_id)
    listed = catalogue()
    witnesses: dict[str, Any] = {}
    figures: dict[str, Any] = {}
    try:
        data = load_figures()
    except (OSError, ValueError):
        data = {"studies": []}
    try:
        replayed = load_figures(REPLAYED_FILE)
    except (OSError, ValueError):
        replayed = {"studies": []}
    for ruleset in e.defaults:
        found = []
        for names in pairs(e, ruleset):
            ids = scenario_ids(e, ruleset, names)
            if all(i in listed for i in ids):
                found.append({"options": list(names), "scenarios": list(ids)})
        record = e.witness.get(ruleset, {})
        witnesses[ruleset] = {"status": record.get("status"), "pairs": found}
        got = headlines(e.id, ruleset, lang, data, replayed)
        if got is not None:
            about, parts = got
            plots = [k for k in PLOTS if plot_path(e.id, ruleset, k) is not None]
            figures[ruleset] = {"about": about, "options": parts, "plot": "careful" in plots, "plots": plots}
    return {
        "id": e.id, "question": e.text("question", lang),
        "sources": [{"source": s.get("source", ""), "section": s.get("section", ""), "says": e.text("says", lang, k)}
                    for k, s in enumerate(e.sources)],
        "options": [{"name": o.name, "playable": o.playable, "why": o.text(lang), "overrides": o.overrides}
                    for o in e.options],
        "defaults": {r: {"option": d["option"], "why": e.text("default", lang, r)} for r, d in e.defaults.items()},
        "witnesses": witnesses, "figures": figures,
    }


def readings(ruleset: str, lang: str) -> list[dict[str, Any]]:
    """The entries that give `ruleset` a default, with their playable options for it: the
    readings a table may be opened with."""
    out = []
    for e in the_register().entries:
        if ruleset not in e.defaults:
            continue
        options = [o.name for o in e.options if o.playable and ruleset in o.overrides]
        if len(options) > 1:
            out.append({"id": e.id, "question": e.text("question", lang), "default": e.defaults[ruleset]["option"],
                        "options": options})
    return out
