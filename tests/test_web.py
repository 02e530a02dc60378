"""`brou web`'s API (docs/web.md) through Starlette's test client: a table opened with a reading
by name, played by a person and the careful player, an illegal card refused with the booklet's
rule and clause (the table unchanged), undo, the record copied out and pasted back in, the
solver's values, a scenario replayed, a report's failure replayed at its failing step, the
register, the reports' matrix, and every bad request a 4xx answer of one line naming what and
where, never a traceback.  The pages in a real browser: tests/test_web_browser.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from brou.web.app import MAX_BODY, Config, build
from brou.web.tables import MAX_PASTE, TableStore

FIXTURES = Path(__file__).parent / "fixtures" / "web"
BASE = "http://127.0.0.1:8000"  # a loopback Host: the server answers no other when bound to loopback


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    app, _ = build(Config(bot_processes=0, solve_seconds=60.0))
    with TestClient(app, base_url=BASE, raise_server_exceptions=False) as c:
        yield c


def refused(response: Any, status: int, where: str | None = None) -> dict[str, Any]:
    """The JSON answer of a refused request: its status, one line naming what and where, no traceback."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    data: dict[str, Any] = response.json()
    assert isinstance(data["error"], str) and data["error"] and "\n" not in data["error"]
    assert "Traceback" not in response.text and 'File "' not in response.text
    if where is not None:
        assert data["where"] == where, data
    return data


def new_table(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    state: dict[str, Any] = response.json()
    return state


def legal(state: dict[str, Any]) -> list[str]:
    actions = state["actions"]
    return [c["card"] for c in actions["cards"] if c["legal"]] + [w["text"] for w in actions["words"] if w["legal"]]


def play(client: TestClient, state: dict[str, Any], text: str) -> dict[str, Any]:
    response = client.post(f"/api/tables/{state['id']}/act", json={"player": state["actions"]["player"], "action": text})
    assert response.status_code == 200, response.text
    got: dict[str, Any] = response.json()
    return got


def until_illegal(client: TestClient, state: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """Play the first legal action at a table of persons until the one to act holds a card he may not play."""
    for _ in range(40):
        illegal = [c["card"] for c in state["actions"]["cards"] if not c["legal"]]
        if illegal:
            return state, illegal[0]
        state = play(client, state, legal(state)[0])
    raise AssertionError("no illegal card came up in 40 actions")


def test_meta_lists_the_rulesets_their_parameters_readings_and_players(client: TestClient) -> None:
    meta = client.get("/api/meta").json()
    ids = [r["id"] for r in meta["rulesets"]]
    assert ids == sorted(ids) and {"brouc", "hombre", "homme-de-brou-1802", "homme-d-auvergne",
                                   "brusquembille-1718"} == set(ids)
    brouc = next(r for r in meta["rulesets"] if r["id"] == "brouc")
    assert brouc["players"] == 4 and "undertrump_when_void" in brouc["params"]
    amb05 = next(r for r in brouc["readings"] if r["id"] == "AMB-05")
    assert amb05["default"] in amb05["options"] and len(amb05["options"]) == 2
    assert {"careful", "pimc", "search"} <= {p["name"] for p in meta["players"]}
    french = client.get("/api/meta?lang=fr").json()
    assert next(r for r in french["rulesets"] if r["id"] == "brouc")["title"] != brouc["title"]


def test_a_table_opened_with_a_reading_by_name_plays_under_it(client: TestClient) -> None:
    meta = client.get("/api/meta").json()
    amb05 = next(r for r in next(r for r in meta["rulesets"] if r["id"] == "brouc")["readings"] if r["id"] == "AMB-05")
    other = next(o for o in amb05["options"] if o != amb05["default"])
    plain = new_table(client, ruleset="brouc", seed=3, seats=["you"] * 4)
    read = new_table(client, ruleset="brouc", seed=3, seats=["you"] * 4, readings={"AMB-05": other})
    assert "undertrump_when_void" in read["ruleset_line"] and "undertrump_when_void" not in plain["ruleset_line"]
    assert read["board"] == plain["board"]  # the same seed deals the same cards
    with_param = new_table(client, ruleset="brouc", seed=3, seats=["you"] * 4, params={"undertrump_when_void": True})
    assert with_param["ruleset_line"] == read["ruleset_line"]


def test_a_person_plays_and_the_careful_players_answer(client: TestClient) -> None:
    state = new_table(client, ruleset="homme-de-brou-1802", seed=11, seats=["you", "careful", "careful", "careful"])
    me = state["players"][0]
    assert me["human"] and not state["players"][1]["human"] and state["players"][1]["who"] == "careful"
    hand = state["board"]["players"][0]["hand"]
    assert len(hand) == 8 and all(p["hand"] is None for p in state["board"]["players"][1:])  # the others' cards hidden
    while state["thinking"] or state["actions"] is None:
        state = client.get(f"/api/tables/{state['id']}?after={state['version']}&player=0").json()
    assert state["to_act"] == 0 and state["actions"]["on_turn"]
    version = state["version"]
    state = play(client, state, legal(state)[0])
    assert state["version"] > version and len(state["board"]["players"][0]["hand"]) == 7


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_illegal_card_is_refused_with_the_booklets_rule_and_the_table_is_unchanged(client: TestClient,
                                                                                      lang: str) -> None:
    state, card = until_illegal(client, new_table(client, ruleset="brouc", seed=5, seats=["you"] * 4))
    response = client.post(f"/api/tables/{state['id']}/act?lang={lang}",
                           json={"player": state["actions"]["player"], "action": card})
    data = refused(response, 422, "body.action")
    assert data["code"] == "must-follow-suit" and data["error"].startswith("must-follow-suit: ")
    rule = data["rule"][lang]
    assert rule["clause"] == "brouc.play.follow" and rule["number"] == "4.2"
    assert ("suit led" in rule["text"]) if lang == "en" else ("fournir" in rule["text"])
    assert data["rule"]["en"]["chapter"] == "The play of the cards"
    again = client.get(f"/api/tables/{state['id']}").json()
    assert again["version"] == state["version"] and again["board"] == state["board"]


def test_a_word_refused_in_the_auction_names_its_rule(client: TestClient) -> None:
    state = new_table(client, ruleset="hombre", seed=2, seats=["you"] * 3)
    words = state["actions"]["words"]
    wrong = [w["text"] for w in words if not w["legal"]]
    assert wrong and any(w["legal"] for w in words)
    data = refused(client.post(f"/api/tables/{state['id']}/act", json={"player": state["actions"]["player"],
                                                                       "action": wrong[0]}), 422, "body.action")
    assert data["rule"]["en"]["clause"].startswith("hom.") and data["rule"]["en"]["number"]


@pytest.mark.parametrize(("ruleset", "expected"), [
    ("brouc", {"announce": ("announce-needs-trick", "brouc.marriage.announce-window", "6.2"),
               "declare": ("declaration-not-allowed", "brouc.game.cape-et-dehors", "8.6"),
               "declare-double": ("declaration-not-allowed", "brouc.game.cape-pas-dedouble", "8.7")}),
    ("homme-de-brou-1802", {"announce": ("announce-not-now", "hdb.marriage.announce-window", "6.2"),
                            "declare": ("declaration-not-allowed", "hdb.game.partie-et-vole", "8.8")})])
def test_announcements_the_rules_refuse_are_shown_and_tried_with_their_rule(
        client: TestClient, ruleset: str, expected: dict[str, tuple[str, str, str]]) -> None:
    """1802 and Brouc: a marriage held but not to be announced now (Brouc: the team has no
    trick yet; 1802: only in the window after a trick) and the declarations of the game are
    offered faded; tried, each is refused with its booklet rule and the table is unchanged."""
    state = new_table(client, ruleset=ruleset, seed=2, seats=["you"] * 4, mode="session")
    found: dict[str, tuple[str, str, str]] = {}
    while not state["paused"]:
        words = state["actions"]["words"]
        hand = set(state["board"]["players"][state["actions"]["player"]]["hand"])
        for word in (w["text"] for w in words if not w["legal"]):
            if word.startswith("announce"):
                marriage = word.split()[1]
                assert {rank + marriage[-1] for rank in marriage[:-1]} <= hand, word  # only a marriage held
            if word.split()[0] in found:
                continue
            data = refused(client.post(f"/api/tables/{state['id']}/act?lang=fr",
                                       json={"player": state["actions"]["player"], "action": word}), 422, "body.action")
            rule = data["rule"]["fr"]
            assert rule["text"] and data["rule"]["en"]["number"] == rule["number"]
            found[word.split()[0]] = (data["code"], rule["clause"], rule["number"])
            again = client.get(f"/api/tables/{state['id']}").json()
            assert again["version"] == state["version"] and again["board"] == state["board"]
        state = play(client, state, legal(state)[0])
    assert found == expected


def test_undo_takes_back_the_persons_last_action(client: TestClient) -> None:
    state = new_table(client, ruleset="brusquembille-1718", seed=4, seats=["you"] * 3)
    refused(client.post(f"/api/tables/{state['id']}/undo"), 409, "body")
    assert not state["can_undo"]
    first = state
    state = play(client, state, legal(state)[0])
    state = play(client, state, legal(state)[0])
    assert state["can_undo"]
    undone = client.post(f"/api/tables/{state['id']}/undo").json()
    assert undone["position"] != state["position"] and undone["board"]["trick"] == state["board"]["trick"][:1]
    undone = client.post(f"/api/tables/{state['id']}/undo").json()
    assert undone["position"] == first["position"] and undone["board"] == first["board"] and not undone["can_undo"]


def test_the_record_is_copied_out_and_pasted_back_in(client: TestClient) -> None:
    state = new_table(client, ruleset="brouc", seed=9, seats=["you"] * 4, mode="session")
    for _ in range(6):
        state = play(client, state, legal(state)[0])
    record = client.get(f"/api/tables/{state['id']}/record").json()
    assert record["record"].startswith("[Event ") and record["position"] == state["position"]
    pasted = new_table(client, paste=record["record"], seats=["you"] * 4)
    assert pasted["position"] == state["position"] and pasted["board"] == state["board"]
    assert pasted["mode"] == "session" and pasted["can_undo"]
    line = new_table(client, paste=record["position"], seats=["you"] * 4)
    assert line["position"] == state["position"] and line["mode"] == "deal"
    data = refused(client.post("/api/tables", json={"paste": "brouc 3 nonsense", "seats": ["you"] * 4}), 400,
                   "body.paste")
    assert data["error"].startswith("not a position: ")
    refused(client.post("/api/tables", json={"paste": "x" * (MAX_PASTE + 1), "seats": ["you"] * 4}), 400,
            "body.paste")


def test_a_whole_deal_of_each_game_against_the_careful_player(client: TestClient) -> None:
    """Every game's deal played to its end through the API: a person's first legal action each
    turn, the careful player in the other seats; the end shows the hands dealt, the deal's line
    and the score."""
    for ruleset in client.get("/api/meta").json()["rulesets"]:
        n = ruleset["players"]
        state = new_table(client, ruleset=ruleset["id"], seed=7, seats=["you"] + ["careful"] * (n - 1))
        for _ in range(200):
            if state["over"]:
                break
            if state["thinking"] or state["actions"] is None:
                state = client.get(f"/api/tables/{state['id']}?after={state['version']}").json()
            else:
                state = play(client, state, legal(state)[0])
        assert state["over"], ruleset["id"]
        finished = state["finished"]
        assert finished["number"] == 1 and len(finished["dealt"]) == n and finished["notation"].startswith(ruleset["id"])
        assert sorted(finished["seats"]) == list(range(n))
        count = finished["count"]  # the booklet's count: a column per team or player, a row each
        assert count["rows"][0][0] == "Tricks" and all(len(row) == len(count["header"]) for row in count["rows"])
        board = state["board"]  # the deal just over stays on the table, every hand open
        assert board["over"] and board["tricks"] == board["of"] and all(p["hand"] is not None for p in board["players"])
        refused(client.post(f"/api/tables/{state['id']}/act", json={"player": 0, "action": "AS"}), 409, "body.action")


@pytest.mark.parametrize("ruleset", ["brouc", "hombre"])
def test_the_end_of_a_deal_is_told_in_the_pages_language(client: TestClient, ruleset: str) -> None:
    """The count of a deal just over, in the booklet's words: in French on the French page,
    the rules cited by their numbers, the players named as the page names them."""
    n = 4 if ruleset == "brouc" else 3
    state = new_table(client, ruleset=ruleset, seed=7, seats=["you"] + ["careful"] * (n - 1), mode="session")
    for _ in range(200):
        if state["paused"]:
            break
        if state["thinking"] or state["actions"] is None:
            state = client.get(f"/api/tables/{state['id']}?after={state['version']}").json()
        else:
            state = play(client, state, legal(state)[0])
    assert state["paused"]
    en = client.get(f"/api/tables/{state['id']}").json()["finished"]["count"]
    fr = client.get(f"/api/tables/{state['id']}?lang=fr").json()["finished"]["count"]
    assert [row[0] for row in en["rows"]][:1] == ["Tricks"] and [row[0] for row in fr["rows"]][:1] == ["Levées"]
    assert [row[1:] for row in en["rows"]] == [row[1:] for row in fr["rows"]]  # the same figures
    assert fr["header"][1].startswith("Joueur 0") and en["header"][1].startswith("Player 0")
    said = " ".join(fr["said"])
    assert "règle" in said and "de donner au coup suivant" in said and "rule" not in said and "seat" not in said
    if ruleset == "brouc":
        assert "la partie continue" in said or "gagnent la partie" in said, said
    else:
        assert "l'hombre" in said or "Personne n'a enchéri" in said, said
    assert " (rule " in " ".join(en["said"])


def test_a_session_goes_on_to_the_next_deal_and_the_sheet_grows(client: TestClient) -> None:
    state = new_table(client, ruleset="hombre", seed=1, seats=["you", "careful", "careful"], mode="session")
    refused(client.post(f"/api/tables/{state['id']}/next"), 409, "path")
    for _ in range(200):
        if state["paused"]:
            break
        if state["thinking"] or state["actions"] is None:
            state = client.get(f"/api/tables/{state['id']}?after={state['version']}").json()
        else:
            state = play(client, state, legal(state)[0])
    assert state["paused"] and not state["over"] and state["sheet"]["rows"]
    refused(client.post(f"/api/tables/{state['id']}/act", json={"player": 0, "action": "pass"}), 409, "body.action")
    state = client.post(f"/api/tables/{state['id']}/next").json()
    assert not state["paused"] and state["deal_number"] == 2 and len(state["sheet"]["rows"]) == 1


def test_the_solver_values_each_card_and_names_the_best(client: TestClient) -> None:
    state = new_table(client, ruleset="brouc", seed=5, seats=["you"] * 4)
    while state["board"]["tricks"] < state["board"]["of"] - 3:
        state = play(client, state, legal(state)[0])
    response = client.post(f"/api/tables/{state['id']}/solve", json={"player": state["actions"]["player"]})
    assert response.status_code == 200, response.text
    found = response.json()
    valued = {a["action"]: a["value"] for a in found["actions"]}
    cards = {c["card"] for c in state["actions"]["cards"] if c["legal"]}  # the game's words are not valued
    assert set(valued) == cards and found["best"] and set(found["best"]) <= set(valued)
    best_value = valued[found["best"][0]]
    assert all(valued[b] == best_value for b in found["best"]) and found["version"] == state["version"]
    assert found["player"] == state["actions"]["player"] and found["player"] in found["side"]
    refused(client.post(f"/api/tables/{state['id']}/solve", json={"player": 9}), 400, "body.player")


def test_a_scenario_of_the_corpus_is_stepped_through(client: TestClient) -> None:
    found = client.get("/api/scenarios?q=no-undertrump&ruleset=brouc&origin=hand-written").json()
    ids = [s["id"] for s in found["scenarios"]]
    assert found["total"] == len(ids) > 3 and "brouc.play.no-undertrump.must-discard" in ids
    walked = client.get("/api/scenarios/brouc.play.no-undertrump.must-discard").json()
    total = len(walked["steps"])
    assert walked["at"] == total and all(s["agrees"] for s in walked["steps"])  # the reference agrees with its corpus
    assert any(c["clause"] == "brouc.play.no-undertrump" and c["number"] and c["text"] for c in walked["clauses"])
    first = client.get("/api/scenarios/brouc.play.no-undertrump.must-discard?at=0").json()
    assert first["at"] == 0 and first["board"] != walked["board"]
    assert all(p["hand"] is not None for p in first["board"]["players"])  # a replay shows every hand
    refused(client.get(f"/api/scenarios/brouc.play.no-undertrump.must-discard?at={total + 1}"), 400, "query.at")
    refused(client.get("/api/scenarios/brouc.no.such.scenario"), 404, "path")


@pytest.fixture(scope="module")
def reports(client: TestClient) -> dict[str, str]:
    ids = {}
    for name in ("report-reference.json", "report-drop-legal.json", "report-accept-all.json"):
        response = client.post(f"/api/reports?name={name}", content=(FIXTURES / name).read_bytes())
        assert response.status_code == 201, response.text
        summary = response.json()
        assert summary["file"] == name and summary["scenarios"] == 16
        ids[name.removeprefix("report-").removesuffix(".json")] = summary["id"]
    return ids


def test_a_reports_failure_is_replayed_at_its_failing_step(client: TestClient, reports: dict[str, str]) -> None:
    rid = reports["drop-legal"]
    listed = client.get(f"/api/reports/{rid}/failures?ruleset=brouc&clause=brouc.play.no-undertrump").json()
    assert listed["report"]["counts"]["failed"] == 14 and "drop-legal" in listed["report"]["implementation"]
    assert len(listed["failures"]) == 14 and all(f["status"] == "failed" for f in listed["failures"])
    assert all("brouc.play.no-undertrump" in f["clauses"] for f in listed["failures"])
    follow = client.get(f"/api/reports/{rid}/failures?ruleset=brouc&clause=brouc.play.follow").json()["failures"]
    assert len(follow) == 3
    got = client.get(f"/api/reports/{rid}/scenarios/brouc.play.no-undertrump.must-discard").json()
    failure = got["failure"]
    assert failure["step"] == 2 and got["at"] == 1  # the position before the failing step
    assert failure["expected"] == ["AD", "QD", "JD", "AC", "TC", "JC"] and failure["got"] == ["AD", "QD", "JD", "AC", "TC"]
    assert failure["rule"]["clause"] == "brouc.play.no-undertrump" and failure["rule"]["text"]
    assert got["report"]["headline"].startswith("most likely broken")
    refused(client.get(f"/api/reports/{rid}/scenarios/no.such.scenario"), 404, "path")
    refused(client.get("/api/reports/nosuchreport/failures"), 404, "path")


def test_the_matrix_sets_implementations_against_clauses(client: TestClient, reports: dict[str, str]) -> None:
    chosen = [reports["reference"], reports["drop-legal"], reports["accept-all"]]
    m = client.get(f"/api/matrix?ids={','.join(chosen)}").json()
    assert [r["id"] for r in m["reports"]] == chosen
    row = next(r for r in m["rows"] if r["clause"] == "brouc.play.no-undertrump")
    reference, drop, accept = row["cells"]
    assert reference["passed"] == 16 and reference["failed"] == 0
    assert drop["failed"] == 14 and drop["passed"] == 2 and accept["failed"] + accept["passed"] == 16
    assert all(len(r["cells"]) == 3 for r in m["rows"])
    assert m["reports"][0]["counts"]["passed"] == 16 and m["reports"][1]["headline"]
    refused(client.get("/api/matrix?ids=nosuchreport"), 404, "path")


def test_a_report_that_is_not_one_is_refused(client: TestClient) -> None:
    refused(client.post("/api/reports", content=b'{"format": "other/1", "scenarios": []}'), 400, "body.format")
    refused(client.post("/api/reports", content=b'{"format": "brou-report/1", "scenarios": [{"id": 3}]}'), 400,
            "body.scenarios[0]")
    refused(client.post("/api/reports", content=b"[1, 2]"), 400, "body")


def test_the_register_gives_each_question_its_sources_options_witnesses_and_study(client: TestClient) -> None:
    entries = client.get("/api/register").json()["entries"]
    assert len(entries) > 10 and any(e["id"] == "AMB-05" for e in entries)
    entry = client.get("/api/register/AMB-05").json()
    assert entry["question"] and entry["sources"] and all(s["source"] for s in entry["sources"])
    assert {"undertrump-false", "undertrump-true"} <= {o["name"] for o in entry["options"]}
    pair = entry["witnesses"]["brouc"]["pairs"][0]
    assert len(pair["scenarios"]) == len(pair["options"]) == 2
    for sid in pair["scenarios"]:  # each witness plays on the replay, to the step where the options part
        walked = client.get(f"/api/scenarios/{sid}?at=last").json()
        assert walked["at"] == len(walked["steps"]) - 1
    french = client.get("/api/register/AMB-05?lang=fr").json()
    assert french["question"] != entry["question"]
    for ruleset, figures in entry["figures"].items():
        assert figures["about"] and figures["options"]
        if figures["plot"]:
            plot = client.get(f"/api/register/AMB-05/plot/{ruleset}.svg")
            assert plot.status_code == 200 and plot.text.lstrip().startswith("<")
        assert figures["plots"] == ["careful", "replayed"]  # the search player's replays drawn too
        for kind in figures["plots"]:
            plot = client.get(f"/api/register/AMB-05/plot/{ruleset}.svg?of={kind}")
            assert plot.status_code == 200 and plot.text.lstrip().startswith("<")
    aimed = client.get("/api/register/AMB-15").json()["figures"]["homme-de-brou-1802"]
    assert aimed["plots"] == ["careful", "replayed", "aimed"]
    assert client.get("/api/register/AMB-15/plot/homme-de-brou-1802.svg?of=aimed").status_code == 200
    refused(client.get("/api/register/AMB-999"), 404, "path")
    refused(client.get("/api/register/AMB-05/plot/nosuchgame.svg"), 404, "path")
    refused(client.get("/api/register/AMB-05/plot/brouc.svg?of=everything"), 400, "query.of")
    refused(client.get("/api/register/AMB-05/plot/brouc.svg?of=aimed"), 404, "path")  # AMB-05 was not aimed


def test_the_cards_are_the_booklets_pictures(client: TestClient) -> None:
    card = client.get("/api/card/brouc/AS.svg")
    assert card.status_code == 200 and card.headers["content-type"].startswith("image/svg+xml")
    assert "<svg" in card.text and "</svg>" in card.text
    assert client.get("/api/back.svg").text.count("<svg") == 1
    refused(client.get("/api/card/brouc/ZZ.svg"), 404, "path")
    refused(client.get("/api/card/nosuchgame/AS.svg"), 404, "path")


def test_the_pages_are_served_with_their_headers(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and '<script src="/static/app.js"' in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["server-timing"].startswith("app;dur=")  # the server's own time, read by tools/web-bench
    timing = client.post("/api/tables", json={"ruleset": "brouc", "seed": 1}).headers["server-timing"]
    app, body = (float(part.split("dur=")[1]) for part in timing.split(", "))  # the wait for the body apart
    assert timing.startswith("app;dur=") and ", body;dur=" in timing and app > 0 and body >= 0
    assert client.get("/static/app.js").headers["content-type"].startswith("text/javascript")
    assert client.get("/static/style.css").headers["content-type"].startswith("text/css")


# -- bad requests --------------------------------------------------------------------------------


def test_bad_tables_are_refused_naming_the_field(client: TestClient) -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"ruleset": "whist"}, "body.ruleset"),
        ({"ruleset": "brouc", "seats": ["you"] * 3}, "body.seats"),
        ({"ruleset": "brouc", "seats": ["you", "nobody", "careful", "careful"]}, "body.seats[1]"),
        ({"ruleset": "brouc", "seats": ["you", "pimc:samples=100000", "careful", "careful"]}, "body.seats[1]"),
        ({"ruleset": "brouc", "params": {"no_such": 1}}, "body.params.no_such"),
        ({"ruleset": "brouc", "params": {"undertrump_when_void": "maybe"}}, "body.params"),
        ({"ruleset": "brouc", "readings": {"AMB-05": "no-such-option"}}, "body.readings.AMB-05"),
        ({"ruleset": "brouc", "readings": {"AMB-999": "x"}}, "body.readings.AMB-999"),
        ({"ruleset": "brouc", "mode": "forever"}, "body.mode"),
        ({"ruleset": "brouc", "seed": -1}, "body.seed"),
        ({"ruleset": "brouc", "open": "yes"}, "body.open"),
        ({"ruleset": "brouc", "colour": "red"}, "body.colour"),
    ]
    for body, where in cases:
        refused(client.post("/api/tables", json=body), 400, where)


def test_bad_actions_are_refused_and_change_nothing(client: TestClient) -> None:
    state = new_table(client, ruleset="brouc", seed=5, seats=["you", "careful", "careful", "careful"])
    tid = state["id"]
    while state["thinking"]:  # the careful players play up to the person's turn
        state = client.get(f"/api/tables/{tid}?after={state['version']}").json()
    before = state
    data = refused(client.post(f"/api/tables/{tid}/act", json={"player": 0, "action": "ZZ"}), 422, "body.action")
    assert data["code"] in ("unknown-card", "malformed-action") and data["rule"] is None
    refused(client.post(f"/api/tables/{tid}/act", json={"player": 1, "action": "AS"}), 409, "body.player")
    refused(client.post(f"/api/tables/{tid}/act", json={"player": 7, "action": "AS"}), 400, "body.player")
    refused(client.post(f"/api/tables/{tid}/act", json={"player": 0, "action": ["AS"]}), 400, "body.action")
    refused(client.post(f"/api/tables/{tid}/act", content=b'{"player": 0, "action": '), 400, "body")
    refused(client.post(f"/api/tables/{tid}/act", content=b"\xff\xfe{}"), 400, "body")
    refused(client.post(f"/api/tables/{tid}/act", content=b""), 400, "body")
    refused(client.post(f"/api/tables/{tid}/act", content=b"[" * 100 + b"]" * 100), 400, "body")
    refused(client.post(f"/api/tables/{tid}/act", content=b'{"player": NaN}'), 400, "body")
    refused(client.post(f"/api/tables/{tid}/act", content=b" " * (MAX_BODY + 1)), 413, "body")
    after = client.get(f"/api/tables/{tid}").json()
    assert after["board"] == before["board"] and after["position"] == before["position"]


def test_a_huge_body_is_cut_as_it_comes_without_a_length(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(100):
            yield b" " * 8192

    refused(client.post("/api/tables", content=chunks()), 413, "body")
    refused(client.post("/api/reports", content=chunks(), headers={"content-length": str(10**9)}), 413, "body")


def test_what_does_not_exist_is_a_404_and_a_wrong_method_a_405(client: TestClient) -> None:
    refused(client.get("/api/tables/nosuchtable"), 404, "path")
    refused(client.post("/api/tables/nosuchtable/act", json={"player": 0, "action": "AS"}), 404, "path")
    refused(client.get("/api/tables/" + "x" * 300), 404, "path")
    refused(client.get("/api/tables/..%2F..%2Fetc%2Fpasswd"), 404, "path")
    refused(client.get("/api/nothing/here"), 404, "path")
    refused(client.get("/static/../pyproject.toml"), 404, "path")
    refused(client.delete("/api/meta"), 405, "method")
    state = new_table(client, ruleset="brouc", seed=1, seats=["you"] * 4)
    assert client.delete(f"/api/tables/{state['id']}").status_code == 204
    refused(client.get(f"/api/tables/{state['id']}"), 404, "path")


def test_bad_query_parameters_name_themselves(client: TestClient) -> None:
    refused(client.get("/api/meta?lang=de"), 400, "query.lang")
    refused(client.get("/api/scenarios?offset=-3"), 400, "query.offset")
    refused(client.get("/api/scenarios?ruleset=whist"), 400, "query.ruleset")
    state = new_table(client, ruleset="brouc", seed=1, seats=["you"] * 4)
    refused(client.get(f"/api/tables/{state['id']}?player=9"), 400, "query.player")
    refused(client.get(f"/api/tables/{state['id']}?after=soon"), 400, "query.after")


def test_only_loopback_hosts_and_the_servers_own_origin_are_answered(client: TestClient) -> None:
    refused(client.get("/api/meta", headers={"host": "evil.example"}), 403, "header.host")
    refused(client.post("/api/tables", json={"ruleset": "brouc"}, headers={"origin": "http://evil.example"}), 403,
            "header.origin")
    assert client.post("/api/tables", json={"ruleset": "brouc"}, headers={"origin": BASE}).status_code == 201
    assert client.get("/api/meta", headers={"host": "localhost:8000"}).status_code == 200


def test_an_unexpected_failure_is_one_line_and_the_server_goes_on(client: TestClient,
                                                                  monkeypatch: pytest.MonkeyPatch,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    from brou.web import register

    def broken(lang: str) -> list[dict[str, Any]]:
        raise RuntimeError("a fault planted by the test")

    monkeypatch.setattr(register, "entries", broken)
    data = refused(client.get("/api/register"), 500, "server")
    assert "RuntimeError" in data["error"] and "planted" not in data["error"]
    assert "a fault planted by the test" in capsys.readouterr().err  # logged for the one who runs it
    assert client.get("/api/meta").status_code == 200


def test_idle_tables_expire_and_the_store_is_bounded() -> None:
    now = [0.0]
    store = TableStore(max_tables=2, idle_seconds=60.0, clock=lambda: now[0])
    first = store.open({"ruleset": "brouc", "seats": ["you"] * 4})
    store.open({"ruleset": "brouc", "seats": ["you"] * 4})
    with pytest.raises(Exception, match="2 tables are open") as raised:
        store.open({"ruleset": "brouc", "seats": ["you"] * 4})
    assert getattr(raised.value, "status", None) == 503
    first.touched = now[0] = 30.0
    now[0] = 61.0
    assert len(store.expire()) == 1 and first.id in store.tables
    store.open({"ruleset": "brouc", "seats": ["you"] * 4})
    assert len(store.tables) == 2
    now[0] = 200.0
    assert len(store.expire()) == 2 and not store.tables


def test_brou_web_refuses_a_port_it_cannot_take_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    from brou.cli.main import main

    assert main(["web", "--port", "99999"]) == 2
    assert "a port is a whole number from 0 to 65535" in capsys.readouterr().err
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["web", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"cannot listen on 127.0.0.1 port {port}" in err and "Traceback" not in err


def _words_first(client: TestClient, state: dict[str, Any], avoid: tuple[str, ...] = ()) -> dict[str, Any]:
    """Play a table of persons on, each taking his first legal word (other than `avoid` and
    `pass`) where he has one, else his first legal action, until the deal is over."""
    for _ in range(200):
        if state["paused"] or state["over"]:
            break
        words = [w["text"] for w in state["actions"]["words"] if w["legal"] and w["text"] not in avoid + ("pass",)]
        state = play(client, state, words[0] if words else legal(state)[0])
    return state


ENGLISH_WORDS = {"announce", "claim", "declare", "declare-double", "pass", "turn", "leave", "play", "show", "draw",
                 "surrender", "stop", "concede", "accept", "refuse", "mark", "trump"}


@pytest.mark.parametrize(("ruleset", "expected"), [
    ("brouc", {"claim": "déclarer le but atteint", "declare": "annoncer «\u00a0la cape et dehors\u00a0»",
               "declare-double": "annoncer «\u00a0la cape, dehors et pas dédoublé\u00a0»"}),
    ("homme-de-brou-1802", {"declare": "annoncer «\u00a0partie et vole\u00a0»"}),
    ("hombre", {"sans-prendre-a-pique": "sans prendre à pique", "pass": "passer", "nolo-ouvert": "nolo ouvert"}),
    ("homme-d-auvergne", {"turn": "retourner", "leave": "laisser", "play": "jouer", "pass": "passer"})])
def test_a_french_page_labels_each_word_in_french_and_sends_the_notations(
        client: TestClient, ruleset: str, expected: dict[str, str]) -> None:
    """On a French page each word's button says it in French (a marriage by its cards in words,
    a declaration by its name, a bid by its contract's name), never the notation's English
    word; the action sent and played is the notation's word; an English page keeps the notation."""
    n = 3 if ruleset == "hombre" else 4
    state = client.post("/api/tables?lang=fr", json={"ruleset": ruleset, "seed": 3, "seats": ["you"] * n,
                                                     "mode": "session"}).json()
    labels: dict[str, str] = {}
    for _ in range(200):
        if state["paused"]:
            break
        for word in state["actions"]["words"]:
            labels[word["text"]] = word["label"]
            assert not set(word["label"].replace("-", " ").split()) & ENGLISH_WORDS, word
        words = [w["text"] for w in state["actions"]["words"] if w["legal"] and w["text"] != "claim"]
        text = words[len(state["board"]["trick"]) % len(words)] if words else legal(state)[0]
        response = client.post(f"/api/tables/{state['id']}/act?lang=fr",
                               json={"player": state["actions"]["player"], "action": text})
        assert response.status_code == 200, response.text
        state = response.json()
    assert expected.items() <= labels.items(), labels
    marriages = {k: v for k, v in labels.items() if k.startswith("announce ")}
    for text, label in marriages.items():  # `announce KQH`: `annoncer roi et dame de cœur, mariage simple`
        assert label.startswith("annoncer roi et dame de ") and "mariage" in label, (text, label)
    english = client.post("/api/tables", json={"ruleset": ruleset, "seed": 3, "seats": ["you"] * n}).json()
    assert all(w["label"] == w["text"] for w in english["actions"]["words"])


def test_the_hombre_who_took_no_trick_is_told_so_in_french(client: TestClient) -> None:
    """The count's French agrees with its number: a hombre who won an open nolo `n'a fait aucune
    levée` (never `zéro levées`), the others' tricks `contre sept et deux`."""
    state = _words_first(client, new_table(client, ruleset="hombre", seed=3, seats=["you"] * 3, mode="session"))
    fr = " ".join(client.get(f"/api/tables/{state['id']}?lang=fr").json()["finished"]["count"]["said"])
    en = " ".join(client.get(f"/api/tables/{state['id']}").json()["finished"]["count"]["said"])
    assert "l'hombre, n'a fait aucune levée contre sept et deux" in fr and "zéro levées" not in fr, fr
    assert "the hombre, took no tricks against seven and two" in en, en


def test_what_was_said_reads_in_french_on_a_french_page(client: TestClient) -> None:
    """What was said (the engine's view beyond the cards) in the page's words: a deal's outcome
    by how it ended and the teams by their players, marriages by their cards, never `team`,
    `how` or `played-out`; the bids of L'Hombre by their contracts' names."""
    state = _words_first(client, new_table(client, ruleset="brouc", seed=3, seats=["you"] * 4, mode="session"),
                         avoid=("claim", "declare", "declare-double"))
    said = {row["field"]: row for row in client.get(f"/api/tables/{state['id']}?lang=fr").json()["said"]}
    text = " ".join(f"{row['label']} {row['text']}" for row in said.values())
    assert said["outcome"]["label"] == "Résultat" and said["outcome"]["text"].startswith("donne jouée jusqu'au bout")
    assert "Levée" in said["table"]["text"] and "pour Joueur 0 et Joueur 2" in said["table"]["text"], said
    assert "Joueur 1\u00a0: R♥ D♥ +20" in said["announcements"]["text"], said
    for english in ("team", "how", "played-out", "winner", "marks", "Player", "trick"):
        assert english not in text, (english, text)
    en = {row["field"]: row for row in client.get(f"/api/tables/{state['id']}").json()["said"]}
    assert en["outcome"]["label"] == "Outcome" and en["outcome"]["text"].startswith("played out")
    hombre = _words_first(client, new_table(client, ruleset="hombre", seed=3, seats=["you"] * 3, mode="session"))
    said = {row["field"]: row for row in client.get(f"/api/tables/{hombre['id']}?lang=fr").json()["said"]}
    assert said["auction"]["label"] == "Enchères" and "Joueur 1\u00a0: demande à pique" in said["auction"]["text"]
    assert "Joueur 2\u00a0: passer" in said["auction"]["text"] and said["contract"]["text"] == "nolo ouvert", said
