"""A study's figures as a table for the terminal, as Markdown (docs/studies/studies.md), as the
figures file (docs/studies/figures.json) and as plots (matplotlib, PNG and SVG); and the
headline of each entry the register's renderings show (`headline`, read from the figures file
by `load_figures`)."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

from .reasons import why_nothing

__all__ = ["FIGURES_FILE", "FILES", "FORMAT", "REPLAYED_FILE", "headline", "headlines", "load_figures", "markdown",
           "output_names", "plot", "table_text", "write_all", "written_whole"]

FIGURES_FILE = Path(__file__).resolve().parents[3] / "docs" / "studies" / "figures.json"
# the figures of the studies whose deals were played again by the search player (--replay-players)
REPLAYED_FILE = FIGURES_FILE.parent / "replayed" / "figures.json"
FORMAT = "brou-studies/1"
SHORT = {"homme-de-brou-1802": "1802", "brouc": "Brouc", "brusquembille-1718": "Brusquembille",
         "homme-d-auvergne": "L'Homme d'Auvergne", "hombre": "L'Hombre"}


def _pct(r: Mapping[str, Any] | None, sep: str = "\u2013") -> str:
    if not r or r["value"] is None:
        return "n/a"
    return f"{100 * r['value']:.1f}\u00a0% [{100 * r['low']:.1f}{sep}{100 * r['high']:.1f}]"  # no break before %


def _num(m: Mapping[str, Any] | None, sep: str = ", ") -> str:
    if not m or m["value"] is None:
        return "n/a"
    return f"{m['value']:.2f} [{m['low']:.2f}{sep}{m['high']:.2f}]"


def side_names(study: Mapping[str, Any]) -> list[str]:
    """Each side by its players: "team 0-2" for a pair, "player 1" for one."""
    return [("team " + "-".join(map(str, s))) if len(s) > 1 else f"player {s[0]}" for s in study["sides"]]


COLUMNS = ("option", "1st deal changed", "any deal changed", "winner changed", "score per deal by side", "dealer adv.",
           "eldest adv.", "1st dealer wins", "contract made", "deals/session")
SCORES = COLUMNS.index("score per deal by side")


ARISING = ("arises per deal", "arises per session", "where it arises: result changed", "score moved",
           "winner changed")


# a study whose deals were played again (--replay-players): chance alone in place of the session's winner
ARISING_REPLAYED = (*ARISING[:-1], "mean change by side", "played again", "by chance alone")


def _arising_cells(a: Mapping[str, Any] | None, replayed: bool = False) -> list[str]:
    if not a:
        return ["\u2013"] * len(ARISING_REPLAYED if replayed else ARISING)
    cells = [_pct(a["per_deal"]), _pct(a["per_session"]), _pct(a["result_changed"]), _num(a["score_moved"])]
    if not replayed:
        return [*cells, _pct(a["winner_changed"])]
    return [*cells, "; ".join(_num(m) for m in a["score_change"]), f"{a.get('replayed', 0):,}", _pct(a.get("by_chance"))]


def _row(study: Mapping[str, Any], o: Mapping[str, Any], default: str) -> list[str]:
    scores = "; ".join(f"{name} {_num(m)}" for name, m in zip(side_names(study), o["score_per_deal"], strict=True))
    name = o["option"] + (" (default)" if o["option"] == default else "")
    return [name, _pct(o["first_deal_changed"]), _pct(o["any_deal_changed"]), _pct(o["winner_changed"]), scores,
            _num(o["dealer_advantage"]), _num(o["eldest_advantage"]), _pct(o["first_dealer_wins"]),
            _pct(o["contract_made"]) if study["contract"] else "n/a", _num(o["deals_per_session"])]


def arising_text(a: Mapping[str, Any]) -> str:
    """How often an option's situation arises and what it changes when it does, in a line."""
    text = f"arises in {_pct(a['per_deal'])} of deals, {_pct(a['per_session'])} of sessions; where it does"
    if a.get("replayed_by"):
        n = a.get("replayed", 0)
        text += f" ({n:,} deal{'' if n == 1 else 's'} played again by {a['replayed_by']})"
    text += f": the deal's result changes in {_pct(a['result_changed'])}"
    if a.get("by_chance"):
        text += f" (by the players' chance alone in {_pct(a['by_chance'])})"
    text += f", a side's score moves by {_num(a['score_moved'])} a deal"
    if a.get("replayed_by"):
        text += " (the sides' mean change: " + "; ".join(_num(m) for m in a["score_change"]) + ")"
    if a.get("winner_changed") is not None:
        text += f", the winner changes in {_pct(a['winner_changed'])} of sessions"
    if a.get("unexplained"):
        text += f"; {a['unexplained']} sessions differ where it never arose"
    return text


def _about(study: Mapping[str, Any]) -> list[str]:
    base = ", ".join(f"{k}={v}" for k, v in study["base"].items())
    unit = study["session"] + "es" if study["session"] == "match" else study["session"] + "s"
    lines = [f"{study['sessions']:,} {unit} per reading (seeds {study['seed']}..{study['seed'] + study['sessions'] - 1}, "
             f"the same for every reading), players {','.join(study['players'])}" + (f"; played with {base}" if base else ""),
             f"score: {study['unit']}, per deal; advantage: that side's score less the other sides' mean, per deal"]
    if study["contract"]:
        lines.append(f"contract made: {study['contract']}")
    if study.get("cannot_arise"):
        lines.append(f"its readings cannot part here: {study['cannot_arise']}")
    if targeted(study):
        aimed = [f"{kind} taken with probability {p:g} where legal" for kind, p in (study.get("steered") or {}).items()]
        if study.get("standing"):
            aimed.append(f"every session started inside a game: {study['standing']}")
        lines.append(f"a targeted study: the sessions aimed at the case ({'; '.join(aimed)}), so how often it "
                     "arises is the aimed play's, not a table's")
    if study.get("replay"):
        lines.append(f"where a reading arises, the deal played again under the default and under the reading by "
                     f"{study['replay']['text']}: what it changes there is their play")
    moved = [o["option"] for o in study["options"] if o["same_first_cards"]["value"] != 1.0]
    if moved:
        lines.append(f"the first deal's cards or dealer differ under {', '.join(moved)}: its change rate counts that too")
    return lines


def table_text(data: Mapping[str, Any]) -> str:
    """The figures of a study run (`study` or `study_all`) as text, one block per entry and ruleset."""
    out: list[str] = []
    for s in data["studies"]:
        out.append(f"{s['entry']} {s['ruleset']}")
        out += ["  " + line for line in _about(s)]
        rows = [list(COLUMNS)] + [_row(s, o, s["default"]) for o in s["options"]]
        for i in range(len(COLUMNS)):
            if i == SCORES:  # the sides' scores, each on its own line below the row
                continue
            width = max(len(r[i]) for r in rows)
            for r in rows:
                r[i] = r[i].ljust(width)
        for r, o in zip(rows, [None, *s["options"]], strict=True):
            out.append("  " + "  ".join(c for i, c in enumerate(r) if i != SCORES).rstrip())
            if r[SCORES] != COLUMNS[SCORES]:
                out.append("      score per deal: " + r[SCORES])
            if o is not None and o.get("arising"):
                out.append("      " + arising_text(o["arising"]))
        out.append("")
    for u in data["unplayed"]:
        out.append(f"{u['entry']} {u['ruleset']}: not studied: {u['why']}")
    return "\n".join(out).rstrip() + "\n"


def markdown(data: Mapping[str, Any], plots: bool = True) -> str:
    """The whole table as Markdown (docs/studies/studies.md): a section per entry and ruleset, its plot."""
    out = ["# What each reading changes", "",
           "Written by `brou study --all` (brou.study; docs/ambiguities.md, \"What each reading changes\"). "
           "Every playable option of each entry is played on the same seeded sessions; the figures compare it with "
           "the ruleset's default option on each seed. Intervals are 95 %: Wilson for rates, normal for means "
           "(per deal: over the sessions, a session's deals taken together).", ""]
    for s in data["studies"]:
        out += [f"## {s['entry']} · {SHORT.get(s['ruleset'], s['ruleset'])}" + (" · targeted" if targeted(s) else ""),
                ""]
        out += [f"- {line}" for line in _about(s)] + [""]
        arising = ARISING_REPLAYED if s.get("replay") else ARISING
        out.append("| " + " | ".join(COLUMNS + arising) + " |")
        out.append("|" + "---|" * (len(COLUMNS) + len(arising)))
        for o in s["options"]:
            cells = _row(s, o, s["default"]) + _arising_cells(o.get("arising"), bool(s.get("replay")))
            out.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
        out.append("")
        if plots:
            out += [f"![{s['entry']} {s['ruleset']}]({plot_name(s)}.svg)", ""]
    if data["unplayed"]:
        out += ["## Not studied", ""] + [f"- {u['entry']} ({u['ruleset']}): {u['why']}" for u in data["unplayed"]] + [""]
    return "\n".join(out)


def targeted(study: Mapping[str, Any]) -> bool:
    """Whether a study's sessions were aimed at its case (`brou study --steer`, brou.study.targeted)."""
    return bool(study.get("steered") or study.get("standing"))


def plot_name(study: Mapping[str, Any]) -> str:
    """A study's plot's file name without its suffix; a targeted study's (--steer) apart."""
    return f"{study['entry']}-{study['ruleset']}" + ("-steered" if targeted(study) else "")


def plot(study: Mapping[str, Any], stem: Path) -> None:
    """One figure comparing the options of a study: the change rates, the mean score of each
    side per deal and the dealer's and eldest hand's advantage, with their 95 % intervals;
    written as `stem`.png and `stem`.svg."""
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.fonttype"] = "none"  # text as text: smaller files, searchable
    matplotlib.rcParams["svg.hashsalt"] = "brou"  # the same ids in every run
    import matplotlib.pyplot as plt

    options = study["options"]
    names = [o["option"] + ("\n(default)" if o["option"] == study["default"] else "") for o in options]
    xs = list(range(len(options)))
    fig, axes = plt.subplots(1, 4, figsize=(17, 4.2), layout="constrained")
    unit = "matches" if study["session"] == "match" else "games"

    def bars(ax: Any, series: Sequence[tuple[str, list[Mapping[str, Any] | None]]], scale: float) -> None:
        width = 0.8 / len(series)
        for k, (label, values) in enumerate(series):
            vs = [scale * (v["value"] or 0) if v else 0.0 for v in values]
            lo = [max(0.0, scale * ((v["value"] or 0) - (v["low"] or 0))) if v else 0.0 for v in values]
            hi = [max(0.0, scale * ((v["high"] or 0) - (v["value"] or 0))) if v else 0.0 for v in values]
            ax.bar([x + (k - (len(series) - 1) / 2) * width for x in xs], vs, width, yerr=[lo, hi], capsize=3, label=label)
        ax.set_xticks(xs, names, fontsize=8)
        ax.legend(fontsize=8)
        ax.grid(axis="y", alpha=0.3)

    bars(axes[0], [("first deal's result", [o["first_deal_changed"] for o in options]),
                   ("any deal's result", [o["any_deal_changed"] for o in options]),
                   (f"winner of the {study['session']}", [o["winner_changed"] for o in options])], 100)
    axes[0].set_ylabel("changed against the default (% of seeds)")
    axes[0].set_title("How often the result changes", fontsize=10)
    bars(axes[1], [(n, [o["score_per_deal"][i] for o in options]) for i, n in enumerate(side_names(study))], 1)
    axes[1].set_ylabel("mean score per deal")
    axes[1].set_title(f"Score per deal ({study['unit']})", fontsize=9, wrap=True)
    bars(axes[2], [("dealer's side", [o["dealer_advantage"] for o in options]),
                   ("eldest hand's side", [o["eldest_advantage"] for o in options])], 1)
    axes[2].axhline(0, color="black", linewidth=0.6)
    axes[2].set_ylabel("per deal: score less the others' mean")
    axes[2].set_title("Dealer's and eldest hand's advantage", fontsize=10)
    arising = [o.get("arising") for o in options]
    bars(axes[3], [("deals where it arises", [a["per_deal"] if a else None for a in arising]),
                   (f"{unit} where it arises", [a["per_session"] if a else None for a in arising]),
                   ("there: the deal's result changes", [a["result_changed"] if a else None for a in arising]),
                   *([("there: by the players' chance alone", [a.get("by_chance") if a else None for a in arising])]
                     if study.get("replay") else
                     [(f"there: the {study['session']}'s winner changes", [a["winner_changed"] if a else None
                                                                          for a in arising])])], 100)
    axes[3].set_ylabel("% (against the default's sessions)")
    axes[3].set_title("How often it arises, what it changes there", fontsize=10)
    base = "".join(f", {k}={v}" for k, v in study["base"].items())
    fig.suptitle(f"{study['entry']} \u00b7 {study['ruleset']}{base}: {study['sessions']:,} {unit} per reading, seeds from "
                 f"{study['seed']}, players {','.join(study['players'])}"
                 + (" aimed at the case" if targeted(study) else "")
                 + (f"; where it arises, played on by {','.join(study['replay']['players'])}" if study.get("replay") else "")
                 + "; bars: 95 % intervals", fontsize=10)
    with written_whole(stem.with_suffix(".png")) as path:
        fig.savefig(path, dpi=90, format="png")
    with written_whole(stem.with_suffix(".svg")) as path:
        fig.savefig(path, metadata={"Date": None}, format="svg")
    plt.close(fig)


FILES = ("figures.json", "studies.md")  # beside a plot per study (plot_name, .png and .svg)


def output_names(studies: Iterable[tuple[str, str]], steered: bool = False) -> list[str]:
    """Every file `write_all` may write for the studies of (entry, ruleset) pairs (steered ones)."""
    stems = [plot_name({"entry": entry, "ruleset": ruleset, "steered": steered or None}) for entry, ruleset in studies]
    return [*FILES, *(stem + suffix for stem in stems for suffix in (".png", ".svg"))]


@contextmanager
def written_whole(path: Path) -> Iterator[Path]:
    """A temporary path beside `path` to write to, moved onto it when the block ends without an
    error and removed otherwise: a file is written whole or not at all (an interrupted run
    leaves the last whole one)."""
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}.", suffix=path.suffix)
    os.close(fd)
    try:
        yield Path(temporary)
        os.replace(temporary, path)
    finally:
        if os.path.lexists(temporary):
            os.unlink(temporary)


def write_all(data: Mapping[str, Any], out: Path, with_plots: bool = True,
              plotted: Sequence[Mapping[str, Any]] | None = None) -> None:
    """The figures file, the Markdown table and (unless told not to) a plot per study into the
    folder `out`; with `plotted`, the plots of those studies only (the others are there
    already: `brou study` writes its files again as each study ends)."""
    out.mkdir(parents=True, exist_ok=True)
    if with_plots:
        for s in data["studies"] if plotted is None else plotted:
            plot(s, out / plot_name(s))
    with written_whole(out / "studies.md") as path:
        path.write_text(markdown(data, with_plots), encoding="utf-8")
    with written_whole(out / "figures.json") as path:  # last: what it lists is written
        path.write_text(json.dumps({"format": FORMAT} | dict(data), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


# -- the register's headline figures -------------------------------------------------------------


@cache
def load_figures(path: Path = FIGURES_FILE) -> dict[str, Any]:
    """The figures file of the last `brou study --all` (an empty run if there is none: an installed package)."""
    if not path.is_file():
        return {"format": FORMAT, "studies": [], "unplayed": []}
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if data.get("format") != FORMAT:
        raise ValueError(f"{path}: not a figures file of format {FORMAT}")
    return data


def _fr_pct(r: Mapping[str, Any]) -> str:
    return (f"{100 * r['value']:.1f}\u00a0% [{100 * r['low']:.1f}\u2013{100 * r['high']:.1f}]").replace(".", ",")


# the study's players (brou.players) as the French text calls them
PLAYERS_FR = {"careful": "prudents", "random": "au hasard", "greedy": "gloutons", "pimc": "par simulation",
              "search": "qui cherchent à chaque phase"}


def _fr_players(names: Sequence[str]) -> str:
    """Player specs as the French text names them, by what they do (`PLAYERS_FR`)."""
    return " et ".join(dict.fromkeys(PLAYERS_FR.get(n.split(":")[0], n) for n in names))


def _replayers(study: Mapping[str, Any], lang: str) -> str:
    """Who played again the deals where the case arises, for a headline ("" if the session players)."""
    if not study.get("replay"):
        return ""
    names = study["replay"]["players"]
    if lang == "fr":
        return f" (rejouée par des joueurs {_fr_players(names)})"
    return f" (played again by {','.join(names)} players)"


def _played_again(replayed: Mapping[str, Any] | None, amb_id: str, ruleset: str, option: str, lang: str) -> str:
    """What the studies with a replay (`REPLAYED_FILE`, a targeted one too) say of an option
    where its deals were played again: for a targeted study how often the case arises in the
    aimed play, then how often the result changes where it was played again, against chance
    alone, and the first team's mean change (two teams) or how far a side's score moves; for a
    targeted study how often some deal of its sessions changes; "" where they have nothing."""
    text = ""
    fr = lang == "fr"
    for study in (replayed or {}).get("studies", []):
        if study["entry"] != amb_id or study["ruleset"] != ruleset or not study.get("replay"):
            continue
        o = next((o for o in study["options"] if o["option"] == option), None)
        a = o.get("arising") if o else None
        if o is None or not a or not a.get("replayed") or a["result_changed"]["value"] is None:
            continue
        n, aimed, pct = a["replayed"], targeted(study), _fr_pct if fr else _pct
        unit = ("matchs dirigés" if fr else "matches") if study["session"] == "match" else (
            "parties dirigées" if fr else "games")
        if fr:
            text += (f"\u202f; en parties dirigées vers le cas, il se présente dans {pct(a['per_deal'])} des donnes"
                     if aimed else "")
            text += (f"\u202f; dans {n} donne{'' if n == 1 else 's'} où le cas se présente, "
                     f"rejouée{'' if n == 1 else 's'} par des joueurs "
                     f"{_fr_players(study['replay']['players'])}, le résultat change dans {pct(a['result_changed'])} "
                     f"(par le seul hasard des joueurs dans {pct(a['by_chance'])})")
        else:
            text += f"; in play aimed at it, the case arises in {pct(a['per_deal'])} of deals" if aimed else ""
            text += (f"; played again by {','.join(study['replay']['players'])} players in {n} "
                     f"deal{'' if n == 1 else 's'} where it arises, the result changes in {pct(a['result_changed'])} "
                     f"(by the players' chance alone in {pct(a['by_chance'])})")
        if len(study["sides"]) == 2 and a["score_change"] and a["score_change"][0]["value"] is not None:
            team = side_names(study)[0]
            text += (f", variation moyenne pour l'équipe {team.removeprefix('team ')}\u00a0: "
                     + _num(a["score_change"][0], "\u202f; ").replace(".", ",") if fr
                     else f", {team}'s mean change {_num(a['score_change'][0])}")
        elif a.get("score_moved") and a["score_moved"]["value"] is not None:
            text += (", le score d'un camp bougeant en moyenne de " + _num(a["score_moved"], "\u202f; ").replace(".", ",")
                     if fr else f", a side's score moving by {_num(a['score_moved'])} on average")
        if aimed and o["any_deal_changed"]["k"]:
            text += (f"\u202f; une donne au moins change dans {pct(o['any_deal_changed'])} des {unit}" if fr
                     else f"; some deal's result changes in {pct(o['any_deal_changed'])} of the aimed {unit}")
    return text


def _why(amb_id: str, ruleset: str, option: Mapping[str, Any], lang: str) -> str:
    """Why an option's deals played again by the search player do not change, where the
    register says (brou.study.reasons)."""
    reason = why_nothing(amb_id, ruleset, option["option"])
    if reason is None:
        return ""
    if lang == "fr":
        return f"\u202f; pourquoi les donnes rejouées ne changent pas\u00a0: {reason.text('fr')}"
    return f"; why the deals played again do not change: {reason.en}"


def headlines(amb_id: str, ruleset: str, lang: str = "en", data: Mapping[str, Any] | None = None,
              replayed: Mapping[str, Any] | None = None) -> tuple[str, list[str]] | None:
    """What the entry's readings change for `ruleset`: how the study was played, and for each
    option other than the default how often the first deal's result, some deal's result and
    the winner change, and with `replayed` (a figures file of studies with a replay) what the
    deals played again by stronger players say; None if it was not studied."""
    figures = data if data is not None else load_figures()
    found = [s for s in figures["studies"] if s["entry"] == amb_id and s["ruleset"] == ruleset]
    if not found:
        return None
    s = found[0]
    n = s["sessions"]
    match = s["session"] == "match"
    players = ",".join(s["players"])
    parts = []
    for o in s["options"][1:]:
        a = o.get("arising")
        if lang == "fr":
            parts.append(f"«\u00a0{o['option']}\u00a0»\u00a0: première donne changée dans {_fr_pct(o['first_deal_changed'])} "
                         f"des cas, une donne au moins dans {_fr_pct(o['any_deal_changed'])}, vainqueur dans "
                         f"{_fr_pct(o['winner_changed'])}" + (
                             f"\u202f; le cas se présente dans {_fr_pct(a['per_deal'])} des donnes, et le résultat "
                             f"de la donne{_replayers(s, 'fr')} y change dans {_fr_pct(a['result_changed'])}"
                             if a and a["per_deal"]["value"] is not None and a["result_changed"]["value"] is not None
                             else f"\u202f; le cas se présente dans {_fr_pct(a['per_deal'])} des donnes"
                             if a and a["per_deal"]["value"] is not None else "")
                         + _played_again(replayed, amb_id, ruleset, o["option"], "fr") + _why(amb_id, ruleset, o, "fr"))
        else:
            parts.append(f"{o['option']}: first deal's result changed in {_pct(o['first_deal_changed'])} of "
                         f"{'matches' if match else 'games'}, some deal's result in {_pct(o['any_deal_changed'])}, "
                         f"the winner in {_pct(o['winner_changed'])}" + (
                             f"; the case arises in {_pct(a['per_deal'])} of deals, and there the deal's result"
                             f"{_replayers(s, 'en')} changes in {_pct(a['result_changed'])}"
                             if a and a["per_deal"]["value"] is not None and a["result_changed"]["value"] is not None
                             else f"; the case arises in {_pct(a['per_deal'])} of deals"
                             if a and a["per_deal"]["value"] is not None else "")
                         + _played_again(replayed, amb_id, ruleset, o["option"], "en") + _why(amb_id, ruleset, o, "en"))
    if lang == "fr":  # the players by what they do, in French: "careful" is the bot's name in English
        unit = "matchs" if match else "parties"
        players = _fr_players(s["players"])
        return f"{n:,}".replace(",", "\u202f") + f" {unit} par lecture, mêmes donnes, joueurs {players}", parts
    return f"{n:,} {'matches' if match else 'games'} per reading, the same seeds, {players} players", parts


def headline(amb_id: str, ruleset: str, lang: str = "en", data: Mapping[str, Any] | None = None) -> str | None:
    """`headlines` as one line: each option's figures, then how the study was played."""
    found = headlines(amb_id, ruleset, lang, data)
    if found is None:
        return None
    about, parts = found
    return ("\u202f; " if lang == "fr" else "; ").join(parts) + f" ({about})"
