"""The web API (docs/web-api.md): games, views per seat, actions, undo, replay, websockets.

`create_app(db_url)` builds the app; `boardlab serve` runs it with uvicorn. Errors are JSON
`{"detail": message in the request's ?lang=, "code": message key}` with a status saying what
kind of refusal it is (403 no seat's token, 404 no such game, 409 not now, 413 too large,
422 invalid or illegal).
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import time
from collections import deque
from contextlib import asynccontextmanager
from urllib.parse import parse_qs

from fastapi import FastAPI, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from starlette.websockets import WebSocketDisconnect, WebSocketState

from ..core.errors import ConfigError
from ..core.i18n import check_lang
from ..core import registry
from ..core.registry import available_games
from . import web
from .errors import ApiError, Text, request_lang
from .guard import JsonDepth, RateLimit, SecurityHeaders, docs_page, origin_allowed
from .models import ActionBody, CreateGame, SocketAction, UndoAnswer, UndoBody
from .relay import Relay
from .store import DEFAULT_URL, Store
from .tables import Tables

MAX_BODY = 64 * 1024
MAX_SOCKET_MESSAGE = 4 * 1024  # what a client sends on a websocket: "ping" or one move
# Refused moves a websocket may send in a window before it is closed (each costs a check, and a database read).
MAX_REFUSALS, REFUSAL_WINDOW = 30, 10.0
MAX_ASSET_PARAMS, MAX_ASSET_KEY, MAX_ASSET_VALUE = 4, 64, 64  # an asset request names little
ASSET_KEY = re.compile(rf"[A-Za-z0-9_.-]{{1,{MAX_ASSET_KEY}}}")
SVG = "image/svg+xml"
log = logging.getLogger("boardlab.server")

LangQuery = Query("en", max_length=20, description="en, zh-Hant or zh-Hans: the language of texts and errors")
TokenQuery = Query(None, max_length=200, description="a human seat's secret token (none: the spectator)")


class BodyLimit:
    """ASGI middleware: a request body over `limit` bytes is refused with 413 before it is read
    (by its Content-Length) or as soon as the streamed body passes the limit."""

    def __init__(self, app, limit: int = MAX_BODY):
        self.app = app
        self.limit = limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    too_big = int(value) > self.limit
                except ValueError:
                    too_big = False
                if too_big:
                    return await self._refuse(scope, send)
        seen = 0
        started = refused = False

        async def limited_receive():
            nonlocal seen, refused
            if refused:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit and not started:
                    refused = True  # answer 413 now; the app sees a client that went away
                    await self._refuse(scope, send)
                    return {"type": "http.disconnect"}
            return message

        async def tracking_send(message):
            nonlocal started
            if refused:
                return
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        await self.app(scope, limited_receive, tracking_send)

    async def _refuse(self, scope, send):
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        lang = request_lang((query.get("lang") or ["en"])[0])
        body = json.dumps(ApiError(413, "server.err.too_large", limit=self.limit).body(lang),
                          ensure_ascii=False).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})


class _HideTokens(logging.Filter):
    pattern = re.compile(r"(token=)[^&\s\"']+")

    def filter(self, record: logging.LogRecord) -> bool:
        hide = lambda x: self.pattern.sub(r"\1***", x) if isinstance(x, str) and "token=" in x else x  # noqa: E731
        record.msg = hide(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(hide(a) for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: hide(v) for k, v in record.args.items()}
        return True


def hide_tokens_in_logs() -> None:
    """Seat tokens travel in URLs (?token=): keep them out of uvicorn's logs."""
    for name in ("uvicorn.access", "uvicorn.error"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, _HideTokens) for f in logger.filters):
            logger.addFilter(_HideTokens())


def _validation_summary(errors) -> list[dict]:
    out = []
    for e in errors:
        loc = ".".join(str(p) for p in e.get("loc", ()) if p != "body") or "body"
        out.append({"loc": loc, "msg": str(e.get("msg", "")), "type": str(e.get("type", ""))})
    return out


def _lang(lang: str) -> None:
    try:
        check_lang(lang)
    except ConfigError as exc:
        raise ApiError(422, error=exc) from None


def _asset_params(request: Request, game: str, name: str, key: str) -> dict[str, str]:
    """The query parameters an asset gets (not `lang`): a few short ones, each given once."""
    items = [(k, v) for k, v in request.query_params.multi_items() if k != "lang"]
    problem = None
    if len(items) > MAX_ASSET_PARAMS:
        problem = Text("server.err.asset_too_many", limit=MAX_ASSET_PARAMS, got=len(items))
    else:
        seen: set[str] = set()
        for k, v in items:
            if len(k) > MAX_ASSET_VALUE or len(v) > MAX_ASSET_VALUE:
                problem = Text("server.err.asset_long", param=k[:40], limit=MAX_ASSET_VALUE)
                break
            if k in seen:
                problem = Text("server.err.asset_repeated", param=k)
                break
            seen.add(k)
    if problem is not None:
        raise ApiError(422, "server.err.asset_params", game=game, name=name, asset=key, problem=problem)
    return dict(items)


def _game(name: str) -> str:
    if name not in available_games():
        raise ApiError(404, "server.err.no_game", game=name[:40], valid=", ".join(available_games()))
    return name


PAGE, MAX_PAGE = 50, 200  # the lobby list: games per page by default, at most
CREATE_LIMIT = (20, 60.0)  # new games per client address: at most 20 in any 60 seconds


def log_to_stderr() -> None:
    """The server's own notices (bots resumed, this process running the bots, a bot that stopped) on stderr,
    beside uvicorn's."""
    logger = logging.getLogger("boardlab")
    if not logger.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(levelname)s:     %(name)s: %(message)s"))
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)


def json_bytes(body: bytes, status: int = 200) -> Response:
    """A view already encoded (`Hub.view_json`): sent as it is."""
    return Response(body, status_code=status, media_type="application/json")


def _socket_action(message: str) -> str:
    """The action id of a move sent on a websocket, or a 413/422 ApiError naming what is wrong."""
    if len(message) > MAX_SOCKET_MESSAGE:
        raise ApiError(413, "server.err.too_large", limit=MAX_SOCKET_MESSAGE)
    try:
        return SocketAction.model_validate_json(message).action
    except ValidationError as exc:
        errors = _validation_summary(exc.errors())
        raise ApiError(422, "server.err.invalid", errors="; ".join(f"{e['loc']}: {e['msg']}" for e in errors)) from None


def _one_too_many(refusals: deque, now: float) -> bool:
    """Count a refused move; True once more than MAX_REFUSALS fall in REFUSAL_WINDOW seconds."""
    refusals.append(now)
    while refusals[0] <= now - REFUSAL_WINDOW:
        refusals.popleft()
    return len(refusals) > MAX_REFUSALS


def create_app(db_url: str | None = None, store: Store | None = None, *, bot_budget: float = 10.0,
               bot_processes: bool = False,
               create_limit: tuple[int, float] = CREATE_LIMIT, idle_seconds: float = 300.0,
               origins: tuple[str, ...] = ()) -> FastAPI:
    """`bot_budget`: seconds a bot may think per move; `bot_processes`: searching bots think in worker
    processes (`boardlab serve`; threads otherwise); `create_limit`: (games, seconds) per client;
    `idle_seconds`: a game nobody used for that long leaves memory; `origins`: pages of other
    origins whose websockets are accepted (besides this server's own)."""
    store = store or Store(db_url or DEFAULT_URL)
    tables = Tables(store, bot_budget=bot_budget, idle_seconds=idle_seconds, bot_processes=bot_processes)
    limiter = RateLimit(*create_limit)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        await asyncio.to_thread(store.migrate)
        relay = None
        if store.is_sqlite:  # one process: it runs the bots
            resumed = await tables.resume_bots()
            if resumed:
                log.info("resumed the bots of %d game(s)", resumed)
        else:  # maybe several processes: hear the others' changes; the one holding the lock runs the bots
            tables.bots.active = False
            relay = Relay(store.url, store.origin, tables.heard, tables.lead)
            relay.start()
        sweeper = asyncio.create_task(tables.sweep_forever())
        try:
            yield
        finally:
            sweeper.cancel()
            if relay is not None:
                await asyncio.to_thread(relay.stop)
            await tables.bots.stop()
            store.dispose()

    app = FastAPI(title="boardlab", version="1", lifespan=lifespan, docs_url=None, redoc_url=None,
                  description="The boardlab web table API; see docs/web-api.md.")
    app.state.tables = tables
    app.state.store = store
    app.state.limiter = limiter
    app.add_middleware(JsonDepth)  # innermost of the three: bodies reach it already limited in size
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    app.add_middleware(SecurityHeaders)

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError):
        return JSONResponse(exc.body(request_lang(request.query_params.get("lang"))), status_code=exc.status,
                            headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError):
        lang = request_lang(request.query_params.get("lang"))
        errors = _validation_summary(exc.errors())
        text = "; ".join(f"{e['loc']}: {e['msg']}" for e in errors)
        body = ApiError(422, "server.err.invalid", errors=text).body(lang)
        body["errors"] = errors
        return JSONResponse(body, status_code=422)

    # ---- HTTP ---------------------------------------------------------------------------
    @app.post("/api/games", status_code=201)
    async def create_game(body: CreateGame, request: Request):
        client = request.client.host if request.client else "-"
        taken = limiter.take(client)
        try:
            return await tables.create(body.game, body.players, body.options,
                                       [s.model_dump() for s in body.seats], body.seed)
        except ApiError:
            limiter.give_back(client, taken)
            raise

    @app.get("/api/games")
    async def list_games(offset: int = Query(0, ge=0, le=2 ** 31), limit: int = Query(PAGE, ge=1, le=MAX_PAGE)):
        games, total = await tables.summaries(offset, limit)
        return JSONResponse(games, headers={"X-Total-Count": str(total)})

    @app.get("/api/games/{game_id}")
    async def get_view(game_id: str, token: str | None = TokenQuery, lang: str = LangQuery):
        return json_bytes(await tables.look_json(game_id, token, lang))

    @app.post("/api/games/{game_id}/actions")
    async def post_action(game_id: str, body: ActionBody, lang: str = LangQuery):
        return json_bytes(await tables.act(game_id, body.token, body.action, lang))

    @app.post("/api/games/{game_id}/undo")
    async def post_undo(game_id: str, body: UndoBody, lang: str = LangQuery):
        status, view = await tables.undo_request(game_id, body.token, lang)
        return json_bytes(view, status)

    @app.post("/api/games/{game_id}/undo/answer")
    async def post_undo_answer(game_id: str, body: UndoAnswer, lang: str = LangQuery):
        return json_bytes(await tables.undo_answer(game_id, body.token, body.accept, lang))

    @app.get("/api/games/{game_id}/replay")
    async def get_replay(game_id: str, lang: str = LangQuery, start: int = Query(0, ge=0, le=2 ** 31),
                         count: int | None = Query(None, ge=1, le=2 ** 31)):
        body = await tables.replay(game_id, lang, start, count)
        return Response(body, media_type="application/json")

    # ---- websocket ----------------------------------------------------------------------
    @app.websocket("/ws/games/{game_id}")
    async def game_socket(websocket: WebSocket, game_id: str):
        token = websocket.query_params.get("token")
        lang = websocket.query_params.get("lang", "en")
        await websocket.accept()
        try:
            origin = websocket.headers.get("origin")
            if not origin_allowed(origin, websocket.headers.get("host"), origins):
                raise ApiError(403, "server.err.origin", origin=origin[:100])
            live, seat = await tables.watch(game_id, token, lang)
        except ApiError as exc:
            await websocket.send_json({"type": "error", "status": exc.status, **exc.body(request_lang(lang))})
            await websocket.close(code=4000 + exc.status)
            return
        sub = tables.hub.subscribe(live, seat, lang)

        async def sender():
            while True:
                await websocket.send_text(await sub.next())

        refusals: deque = deque()

        async def receiver():
            while True:  # clients need not send anything; "ping" is answered, a move is played
                try:
                    message = await websocket.receive_text()
                except KeyError:  # a binary frame: this protocol has none
                    await websocket.close(code=1003)
                    return
                if message.strip() == "ping":
                    await websocket.send_json({"type": "pong"})
                    continue
                try:  # one move at a time per connection; the new view comes back as the push everyone gets
                    await tables.act(game_id, token, _socket_action(message), lang, answer=False)
                except ApiError as exc:  # the move is refused, the connection stays ("error" closes it)
                    await websocket.send_json({"type": "refused", "status": exc.status, **exc.body(request_lang(lang))})
                    if _one_too_many(refusals, time.monotonic()):
                        flood = ApiError(429, "server.err.refusals", limit=MAX_REFUSALS, window=int(REFUSAL_WINDOW))
                        await websocket.send_json({"type": "error", "status": 429, **flood.body(request_lang(lang))})
                        await websocket.close(code=4429)
                        return

        tasks = [asyncio.create_task(sender()), asyncio.create_task(receiver())]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for t in tasks:
                t.cancel()
            for t in tasks:
                try:
                    await t
                except (asyncio.CancelledError, WebSocketDisconnect, RuntimeError, OSError):
                    pass  # the connection ended (RuntimeError, OSError: sending on a closed one)
                except Exception:
                    log.exception("the websocket of game %s failed", game_id)
            tables.hub.unsubscribe(game_id, sub)
            if websocket.application_state == WebSocketState.CONNECTED:
                with contextlib.suppress(RuntimeError, OSError, WebSocketDisconnect):
                    await websocket.close(code=1011)  # a task failed: the client reconnects

    # ---- the browser client (docs/web-api.md, "Client endpoints") ---------------------------
    @app.get("/api/meta")
    async def meta(lang: str = LangQuery):
        _lang(lang)
        return web.lobby_meta(lang)

    @app.get("/api/rules/{game}/{rule_id}")
    async def rule(game: str, rule_id: str, lang: str = LangQuery):
        _lang(lang)
        text = web.rule_text(_game(game), rule_id, lang)
        if text is None:
            raise ApiError(404, "server.err.no_rule", id=rule_id)
        return {"game": game, "id": rule_id, "lang": lang, "text": text}

    @app.get("/api/games/{game_id}/board.svg")
    async def board(game_id: str, token: str | None = TokenQuery, lang: str = LangQuery):
        view = await tables.look(game_id, token, lang)
        return Response(await asyncio.to_thread(web.board_svg, view, lang), media_type=SVG)

    @app.get("/api/games/{game_id}/replay/{step}/board.svg")
    async def replay_board(game_id: str, step: int, lang: str = LangQuery):
        view = await tables.replay_view(game_id, step, lang)
        return Response(await asyncio.to_thread(web.board_svg, view, lang), media_type=SVG)

    @app.get("/api/assets/{game}/{name}/{key}")
    async def asset(game: str, name: str, key: str, request: Request):
        """A picture a game registers (GameInfo.assets), e.g. `carcassonne/tile/D?rotation=1`.
        `lang` only words the errors; every other query parameter goes to the game's asset."""
        assets = registry.info(_game(game)).assets
        if name not in assets:
            raise ApiError(404, "server.err.no_asset_kind", game=game, name=name[:40],
                           valid=", ".join(sorted(assets)) or "-")
        if not ASSET_KEY.fullmatch(key):
            raise ApiError(422, "server.err.asset_key", asset=key[:40], limit=MAX_ASSET_KEY)
        params = _asset_params(request, game, name, key)
        try:
            content, media = assets[name](key, params)
        except (ConfigError, KeyError, TypeError, ValueError) as exc:  # the game's reason, e.g. "rotation must be 0-3"
            query = "&".join(f"{k}={v}" for k, v in params.items())
            reason = exc.text(request_lang(request.query_params.get("lang"))) if isinstance(exc, ConfigError) else \
                " ".join(str(exc).split())
            raise ApiError(404, "server.err.asset_refused", game=game, name=name, asset=key + (f"?{query}" if query else ""),
                           reason=reason[:200] or type(exc).__name__) from None
        return Response(content, media_type=media, headers={"Cache-Control": "public, max-age=86400"})

    app.mount("/static", StaticFiles(directory=web.STATIC), name="static")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon():
        return FileResponse(web.STATIC / "favicon.ico", media_type="image/x-icon",
                            headers={"Cache-Control": "public, max-age=86400"})

    @app.get("/docs", response_class=HTMLResponse, include_in_schema=False)
    async def docs():
        return HTMLResponse(docs_page(app.openapi()))

    @app.get("/", response_class=FileResponse, include_in_schema=False)
    @app.get("/play/{game_id}", response_class=FileResponse, include_in_schema=False)
    @app.get("/replay/{game_id}", response_class=FileResponse, include_in_schema=False)
    async def page(game_id: str | None = None):
        return FileResponse(web.STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    return app
