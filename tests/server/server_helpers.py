"""A real room server for the tests: a uvicorn subprocess on 127.0.0.1 and a free port, always
stopped; and clients that sit at its seats."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx

from gouji_variants.server.client import Client, wait_for_server

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
WAIT = 30.0  # seconds a test waits for any one message


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """``with Server(db, pace=0) as server:`` a running service, its rooms in ``db`` (a SQLite file's path or
    a PostgreSQL URL); ``server.kill()`` kills it (-9)."""

    def __init__(self, db: Path | str, **options: Any) -> None:
        # test clients act as soon as their turn comes, faster than any person: the message rate is limited
        # only where a test says so (the hostile tests check the limit)
        limits = {"rate": 10_000.0, "burst": 10_000, **options.pop("limits", {})}
        self.db, self.options = db, {"pace": 0.0, "processes": 0, "tick": 0.05, "limits": limits, **options}
        self.process: subprocess.Popen[bytes] | None = None
        self.port = 0

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/v1"

    def start(self, same_port: bool = False) -> Server:
        """Start the server on a free port (``same_port``: on the port it had, as a restarted server is)."""
        self.port = self.port if same_port and self.port else free_port()
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
        self.process = subprocess.Popen([sys.executable, str(HERE / "run_server.py"), str(self.port), str(self.db),
                                         json.dumps(self.options)], env=env, stderr=subprocess.PIPE)
        process = self.process
        if wait_for_server(self.http, WAIT, lambda: process.poll() is None):
            return self
        if process.poll() is not None:
            raise RuntimeError(f"the server exited: {process.stderr.read().decode()}")  # type: ignore[union-attr]
        self.stop()
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(WAIT)

    def stop(self) -> str:
        """Stop the server; what it wrote on standard error."""
        if self.process is None:
            return ""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(WAIT)
            except subprocess.TimeoutExpired:
                self.kill()
        errors = self.process.stderr.read().decode() if self.process.stderr else ""
        self.process.stderr.close() if self.process.stderr else None
        self.process = None
        return errors

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def create(self, **body: Any) -> dict[str, Any]:
        answer = httpx.post(f"{self.http}/api/v1/rooms", json={"host": "host", **body}, timeout=WAIT)
        assert answer.status_code == 201, answer.text
        found: dict[str, Any] = answer.json()
        return found


async def seated(server: Server, created: dict[str, Any], names: list[str], keep: bool = False,
                 **options: Any) -> list[Client]:
    """The host resumed at its seat and one client joined per name, every welcome received; ``options``
    of the sessions (``lean``, ``confirm``); ``keep``: the clients keep every message."""
    host = await Client.connect(server.ws, keep=keep)
    await host.open("resume", created["room"], token=created["token"], **options)
    clients = [host]
    for name in names:
        client = await Client.connect(server.ws, keep=keep)
        await client.open("join", created["room"], name=name, **options)
        clients.append(client)
    return clients


async def close_all(clients: list[Client]) -> None:
    for client in clients:
        await client.close()


async def latest(client: Client, version: int) -> dict[str, Any]:
    """The client's state at ``version`` (messages before it read and kept)."""
    while client.state is None or client.state["version"] < version:
        await client.until("state", timeout=WAIT)
    assert client.state["version"] == version, (client.state["version"], version)
    return client.state


async def drive(clients: list[Client], version: int, until: int, rng: Any) -> int:
    """Six people play random legal actions, one at a time, from ``version`` to ``until``; the version reached.
    (Random play may end a game within a few dozen actions, 诈烧 ranking seats at once: a room driven far
    plays a match of several games, so that a seat always has a decision.)"""
    while version < until:
        states = [await latest(client, version) for client in clients]
        movers = [client for client, state in zip(clients, states, strict=True) if state["legal"] is not None]
        assert len(movers) == 1, f"at version {version}, {len(movers)} seats have a decision (a match over?)"
        [mover] = movers
        await mover.act(rng.choice(mover.state["legal"]))  # type: ignore[index]
        await mover.until("done", timeout=WAIT)
        version += 1
    return version
