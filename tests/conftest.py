from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from brou.book.build import Built


# The tests `make test` leaves out and `make test-slow` runs (CI runs both, .ci/run): each
# takes a minute or more of a core, or builds a book.  They check the same things at scale
# (thousands of random deals, every z3 fact, the OpenSpiel simulations, the books' PDFs, the
# wheel), so a change to the engine, the spec or the books is worth `make test-slow` before
# it is merged.  A node id prefix, and why it is slow.
DIAGNOSIS_AT_SCALE = ("a planted fault's whole corpus through the diagnosis (20 to 75 s at load 8): make test keeps three "
                      "(rounding, overtrumping, the trick's winner), make bench the 138 of tests/independent/")
BROUC_STAYS = "1802 on the engine Brouc shares; Brouc's case stays in make test"
SLOW: dict[str, str] = {
    "tests/test_properties.py::test_ten_thousand_random_deals": "10,000 random deals a ruleset, every action tried",
    "tests/test_match_properties.py::test_a_thousand_random_matches": "1,000 random matches a ruleset",
    "tests/test_stateful.py::test_deal_machine": "hypothesis's state machine over many deals",
    "tests/test_hombre_properties.py::test_a_later_speaker_who_may_equal_is_a_counterexample": "z3 over every auction",
    "tests/test_prove.py::test_every_fact_has_its_expected_status_and_the_table_shows_it": "every z3 fact",
    "tests/test_prove.py::test_the_record_the_rulebook_shows_is_that_of_a_fresh_run":
        "every z3 fact again, to hold docs/rulebook/facts.json to a fresh run (50 s of a core quiet, 200 s at load 8)",
    "tests/test_diagnosis.py::test_the_verdict_names_the_broken_clause[homme-de-brou-1802:hdb.deck.points]":
        DIAGNOSIS_AT_SCALE,
    "tests/test_diagnosis.py::test_the_verdict_names_the_broken_clause[brouc:brouc.count.rounding]":
        DIAGNOSIS_AT_SCALE,
    "tests/test_diagnosis.py::test_the_verdict_names_the_broken_clause[brouc:brouc.marriage.table]":
        DIAGNOSIS_AT_SCALE,
    "tests/test_diagnosis.py::test_the_verdict_names_the_broken_clause[homme-de-brou-1802:hdb.marriage.kinds]":
        DIAGNOSIS_AT_SCALE,
    "tests/test_diagnosis.py::test_the_verdict_names_the_broken_clause[homme-de-brou-1802:hdb.game.vole]":
        DIAGNOSIS_AT_SCALE,
    "tests/test_openspiel.py::test_random_sim_test": "OpenSpiel's random simulation, 1,000 games",
    "tests/test_openspiel.py::test_games_sim_test_checks": "OpenSpiel's simulation checks, 1,000 games",
    "tests/test_input_files.py::test_a_full_corpus_run_through_the_protocol_stays_under_150_megabytes":
        "the whole corpus through the protocol",
    "tests/test_independent.py": "the independent engine plays the whole corpus",
    "tests/test_install.py": "a wheel built where no C compiler is (pure), installed and run outside the repository",
    "tests/test_compiled.py": "a wheel built as a plain pip install builds it, compiled with mypyc (two to three minutes "
                              "of a core), installed, the corpus and tests run on it",
    "tests/test_rulebook.py": "builds the comparative edition, HTML and PDF, in both languages",
    "tests/test_booklet.py": "builds every players' booklet",
    "tests/test_refcard.py": "builds every players' booklet",
    "tests/test_booklet_deals.py::test_playing_a_record_again_gives_it_back":
        "the sampling player and the solver play a booklet's deal again",
    "tests/test_solve.py::test_thousands_of_endings": "the solver against minimax, 400 endings a reading, up to four tricks",
    "tests/test_search_player.py::test_a_decision_before_the_card_play_is_searched[hombre-auction]":
        "L'Hombre's auction valued by solving the play of each bid in the pure engine",
    "tests/test_hostile_commands.py::test_a_study_stopped_by_a_signal_keeps_what_it_finished":
        "plays the register's studies until one is done, then stops them, twice",
    "tests/test_fuzz.py::test_every_planted_fault_is_found_and_shrunk[homme-de-brou-1802:hdb.game.vole:deal_result]":
        "the fuzzer's longest hunts (26 s at load 15): the same fault in Brouc's cape stays in make test, "
        "and 1802's vole with another fault",
    "tests/test_fuzz.py::test_every_planted_fault_is_found_and_shrunk[homme-de-brou-1802:hdb.game.target:reaches_target]":
        "the fuzzer's longest hunts (27 s at load 15): the same fault in Brouc's target stays in make test",
    "tests/test_fuzz.py::test_a_fault_one_deal_of_a_match_shows_is_shrunk_to_that_deal[_double_below_100]":
        "a second fault shrunk to its deal of a match (28 s at load 15): the first stays in make test",
    "tests/test_web_browser.py": "Chromium drives brou web's pages at two widths, a deal of each game (under a minute)",
    "tests/test_study_campaign.py::test_a_study_stopped_and_run_again_goes_on_and_ends_with_the_figures_of_one_run":
        "a study of 150 sessions on a local Dask cluster, stopped, run again, and played once more in one process",
    "tests/test_study_campaign.py::test_a_killed_worker_then_a_killed_scheduler_lose_nothing_finished":
        "a study of 200 sessions on a local Dask cluster, a worker and then the command killed, run again, and once more",
    "tests/test_search_options.py::test_the_solver_says_it_pays_slowly":
        "the solver in the pure engine on a position with many cards, or L'Hombre played on from each bid",
    "tests/test_search_options.py::test_the_search_player_takes_it_slowly":
        "the search player in the pure engine on a position with many cards, or L'Hombre's auction",
    "tests/test_search_options.py::test_the_search_finds_the_same_situation_again":
        "searches an option's deals again, in the pure engine",
    # what make test runs elsewhere too: 1802 where Brouc, its engine, stays; a second planted
    # fault; a property whose quick form stays (issue 62: make test within 10 minutes)
    "tests/test_player_names.py::test_match_takes_specs_in_players_and_bots":
        "two whole matches of L'Homme d'Auvergne with a sampling player (20 s of a core); specs are read in make test",
    "tests/test_match_record.py::test_seeded_matches_are_written_read_and_replayed[homme-de-brou-1802]": BROUC_STAYS,
    "tests/test_sheet.py::test_running_totals_are_the_scores_after_each_deal[homme-de-brou-1802]": BROUC_STAYS,
    "tests/test_sheet.py::test_text_up_to_deal_k_shows_exactly_the_first_k_deals[homme-de-brou-1802]": BROUC_STAYS,
    "tests/test_one_engine.py::test_every_reading_plays_consistently[homme-de-brou-1802]": BROUC_STAYS,
    "tests/test_diagnosis.py::test_the_verdict_names_the_broken_clause[homme-de-brou-1802:hdb.marriage.table]":
        DIAGNOSIS_AT_SCALE,
    "tests/test_diagnosis.py::test_the_verdict_names_the_broken_clause[homme-de-brou-1802:hdb.game.value]":
        DIAGNOSIS_AT_SCALE,
    "tests/test_localise.py::test_a_failure_is_laid_on_the_rule_that_decides_it[brouc-no-marriage-exception":
        "a planted fault's corpus through the diagnosis; two of the four stay in make test",
    "tests/test_localise.py::test_a_failure_is_laid_on_the_rule_that_decides_it[homme-de-brou-1802-next-dealer":
        "a planted fault's corpus through the diagnosis; two of the four stay in make test",
    "tests/test_mutants.py::test_a_program_that_counts_a_tie_as_codille_is_found_with_that_slip":
        "a second mutant's replays (13 s of a core); the refused concession's stays in make test",
    "tests/test_openspiel_brusquembille.py::test_random_sim_test[five]": "OpenSpiel's simulation; two, three, four stay",
    "tests/test_openspiel_brusquembille.py::test_random_sim_test[four-partners]":
        "OpenSpiel's simulation; two, three, four stay",
    "tests/test_study.py::test_a_tiny_study_agrees_with_itself":
        "a study played twice; tests/test_study_campaign.py's one and two workers agree in make test",
    "tests/test_prove.py::test_following_encodings_agree_with_the_engine":
        "z3's encodings of following against the engine (10 s of a core); every fact is in make test-slow",
    "tests/test_notation.py::test_every_deal_of_the_corpus_round_trips":
        "every deal of the corpus through the notation; seeded positions round-trip in make test",
    "tests/test_corpus_catches.py::test_no_scenario_hides_a_game_check_behind_the_score_sheet":
        "the whole corpus replayed with the score sheet hidden (12 s of a core): it changes only with the corpus",
    "tests/test_brusquembille_stateful.py::test_brusquembille_deal_machine": "hypothesis's state machine over many deals",
    "tests/test_hombre_stateful.py::test_hombre_deal_machine": "hypothesis's state machine over many deals",
}
# a test of a parameter in a file: every test of that file with that parameter id
SLOW_PARAMS: dict[tuple[str, str], str] = {
    ("tests/test_match.py", "homme-de-brou-1802-greedy-random"): BROUC_STAYS,
}


# a test of a file that asks for one of these fixtures (the cheap tests of the file stay in
# `make test`: the French strings of the spec are checked there, the built books here)
SLOW_FIXTURES: dict[tuple[str, str], str] = {
    ("tests/test_french.py", "built"): "builds the comparative edition",
    ("tests/test_french.py", "french_html"): "builds the comparative edition",
    ("tests/test_french.py", "booklets"): "builds every players' booklet",
}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "clause(*ids): the spec clauses a test checks (see tests/test_traceability.py)")
    config.addinivalue_line("markers", "slow(why): left out of `make test`, run by `make test-slow` and CI (SLOW)")


def _slow_because(item: pytest.Item) -> str | None:
    """Why a test is left out of `make test`, or None (SLOW, SLOW_FIXTURES, SLOW_PARAMS)."""
    for prefix, why in SLOW.items():
        if item.nodeid.startswith(prefix):
            return why
    for (path, fixture), why in SLOW_FIXTURES.items():
        if item.nodeid.startswith(path + "::") and fixture in getattr(item, "fixturenames", ()):
            return why
    for (path, param), why in SLOW_PARAMS.items():
        if item.nodeid.startswith(path + "::") and item.nodeid.endswith(f"[{param}]"):
            return why
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        why = _slow_because(item)
        if why is not None:
            item.add_marker(pytest.mark.slow(why))


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Built]:
    """The rulebook in both languages, HTML and PDF, built once per test run (a few minutes),
    whichever worker asks first, and shared by the tests that read it (tests/test_rulebook.py,
    tests/test_french.py)."""
    from brou.book.build import LANGS, build
    from helpers import built_once

    return {b.lang: b for b in built_once(tmp_path_factory, "rulebook", lambda out: build(LANGS, out, with_pdf=True))}
