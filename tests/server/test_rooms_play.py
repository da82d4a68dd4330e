"""Whole matches through real WebSocket connections to a real server: agreement before the deal, a
rules change that clears acceptances, stale, duplicate and illegal actions, records that replay."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import httpx
from server_helpers import WAIT, Server, close_all, latest, seated

from gouji_variants.records.record import replay
from gouji_variants.ruleset.rules import PLACE_NAMES
from gouji_variants.scene import result_of
from gouji_variants.server.client import Client


async def play_until_over(clients: list[Client], seed: int) -> list[dict[str, Any]]:
    """Every client plays a random legal action at its decisions until the match is over; the game_overs."""
    rng = random.Random(seed)
    overs: list[dict[str, Any]] = []

    async def seat(client: Client) -> None:
        while True:
            message = await client.receive(WAIT)
            if message["type"] == "game_over":
                if client is clients[0]:
                    overs.append(message)
                if message["match_over"]:
                    return
            elif message["type"] == "state" and message["legal"] is not None:
                await client.act(rng.choice(message["legal"]))
            elif message["type"] in ("refused", "error"):
                raise AssertionError(message)

    await asyncio.wait_for(asyncio.gather(*map(seat, clients)), 240)
    return overs


def test_agreement_rules_change_and_a_whole_match(room_server: Server) -> None:
    async def main(server: Server) -> None:
        created = server.create(ruleset="qingdao", games=2)
        code = created["room"]
        clients = await seated(server, created, ["甲", "乙", "丙", "丁", "<b>戊</b>"])
        host = clients[0]
        fingerprint = created["info"]["rules"]["fingerprint"]
        for client in clients[:3]:
            await client.send({"type": "accept", "fingerprint": fingerprint})
        await host.send({"type": "accept", "fingerprint": "0000-0000-0000"})
        assert (await host.until("error"))["code"] == "fingerprint"
        # a rules change clears every acceptance, and is kept in the record of acceptances
        await clients[1].send({"type": "rules", "ruleset": "dagang"})
        assert (await clients[1].until("error"))["code"] == "host"
        await host.send({"type": "rules", "ruleset": "liaocheng"})
        while True:
            room = (await clients[4].until("room"))["room"]
            if room["rules"]["id"] == "liaocheng":
                break
        assert not any(seat["accepted"] for seat in room["seats"])
        assert len(room["acceptances"]) == 3 and room["phase"] == "lobby"
        new = room["rules"]["fingerprint"]
        assert new != fingerprint
        for client in clients[:5]:
            await client.send({"type": "accept", "fingerprint": new})
        await asyncio.sleep(0.3)
        assert httpx.get(f"{server.http}/api/v1/rooms/{code}").json()["phase"] == "lobby"  # one has not accepted
        await clients[5].send({"type": "accept", "fingerprint": new})
        overs = await play_until_over(clients, 1)
        assert [over["game"] for over in overs] == [0, 1]
        assert overs[-1]["totals"] == [sum(o["score"][0] for o in overs), sum(o["score"][1] for o in overs)]
        lines = httpx.get(f"{server.http}/api/v1/rooms/{code}/records").text.splitlines()
        assert len(lines) == 2
        for over, line in zip(overs, lines, strict=True):
            record = json.loads(line)
            named = record["result"]["places"]  # each seat's place: game_over names the seats in place order
            assert over["places"] == sorted(range(6), key=lambda seat: PLACE_NAMES.index(named[seat]))
            assert record["headers"]["players"][5] == "<b>戊</b>" and record["fingerprint"] == new
            replayed = replay(record)
            assert replayed.ok and replayed.game is not None
            found = result_of(replayed.game)
            assert found is not None and over["points"] == list(found.points)
        await close_all(clients)

    asyncio.run(main(room_server))


def test_an_act_is_answered_on_its_state_in_a_session_that_asks(room_server: Server) -> None:
    """``done_in_state``: the accepted act's id rides on the state that follows it, and no ``done`` is sent
    (one message to the actor, not two); a duplicate action id, which no state follows, is answered by ``done``;
    the other seats' states carry no ``done``."""
    async def main(server: Server) -> None:
        created = server.create(ruleset="qingdao", bots={str(seat): "heuristic" for seat in range(2, 6)})
        host, other = await seated(server, created, ["b"], keep=True, lean=True, done_in_state=True)
        for client in (host, other):
            await client.send({"type": "accept", "fingerprint": created["info"]["rules"]["fingerprint"]})
        while (await host.until("state"))["legal"] is None:  # (the deal's seed is the room's: seat 1 may act first)
            assert host.state is not None
            mine = await latest(other, host.state["version"])
            if mine["legal"] is not None:
                await other.act(mine["legal"][0], f"other{mine['version']}")
        assert host.state is not None
        version, first = host.state["version"], host.state["legal"][0]
        await host.act(first, "once")
        answered = await host.until("state", "done")
        assert (answered["type"], answered["done"], answered["version"]) == ("state", "once", version + 1)
        await host.act(first, "once", version=version)
        assert await host.until("done") == {"type": "done", "action_id": "once", "version": version + 1}
        assert host.done == "once"
        while other.state is None or other.state["version"] < version + 1:
            await other.until("state")
        assert all("done" not in message for _, message in other.received or ()
                   if message["type"] == "state" and message["version"] > version)  # (after the host's act)
        assert [message["type"] for _, message in host.received or ()].count("done") == 1  # the duplicate's only
        await close_all([host, other])

    asyncio.run(main(room_server))


def test_stale_duplicate_and_illegal_actions_change_nothing(room_server: Server) -> None:
    async def main(server: Server) -> None:
        created = server.create(ruleset="qingdao", bots={str(seat): "heuristic" for seat in range(1, 6)})
        host = (await seated(server, created, []))[0]
        await host.send({"type": "accept", "fingerprint": created["info"]["rules"]["fingerprint"]})
        while True:
            state = await host.until("state")
            if state["legal"] is not None:
                break
        version = state["version"]
        await host.act(state["legal"][0], "old", version=version + 7)
        refused = await host.until("refused")
        assert (refused["code"], refused["version"]) == ("stale", version)
        await host.act({"type": "play", "cards": "RRRRRRRR"}, "bad")
        refused = await host.until("refused")
        assert refused["code"] in ("illegal", "invalid") and refused["version"] == version
        if refused["code"] == "illegal":
            assert refused["reason"]["en"]
        await host.act({"type": "fly"}, "odd")
        assert (await host.until("error"))["code"] == "schema"
        await host.act(state["legal"][0], "once")
        done = await host.until("done")
        assert done == {"type": "done", "action_id": "once", "version": version + 1}
        await host.act(state["legal"][0], "once", version=version)
        assert await host.until("done") == done  # answered again, applied once
        room = httpx.get(f"{server.http}/api/v1/rooms/{created['room']}").json()
        assert room["version"] >= version + 1
        await host.close()

    asyncio.run(main(room_server))
