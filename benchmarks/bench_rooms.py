"""Rooms under load: N concurrent rooms of six real WebSocket clients on loopback, each person acting
at a human pace, against a `gouji serve` process. Prints the rooms held, the p50/p99 latency from an
action to its broadcast (the state at the new version received by each of the room's six clients),
the server's memory per room, and messages lost or out of order (a state whose version is not the
last one plus one).

    python benchmarks/bench_rooms.py --rooms 300 --seconds 60 --pace 2

Bounded: at most --rooms rooms (up to 1000) for at most --seconds seconds (up to 600)."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gouji_variants.server.client import Client  # noqa: E402

SERVER = """
import sys, uvicorn
from gouji_variants.server.app import create_app
from gouji_variants.server.limits import Limits
uvicorn.run(create_app(sys.argv[2], pace=1.0, limits=Limits(rooms_per_address=10_000, idle_lobby=3600)),
            host="127.0.0.1", port=int(sys.argv[1]), log_level="warning", ws_max_size=1 << 20)
"""


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class Room:
    def __init__(self) -> None:
        self.sent: dict[int, float] = {}  # version -> when the action leading to it was sent
        self.latencies: list[float] = []
        self.disorder = 0
        self.actions = 0


async def person(client: Client, room: Room, pace: float, end: float, rng: random.Random) -> None:
    last = None
    while time.monotonic() < end:
        try:
            message = await client.receive(timeout=max(0.1, end - time.monotonic()))
        except Exception:
            return
        now = time.monotonic()
        if message["type"] == "game_over":
            last = None
        if message["type"] != "state":
            continue
        version = message["version"]
        if last is not None and version != last + 1:
            room.disorder += 1
        last = version
        if version in room.sent:
            room.latencies.append(now - room.sent[version])
        if message["legal"] is not None:
            await asyncio.sleep(pace * rng.uniform(0.5, 1.5))
            if time.monotonic() >= end:
                return
            room.sent[version + 1] = time.monotonic()
            room.actions += 1
            await client.act(rng.choice(message["legal"]))


async def one_room(http: httpx.AsyncClient, ws: str, index: int, pace: float, end: float,
                   ready: list[int]) -> tuple[Room, list[Client]]:
    answer = await http.post("/api/v1/rooms", json={"host": f"h{index}", "ruleset": "qingdao", "games": 50})
    created = answer.json()
    clients = [await Client.connect(ws) for _ in range(6)]
    await clients[0].open("resume", created["room"], token=created["token"])
    for number, client in enumerate(clients[1:], 1):
        await client.open("join", created["room"], name=f"p{index}-{number}")
    for client in clients:
        await client.send({"type": "accept", "fingerprint": created["info"]["rules"]["fingerprint"]})
    ready.append(index)
    room = Room()
    rng = random.Random(index)
    await asyncio.gather(*(person(client, room, pace, end, rng) for client in clients))
    return room, clients


async def main(rooms: int, seconds: float, pace: float, port: int, pid: int) -> dict[str, Any]:
    ws = f"ws://127.0.0.1:{port}/ws/v1"
    before = rss_mb(pid)
    ready: list[int] = []
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
        end = time.monotonic() + seconds
        tasks = []
        for index in range(rooms):
            tasks.append(asyncio.create_task(one_room(http, ws, index, pace, end, ready)))
            await asyncio.sleep(0.02)  # rooms open over a few seconds, as people arrive
        await asyncio.sleep(max(0.0, end - time.monotonic()) / 2)
        during = rss_mb(pid)
        held = len(ready)
        results = await asyncio.gather(*tasks, return_exceptions=True)
    done = [r for r in results if not isinstance(r, BaseException)]
    for _, clients in done:
        for client in clients:
            await client.close()
    latencies = sorted(x for room, _ in done for x in room.latencies)
    quantile = (lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000) if latencies else (
        lambda q: float("nan"))
    return {"rooms": rooms, "rooms held": held, "failed": len(results) - len(done),
            "actions": sum(room.actions for room, _ in done), "broadcasts": len(latencies),
            "p50 ms": round(quantile(0.5), 1), "p90 ms": round(quantile(0.9), 1), "p99 ms": round(quantile(0.99), 1),
            "mean ms": round(statistics.fmean(latencies) * 1000, 1) if latencies else None,
            "out of order or lost": sum(room.disorder for room, _ in done),
            "server MB before": round(before, 1), "server MB with the rooms": round(during, 1),
            "MB per room": round((during - before) / max(1, held), 3)}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=300, choices=range(1, 1001), metavar="N")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--pace", type=float, default=2.0, help="mean seconds a person takes to act")
    args = parser.parse_args()
    seconds = min(max(args.seconds, 5.0), 600.0)
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen([sys.executable, "-c", SERVER, str(port), str(Path(folder) / "rooms.sqlite3")],
                                  env={**os.environ, "PYTHONPATH": str(ROOT)})
        try:
            for _ in range(300):
                try:
                    if httpx.get(f"http://127.0.0.1:{port}/api/v1", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.1)
            print(json.dumps(asyncio.run(main(args.rooms, seconds, args.pace, port, server.pid)), indent=1))
        finally:
            server.terminate()
            server.wait(30)
