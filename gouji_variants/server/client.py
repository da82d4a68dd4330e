"""A small client of the room protocol (docs/protocol.md): one seat or spectator over one WebSocket.
``gouji bot --connect``, the tests and the benchmark use it."""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import secrets
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from ..ruleset.catalog import Catalog
from ..ruleset.compiler import compile_data
from ..ruleset.model import Ruleset
from .protocol import PROTOCOL, ProtocolError, observation_from_json, whole_observation

#: seconds a client waits for a message before giving up
TIMEOUT = 30.0


class ClientError(Exception):
    """The server answered with an error, or did not answer in time."""


def wait_for_server(http: str, seconds: float, alive: Callable[[], bool] = lambda: True) -> bool:
    """Whether the server at ``http`` (``http://host:port``) answers ``GET /api/v1`` within ``seconds``,
    asking every 0.1 s while ``alive()`` (e.g. its process still runs)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end and alive():
        try:
            with urllib.request.urlopen(f"{http}/api/v1", timeout=1) as answer:
                if answer.status == 200:
                    return True
        except (urllib.error.URLError, OSError):
            time.sleep(0.1)
    return False


class Client:
    """One session: keeps the room, the seat, its token and the last state it was sent."""

    def __init__(self, websocket: ClientConnection, keep: bool = False) -> None:
        self.websocket = websocket
        self.room: dict[str, Any] | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.state: dict[str, Any] | None = None
        #: the action id of the last act answered as accepted: by ``done``, or on a state (``done_in_state``)
        self.done: str | None = None
        #: with ``keep``, every message in order: its text as it came and the message as read (filled in)
        self.received: list[tuple[str, dict[str, Any]]] | None = [] if keep else None
        self._ids = itertools.count()
        self._session = secrets.token_hex(4)  # action ids unique across this seat's sessions

    @classmethod
    async def connect(cls, url: str, max_size: int = 2**22, keep: bool = False) -> Client:
        """A client connected to ``url``; ``keep``: keep every message received (:attr:`received`)."""
        return cls(await connect(url, max_size=max_size, open_timeout=TIMEOUT), keep)

    async def close(self) -> None:
        await self.websocket.close()

    async def send(self, message: dict[str, Any]) -> None:
        await self.websocket.send(json.dumps(message, ensure_ascii=False))

    async def receive(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The next message (kept in :attr:`received` if asked; a ``state``, ``welcome`` or ``room`` also updates
        what the client knows). In a lean session a state's unchanged fields, its earlier history and a
        room's unchanged rules are filled in from what came before, so that each message reads whole."""
        try:
            raw = await asyncio.wait_for(self.websocket.recv(), timeout)
        except asyncio.TimeoutError:
            raise ClientError(f"no message from the server in {timeout:g} seconds") from None
        message: dict[str, Any] = json.loads(raw)
        if self.received is not None:
            self.received.append((str(raw), message))
        kind = message.get("type")
        if kind == "state":
            if "history_from" in message:
                try:
                    message["observation"] = whole_observation(self.state and self.state["observation"], message)
                except ProtocolError as error:
                    raise ClientError(error.message) from None
                del message["history_from"]
            self.state = message
            self.done = message.get("done", self.done)
        elif kind == "done":
            self.done = message["action_id"]
        elif kind in ("welcome", "room"):
            if "rules" not in message["room"] and self.room is not None:
                message["room"]["rules"] = self.room["rules"]
            self.room = message["room"]
            if kind == "welcome":
                self.seat, self.token = message["seat"], message.get("token", self.token)
        return message

    async def until(self, *kinds: str, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The next message of one of ``kinds``; ClientError on an ``error`` or a timeout."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            message = await self.receive(max(0.0, end - loop.time()))
            if message["type"] in kinds:
                return message
            if message["type"] == "error" and "error" not in kinds:
                raise ClientError(f"{message['code']}: {message['message']}")

    async def open(self, kind: str, room: str, **fields: Any) -> dict[str, Any]:
        """``join``, ``resume`` or ``watch``, answered by ``welcome``."""
        await self.send({"type": kind, "v": PROTOCOL, "room": room, **fields})
        return await self.until("welcome")

    async def act(self, action: dict[str, Any], action_id: str | None = None,
                  version: int | None = None) -> str:
        """Send ``action`` at the last state's version; returns the action id (the answer is received later)."""
        assert self.state is not None
        action_id = action_id or f"{self._session}-{next(self._ids)}"
        await self.send({"type": "act", "action_id": action_id,
                         "version": self.state["version"] if version is None else version, "action": action})
        return action_id


def room_ruleset(room: dict[str, Any], catalog: Catalog | None = None) -> Ruleset:
    """The room's rules, compiled on the client's side from the resolved rules its description carries."""
    return compile_data(room["rules"]["resolved"], "<room rules>", catalog)


async def play_seat(client: Client, spec: str, ruleset: Ruleset, seed: int = 0,
                    stop_when_over: bool = True) -> None:
    """Play the client's seat with bot ``spec`` until the match is over (or the connection closes)."""
    from .bots import decide_from_observation

    rng = random.Random(seed)
    while True:
        message = await client.receive(timeout=24 * 3600)
        if message["type"] == "game_over" and message["match_over"] and stop_when_over:
            return
        state = client.state
        if message["type"] != "state" or state is None or state["legal"] is None:
            continue
        seen = observation_from_json(state["observation"])
        action = await asyncio.to_thread(decide_from_observation, ruleset, seen, state["legal"], spec,
                                         rng.getrandbits(32))
        await client.act(action)
