"""Reconnecting with a token, a turn timer that hands the seat to a bot (托管) until its player is
back, and a server killed (-9) mid-game and started again: nothing lost."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import httpx
from server_helpers import WAIT, Server, close_all, drive, latest, seated

from gouji_variants.server.client import Client


def test_kill_9_mid_game_then_restart_loses_nothing(db: str) -> None:
    server = Server(db)

    async def before() -> tuple[str, list[str], list[dict[str, object]]]:
        created = server.create(ruleset="qingdao", games=10)  # (a game random play ends early: the next one)
        clients = await seated(server, created, ["a", "b", "c", "d", "e"])
        for client in clients:
            await client.send({"type": "accept", "fingerprint": created["info"]["rules"]["fingerprint"]})
        version = await drive(clients, 0, 25, random.Random(3))
        states = [await latest(client, version) for client in clients]
        tokens = [client.token or "" for client in clients]
        return created["room"], tokens, states

    async def after(code: str, tokens: list[str], states: list[dict[str, object]]) -> None:
        clients = []
        for token, state in zip(tokens, states, strict=True):
            client = await Client.connect(server.ws)
            welcome = await client.open("resume", code, token=token)
            assert welcome["room"]["phase"] == "playing"
            resumed = await client.until("state")
            assert resumed["observation"] == state["observation"] and resumed["legal"] == state["legal"]
            clients.append(client)
        await drive(clients, 25, 30, random.Random(4))  # and play goes on
        await close_all(clients)

    try:
        server.start()
        code, tokens, states = asyncio.run(before())
        server.kill()
        server.start()
        asyncio.run(after(code, tokens, states))
    finally:
        server.stop()


def test_reconnect_with_token_and_timer_hands_the_seat_to_a_bot(tmp_path: Path) -> None:
    async def main(server: Server) -> None:
        created = server.create(ruleset="qingdao", timer=5, bots={str(seat): "heuristic" for seat in range(1, 6)})
        code = created["room"]
        host = (await seated(server, created, []))[0]
        await host.send({"type": "accept", "fingerprint": created["info"]["rules"]["fingerprint"]})
        state = await host.until("state")
        while state["legal"] is None:
            state = await host.until("state")
        assert 0 < state["deadline_ms"] <= 5000
        mine = state["observation"]["hand"]
        await host.close()  # gone: the seat waits for its player (the grace, then 托管)
        again = await Client.connect(server.ws)
        await again.open("resume", code, token=created["token"])
        resumed = await again.until("state")
        assert resumed["seat"] == 0 and resumed["observation"]["hand"] == mine and resumed["legal"] is not None
        version = resumed["version"]
        # the timer runs out: a bot takes the decision, and the seat is 托管
        room = (await again.until("room", timeout=10))["room"]
        while not room["seats"][0]["standin"]:
            room = (await again.until("room", timeout=10))["room"]
        done = await latest(again, version + 1)
        assert done["observation"]["history"]
        # the player is back at its next decision: its own act ends 托管
        while True:
            state = await again.until("state", timeout=WAIT)
            if state["legal"] is not None:
                await again.act(state["legal"][0])
                message = await again.until("done", "refused")
                if message["type"] == "done":
                    break
        seats = httpx.get(f"{server.http}/api/v1/rooms/{code}").json()["seats"]
        assert not seats[0]["standin"]
        await again.close()

    with Server(tmp_path / "rooms.sqlite3", pace=0.5) as server:
        asyncio.run(main(server))
