"""The lobby that argues, over the protocol: a joiner declines the rules or proposes others (refused, located,
when they do not compile; capped in size), the host applies or rejects a proposal (only the host), every
answer announced to every seat (``lobby``) and shown per seat in the room; a pending proposal survives the
server being killed (-9); bots are named apart."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from server_helpers import Server, close_all, seated

from gouji_variants.server.client import Client
from gouji_variants.server.protocol import schema
from gouji_variants.server.rooms import MAX_PROPOSAL, MAX_PROPOSALS

OURS = "id: ours\nkind: ruleset\nname: {zh: 我们的, en: Ours}\nextends: [qingdao, bie3]\n"
BROKEN = "id: broken\nkind: ruleset\nname: {zh: 坏, en: Broken}\nextends: [dagang]\nplays:\n  kills: [\"B by RR\"]\n"


def valid(message: dict[str, Any]) -> dict[str, Any]:
    jsonschema.validate(message, schema(message["type"]))
    return message


async def answered(client: Client, message: dict[str, Any], kind: str) -> dict[str, Any]:
    """Send ``message`` (checked against its schema) and read up to the next message of ``kind``."""
    await client.send(valid(message))
    return valid(await client.until(kind, "error" if kind != "error" else kind))


async def room_where(client: Client, holds: Any) -> dict[str, Any]:
    """The first room description from now on (the client's last one included) for which ``holds`` is true."""
    room = client.room
    while room is None or not holds(room):
        room = valid(await client.until("room"))["room"]
    return room


def test_decline_propose_reject_apply_each_announced_and_checked(room_server: Server) -> None:
    async def main() -> None:
        created = room_server.create(ruleset="qingdao", bots={"4": "heuristic", "5": "basic"})
        host, guest, other = await seated(room_server, created, ["客人", "别人"])
        first = created["info"]["rules"]["fingerprint"]
        assert [seat["name"] for seat in host.room["seats"][4:]] == ["机器人1", "机器人2"]  # told apart
        told = await answered(guest, {"type": "decline", "fingerprint": first, "reason": "不想憋3"}, "lobby")
        assert (told["kind"], told["seat"], told["name"], told["reason"]) == ("decline", 1, "客人", "不想憋3")
        assert (await host.until("lobby"))["kind"] == "decline"
        room = await room_where(host, lambda room: room["seats"][1]["declined"])
        assert room["seats"][1]["declined"] and room["seats"][1]["reason"] == "不想憋3"
        assert not room["seats"][2]["declined"] and room["seats"][2]["reason"] is None
        # a proposal that does not compile is refused, located, and nothing changes
        error = await answered(other, {"type": "propose", "fingerprint": first, "yaml": BROKEN, "name": "b.yaml"},
                               "error")
        assert error["code"] == "invalid-rules" and error["diagnostics"][0]["file"] == "b.yaml"
        assert error["diagnostics"][0]["line"] and "/plays/kills/0" in error["diagnostics"][0]["pointer"]
        huge = OURS + "#" + "汉" * (MAX_PROPOSAL // 3)  # within the schema's characters, past the bytes
        assert (await answered(other, {"type": "propose", "fingerprint": first, "yaml": huge}, "error"))["code"] \
            == "too-large"
        same = await answered(other, {"type": "propose", "fingerprint": first, "ruleset": "qingdao"}, "error")
        assert same["code"] == "proposal"
        stale = await answered(other, {"type": "propose", "fingerprint": "0000-0000-0000", "yaml": OURS}, "error")
        assert stale["code"] == "fingerprint"
        mine = await answered(host, {"type": "propose", "fingerprint": first, "yaml": OURS}, "error")
        assert mine["code"] == "host"  # the host changes the rules itself
        told = await answered(other, {"type": "propose", "fingerprint": first, "yaml": OURS, "name": "ours.yaml",
                                      "reason": "加憋3"}, "lobby")
        assert (told["kind"], told["seat"], told["reason"]) == ("propose", 2, "加憋3")
        room = await room_where(host, lambda room: room["proposals"])
        [proposal] = room["proposals"]
        assert proposal["status"] == "pending" and proposal["source"] == {"yaml": OURS, "name": "ours.yaml"}
        assert proposal["rules"]["zh"] == "我们的" and proposal["fingerprint"] != first
        # only the host answers a proposal
        refused = await answered(guest, {"type": "apply_proposal", "seat": 2, "fingerprint": proposal["fingerprint"]},
                                 "error")
        assert refused["code"] == "host"
        none = await answered(host, {"type": "reject_proposal", "seat": 1}, "error")
        assert none["code"] == "proposal"
        wrong = await answered(host, {"type": "apply_proposal", "seat": 2, "fingerprint": first}, "error")
        assert wrong["code"] == "fingerprint"
        told = await answered(host, {"type": "reject_proposal", "seat": 2, "reason": "下次吧"}, "lobby")
        assert (told["kind"], told["seat"], told["reason"]) == ("reject", 2, "下次吧")
        room = await room_where(other, lambda room: room["proposals"] and room["proposals"][0]["status"] != "pending")
        assert room["proposals"][0]["status"] == "rejected" and room["proposals"][0]["answer"] == "下次吧"
        await answered(other, {"type": "propose", "fingerprint": first, "yaml": OURS}, "lobby")
        await answered(host, {"type": "accept", "fingerprint": first}, "room")
        told = await answered(host, {"type": "apply_proposal", "seat": 2, "fingerprint": proposal["fingerprint"]},
                              "lobby")
        while told["kind"] != "apply":  # (the proposal's own announcement came first)
            told = valid(await host.until("lobby"))
        assert told["seat"] == 2
        room = await room_where(guest, lambda room: room["rules"]["fingerprint"] != first)
        assert room["rules"]["fingerprint"] == proposal["fingerprint"] and room["rules"]["text"] == OURS
        assert room["proposals"][0]["status"] == "applied"
        assert not any(seat["accepted"] or seat["declined"] for seat in room["seats"])  # every answer cleared
        second = room["rules"]["fingerprint"]
        for _ in range(MAX_PROPOSALS - 2):  # (a seat's proposals are bounded: each is stored)
            await answered(other, {"type": "propose", "fingerprint": second, "ruleset": "dagang"}, "lobby")
        limit = await answered(other, {"type": "propose", "fingerprint": second, "ruleset": "dagang"}, "error")
        assert limit["code"] == "proposal" and str(MAX_PROPOSALS) in limit["message"]
        await close_all([host, guest, other])

    asyncio.run(main())


@pytest.mark.parametrize("message", [
    {"type": "decline", "fingerprint": "x", "reason": "r" * 201},
    {"type": "decline", "fingerprint": "x", "reason": "a\u202eb"},
    {"type": "apply_proposal", "seat": 6, "fingerprint": "x"},
    {"type": "reject_proposal", "seat": 1, "extra": True},
])
def test_hostile_lobby_answers_are_refused(room_server: Server, message: dict[str, Any]) -> None:
    async def main() -> None:
        created = room_server.create(ruleset="qingdao")
        host, guest = await seated(room_server, created, ["客人"])
        fingerprint = created["info"]["rules"]["fingerprint"]
        sent = {**message, "fingerprint": fingerprint} if "fingerprint" in message else message
        await guest.send(sent)
        error = await guest.until("error")
        assert error["code"] in ("schema", "reason"), error
        await close_all([host, guest])

    asyncio.run(main())


def test_a_pending_proposal_survives_kill_9(tmp_path: Path) -> None:
    server = Server(tmp_path / "rooms.sqlite3")

    async def before() -> tuple[str, str]:
        created = server.create(ruleset="qingdao")
        host, guest = await seated(server, created, ["客人"])
        fingerprint = created["info"]["rules"]["fingerprint"]
        await guest.send({"type": "decline", "fingerprint": fingerprint})
        await guest.until("lobby")
        await guest.send({"type": "propose", "fingerprint": fingerprint, "yaml": OURS, "reason": "加憋3"})
        await guest.until("lobby")
        await close_all([host, guest])
        return created["room"], created["token"]

    async def after(code: str, token: str) -> None:
        host = await Client.connect(server.ws)
        room = (await host.open("resume", code, token=token))["room"]
        [proposal] = room["proposals"]
        assert (proposal["seat"], proposal["status"], proposal["reason"]) == (1, "pending", "加憋3")
        await host.send({"type": "apply_proposal", "seat": 1, "fingerprint": proposal["fingerprint"]})
        assert (await host.until("lobby"))["kind"] == "apply"
        await host.close()

    try:
        server.start()
        code, token = asyncio.run(before())
        server.kill()
        server.start()
        asyncio.run(after(code, token))
    finally:
        server.stop()


def test_proposals_stay_in_the_lobby(room_server: Server) -> None:
    """Once the match begins the room description no longer carries the lobby's proposals (up to five of
    32 KiB each, sent on every `room` message)."""
    async def main() -> None:
        created = room_server.create(ruleset="qingdao", bots={str(seat): "heuristic" for seat in range(2, 6)})
        host, guest = await seated(room_server, created, ["客人"])
        first = created["info"]["rules"]["fingerprint"]
        await answered(guest, {"type": "propose", "fingerprint": first, "ruleset": "dagang"}, "lobby")
        assert (await room_where(host, lambda room: room["proposals"]))["phase"] == "lobby"
        for client in (host, guest):
            await client.send({"type": "accept", "fingerprint": first})
        room = await room_where(host, lambda room: room["phase"] != "lobby")
        assert room["proposals"] == []
        await close_all([host, guest])

    asyncio.run(main())
