"""Several processes sharing one database (docs/protocol.md, "Several processes or machines"): each
makes codes that name it, keeps and answers for only its rooms, and after both are killed (-9) and
started again each resumes its own rooms and none of the other's."""

from __future__ import annotations

import asyncio
import random

import httpx
import pytest
from server_helpers import WAIT, Server, close_all, drive, latest, seated

from gouji_variants.server.client import Client, ClientError
from gouji_variants.server.shards import Shard


def test_two_processes_keep_their_own_rooms_through_a_kill(db: str) -> None:
    servers = [Server(db, shard="0/2"), Server(db, shard="1/2")]

    async def play(server: Server, seed: int) -> tuple[str, str, dict[str, object]]:
        created = server.create(ruleset="qingdao", games=10)  # (a game random play ends early: the next one)
        clients = await seated(server, created, ["a", "b", "c", "d", "e"])
        for client in clients:
            await client.send({"type": "accept", "fingerprint": created["info"]["rules"]["fingerprint"]})
        version = await drive(clients, 0, 10, random.Random(seed))
        state = await latest(clients[0], version)
        await close_all(clients)
        return created["room"], created["token"], state

    async def elsewhere(server: Server, code: str) -> str:
        client = await Client.connect(server.ws)
        with pytest.raises(ClientError) as refused:
            await client.open("join", code, name="z")
        await client.close()
        return str(refused.value)

    async def resumed(server: Server, code: str, token: str) -> dict[str, object]:
        client = await Client.connect(server.ws)
        await client.open("resume", code, token=token)
        state = await client.until("state")
        await client.close()
        return state

    try:
        for server in servers:
            server.start()
        rooms = [asyncio.run(play(server, index)) for index, server in enumerate(servers)]
        assert [code[:4] for code, _, _ in rooms] == ["s00_", "s01_"]
        for index, (code, _, _) in enumerate(rooms):
            other = servers[1 - index]
            answer = httpx.get(f"{other.http}/api/v1/rooms/{code}", timeout=WAIT)
            assert answer.status_code == 404 and f"names process {index}" in answer.json()["error"]["message"]
            assert f"names process {index}" in asyncio.run(elsewhere(other, code))
        for server in servers:
            server.kill()
        for server in servers:
            server.start()
        for index, (code, token, state) in enumerate(rooms):
            again = asyncio.run(resumed(servers[index], code, token))
            assert again["observation"] == state["observation"] and again["version"] == state["version"]
            assert httpx.get(f"{servers[1 - index].http}/api/v1/rooms/{code}", timeout=WAIT).status_code == 404
    finally:
        for server in servers:
            server.stop()


def test_a_shard_is_checked() -> None:
    assert Shard.parse(" 2 / 3 ") == Shard(2, 3)
    for bad in ("2/2", "1", "-1/2", "0/0", "0/101", "a/b"):
        with pytest.raises(ValueError, match="I/N"):
            Shard.parse(bad)
    unmarked = "k3x9_not_marked_co"
    assert Shard(0, 3).owns(unmarked) and not Shard(1, 3).owns(unmarked)
    assert Shard(1, 2).owns("s03_" + "A" * 16)  # a code made under more processes: the number modulo N
