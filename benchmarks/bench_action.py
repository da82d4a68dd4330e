"""The room service's own CPU per action, without a network: one room of six lean sessions on connections
that only count what they are sent, driven by random legal actions through ``Service.handle`` (the
message parsed and checked, the event stored in a SQLite file and applied, the ``done`` and the six
``state`` messages built, encoded and queued). What `bench_rooms` measures besides is uvicorn's and the
kernel's share. A script, not a test:

    GOUJI_ENGINE=compiled python benchmarks/bench_action.py [--actions 3000] [--profile FILE] [--db URL]

Prints the CPU ms per action (the process's CPU time over the actions, in ``--runs`` runs: the best and
the median), and the store's commit: its CPU and the time the event loop waits for it (a database
server's round trip). Bounded: at most 100,000 actions."""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gouji_variants.server.bots import Bots  # noqa: E402
from gouji_variants.server.databases import open_store  # noqa: E402
from gouji_variants.server.limits import Limits  # noqa: E402
from gouji_variants.server.protocol import PROTOCOL, parse_client  # noqa: E402
from gouji_variants.server.rulesource import Rulebook  # noqa: E402
from gouji_variants.server.service import Conn, Service  # noqa: E402


class Counting:
    """What :class:`Conn` needs of a WebSocket, keeping only the last ``state`` sent."""

    client = None

    def __init__(self) -> None:
        self.last = ""

    async def send(self, message: dict[str, Any]) -> None:
        if '"legal"' in message["text"]:
            self.last = message["text"]

    async def close(self, code: int) -> None:
        pass


async def run(actions: int, db: str, rulebook: Rulebook, profile: cProfile.Profile | None,
              confirm: bool = False) -> dict[str, float]:
    service = Service(open_store(db), rulebook, Bots(0.0, 0), Limits(rooms_per_address=10_000, queue=10_000), 30.0)
    rng = random.Random(1)
    done = spent_store = waited_store = 0.0
    count = 0
    store_append = service.store.append

    def timed_append(*arguments: Any) -> None:
        nonlocal spent_store, waited_store
        start, began = time.process_time(), time.perf_counter()
        store_append(*arguments)
        spent_store += time.process_time() - start
        waited_store += time.perf_counter() - began

    service.store.append = timed_append  # type: ignore[method-assign]
    while count < actions:
        created = await service.create("1.2.3.4", {"host": "h", "ruleset": "qingdao", "games": 50})
        sockets = [Counting() for _ in range(6)]
        conns = [Conn(socket, service.limits) for socket in sockets]  # type: ignore[arg-type]
        writers = [asyncio.create_task(conn.writer()) for conn in conns]
        await service.handle(conns[0], {"type": "resume", "v": PROTOCOL, "room": created["room"],
                                  "token": created["token"], "lean": True, "confirm": confirm})
        for seat, conn in enumerate(conns[1:], 1):
            await service.handle(conn, {"type": "join", "v": PROTOCOL, "room": created["room"], "name": f"p{seat}",
                                  "lean": True, "confirm": confirm})
        for conn in conns:
            await service.handle(conn, {"type": "accept", "fingerprint": created["info"]["rules"]["fingerprint"]})
        room = service.rooms[created["room"]].room
        await asyncio.sleep(0)
        while room.game is not None and room.phase == "playing" and count < actions:
            game = room.game
            legal = json.loads(sockets[game.turn].last)["legal"]
            raw = json.dumps({"type": "act", "action_id": f"a{room.version}", "version": room.version,
                              "action": rng.choice(legal)})
            conn = conns[game.turn]
            if profile:
                profile.enable()
            start = time.process_time()
            await service.handle(conn, parse_client(raw))
            await asyncio.sleep(0)  # the writers send what was queued
            done += time.process_time() - start
            if profile:
                profile.disable()
            count += 1
        for conn in conns:
            conn.close()
        await asyncio.gather(*writers)
    service.store.close()
    return {"cpu ms per action": 1000 * done / count, "store ms per action": 1000 * spent_store / count,
            "store wall ms per action": 1000 * waited_store / count}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=3000, choices=range(1, 100_001), metavar="N")
    parser.add_argument("--runs", type=int, default=3, choices=range(1, 21), metavar="R")
    parser.add_argument("--profile", metavar="FILE", help="write cProfile statistics of the actions to FILE")
    parser.add_argument("--db", metavar="URL", help="a postgresql:// URL (default: a new SQLite file)")
    parser.add_argument("--confirm", action="store_true",
                        help="confirm sessions, as the page opens them (each option's effect: scene.options_of)")
    args = parser.parse_args()
    from gouji_variants import ENGINE

    rulebook = Rulebook()
    rulebook.warm()
    profile = cProfile.Profile() if args.profile else None
    results = []
    with tempfile.TemporaryDirectory() as folder:
        for number in range(args.runs):
            db = args.db or str(Path(folder) / f"rooms{number}.sqlite3")
            results.append(asyncio.run(run(args.actions, db, rulebook, profile, args.confirm)))
    if profile:
        profile.dump_stats(args.profile)
    per_action = [result["cpu ms per action"] for result in results]
    print(json.dumps({"engine": ENGINE, "actions": args.actions, "runs": args.runs,
                      "cpu ms per action, best": round(min(per_action), 3),
                      "cpu ms per action, median": round(statistics.median(per_action), 3),
                      **{f"{name}, median": round(statistics.median(r[name] for r in results), 3)
                         for name in ("store ms per action", "store wall ms per action")}}, indent=1))


if __name__ == "__main__":
    main()
