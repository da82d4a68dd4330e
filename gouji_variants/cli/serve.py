"""The room service: ``gouji serve`` runs it, ``gouji bot --connect`` sits a bot at one of its seats
through the protocol (docs/protocol.md). Both need the ``[web]`` extra."""

from __future__ import annotations

import asyncio
import importlib.util
import signal
import urllib.parse

import click

from .common import EXIT_USAGE, command, fail
from .running import agent_named, bot_option

_EXTRA = ("the room service needs the [web] extra: pip install 'gouji-variants[web]' "
          "(starlette, uvicorn, websockets, platformdirs)")


def _need_web() -> None:
    missing = [name for name in ("starlette", "uvicorn", "websockets", "platformdirs")
               if importlib.util.find_spec(name) is None]
    if missing:
        fail(f"error: {_EXTRA}; missing: {', '.join(missing)}", EXIT_USAGE)


@command("serve", exits={
    0: "stopped (Ctrl-C or SIGTERM)", 2: "the [web] extra is missing, the address cannot be bound, --db is "
                                         "neither a path nor a postgresql:// URL or cannot be opened, a bad --shard"})
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="The port.")
@click.option("--db", metavar="PATH|URL",
              help="Where rooms are kept: a SQLite file (default: rooms.sqlite3 in the user's data folder) or a "
                   "PostgreSQL database, postgresql://user:password@host:port/name (the [postgres] extra).")
@click.option("--bot-pace", type=click.FloatRange(0, 60), default=1.0, show_default=True,
              help="Seconds a bot takes at least for a decision (a human pace).")
@click.option("--bot-workers", type=click.IntRange(0, 64), default=1, show_default=True,
              help="Worker processes in which search bots (strong, search:...) think, each one decision at a time: "
                   "more serve many such tables at once; 0 thinks in the server's threads, holding its other rooms.")
@click.option("--deflate/--no-deflate", default=False, show_default=True,
              help="Compress WebSocket messages (permessage-deflate, when the client offers it): fewer bytes "
                   "for more server CPU and memory a connection (docs/protocol.md, Capacity).")
@click.option("--shard", metavar="I/N",
              help="Process I of N sharing --db: make room codes that name it and keep only those rooms; a "
                   "proxy routes by code (docs/protocol.md, Several processes or machines).")
def serve(host: str, port: int, db: str | None, bot_pace: float, bot_workers: int, deflate: bool,
          shard: str | None) -> None:
    """Run the room service: rooms where six seats agree on the rules, then play (docs/protocol.md)."""
    _need_web()
    from ..server.app import create_app, server
    from ..server.databases import describe, open_store
    from ..server.shards import Shard
    from ..server.store import StoreError, default_path

    try:
        owned = None if shard is None else Shard.parse(shard)
    except ValueError as error:
        fail(f"error: --shard: {error}", EXIT_USAGE)
    try:
        store = open_store(db)
    except StoreError as error:
        fail(f"error: {error}", EXIT_USAGE)
    click.echo(f"gouji serve: http://{host}:{port}/ (rooms kept in {describe(db or default_path())})", err=True)
    def stopped(*_: object) -> None:  # (uvicorn stops gracefully on these, then raises them again)
        raise SystemExit(0)

    for stop in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stop, stopped)
    running = server(create_app(store, pace=bot_pace, processes=bot_workers, shard=owned), host, port, deflate=deflate)
    running.run()
    if not running.started:
        fail(f"error: cannot listen on {host}:{port}", EXIT_USAGE)


@command("bot", exits={0: "the match is over", 2: "the [web] extra is missing, a bad --agent, the server cannot be "
                       "reached or refuses the seat (no such room, full, a bad token)"})
@click.option("--connect", "url", required=True, metavar="URL",
              help="The server's WebSocket, e.g. ws://127.0.0.1:8000/ws/v1 (a http:// URL is turned into it).")
@click.option("--room", "code", required=True, metavar="CODE", help="The room's code.")
@bot_option("--agent", "spec", "heuristic", "The bot that plays the seat:")
@click.option("--name", default="bot", show_default=True, help="The name shown at the seat.")
@click.option("--seat", type=click.IntRange(0, 5), help="The seat to take (default: the first free one).")
@click.option("--token", help="Resume a seat with its token instead of joining.")
def bot_command(url: str, code: str, spec: str, name: str, seat: int | None, token: str | None) -> None:
    """Sit a bot at a room's seat through the protocol, accept the room's rules, and play the match."""
    _need_web()
    agent_named(spec, "--agent")
    from ..server.client import Client, ClientError, play_seat, room_ruleset

    if url.startswith(("http://", "https://")):
        url = "ws" + url[4:].rstrip("/") + "/ws/v1"
    if "?" not in url:  # the room in the URL too: a proxy in front of several processes routes by it
        url += "?" + urllib.parse.urlencode({"room": code})

    async def run() -> None:
        client = await Client.connect(url)
        try:
            if token is not None:
                await client.open("resume", code, token=token, lean=True, done_in_state=True)
            else:
                await client.open("join", code, name=name, lean=True, done_in_state=True,
                                  **({} if seat is None else {"seat": seat}))
            assert client.room is not None
            click.echo(f"seat {client.seat}, token {client.token}", err=True)
            if client.room["phase"] == "lobby":
                await client.send({"type": "accept", "fingerprint": client.room["rules"]["fingerprint"]})
            await play_seat(client, spec, room_ruleset(client.room))
        finally:
            await client.close()

    try:
        asyncio.run(run())
    except (ClientError, OSError) as error:
        fail(f"error: {url}: {error}", EXIT_USAGE)
