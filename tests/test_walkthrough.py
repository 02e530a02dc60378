"""The commented deal of the players' booklets (brou.book.walkthrough, issues 21 and 36): what
it says agrees with the engine, players are named by their seats and rules cited by their
numbers, never a clause id, each notable card comes with its reason, it is the same for a
seed, its French is French, and it is plain docutils.  Every deal is played once (`play_deal`
is cached)."""

from __future__ import annotations

import random
import re

import pytest
from docutils.core import publish_parts

from brou.book.booklet import load_booklet
from brou.book.played import PlayedDeal, play_deal
from brou.book.seats import seat_name
from brou.book.walkthrough import comment, commented_deal
from brou.engine.bots import BOTS
from brou.engine.homme import HommeDeal
from brou.engine.phases import PhaseDeal
from brou.engine.session import Session
from brou.laws.ledger import balances
from brou.spec.chapters import booklet_numbers
from brou.spec.rules import Rules

# the seeds of the deals the booklets comment (spec/booklets/<ruleset>.yaml, deal_seed)
SEEDS = {ruleset: int(load_booklet(ruleset).data["deal_seed"]) for ruleset in
         ("homme-de-brou-1802", "brouc", "brusquembille-1718", "homme-d-auvergne", "hombre")}
CASES = [(ruleset, lang) for ruleset in SEEDS for lang in ("en", "fr")]
HEADING = {"en": re.compile(r"^\s*\*\*Trick (\d+)\.\*\*"), "fr": re.compile(r"^\s*\*\*Levée (\d+)\.\*\*")}
WINNER = {"en": re.compile(r"(\w+) wins the trick"), "fr": re.compile(r"(\w+) remporte la levée")}
ENGLISH = {"the", "and", "player", "players", "trick", "tricks", "wins", "with", "trump", "trumps", "follows",
           "leads", "throws", "who", "has", "his", "he", "deal", "card", "of", "to", "is", "pool", "marks", "passes"}


def lines_of(ruleset: str, lang: str, seed: int | None = None, **params: object) -> list[str]:
    rules = Rules.load(ruleset, **params)
    numbers = booklet_numbers(rules, load_booklet(ruleset).data["chapters"])
    return commented_deal(rules, SEEDS[ruleset] if seed is None else seed, lang, numbers)


def names(rules: Rules, players: list[int], lang: str) -> list[str]:
    return [seat_name(rules, p, lang, rules.table_size) for p in players]


def prose(lines: list[str]) -> list[str]:
    """The paragraphs, whatever their indentation in a container: no directive, no option, no
    raw HTML, no table cell."""
    out = []
    raw: int | None = None
    for line in lines:
        depth = len(line) - len(line.lstrip())
        if line.strip().startswith(".. raw::"):
            raw = depth
            continue
        if raw is not None and (not line.strip() or depth > raw):
            continue
        raw = None
        text = line.strip()
        if text and not text.startswith(("..", ":", "* -", "- ")):
            out.append(text)
    return out


def trick_blocks(lines: list[str], lang: str) -> list[tuple[int, list[str]]]:
    """(number, paragraph) of each trick: the paragraph that opens with its number."""
    return [(int(m.group(1)), [text]) for text in prose(lines) if (m := HEADING[lang].match(text))]


def first_table(lines: list[str]) -> list[list[str]]:
    """The rows of the first list-table (the count's)."""
    start = next(i for i, line in enumerate(lines) if line.strip() == ".. list-table::")
    rows: list[list[str]] = []
    for line in lines[start + 1:]:
        text = line.strip()
        if text.startswith("* - "):
            rows.append([text[4:]])
        elif text.startswith("- ") and rows:
            rows[-1].append(text[2:])
        elif rows and text and not text.startswith(":"):
            break
    return rows


@pytest.mark.parametrize(("ruleset", "lang"), CASES)
def test_one_heading_per_trick_played(ruleset: str, lang: str) -> None:
    played = play_deal(Rules.load(ruleset), SEEDS[ruleset])
    numbers = [n for n, _ in trick_blocks(lines_of(ruleset, lang), lang)]
    assert numbers == list(range(1, len(played.tricks) + 1))
    assert numbers  # the seeds chosen give deals that are played


@pytest.mark.parametrize(("ruleset", "lang"), CASES)
def test_the_winner_named_is_the_engines(ruleset: str, lang: str) -> None:
    played = play_deal(Rules.load(ruleset), SEEDS[ruleset])
    named = []
    for _, paragraphs in trick_blocks(lines_of(ruleset, lang), lang):
        found = WINNER[lang].findall(" ".join(paragraphs))
        assert len(found) == 1
        named.append(found[0])
    assert named == names(played.rules, played.winners, lang)


@pytest.mark.parametrize(("ruleset", "lang"), CASES)
def test_the_count_printed_is_the_engines(ruleset: str, lang: str) -> None:
    played = play_deal(Rules.load(ruleset), SEEDS[ruleset])
    rows = first_table(lines_of(ruleset, lang))
    cells = {row[0]: row[1:] for row in rows}
    deal = played.deal
    if isinstance(deal, HommeDeal):
        result = deal.result()
        order = sorted(range(2), key=lambda t: min(played.players[s] for s in played.rules.teams[t]))
        total = cells["Total for the deal" if lang == "en" else "Total de la donne"]
        assert [int(v.replace("\u2212", "-")) for v in total] == [result.teams[t].total for t in order]
        tricks = cells["Tricks" if lang == "en" else "Levées"]
        assert [int(v) for v in tricks] == [result.teams[t].tricks for t in order]
    else:
        assert isinstance(deal, PhaseDeal)
        seats = sorted(range(played.rules.n_players), key=lambda s: played.players[s])
        net = balances(deal.ledger, played.rules.n_players)
        last = [int(v.replace("\u2212", "-").replace("+", "")) for v in rows[-1][1:]]
        assert last == [net[s] for s in seats]
        tricks = cells["Tricks" if lang == "en" else "Levées"]
        assert [int(v) for v in tricks] == [sum(1 for w in played.winners if w == played.players[s]) for s in seats]


@pytest.mark.parametrize("ruleset", list(SEEDS))
def test_the_same_seed_gives_the_same_text(ruleset: str) -> None:
    first = lines_of(ruleset, "en")
    play_deal.cache_clear()
    assert lines_of(ruleset, "en") == first
    assert lines_of(ruleset, "en", seed=SEEDS[ruleset] + 1) != first


@pytest.mark.parametrize("ruleset", list(SEEDS))
def test_french_has_no_english_word_left(ruleset: str) -> None:
    words = {w.lower() for line in prose(lines_of(ruleset, "fr")) for w in re.findall(r"[A-Za-zÀ-ÿ']+", line)}
    assert not words & ENGLISH


@pytest.mark.parametrize("ruleset", list(SEEDS))
def test_french_typography(ruleset: str) -> None:
    """A non-breaking space before : ; ! ? and inside « », never an ordinary one (issue 21, part 4)."""
    text = "\n".join(prose(lines_of(ruleset, "fr")))
    assert re.search(r"[;:!?]", text)
    assert not re.search(r"[^\u00a0\u202f][;:!?»]", text)
    assert not re.search(r"«[^\u00a0\u202f]", text)


@pytest.mark.parametrize(("ruleset", "lang"), CASES)
def test_plain_docutils_renders_it_without_a_warning(ruleset: str, lang: str) -> None:
    parts = publish_parts("\n".join(lines_of(ruleset, lang)), writer="html5",
                          settings_overrides={"report_level": 2, "halt_level": 2, "language_code": lang})
    body = parts["body"]
    played = play_deal(Rules.load(ruleset), SEEDS[ruleset])
    assert body.count("<svg") >= len(played.tricks) + 1  # the hands and each trick, then the sheet if any
    assert "<h1" not in body and "<section" not in body


@pytest.mark.parametrize(("ruleset", "params"), [
    ("brusquembille-1718", {"form": "four-partners"}), ("brusquembille-1718", {"form": "two"}),
    ("homme-d-auvergne", {"form": "five"}), ("hombre", {"form": "four"}),
    ("homme-de-brou-1802", {"following": "brouc", "announce_window": "own-turn-once-team-has-trick"}),
    ("brouc", {"table_marking": "players"}),
])
def test_any_form_of_a_ruleset_gets_its_deal(ruleset: str, params: dict[str, object]) -> None:
    """Nothing is written per ruleset: the other forms and readings are commented as well."""
    rules = Rules.load(ruleset, **params)
    for seed in range(3):
        played = play_deal(rules, seed)
        for lang in ("en", "fr"):
            blocks = trick_blocks(commented_deal(rules, seed, lang), lang)
            assert [WINNER[lang].findall(" ".join(body))[0] for _, body in blocks] == names(rules, played.winners, lang)


def test_a_table_marriage_left_unmarked_is_told() -> None:
    """With table_marking=players the winner of the trick marks its marriage or forgets it
    (brouc.marriage.table-marked): the deal says which.  The careful player always marks, so a
    deal where the random bot forgets one is commented."""
    rules = Rules.load("brouc", table_marking="players")
    for seed in range(200):
        session, rng = Session(rules, seed), random.Random(seed)
        state = session.deal
        assert isinstance(state, HommeDeal)
        while not state.is_over:
            session.apply(BOTS["random"](session.deal, rng))
        if state.unmarked:
            break
    else:
        raise AssertionError("no seed gave an unmarked table marriage")
    players = tuple(session.seating.player(s) for s in range(rules.n_players))
    text = "\n".join(comment(PlayedDeal(rules, seed, state, players, session.record()), "en"))
    assert re.search(r"does not mark the (simple|grand) marriage it holds: it counts for nobody", text)


@pytest.mark.parametrize(("ruleset", "said"), [("brouc", "8.3"), ("homme-de-brou-1802", "8.4")])
def test_a_claim_is_told_with_the_engines_outcome(ruleset: str, said: str) -> None:
    """A later deal of a match, ended by a claim (dehors in Brouc): the claim, the rule by its
    number in the booklet, and the game's result as the engine counted it."""
    rules = Rules.load(ruleset)
    match, rng = Session(rules, 5), random.Random(5)
    while True:
        state, offset = match.deal, match.offset
        assert isinstance(state, HommeDeal)
        while not state.is_over:
            match.apply(BOTS["greedy"](match.deal, rng))
        if state.outcome is not None and state.outcome.how == "claim-right":
            break
    assert state.outcome is not None and state.outcome.winner is not None
    players = tuple((s + offset) % rules.n_players for s in range(rules.n_players))
    played = PlayedDeal(rules, 5, state, players, match.record(), number=len(match.deals))
    numbers = booklet_numbers(rules, load_booklet(ruleset).data["chapters"])
    text = "\n".join(comment(played, "en", numbers))
    team = " and ".join(names(rules, sorted(players[s] for s in rules.teams[state.outcome.winner]), "en"))
    assert f"declares that {team} have reached the target (rule {said})" in text
    scores = state.outcome.scores
    assert f"The claim is right: {team} win the game, {max(scores)} to {min(scores)}" in text


@pytest.mark.parametrize(("ruleset", "lang"), CASES)
def test_no_clause_id_and_no_player_by_number(ruleset: str, lang: str) -> None:
    """The players' copy names players by their seats and rules by their numbers."""
    text = " ".join(prose(lines_of(ruleset, lang)))
    assert not re.search(r"\b(hdb|brouc|brus|auv|hom)\.[a-z]", text)
    assert not re.search(r"\b(player|joueur)s? \d", text, re.I)
    assert not re.search(r"\b(engine|bots?|seed|moteur|robots?|germe)\b", text, re.I)
    assert re.search(r"\((rule|règle) \d+\.\d+\)", text)


@pytest.mark.parametrize(("ruleset", "lang"), CASES)
def test_each_notable_card_says_why(ruleset: str, lang: str) -> None:
    """Every card the careful player took, trumped, gave to his partner or kept under the trick
    for a reason gets the words of that reason; each lead of a card he chose says why too."""
    played = play_deal(Rules.load(ruleset), SEEDS[ruleset])
    text = " ".join(prose(lines_of(ruleset, lang)))
    words = {"en": {"win": "the cheapest card that takes the trick", "win-master": r"the highest (card|trump) left",
                    "smear": "more points on his partner's trick", "lead-master": "the best card left in"},
             "fr": {"win": "la plus petite carte qui prend la levée", "win-master": r"la plus forte qui reste dans sa "
                    r"couleur|le plus fort atout qui reste", "smear": "points de plus sur la levée de son partenaire",
                    "lead-master": "la plus forte qui reste à"}}
    reasons = [c.reason for c in played.choices if c is not None]
    for reason, said in words[lang].items():
        assert len(re.findall(said, text)) == reasons.count(reason), reason


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="de"):
        commented_deal(Rules.load("brouc"), 1, "de")


def test_a_count_agrees_with_its_noun() -> None:
    """The count's numbers agree with what they count (issue 60: `a fait zéro levées` on the
    table's French page): none, one and more tricks or trumps, in both languages."""
    from brou.book.phrases import counted, tricks_alone, tricks_taken

    assert [tricks_taken(k, "fr") for k in (0, 1, 5)] == ["n'a fait aucune levée", "a fait une levée",
                                                          "a fait cinq levées"]
    assert [tricks_taken(k, "en") for k in (0, 1, 5)] == ["took no tricks", "took one trick", "took five tricks"]
    assert [counted(k, "trump", "fr") for k in (0, 1, 2)] == ["aucun atout", "un atout", "deux atouts"]
    assert [tricks_alone(k, "fr") for k in (0, 1, 2)] == ["zéro", "une", "deux"]
    assert [tricks_alone(k, "en") for k in (0, 1, 2)] == ["none", "one", "two"]


# -- issue 61: the deals as a teacher writes them ------------------------------------------------

SAMPLER = re.compile(r"imagin|over the hands|sampl|worlds?\b|mondes?\b|échantillon|en voyant toutes les mains", re.I)


@pytest.mark.parametrize(("ruleset", "lang"), CASES)
def test_no_word_of_the_sampler(ruleset: str, lang: str) -> None:
    """The players' copy says what a card did, never how a program chose it (issue 61)."""
    text = " ".join(prose(lines_of(ruleset, lang)))
    assert not SAMPLER.search(text), SAMPLER.search(text)


@pytest.mark.parametrize("ruleset", list(SEEDS))
def test_french_words_of_a_teacher(ruleset: str) -> None:
    """À jeu découvert; nobody « donne la donne »; the winner of a trick is not its « preneur »."""
    text = " ".join(prose(lines_of(ruleset, "fr")))
    assert "donne la donne" not in text and "preneur" not in text
    if play_deal(Rules.load(ruleset), SEEDS[ruleset]).notes:
        assert "À jeu découvert" in text


@pytest.mark.parametrize(("ruleset", "lang"), CASES)
def test_each_card_chosen_otherwise_says_what_it_did(ruleset: str, lang: str) -> None:
    """Where the careful player would have played another card, the card played is told with
    what it did at the table (brou.book.lessons), computed from the deal: a table marriage
    it made or gave, the trumps it drew, the points it gave, the card it kept back."""
    from brou.book.lessons import trick_effects
    from brou.book.walkthrough import _Writer

    rules = Rules.load(ruleset)
    played = play_deal(rules, SEEDS[ruleset])
    writer = _Writer(played, lang, {})
    writer.write()
    seen = writer.seen_tricks()
    told = 0
    for number, _trick in enumerate(seen, 1):
        for position, effect in enumerate(trick_effects(played.deal, seen, number)):
            choice = played.choices[writer._trick_context[number][3][position]]
            said = writer.did(effect)
            if choice is not None and choice.reason == "weighed" and said:
                told += 1
                body = next(b for n, b in trick_blocks(writer.lines, lang) if n == number)[0]
                assert said.strip(" ,:\u00a0").split(",")[0][:20] in body.replace("\u00a0", " ") or said[:12] in body
    assert told or not any(c is not None and c.reason == "weighed" for c in played.choices)


def test_an_effect_is_the_engines_fact() -> None:
    """card_effect against the engine: a table marriage given or made is the engine's table
    marriage and its team; trumps drawn are the other side's trumps in the trick."""
    from brou.book.lessons import trick_effects
    from brou.book.walkthrough import _Writer
    from brou.spec.rules import card_order

    for ruleset in ("brouc", "homme-de-brou-1802"):
        rules = Rules.load(ruleset)
        played = play_deal(rules, SEEDS[ruleset])
        deal = played.deal
        assert isinstance(deal, HommeDeal)
        writer = _Writer(played, "en", {})
        writer.write()
        seen = writer.seen_tricks()
        for number, trick in enumerate(seen, 1):
            table = [entry for entry in deal.table if entry[0] == number - 1]
            for position, effect in enumerate(trick_effects(deal, seen, number)):
                seat = (trick.leader + position) % rules.n_players
                if effect is not None and "marriage" in effect.kind:
                    teams = {team for _, _, _, team, _ in table}
                    assert teams == {rules.team_of[trick.winner]}
                    assert (effect.kind == "makes-marriage") == (rules.team_of[seat] in teams)
                if effect is not None and effect.kind == "draws-trumps":
                    cls = card_order(rules, trick.trump).class_of
                    assert effect.count == sum(1 for i, c in enumerate(trick.cards) if cls[c] == trick.trump
                                               and rules.team_of[(trick.leader + i) % rules.n_players]
                                               != rules.team_of[seat])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_draw_is_shown(lang: str) -> None:
    """Brusquembille: after each trick while the stock lasts, every card drawn is named with
    its player, so no card comes from nowhere (issue 61)."""
    from brou.book.walkthrough import _Writer

    ruleset = "brusquembille-1718"
    played = play_deal(Rules.load(ruleset), SEEDS[ruleset])
    deal = played.deal
    writer = _Writer(played, lang, {})
    text = " ".join(body[0] for _, body in trick_blocks(lines_of(ruleset, lang), lang))
    drawn = [e for e in deal.events if e.kind == "draw" and e.card != deal.deal.turnup]
    assert len(drawn) > rules_players(played) * 3
    for event in drawn:
        assert f"{writer.p(event.seat)} ({writer.card(event.card)})" in text


def rules_players(played: PlayedDeal) -> int:
    return played.rules.n_players


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_table_marriage_is_marked_face_up(lang: str) -> None:
    """Brouc: a table marriage counts only marked, its lowest card left face up on the tricks;
    the deal says who leaves which card (brouc.marriage.table-marked)."""
    rules = Rules.load("brouc")
    played = play_deal(rules, SEEDS["brouc"])
    deal = played.deal
    assert isinstance(deal, HommeDeal) and deal.table
    text = " ".join(prose(lines_of("brouc", lang)))
    said = re.findall(r"leaves the (queen|jack) of \w+ face up" if lang == "en" else
                      r"laisse (la dame|le valet) de \w+ visible", text)
    assert len(said) == len(deal.table)


def test_the_hombre_auction_is_contested_and_names_no_trump_early() -> None:
    """L'Hombre's deal has an auction with more than one bid, and nothing says trumps before
    a trump is named (issue 61)."""
    from brou.engine.hombre import HombreDeal

    rules = Rules.load("hombre")
    played = play_deal(rules, SEEDS["hombre"])
    assert isinstance(played.deal, HombreDeal)
    assert sum(1 for _, bid in played.deal.said if bid) >= 2
    for lang, word, named in (("en", "trump", r"as trumps|are trumps"), ("fr", "atout", r"pour atout|est l'atout")):
        text = " ".join(prose(lines_of("hombre", lang)))
        first = re.search(named, text)
        assert first is not None
        assert word not in text[:first.start()].lower()
