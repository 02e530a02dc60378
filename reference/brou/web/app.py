"""The ASGI application of `brou web` (Starlette): the pages, and the JSON API they use.

Pages: one HTML page with its script and style sheet (no build step: `static/` is shipped in the
package as it is), which shows the table, the replay, the register and the reports from the API:

    GET  /api/meta                          the rulesets, their parameters and readings, the players
    POST /api/tables                        a new table: {ruleset, params, readings, seats, mode, seed, open} or {paste, seats}
    GET  /api/tables/{id}?player=P&lang=L&after=V   what player P sees (after=V: wait up to 15 s for a move past version V)
    POST /api/tables/{id}/act               {player, action}: a person's action; 422 with the rule if refused
    POST /api/tables/{id}/undo | /next      take back the last person's action | go on after a deal
    POST /api/tables/{id}/solve             {player}: the solver's value of each legal action (time bounded)
    GET  /api/tables/{id}/record            the game record and the position's line
    DELETE /api/tables/{id}
    GET  /api/card/{ruleset}/{card}.svg, /api/back.svg, /api/tables/{id}/sheet.svg
    GET  /api/scenarios?q=&ruleset=&origin=&offset=   GET /api/scenarios/{id}?at=K
    POST /api/reports (the JSON report as the body)   GET /api/reports, /api/reports/{id},
    GET  /api/reports/{id}/failures?ruleset=&clause=, /api/reports/{id}/scenarios/{sid}, /api/matrix?ids=a,b
    GET  /api/register, /api/register/{AMB}, /api/register/{AMB}/plot/{ruleset}.svg[?of=careful|replayed|aimed]

Every refusal is a 4xx answer `{"error": one line, "where": what in the request}` (docs/web.md,
"Robustness"); an unexpected failure is a 500 of one line, logged, never a traceback; a request
names no file: scenarios, reports, plots and the page's files are found by id among what the
server knows.  Bound to a loopback address, the server answers only requests whose Host is a
loopback name (a page elsewhere cannot reach it through DNS rebinding); a request that changes
something and carries an Origin must come from the server's own origin.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import ipaddress
import random
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import __version__
from ..engine.picture import card_back_picture, card_picture
from ..errors import message_line, one_line
from ..players.names import registry_data
from ..spec.rules import Rules
from . import register, replay
from .refusals import rule_numbers
from .replay import Reports, read_report
from .requests import RequestError, read_json
from .tables import BOT_LIMITS, MAX_DEALS, SEARCH_SECONDS, GameTable, Refused, TableStore, rulesets
from .workers import SolveTimeout, Workers

MAX_BODY = 64 * 1024  # bytes of a request's body (a pasted record: MAX_PASTE characters and a little more)
MAX_PASTE_BODY = 512 * 1024
WAIT_SECONDS = 15.0  # how long a page's request for the next move waits
LANGS = ("en", "fr")
STATIC = {"/": ("index.html", "text/html; charset=utf-8"), "/static/app.js": ("app.js", "text/javascript; charset=utf-8"),
          "/static/style.css": ("style.css", "text/css; charset=utf-8")}
SECURITY_HEADERS = [
    (b"content-security-policy", b"default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
                                 b"object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"),
    (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"), (b"x-frame-options", b"DENY"),
]


@dataclass(frozen=True)
class Config:
    """How a server runs: where it listens (`host`: only loopback names may reach it when it is
    a loopback address), how many tables it keeps and for how long, its players' and solver's
    pools and their time bounds."""

    host: str = "127.0.0.1"
    max_tables: int = 2_000
    idle_seconds: float = 3_600.0
    bot_processes: int = 1
    bot_seconds: float = 60.0
    solve_seconds: float = 20.0

    @property
    def loopback(self) -> bool:
        return is_loopback(self.host)


def is_loopback(host: str) -> bool:
    if host in ("localhost", ""):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


@cache
def static_file(name: str) -> bytes:
    return resources.files("brou.web").joinpath("static", name).read_bytes()


def _error(message: str, where: str, status: int, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message_line(message, 300), "where": where, **extra}, status_code=status)


class Guard:
    """The outer layer of every request: loopback Host names only when bound to loopback, an
    Origin from elsewhere refused on a request that changes something, the security headers
    and the server's own time (Server-Timing) on every answer, and any failure a one-line 500
    (logged) rather than a traceback."""

    def __init__(self, app: ASGIApp, config: Config) -> None:
        self.app = app
        self.config = config

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        host = headers.get("host", "")
        name = host.rsplit(":", 1)[0] if not host.startswith("[") else host.split("]")[0] + "]"
        refusal = None
        if self.config.loopback and not is_loopback(name.strip("[]")):
            refusal = _error(f"this server answers only on its loopback address, not for host {host[:60]!r}",
                             "header.host", 403)
        elif scope["method"] not in ("GET", "HEAD", "OPTIONS") and "origin" in headers:
            origin = headers["origin"]
            if origin.split("://", 1)[-1] != host:
                refusal = _error(f"a request from another origin ({origin[:60]}) may not change anything here",
                                 "header.origin", 403)
        started = False
        began = time.perf_counter()
        waited = 0.0  # waiting for the body the client had not sent yet: the client's time, not the server's

        async def receive_timed() -> Message:
            nonlocal waited
            asked = time.perf_counter()
            message = await receive()
            if message["type"] == "http.request":
                waited += time.perf_counter() - asked
            return message

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                # the server's own time, in ms: from the request reaching the application to the answer's start,
                # less the time spent waiting for the rest of the body to come (`body`, apart)
                took = time.perf_counter() - began
                timing = f"app;dur={1000 * (took - waited):.2f}, body;dur={1000 * waited:.2f}".encode()
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS, (b"server-timing", timing)]
            await send(message)

        if refusal is not None:
            await refusal(scope, receive, send_with_headers)
            return
        try:
            await self.app(scope, receive_timed, send_with_headers)
        except Exception as exc:
            print(f"brou web: internal error on {scope.get('method')} {one_line(scope.get('path', ''))[:200]}: "
                  f"{exc.__class__.__name__}: {message_line(str(exc), 300)}", file=sys.stderr)
            if not started:
                response = _error(f"internal error ({exc.__class__.__name__}); the server goes on", "server", 500)
                await response(scope, receive, send_with_headers)


async def read_body(request: Request, limit: int = MAX_BODY) -> bytes:
    """The body, counted as it comes: RequestError (413) past `limit` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise RequestError(f"the body is {int(declared):,} bytes; at most {limit:,} are taken here", "body", 413)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise RequestError(f"the body is more than {limit:,} bytes; at most {limit:,} are taken here", "body", 413)
        chunks.append(chunk)
    return b"".join(chunks)


def lang_of(request: Request) -> str:
    lang = request.query_params.get("lang", "en")
    if lang not in LANGS:
        raise RequestError(f"lang is en or fr, not {lang[:20]!r}", "query.lang")
    return lang


def int_param(request: Request, name: str, default: int | None = None, low: int = 0,
              high: int = 10**9) -> int | None:
    text = request.query_params.get(name)
    if text is None or text == "":
        return default
    if not text.isdigit() or not low <= int(text) <= high:
        raise RequestError(f"{name} is a whole number from {low} to {high}, not {text[:20]!r}", f"query.{name}")
    return int(text)


class Server:
    """The state of a running server: its tables, reports, workers, and what moves its players."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.tables = TableStore(config.max_tables, config.idle_seconds)
        self.reports = Reports()
        self.workers = Workers(config.bot_processes, config.bot_seconds, config.solve_seconds)
        self.moved: dict[str, asyncio.Event] = {}
        self.driving: set[asyncio.Task[None]] = set()

    # -- the players of the registry -------------------------------------------------------

    def changed(self, table: GameTable) -> None:
        """Wake the pages waiting on `table`, and set its players of the registry going."""
        event = self.moved.pop(table.id, None)
        if event is not None:
            event.set()
        if table.next_bot() is not None and not table.thinking:
            table.thinking = True
            task = asyncio.get_running_loop().create_task(self.drive(table))
            self.driving.add(task)
            task.add_done_callback(self.driving.discard)

    async def drive(self, table: GameTable) -> None:
        """Let the players of the registry play while it is one's turn (each decision in a worker)."""
        rng = random.Random(table.bot_seed)
        try:
            while table.id in self.tables.tables:
                turn = table.next_bot()
                if turn is None:
                    break
                _, spec = turn
                version = table.version
                action, note = await self.workers.decide(spec.text, table.position_line(), rng.getrandbits(63) ^ version)
                if table.apply_bot(version, action):
                    table.note = note
                    event = self.moved.pop(table.id, None)
                    if event is not None:
                        event.set()
        except Exception as exc:  # a player that failed: said at the table, the table stays as it was
            table.note = f"a player of the registry failed ({exc.__class__.__name__}: {message_line(str(exc), 200)})"
            print(f"brou web: table {table.id}: {table.note}", file=sys.stderr)
        finally:
            table.thinking = False
            event = self.moved.pop(table.id, None)
            if event is not None:
                event.set()

    async def wait(self, table: GameTable, after: int) -> None:
        """Until the table moves past version `after` or its players stop thinking, WAIT_SECONDS at most."""
        loop = asyncio.get_running_loop()
        end = loop.time() + WAIT_SECONDS
        while table.version <= after and table.thinking:
            event = self.moved.setdefault(table.id, asyncio.Event())
            left = end - loop.time()
            if left <= 0:
                return
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), left)

    async def sweep(self) -> None:
        while True:
            await asyncio.sleep(60)
            for gone in self.tables.expire():
                self.moved.pop(gone, None)


def _state(table: GameTable, request: Request) -> JSONResponse:
    player = int_param(request, "player", None, 0, 63)
    if player is not None and player >= len(table.seats):
        raise RequestError(f"no player {player} at this table (players 0 to {len(table.seats) - 1})", "query.player")
    return JSONResponse(table.state(player, lang_of(request)))


def _check_id(text: str, what: str) -> str:
    if not 1 <= len(text) <= 100 or not all(c.isalnum() or c in "-_." for c in text):
        raise RequestError(f"{what} {text[:40]!r} is not an id", "path", 404)
    return text


def build(config: Config) -> tuple[Starlette, Server]:
    """The application and its server state."""
    server = Server(config)

    def handler(fn: Callable[[Request], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
        async def wrapped(request: Request) -> Response:
            try:
                return await fn(request)
            except RequestError as exc:
                return _error(exc.message, exc.where, exc.status)
            except Refused as exc:
                return _error(f"{exc.code}: {exc.message}", exc.where, 422, code=exc.code,
                              rule=None if exc.rule is None else {lang: exc.rule.data(lang) for lang in LANGS})
        return wrapped

    async def page(request: Request) -> Response:
        name, kind = STATIC[request.url.path]
        return Response(static_file(name), media_type=kind, headers={"cache-control": "no-cache"})

    async def meta(request: Request) -> Response:
        lang = lang_of(request)
        rulesets = await _off(_rulesets, lang)
        return JSONResponse({"version": __version__, "rulesets": rulesets,
                             "players": registry_data(), "limits": {"bots": BOT_LIMITS, "search_seconds": SEARCH_SECONDS,
                                                                    "deals": MAX_DEALS,
                                                                    "solve_seconds": config.solve_seconds}})

    async def card(request: Request) -> Response:
        ruleset, text = request.path_params["ruleset"], request.path_params["card"]
        if ruleset not in rulesets():
            raise RequestError(f"no ruleset {ruleset[:40]!r}", "path", 404)
        return Response(_card_svg(ruleset, text, lang_of(request)), media_type="image/svg+xml",
                        headers={"cache-control": "max-age=86400"})

    async def back(request: Request) -> Response:
        return Response(card_back_picture(), media_type="image/svg+xml", headers={"cache-control": "max-age=86400"})

    async def open_table(request: Request) -> Response:
        data = read_json(await read_body(request, MAX_PASTE_BODY))
        table = server.tables.open(data)
        server.changed(table)
        return JSONResponse(table.state(None, lang_of(request)), status_code=201)

    def table_of(request: Request) -> GameTable:
        return server.tables.get(_check_id(request.path_params["id"], "table"))

    async def get_table(request: Request) -> Response:
        table = table_of(request)
        after = int_param(request, "after", None, 0, 10**12)
        if after is not None:
            await server.wait(table, after)
        return _state(table, request)

    async def act(request: Request) -> Response:
        table = table_of(request)
        data = read_json(await read_body(request))
        table.act(data.get("player"), data.get("action"))
        server.changed(table)
        return _state(table, request)

    async def undo(request: Request) -> Response:
        table = table_of(request)
        table.undo()
        server.changed(table)
        return _state(table, request)

    async def go_on(request: Request) -> Response:
        table = table_of(request)
        if not table.paused:
            raise RequestError("no deal has just ended: nothing to go on from", "path", 409)
        table.go_on()
        server.changed(table)
        return _state(table, request)

    async def solve(request: Request) -> Response:
        table = table_of(request)
        body = await read_body(request)
        data = read_json(body) if body.strip() else {}
        player = data.get("player")
        seat = None
        if player is not None:
            if type(player) is not int or not 0 <= player < len(table.seats):
                raise RequestError(f"no player {player!r} at this table", "body.player")
            seat = table.seat_of(player)
        if table.deal.is_over:
            raise RequestError("the deal is over: there is nothing left to solve", "path", 409)
        version = table.version
        try:
            found = await server.workers.solve(table.position_line(), seat)
        except SolveTimeout as exc:
            raise RequestError(str(exc), "position", 503) from None
        if "error" in found:
            raise RequestError(found["error"], "position", 409)
        side = [table.player_of(s) for s in found.pop("side")]
        return JSONResponse(found | {"side": side, "version": version,
                                     "player": table.player_of(found.pop("seat")), "to_act": table.to_act})

    async def record(request: Request) -> Response:
        table = table_of(request)
        return JSONResponse({"record": table.record(), "position": table.position_line()})

    async def sheet(request: Request) -> Response:
        table = table_of(request)
        drawn = table.sheet(lang_of(request)).get("svg")
        if not drawn:
            raise RequestError("no score sheet yet (1802 and Brouc draw theirs once a deal is over)", "path", 404)
        return Response(drawn, media_type="image/svg+xml")

    async def close(request: Request) -> Response:
        server.tables.close(_check_id(request.path_params["id"], "table"))
        return Response(status_code=204)

    async def scenarios(request: Request) -> Response:
        q = request.query_params
        ruleset, origin = q.get("ruleset", ""), q.get("origin", "")
        if ruleset and ruleset not in rulesets():
            raise RequestError(f"no ruleset {ruleset[:40]!r}", "query.ruleset")
        offset = int_param(request, "offset", 0) or 0
        return JSONResponse(await _off(replay.search, q.get("q", "")[:200], ruleset, origin[:40], 100, offset))

    async def one_scenario(request: Request) -> Response:
        sid = _check_id(request.path_params["id"], "scenario")
        at = -1 if request.query_params.get("at") == "last" else int_param(request, "at", None, 0, 10_000)
        lang = lang_of(request)
        found = await _off(replay.scenario, sid)
        return JSONResponse(await _off(replay.walk, found, at, lang))

    async def upload(request: Request) -> Response:
        body = await read_body(request, replay.MAX_REPORT_BYTES)
        name = request.query_params.get("name", "")[:200]
        report = server.reports.add(await _off(read_report, body, name))
        return JSONResponse(report.summary(), status_code=201)

    async def reports(request: Request) -> Response:
        return JSONResponse({"reports": [r.summary() for r in server.reports.reports.values()]})

    def report_of(request: Request) -> replay.Report:
        return server.reports.get(_check_id(request.path_params["rid"], "report"))

    async def one_report(request: Request) -> Response:
        return JSONResponse(report_of(request).summary())

    async def drop_report(request: Request) -> Response:
        server.reports.remove(_check_id(request.path_params["rid"], "report"))
        return Response(status_code=204)

    async def failures(request: Request) -> Response:
        found = report_of(request)
        q = request.query_params
        return JSONResponse({"report": found.summary(),
                             "failures": found.failures(q.get("ruleset") or None, q.get("clause") or None)[:500]})

    async def report_scenario(request: Request) -> Response:
        found = report_of(request)
        sid = _check_id(request.path_params["sid"], "scenario")
        return JSONResponse(await _off(replay.failure, found, sid, lang_of(request)))

    async def matrix(request: Request) -> Response:
        ids = [i for i in request.query_params.get("ids", "").split(",") if i][:12]
        chosen = [server.reports.get(_check_id(i, "report")) for i in ids] if ids else list(
            server.reports.reports.values())
        return JSONResponse(replay.matrix(chosen))

    async def register_list(request: Request) -> Response:
        return JSONResponse({"entries": register.entries(lang_of(request))})

    async def register_entry(request: Request) -> Response:
        return JSONResponse(await _off(register.entry, _check_id(request.path_params["amb"], "entry"), lang_of(request)))

    async def plot(request: Request) -> Response:
        ruleset = request.path_params["ruleset"]
        if ruleset not in rulesets():
            raise RequestError(f"no ruleset {ruleset[:40]!r}", "path", 404)
        kind = request.query_params.get("of", "careful")
        if kind not in register.PLOTS:
            raise RequestError(f"of is {', '.join(register.PLOTS)}, not {kind[:20]!r}", "query.of")
        path = register.plot_path(_check_id(request.path_params["amb"], "entry"), ruleset, kind)
        if path is None:
            raise RequestError(f"no {kind} plot of that entry for that ruleset", "path", 404)
        return Response(path.read_bytes(), media_type="image/svg+xml")

    routes = [
        Route("/", handler(page)), Route("/static/app.js", handler(page)), Route("/static/style.css", handler(page)),
        Route("/api/meta", handler(meta)),
        Route("/api/card/{ruleset}/{card}.svg", handler(card)), Route("/api/back.svg", handler(back)),
        Route("/api/tables", handler(open_table), methods=["POST"]),
        Route("/api/tables/{id}", handler(get_table), methods=["GET"]),
        Route("/api/tables/{id}", handler(close), methods=["DELETE"]),
        Route("/api/tables/{id}/act", handler(act), methods=["POST"]),
        Route("/api/tables/{id}/undo", handler(undo), methods=["POST"]),
        Route("/api/tables/{id}/next", handler(go_on), methods=["POST"]),
        Route("/api/tables/{id}/solve", handler(solve), methods=["POST"]),
        Route("/api/tables/{id}/record", handler(record)),
        Route("/api/tables/{id}/sheet.svg", handler(sheet)),
        Route("/api/scenarios", handler(scenarios)), Route("/api/scenarios/{id}", handler(one_scenario)),
        Route("/api/reports", handler(upload), methods=["POST"]), Route("/api/reports", handler(reports)),
        Route("/api/reports/{rid}", handler(one_report), methods=["GET"]),
        Route("/api/reports/{rid}", handler(drop_report), methods=["DELETE"]),
        Route("/api/reports/{rid}/failures", handler(failures)),
        Route("/api/reports/{rid}/scenarios/{sid}", handler(report_scenario)),
        Route("/api/matrix", handler(matrix)),
        Route("/api/register", handler(register_list)), Route("/api/register/{amb}", handler(register_entry)),
        Route("/api/register/{amb}/plot/{ruleset}.svg", handler(plot)),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        loop = asyncio.get_running_loop()
        sweeper = loop.create_task(server.sweep())
        warming = loop.run_in_executor(None, _warm)  # the first page's data read now, not when it is asked for
        try:
            yield
        finally:
            sweeper.cancel()
            warming.cancel()
            for task in list(server.driving):
                task.cancel()
            server.workers.close()

    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={
        404: lambda request, exc: _error(f"nothing at {one_line(request.url.path)[:80]}", "path", 404),
        405: lambda request, exc: _error(f"{request.method} is not taken at {one_line(request.url.path)[:80]}",
                                         "method", 405)})
    app.add_middleware(Guard, config=config)
    return app, server


async def _off(fn: Callable[..., Any], *args: Any) -> Any:
    """`fn(*args)` in a thread: reading the corpus or walking a scenario takes a few hundred ms."""
    return await asyncio.get_running_loop().run_in_executor(None, fn, *args)


def create_app(config: Config | None = None) -> Starlette:
    """The application (`uvicorn brou.web.app:create_app --factory` serves it)."""
    return build(config or Config())[0]


def _warm() -> None:
    """Read at start what the pages and the tables read once: the rulesets for the form, the
    booklets' rule numbers (every refusal and every deal's end cites them), the corpus; then
    set all that the process holds so far apart from the collector (`gc.freeze`), so that a full
    collection, which otherwise walks the corpus and every ruleset (about 0.1 s), stops no move."""
    for lang in LANGS:
        _rulesets(lang)
    for ruleset in rulesets():
        rule_numbers(Rules.load(ruleset))
    replay.catalogue()
    gc.collect()
    gc.freeze()


@cache
def _rulesets(lang: str) -> list[dict[str, Any]]:
    return [_ruleset(r, lang) for r in rulesets()]


def _ruleset(ruleset: str, lang: str) -> dict[str, Any]:
    """A ruleset for the page's form: its title, its parameters (options, default, the register's
    entries), its readings, and how many sit at the table under each form."""
    rules = Rules.load(ruleset)
    params = {}
    for name, p in rules.data["parameters"].items():
        params[name] = {"options": p["options"], "default": p["default"], "range": p.get("range"),
                        "question": p.get("question", ""), "ambiguity": p.get("ambiguity", [])}
    forms = {}
    if "form" in params:
        for option in params["form"]["options"]:
            forms[str(option)] = Rules.load(ruleset, form=option).table_size
    return {"id": ruleset, "title": rules.data["title"][lang], "players": rules.table_size, "forms": forms,
            "params": params, "readings": register.readings(ruleset, lang)}


@cache
def _card_svg(ruleset: str, text: str, lang: str) -> str:
    rules = Rules.load(ruleset)
    try:
        card = rules.parse_card(text)
    except Exception:
        raise RequestError(f"{text[:20]!r} is no card of {ruleset}", "path", 404) from None
    return card_picture(rules, card, "fr" if lang == "fr" else "en")
