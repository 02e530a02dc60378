"""What a table of `brou web` says in words, in the page's language: each word of the notation a
person may try (a button's label; the action sent stays the notation's word), and what was said
and shown of the deal beyond the cards (the engine's view, `brou.engine.view`) as rows of a label
and a text.  The words are the booklets' (`brou.book.phrases`): contracts by their names in the
ruleset, suits and ranks by the deck's, teams by their players, as the count names them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..book.phrases import HOW, KIND_WORDS, PHRASES, VIEW_WORDS, WORD_PHRASES, french
from ..engine.picture import RANKS, SUIT_SIGNS
from ..laws.contracts import contract
from ..spec.rules import Rules

DASH = " \u2013 "  # between the teams' figures, as the sheet sets them
PLAYER_WORD = {"en": "Player", "fr": "Joueur"}  # as the pages name a table's players (static/app.js)
# the view's fields the table shows elsewhere (the board, the hand, the trick) or not at all
NOT_SAID = frozenset({"player", "phase", "to_act", "trump", "turnup", "hand", "held", "talon", "trick", "tricks",
                      "last_trick"})


def _i(lang: str) -> int:
    return 0 if lang == "en" else 1


def _typeset(text: str, lang: str) -> str:
    return french(text) if lang == "fr" else text


def player_name(player: int, lang: str) -> str:
    return f"{PLAYER_WORD[lang]} {player}"


def _listed(names: Sequence[str], lang: str) -> str:
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + f" {PHRASES['and'][_i(lang)]} " + names[-1]


def team_name(team: int, players: int, lang: str) -> str:
    """A team of a table of two teams by its players, as the count's columns name it: `Joueur 0
    et Joueur 2` (the view numbers a table's teams so that team m holds players m, m + 2...)."""
    return _listed([player_name(p, lang) for p in range(players) if p % 2 == team], lang)


def card_label(text: str, lang: str) -> str:
    """A card of the notation as the pages print it: `10♥`, French `D♠` for the queen of spades."""
    if len(text) != 2:
        return text
    return RANKS["fr" if lang == "fr" else "en"].get(text[0], text[0]) + SUIT_SIGNS.get(text[1], text[1])


def _marriage(rules: Rules, text: str, lang: str) -> tuple[str, str]:
    """A marriage of the notation (`KQH`) as its cards in words and its kind: `roi et dame de cœur`,
    `mariage simple`."""
    ranks, suit = text[:-1], text[-1]
    deck = rules.data["deck"]
    names = [str(deck["ranks"][rules.ranks.index(r)][lang]) for r in ranks if r in rules.ranks]
    suit_name = str(deck["suits"][rules.suits.index(suit)][lang]) if suit in rules.suits else suit
    kind = next((k.name for k in rules.kinds if sorted(k.ranks) == sorted(ranks)), "")
    kind_word = KIND_WORDS.get(kind, (kind, kind))[_i(lang)]
    cards = _listed(names, lang)
    return (f"the {cards} of {suit_name}" if lang == "en" else f"{cards} de {suit_name}"), kind_word


def word_label(rules: Rules, text: str, lang: str) -> str:
    """A word of the notation as a person says it in `lang`: in English the notation's own word;
    in French `annoncer roi et dame de cœur, mariage simple`, `annoncer « partie et vole »`,
    `passer`, a contract by its name (`sans prendre`), `atout pique`."""
    if lang == "en":
        return text
    i = _i(lang)
    head, _, rest = text.partition(" ")
    if head == "announce" and rest:
        cards, kind = _marriage(rules, rest, lang)
        return _typeset(WORD_PHRASES["announce"][i].format(cards=cards, kind=kind), lang)
    if head == "trump" and rest in rules.suits:
        suit = str(rules.data["deck"]["suits"][rules.suits.index(rest)][lang])
        return WORD_PHRASES["trump"][i].format(s=suit)
    if text in ("declare", "declare-double"):
        declaration = rules.data.get("game", {}).get("declaration") or {}
        name = (declaration.get("double") or {}).get("name") if text == "declare-double" else declaration.get("name")
        if name:
            return _typeset(WORD_PHRASES[text][i].format(name=f"« {name} »"), lang)
    if text in WORD_PHRASES:
        return WORD_PHRASES[text][i]
    try:
        return contract(rules, text).fr
    except (KeyError, ValueError, TypeError):
        return text


def _said_word(rules: Rules, text: str, lang: str) -> str:
    """A word said, a bid or a contract (the view's `pass` as the notation's `pass`)."""
    return word_label(rules, text, lang) if lang != "en" else text


def _entry(rules: Rules, entry: Mapping[str, Any], players: int, lang: str) -> str:
    """One record of a list the view gives (a trick, an announcement, a bid, a word, a discard):
    `Levée 2 : 10♠ 8♠ 7♠ 8♣`, `Joueur 2 : R♣ D♣ +40`, `Joueur 0 : passer`."""
    i = _i(lang)
    if "trick" in entry:
        head = PHRASES["trick"][i].format(n=entry["trick"])
    elif "player" in entry:
        head = player_name(int(entry["player"]), lang)
    else:
        head = ""
    parts: list[str] = []
    if "marriage" in entry:
        parts.append(" ".join(card_label(r + str(entry["marriage"])[-1], lang) for r in str(entry["marriage"])[:-1]))
    if "cards" in entry:
        parts.append(" ".join(card_label(str(c["card"] if isinstance(c, dict) else c), lang) for c in entry["cards"]))
    if "card" in entry:
        parts.append(card_label(str(entry["card"]), lang))
    if "word" in entry:
        parts.append(_said_word(rules, str(entry["word"]), lang))
    if "bid" in entry:
        parts.append(_said_word(rules, str(entry["bid"]), lang))
    if "discarded" in entry:
        parts.append(VIEW_WORDS["discarded"][i].format(k=entry["discarded"]))
    if "team" in entry:
        parts.append(VIEW_WORDS["for-team"][i].format(team=team_name(int(entry["team"]), players, lang)))
    if isinstance(entry.get("points"), int):
        parts.append(f"{entry['points']:+d}")
    body = " ".join(parts)
    return _typeset(f"{head} : {body}" if lang == "fr" else f"{head}: {body}", lang) if head else body


def _value(rules: Rules, key: str, value: Any, players: int, lang: str) -> str:
    i = _i(lang)
    if key in ("homme", "hombre", "turnup_drawn_by") and isinstance(value, int):
        return player_name(value, lang)
    if key == "contract" and isinstance(value, str):
        return _said_word(rules, value, lang)
    if key == "declared" and isinstance(value, dict):
        declaration = rules.data.get("game", {}).get("declaration") or {}
        name = (declaration.get("double") or {}).get("name") if value.get("double") else declaration.get("name")
        said = f"« {name} »" if lang == "fr" else f'"{name}"'
        return _typeset(f"{team_name(int(value['team']), players, lang)} : {said}" if lang == "fr" else
                        f"{team_name(int(value['team']), players, lang)}: {said}", lang)
    if key == "outcome" and isinstance(value, dict):
        how = str(value.get("how"))
        parts = [HOW.get(how, (how, how))[i]]
        if value.get("winner") is not None:
            parts.append(VIEW_WORDS["won-by"][i].format(team=team_name(int(value["winner"]), players, lang)))
        parts.append(VIEW_WORDS["marks-of"][i].format(marks=DASH.join(str(m) for m in value.get("marks", ()))))
        parts.append(VIEW_WORDS["scores-of"][i].format(scores=DASH.join(str(s) for s in value.get("scores", ()))))
        return " · ".join(parts)
    if key in ("scores", "carried") and isinstance(value, list):
        return DASH.join(str(v) for v in value)
    if isinstance(value, list):
        if value and isinstance(value[0], dict):
            return " · ".join(_entry(rules, e, players, lang) for e in value)
        return ", ".join(card_label(v, lang) if isinstance(v, str) else str(v) for v in value)
    if isinstance(value, str):
        return card_label(value, lang)
    return str(value)


def said_rows(rules: Rules, seen: Mapping[str, Any], players: int, lang: str) -> list[dict[str, str]]:
    """What was said and shown (the view `seen`, of a table of `players`) beyond the cards, as
    rows of a label and a text in `lang`; fields empty or shown elsewhere left out."""
    rows = []
    for key, value in seen.items():
        if key in NOT_SAID or value is None or (isinstance(value, list) and not value):
            continue
        label = VIEW_WORDS.get(key, (key, key))[_i(lang)]
        rows.append({"field": key, "label": label, "text": _value(rules, key, value, players, lang)})
    return rows
