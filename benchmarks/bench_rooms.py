"""Rooms under load: N concurrent rooms of six real WebSocket clients on loopback, against a
`gouji serve` process (a uvicorn subprocess). The clients run in worker processes of their own
(--workers), so that their load is not counted as the server's latency.

Human pace: a person acts a uniformly random 1-3 seconds (--pace 2: 0.5x to 1.5x the mean) after the
state telling it to act arrives; every seat is a person (no bots). Prints the rooms held (every seat
joined, the rules accepted, the game dealt, and still playing at the end), the p50/p90/p99 latency from
an action sent to its broadcast (the state at the new version received by each of the room's six
clients), the same for the actions sent once every room is open ("steady": after the first sixth of
the run and two seconds), the server's memory per room, and messages lost or out of order (a state
whose version is not the last one plus one), and the server's CPU time per action (which the load
of other processes on the machine does not change, where it changes every latency): over the whole run,
rooms opened and connections made included, and "steady", once every room is open (the actions
counted as the broadcasts received then, six an action).

    GOUJI_ENGINE=compiled python benchmarks/bench_rooms.py --rooms 300 --seconds 60

Bounded: at most --rooms rooms (up to 1000) for at most --seconds seconds (up to 600); the server
and the workers are always stopped. --profile FILE writes the server's cProfile statistics (its CPU time:
on a shared machine the wall's counts the time other processes ran); --db URL keeps
the rooms in a PostgreSQL database instead of a new SQLite file. Also printed: the server's garbage
collector's CPU time per action, its collections by generation, once the server listens, and the young
ones' p50 and p99 (and longest once the rooms are open). BENCH_GC_THRESHOLDS=A,B,C runs the server with
these thresholds instead of ``GC_THRESHOLDS``; BENCH_GC_DETAIL=1 records what each collection scanned
(its objects and their referents by type and size: slow, for a diagnosis); BENCH_GC_OLDER=1 has the
server run a middle and a full collection once the rooms are open, and prints what each took (every room
waits: its latencies are not the others').

--confirm opens the sessions as the page does (legal actions with their confirmation question: each
option's effect worked out, ``scene.options_of``). --bot-rooms B makes the first B rooms tables of one
person and five bots (--bots SPEC, ``heuristic`` by default; ``strong`` thinks in a worker process),
their person's latencies printed apart, so that the others' p99 shows what the bots cost them (the CPU
per action then counts the bots' actions' work, not their actions). --server-cpus and --client-cpus pin
the server (and its bots' worker processes) and the client workers to CPUs of their own (taskset -c).
BENCH_SERVER_ROOT=DIR runs the server from the sources of another checkout (built alike), the clients from
this one: a before and after in one sitting with the same benchmark."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gouji_variants.server.client import Client, wait_for_server  # noqa: E402

#: the server as `gouji serve` runs it (server.app.server), with room limits for thousands of clients; the
#: garbage collector's CPU time, by generation, written to BENCH_GC when it stops
SERVER = """
import cProfile, gc, json, os, signal, sys, time
from gouji_variants.server.app import create_app, server
from gouji_variants.server.limits import Limits
profile = cProfile.Profile(time.process_time) if os.environ.get("BENCH_PROFILE") else None  # (CPU, not the wall)
collected = {"seconds": [0.0, 0.0, 0.0], "runs": [0, 0, 0], "longest": [0.0, 0.0, 0.0], "young": []}
began = [0.0, 0.0]
detail = os.environ.get("BENCH_GC_DETAIL") == "1"  # (what each collection held: slow, for a diagnosis only)
def held(generation):  # what a collection of generation scans: objects, their referents, by type
    found = [o for g in range(generation + 1) for o in gc.get_objects(g)]
    kinds, referents, largest = {}, 0, []
    for o in found:
        name = type(o).__qualname__
        if type(o) in (tuple, list, dict):  # (by size; a long tuple by what it holds)
            size = len(o)
            name += "<=8" if size <= 8 else "<=64" if size <= 64 else ">64"
            if type(o) is tuple and size > 8:
                name += ":" + ",".join(sorted({type(x).__qualname__ for x in o[:20]}))
        n = len(gc.get_referents(o))
        referents += n
        count = kinds.setdefault(name, [0, 0])
        count[0] += 1
        count[1] += n
        if n > 200 and o is not found:
            largest.append((n, name))
    largest.sort(reverse=True)
    top = sorted(kinds.items(), key=lambda kv: -kv[1][1])[:16]
    return {"objects": len(found), "referents": referents, "by referents": top, "largest": largest[:6]}
def timed(phase, info):
    if phase == "start":
        if detail:
            collected.setdefault("each", []).append({"generation": info["generation"], "count": gc.get_count(),
                                                     "at": round(time.monotonic(), 2), **held(info["generation"])})
        began[:] = time.process_time(), time.perf_counter()
        return
    spent, generation = time.process_time() - began[0], info["generation"]
    if detail:
        wall = time.perf_counter() - began[1]
        collected["each"][-1].update(ms=round(1000 * spent, 1), wall_ms=round(1000 * wall, 1),
                                     collected=info["collected"])
    collected["seconds"][generation] += spent
    collected["runs"][generation] += 1
    collected["longest"][generation] = max(collected["longest"][generation], spent)
    if generation == 0:
        collected["young"].append((time.time(), spent))
    if generation or collected["runs"][0] % 500 == 0:  # (now and then: the server may be killed)
        dump()
def dump():
    with open(os.environ["BENCH_GC"], "w") as out:
        json.dump(collected, out)
gc.callbacks.append(timed)
def older(signum, frame):  # (BENCH_GC_OLDER: what a middle, then a full collection costs now, every room waiting)
    gc.callbacks.remove(timed)
    for generation in (1, 2):
        took = time.process_time()
        found = gc.collect(generation)
        collected.setdefault("older", []).append([round(1000 * (time.process_time() - took), 1), found])
    gc.callbacks.append(timed)
    dump()
signal.signal(signal.SIGUSR1, older)
limits = Limits(rooms_per_address=10_000, idle_lobby=3600)
app = create_app(sys.argv[2], pace=1.0, limits=limits)
if profile:
    profile.enable()
try:
    serving = server(app, "127.0.0.1", int(sys.argv[1]), limits=limits, deflate=os.environ.get("BENCH_DEFLATE") != "0")
    if os.environ.get("BENCH_GC_THRESHOLDS"):  # (in place of server()'s GC_THRESHOLDS)
        gc.set_threshold(*map(int, os.environ["BENCH_GC_THRESHOLDS"].split(",")))
    collected.update(seconds=[0.0, 0.0, 0.0], runs=[0, 0, 0], longest=[0.0, 0.0, 0.0], young=[],  # (the rooms' only)
                     each=[])
    serving.run()
except KeyboardInterrupt:  # uvicorn raises the SIGINT it stopped on again: the end the benchmark asked for
    pass
finally:
    gc.callbacks.remove(timed)  # (the interpreter's last collection as it exits is no room's)
    if profile:
        profile.disable()
        profile.dump_stats(os.environ["BENCH_PROFILE"])
    dump()
"""


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


#: what a client asks for when it opens its session (--full: every state holds the whole observation;
#: --confirm: legal actions carry their confirmation question, as the page asks; an accepted act answered on its
#: state, as the page and ``gouji bot --connect`` ask, unless BENCH_DONE_IN_STATE=0: a server before it)
LEAN = {**({"lean": True} if os.environ.get("BENCH_FULL") != "1" else {}),
        **({"confirm": True} if os.environ.get("BENCH_CONFIRM") == "1" else {}),
        **({"done_in_state": True} if os.environ.get("BENCH_DONE_IN_STATE") != "0" else {})}


def cpu_times(pid: int) -> tuple[float, float]:
    """User and system (kernel) CPU time of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) / os.sysconf("SC_CLK_TCK"), int(fields[12]) / os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of process ``pid`` so far."""
    return sum(cpu_times(pid))


class Room:
    def __init__(self) -> None:
        self.sent: dict[int, float] = {}  # version -> when the action leading to it was sent
        self.latencies: list[tuple[float, float]] = []  # (when the action was sent, since the epoch; latency)
        self.disorder = 0
        self.actions = 0
        self.dealt = False
        self.failed: str | None = None


async def person(client: Client, room: Room, pace: float, end: float, rng: random.Random) -> None:
    last = None
    while time.monotonic() < end:
        try:
            message = await client.receive(timeout=max(0.1, end - time.monotonic()))
        except Exception as error:
            if time.monotonic() < end - 0.5:
                room.failed = f"{type(error).__name__}: {error}"
            return
        now = time.monotonic()
        if message["type"] in ("error", "refused"):
            room.failed = json.dumps(message)[:200]
        if message["type"] != "state":
            continue
        room.dealt = True
        version = message["version"]
        if last is not None and version != last + 1:
            room.disorder += 1
        last = version
        if version in room.sent:
            room.latencies.append((time.time() - (now - room.sent[version]), now - room.sent[version]))
        if message["legal"] is not None:
            await asyncio.sleep(pace * rng.uniform(0.5, 1.5))
            if time.monotonic() >= end:
                return
            room.sent[version + 1] = time.monotonic()
            room.actions += 1
            await client.act(rng.choice(message["legal"]))


async def one_room(http: httpx.AsyncClient, ws: str, index: int, pace: float, end: float, bots: str | None) -> Room:
    """A room of six people, or with ``bots`` one person and five bots of that spec."""
    room = Room()
    try:
        body: dict[str, Any] = {"host": f"h{index}", "ruleset": "qingdao", "games": 50}
        if bots:
            body["bots"] = {str(seat): bots for seat in range(1, 6)}
        answer = await http.post("/api/v1/rooms", json=body)
        created = answer.json()
        clients = [await Client.connect(ws) for _ in range(1 if bots else 6)]
        await clients[0].open("resume", created["room"], token=created["token"], **LEAN)
        for number, client in enumerate(clients[1:], 1):
            await client.open("join", created["room"], name=f"p{index}-{number}", **LEAN)
    except Exception as error:
        room.failed = f"{type(error).__name__}: {error}"
        return room
    for client in clients:
        await client.send({"type": "accept", "fingerprint": created["info"]["rules"]["fingerprint"]})
    rng = random.Random(index)
    await asyncio.gather(*(person(client, room, pace, end, rng) for client in clients))
    for client in clients:
        await client.close()
    return room


async def worker(port: int, first: int, rooms: int, pace: float, end: float, spread: float, bot_rooms: int,
                 bots: str) -> dict[str, Any]:
    """Rooms ``first`` … ``first + rooms - 1``; those below ``bot_rooms`` are tables of one person and five
    ``bots``, their latencies kept apart."""
    ws = f"ws://127.0.0.1:{port}/ws/v1"
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
        tasks = []
        for index in range(first, first + rooms):
            tasks.append(asyncio.create_task(one_room(http, ws, index, pace, end,
                                                      bots if index < bot_rooms else None)))
            await asyncio.sleep(spread)  # rooms open over a few seconds, as people arrive
        done = await asyncio.gather(*tasks)
    people = [room for index, room in enumerate(done, first) if index >= bot_rooms]
    failures = [room.failed for room in done if room.failed]
    return {"held": sum(room.dealt and not room.failed for room in done), "failures": failures[:3],
            "cpu": time.process_time(),
            "failed": len(failures), "actions": sum(room.actions for room in done),
            "disorder": sum(room.disorder for room in done),
            "latencies": [(round(at, 3), round(x, 5)) for room in people for at, x in room.latencies],
            "bot latencies": [(round(at, 3), round(x, 5)) for index, room in enumerate(done, first)
                              if index < bot_rooms for at, x in room.latencies]}


def run_worker(arguments: list[str]) -> None:
    port, first, rooms, pace, end, spread, bot_rooms, bots = arguments
    # the end is given as seconds since the epoch, the same in every process
    left = float(end) - time.time()
    result = asyncio.run(worker(int(port), int(first), int(rooms), float(pace), time.monotonic() + left,
                                float(spread), int(bot_rooms), bots))
    json.dump(result, sys.stdout)


def pinned(cpus: str | None) -> list[str]:
    """The command prefix that runs a process on ``cpus`` only (taskset's list, e.g. ``0`` or ``2-7``)."""
    return ["taskset", "-c", cpus] if cpus else []


def start_server(port: int, folder: Path, db: str, profile: str | None, deflate: bool,
                 cpus: str | None = None) -> subprocess.Popen[bytes]:
    script = folder / "server.py"
    script.write_text(SERVER)
    server = subprocess.Popen([*pinned(cpus), sys.executable, str(script), str(port), str(db)],
                              env={**os.environ, "PYTHONPATH": os.environ.get("BENCH_SERVER_ROOT") or str(ROOT),
                                   "BENCH_PROFILE": profile or "",
                                   "BENCH_GC": str(folder / "gc.json"),
                                   "BENCH_DEFLATE": "1" if deflate else "0"})
    if wait_for_server(f"http://127.0.0.1:{port}", 30, lambda: server.poll() is None):
        return server
    server.terminate()
    raise SystemExit("the server did not start")


def bench(rooms: int, seconds: float, pace: float, workers: int, profile: str | None, full: bool,
          deflate: bool, db: str | None = None, confirm: bool = False, bot_rooms: int = 0, bots: str = "heuristic",
          server_cpus: str | None = None, client_cpus: str | None = None) -> dict[str, Any]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with tempfile.TemporaryDirectory() as folder:
        server = start_server(port, Path(folder), db or str(Path(folder) / "rooms.sqlite3"), profile, deflate,
                              server_cpus)
        procs: list[subprocess.Popen[str]] = []
        try:
            from gouji_variants import ENGINE

            before, cpu = rss_mb(server.pid), cpu_seconds(server.pid)
            end = time.time() + seconds
            spread = min(0.05, seconds / 6 / rooms) * workers  # every room open within the first sixth
            share = [rooms // workers + (i < rooms % workers) for i in range(workers)]
            for i, count in enumerate(share):
                arguments = [str(port), str(sum(share[:i])), str(count), str(pace), str(end), str(spread),
                             str(bot_rooms), bots]
                procs.append(subprocess.Popen([*pinned(client_cpus), sys.executable, __file__, "--worker", *arguments],
                                              stdout=subprocess.PIPE, text=True,
                                              env={**os.environ, "PYTHONPATH": str(ROOT),
                                                   "BENCH_FULL": "1" if full else "0",
                                                   "BENCH_CONFIRM": "1" if confirm else "0"}))
            opened = end - seconds + seconds / 6 + 2  # every room open (and dealt) by then
            time.sleep(max(0.0, opened - time.time()))
            steady_cpu, steady_system = cpu_seconds(server.pid), cpu_times(server.pid)[1]
            time.sleep(max(0.0, end - seconds * 0.4 - time.time()))
            during = rss_mb(server.pid)
            if os.environ.get("BENCH_GC_OLDER") == "1":
                server.send_signal(signal.SIGUSR1)
            closing = end - 0.5  # (the clients close their connections at the end)
            time.sleep(max(0.0, closing - time.time()))
            steady_cpu, steady_system = cpu_seconds(server.pid) - steady_cpu, cpu_times(server.pid)[1] - steady_system
            results = [json.loads(proc.communicate(timeout=seconds + 120)[0]) for proc in procs]
            cpu = cpu_seconds(server.pid) - cpu
        finally:
            for proc in procs:
                if proc.poll() is None:
                    proc.kill()
                    proc.wait()
            server.send_signal(signal.SIGINT)  # (uvicorn re-raises it: the profile is written on the way out)
            try:
                server.wait(60)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        gc_file = Path(folder) / "gc.json"
        collected = json.loads(gc_file.read_text()) if gc_file.exists() else None
    latencies = sorted(x for result in results for _, x in result["latencies"])
    steady = sorted(x for result in results for at, x in result["latencies"] if at >= opened)
    at_bot_tables = sorted(x for result in results for at, x in result["bot latencies"] if at >= opened)

    def quantile(q: float, found: list[float] = latencies) -> float:
        return round(found[min(len(found) - 1, int(q * len(found)))] * 1000, 1) if found else -1.0

    def young_quantiles(found: list[float], *more: float) -> list[float] | None:
        found = sorted(found)
        return [round(1000 * found[int(q * (len(found) - 1))], 1) for q in (0.5, 0.99, *more)] if found else None

    held = sum(result["held"] for result in results)
    actions = sum(r["actions"] for r in results)
    return {"engine": ENGINE, "store": "postgresql" if db else "sqlite", "sessions": "full" if full else "lean",
            "confirm": confirm, "deflate": deflate, "rooms": rooms,
            "tables of one person and five bots": f"{bot_rooms} of the rooms, bots {bots}" if bot_rooms else 0,
            "pinned": {"server": server_cpus, "clients": client_cpus} if server_cpus or client_cpus else None,
            "rooms held": held,
            "failed": sum(r["failed"] for r in results),
            "failures": [f for r in results for f in r["failures"]][:3], "seconds": seconds,
            "pace": f"a person acts {pace * 0.5:g}-{pace * 1.5:g} s (uniform) after its turn arrives",
            "actions": actions, "broadcasts": len(latencies),
            "p50 ms": quantile(0.5), "p90 ms": quantile(0.9), "p99 ms": quantile(0.99),
            "steady p50 ms": quantile(0.5, steady), "steady p99 ms": quantile(0.99, steady),
            "steady max ms": quantile(1.0, steady),
            **({"bot tables: the person's steady p50 ms": quantile(0.5, at_bot_tables),
                "bot tables: the person's steady p99 ms": quantile(0.99, at_bot_tables)} if bot_rooms else {}),
            "out of order or lost": sum(r["disorder"] for r in results),
            "server CPU %": round(100 * cpu / seconds),
            "server CPU ms per action": round(1000 * cpu / max(1, actions), 2),
            "steady server CPU ms per action": round(1000 * steady_cpu / max(1, len(
                [at for result in results for at, _ in result["latencies"] if opened <= at < closing]) / 6), 2),
            "steady server CPU in the kernel %": round(100 * steady_system / max(steady_cpu, 1e-9)),
            "client workers CPU %": [round(100 * r["cpu"] / seconds) for r in results],
            "load average": os.getloadavg()[0],
            "server garbage collector": None if collected is None else {
                "CPU ms per action": round(1000 * sum(collected["seconds"]) / max(1, actions), 3),
                "collections by generation": collected["runs"],
                "longest ms by generation": [round(1000 * x, 1) for x in collected["longest"]],
                "young collections' p50 and p99 ms": young_quantiles([x for _, x in collected["young"]]),
                "young collections' p50, p99 and longest ms, steady": young_quantiles(
                    [x for at, x in collected["young"] if opened <= at < closing], 1.0),
                **({"asked for once the rooms were open: a middle, then a full collection (ms, found)":
                    collected["older"]} if collected.get("older") else {}),
                **({"each": collected["each"]} if collected.get("each") else {})},
            "server MB before": round(before, 1), "server MB with the rooms": round(during, 1),
            "MB per room": round((during - before) / max(1, held), 3)}


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        run_worker(sys.argv[2:])
        raise SystemExit(0)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=300, choices=range(1, 1001), metavar="N")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--pace", type=float, default=2.0, help="mean seconds a person takes to act")
    parser.add_argument("--workers", type=int, default=2, choices=range(1, 9), metavar="W",
                        help="client processes")
    parser.add_argument("--profile", metavar="FILE", help="write the server's cProfile statistics to FILE")
    parser.add_argument("--full", action="store_true", help="clients do not ask for lean sessions")
    parser.add_argument("--deflate", action="store_true",
                        help="the server compresses WebSocket messages (gouji serve --deflate; permessage-deflate)")
    parser.add_argument("--db", metavar="URL", help="keep the rooms in this PostgreSQL database (default: a new "
                                                    "SQLite file)")
    parser.add_argument("--confirm", action="store_true",
                        help="clients open confirm sessions, as the page does (each option's effect, options_of)")
    parser.add_argument("--bot-rooms", type=int, default=0, choices=range(0, 1001), metavar="B",
                        help="the first B rooms are tables of one person and five bots (their latencies apart)")
    parser.add_argument("--bots", default="heuristic", metavar="SPEC", help="the bots of those tables "
                                                                           "(heuristic, strong …)")
    parser.add_argument("--server-cpus", metavar="LIST", help="run the server on these CPUs only (taskset -c)")
    parser.add_argument("--client-cpus", metavar="LIST", help="run the client workers on these CPUs only")
    args = parser.parse_args()
    print(json.dumps(bench(args.rooms, min(max(args.seconds, 10.0), 600.0), args.pace, args.workers, args.profile,
                           args.full, args.deflate, args.db, args.confirm, min(args.bot_rooms, args.rooms),
                           args.bots, args.server_cpus, args.client_cpus),
                     indent=1, ensure_ascii=False))
