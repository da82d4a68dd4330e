"""The room service as a Starlette app: the room HTTP endpoints under ``/api/v1/rooms``, the
WebSocket at ``/ws/v1`` (docs/protocol.md); the rooms themselves are in :mod:`.service`.

:func:`create_app` takes the routes of other modules (the page's) as one list, so that the app is
extended by adding routes, not by editing it."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, cast

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from .. import __version__
from ..text import card as card_
from ..text.explain import Lang
from .bots import Bots
from .databases import open_store
from .limits import Limits
from .protocol import PROTOCOL, ProtocolError, check, dumps, json_object, parse_client, read_body
from .rooms import AWAY_GRACE
from .rulesource import Rulebook, RuleSource
from .service import Conn, Service
from .service import Send as Sending
from .shards import Shard
from .store import Store

if TYPE_CHECKING:
    import uvicorn

log = logging.getLogger("gouji.server")


# ── HTTP and WebSocket endpoints ──────────────────────────────────────────────────────────────────

def _error(status: int, error: ProtocolError) -> JSONResponse:
    found = error.to_json()
    del found["type"]
    return JSONResponse({"error": found}, status_code=status)


_STATUS = {"no-room": 404, "rooms": 429, "too-large": 413}


async def _body(request: Request, limit: int) -> dict[str, Any]:
    return json_object(await read_body(request.stream(), limit), "the body")


class Endpoint:
    """An ASGI app made of ``app``: a route hands a function a Starlette WebSocket, and an app the server's
    own ``send``, which the socket's writer calls for each frame."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.app(scope, receive, send)


def _routes(service: Service) -> list[BaseRoute]:
    limits = service.limits

    async def about(request: Request) -> Response:
        return JSONResponse({"protocol": PROTOCOL, "version": __version__})

    async def create(request: Request) -> Response:
        try:
            body = await _body(request, limits.message_bytes)
            check("create", {"type": "create", **body})
            await service.compiled(RuleSource.of(body))
            address = request.client.host if request.client else "?"
            return JSONResponse(await service.create(address, body), status_code=201)
        except ProtocolError as error:
            return _error(_STATUS.get(error.code, 400), error)

    async def show(request: Request) -> Response:
        try:
            live = service.live(request.path_params["code"])
        except ProtocolError as error:
            return _error(404, error)
        return JSONResponse(live.room.description(service._spectators(live)))

    async def card(request: Request) -> Response:
        try:
            room = service.live(request.path_params["code"]).room
        except ProtocolError as error:
            return _error(404, error)
        lang: Lang = "zh" if request.query_params.get("lang") == "zh" else "en"
        asked = request.query_params.get("format", "html")
        fmt: card_.Format = "md" if asked == "md" else "txt" if asked == "txt" else "html"
        text = await asyncio.to_thread(service.rulebook.card_text, room.ruleset, lang, fmt)
        media = {"html": "text/html", "md": "text/markdown", "txt": "text/plain"}[fmt]
        return Response(text, media_type=f"{media}; charset=utf-8")

    async def diff(request: Request) -> Response:
        try:
            room = service.live(request.path_params["code"]).room
            body = await _body(request, limits.message_bytes)
            check("diff", {"type": "diff", **body})
            return JSONResponse(await service.diff(room, body))
        except ProtocolError as error:
            return _error(_STATUS.get(error.code, 400), error)

    async def records(request: Request) -> Response:
        code = request.path_params["code"]
        found = await service.records(code)
        if not found and code not in service.rooms:
            return _error(404, ProtocolError("no-room", "no such room"))
        return PlainTextResponse("".join(dumps(r) + "\n" for r in found),
                                 media_type="application/x-ndjson")

    async def socket(scope: Scope, receive: Receive, send: Send) -> None:
        websocket = WebSocket(scope, receive, send)
        await websocket.accept()
        conn = Conn(websocket, limits, cast(Sending, send))  # (each frame to the server's send: no check on the way)
        writer = asyncio.create_task(conn.writer())
        try:
            while not writer.done():
                raw = await websocket.receive()
                if raw["type"] == "websocket.disconnect":
                    break
                text: str | bytes = raw.get("text") or raw.get("bytes") or b""
                if len(text) > limits.message_bytes:
                    conn.send(ProtocolError("too-large", f"a message is at most {limits.message_bytes} bytes")
                              .to_json())
                    conn.close()
                    break
                if not conn.bucket.take():
                    conn.send(ProtocolError("rate", "too many messages: slow down").to_json())
                    continue
                try:
                    message = parse_client(text)
                    if message["type"] == "diff" and conn.code is not None:  # (a session's first message opens it)
                        conn.send({"type": "diff_result", "diff": await service.diff(service.live(conn.code).room,
                                                                                     message)})
                        continue
                    if message["type"] == "hint":
                        conn.send(await service.hint(conn))
                        continue
                    if message["type"] in ("rules", "propose"):
                        await service.compiled(RuleSource.of(message))
                    await service.handle(conn, message)
                except ProtocolError as error:
                    conn.send(error.to_json())
                except Exception:
                    log.exception("a message could not be handled")
                    conn.send(ProtocolError("internal", "the server failed on this message; nothing changed").to_json())
        except WebSocketDisconnect:
            pass
        finally:
            service.disconnect(conn)
            conn.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 5)

    return [Route("/api/v1", about), Route("/api/v1/rooms", create, methods=["POST"]),
            Route("/api/v1/rooms/{code}", show), Route("/api/v1/rooms/{code}/card", card),
            Route("/api/v1/rooms/{code}/diff", diff, methods=["POST"]),
            Route("/api/v1/rooms/{code}/records", records), WebSocketRoute("/ws/v1", Endpoint(socket))]


def create_app(db: Path | str | Store | None = None, *, limits: Limits | None = None, pace: float = 1.0,
               grace: float = AWAY_GRACE, processes: int = 1, tick: float = 0.25,
               routes: Sequence[BaseRoute] = (), shard: Shard | None = None) -> Starlette:
    """The room service: rooms kept in ``db`` (a SQLite file, default under the user's data folder, a
    ``postgresql://`` URL: :func:`.databases.open_store`; or a :class:`Store`), bots acting no sooner than
    ``pace`` seconds, search bots in ``processes`` worker processes, a disconnected player's decision
    handed to a bot after ``grace`` seconds, the web page (:mod:`.page`) and ``routes`` added; with
    ``shard``, only the rooms whose code names it (:mod:`.shards`)."""
    store = db if db is not None and not isinstance(db, (str, Path)) else open_store(db)
    bots = Bots(pace, processes)
    service = Service(store, Rulebook(), bots, limits or Limits(), grace, shard)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        service.resume_all()
        warming = asyncio.create_task(asyncio.to_thread(service.rulebook.warm))

        async def ticking() -> None:
            while True:
                await asyncio.sleep(tick)
                try:
                    await service.tick(time.monotonic())
                except Exception:  # (a store that failed: the next tick tries again)
                    log.exception("the rooms' timers could not be run")

        ticker = asyncio.create_task(ticking())
        try:
            yield
        finally:
            ticker.cancel()
            warming.cancel()
            for live in service.rooms.values():
                if live.bot is not None:
                    live.bot.cancel()
            bots.close()
            store.close()

    from . import page  # the web page and its rules endpoints, served beside the rooms

    app = Starlette(routes=[*_routes(service), *page.routes(), *routes], lifespan=lifespan)
    app.state.service = service
    return app


#: the garbage collector's thresholds in a server process. Python's (700, 10, 10) run a full collection
#: every few seconds under load, and with 300 rooms in memory one takes 0.1-0.4 s, every room waiting.
#: A young collection scans the young objects that still live, and its threshold counts objects made less
#: those freed, of any age: each action replaces its room's newest objects (the seats' views, the new
#: history), freeing older ones, so the count barely moves, and where young collections come further apart
#: than a room's actions, the young generation holds every room's newest objects and each young collection
#: scans them all (issue 34: 100,000 young, 160,000-300,000 objects, 80 ms at 300 rooms, 250 ms at 1,000).
#: 10,000 makes them come more often than a room acts (one to three a second at 300-1,000 rooms), so that
#: one holds the objects of the last fraction of a second, whatever the rooms: p50 3-13 ms, the longest 40-80
#: ms, for some 0.05 ms more CPU an action (what lives until the room's next action is now scanned once).
#: A middle collection scans every room's objects whatever its threshold: it comes after 1,000 young ones
#: (some minutes at 300 rooms: 0.2 s), a full one after 10 middle ones, and only once the objects kept since
#: the last reach a quarter of all (Python's rule).
GC_THRESHOLDS: Final = (10_000, 1_000, 10)


def server(app: Starlette, host: str, port: int, *, limits: Limits | None = None,
           deflate: bool = False) -> uvicorn.Server:
    """The uvicorn server that runs ``app`` for ``gouji serve`` (and the tests and the benchmark, so they
    run what users run): a WebSocket message up to four times ``limits.message_bytes`` reaches the app
    (which answers ``too-large`` above the limit), a larger one closes the connection (1009);
    permessage-deflate only when ``deflate`` (lean messages are small; in bench_rooms it cost a third
    more server CPU an action and nearly twice the memory a room); uvloop and httptools where installed
    (the ``[web]`` extra).

    Tunes the process's garbage collector for a server (:data:`GC_THRESHOLDS`): what start made (the
    modules, the catalogue, 大纲 and its card, compiled here before listening) is frozen, never scanned
    again."""
    import uvicorn

    service = getattr(app.state, "service", None)
    if isinstance(service, Service):
        service.rulebook.warm()
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)

    config = uvicorn.Config(app, host=host, port=port, log_level="warning",
                            ws_max_size=4 * (limits or Limits()).message_bytes, ws_per_message_deflate=deflate)
    return uvicorn.Server(config)
