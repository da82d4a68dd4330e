"""Hostile messages and hostile house rules: a clear error each, never a traceback or a hang, and
the server still serves."""

from __future__ import annotations

import asyncio

import httpx
import pytest
from server_helpers import WAIT, Server

from gouji_variants.server.client import Client

HOSTILE_YAML = {
    "syntax": ("id: x\nname: [unclosed\n", "house.yaml:"),
    "python tag": ("!!python/object/apply:os.system ['true']\n", "house.yaml:1:1"),
    "alias bomb": ("a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n"
        for p, c in zip("abcdefgh", "bcdefghi", strict=True)), "house.yaml:"),
    "escaping extends": ("id: x\nkind: ruleset\nname: {zh: x, en: x}\nextends: [../../../etc/passwd.yaml]\n",
                         "house.yaml:4"),
    "unknown key": ("id: x\nkind: ruleset\nname: {zh: x, en: x}\nextends: [qingdao]\nturnz: {}\n", "house.yaml:5"),
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> object:
    with Server(tmp_path_factory.mktemp("hostile") / "rooms.sqlite3",
                limits={"rate": 5.0, "burst": 10, "rooms_per_address": 3}) as running:
        yield running
        assert "Traceback" not in running.stop()


@pytest.mark.parametrize("case", sorted(HOSTILE_YAML))
def test_hostile_house_rules_are_refused_with_located_errors(server: Server, case: str) -> None:
    text, where = HOSTILE_YAML[case]
    answer = httpx.post(f"{server.http}/api/v1/rooms", json={"host": "h", "yaml": text}, timeout=WAIT)
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["code"] == "invalid-rules" and error["diagnostics"][0]["text"].startswith(where)
    assert "/tmp" not in answer.text and "gouji-house" not in answer.text


def test_hostile_messages_get_clear_errors(server: Server) -> None:
    async def main() -> None:
        client = await Client.connect(server.ws)
        cases = [("not json", "json"), ("[1, 2]", "json"), ("[" * 100_000 + "]" * 100_000, "json"),
                 ("[" * 200_000 + "]" * 200_000, "too-large"),
                 ('{"type": "boom"}', "unknown-type"), ('{"type": "join", "v": 2, "room": "x"}', "version"),
                 ('{"type": "act", "action_id": "a", "version": 0, "action": {"type": "pass"}}', "session"),
                 ('{"type": "join", "v": 1, "room": "nonexistentroom", "name": "x"}', "no-room"),
                 ('{"type": "resume", "v": 1, "room": "nonexistentroom", "token": "' + "A" * 22 + '"}', "no-room")]
        for raw, code in cases[:3]:
            await client.websocket.send(raw)
            assert (await client.until("error"))["code"] == code
        await client.websocket.send(cases[3][0])  # too large: answered, then closed
        assert (await client.until("error"))["code"] == "too-large"
        client = await Client.connect(server.ws)
        for raw, code in cases[4:]:
            await client.websocket.send(raw)
            assert (await client.until("error"))["code"] == code
        created = server.create(ruleset="qingdao")
        await client.send({"type": "join", "v": 1, "room": created["room"], "name": "\x1b[2Jevil"})
        assert (await client.until("error"))["code"] == "name"
        await client.send({"type": "resume", "v": 1, "room": created["room"], "token": "B" * 22})
        assert (await client.until("error"))["code"] == "token"
        for _ in range(30):  # faster than the rate allows
            await client.send({"type": "ping"})
        codes = [(await client.until("pong", "error"))["type"] for _ in range(30)]
        assert "error" in codes
        await client.close()
        assert httpx.get(f"{server.http}/api/v1", timeout=WAIT).json()["protocol"] == 1

    asyncio.run(main())


def test_house_rules_compile_and_oversized_bodies_are_refused(server: Server) -> None:
    good = "id: ours\nkind: ruleset\nname: {zh: 我们的, en: Ours}\nextends: [qingdao]\n"
    created = httpx.post(f"{server.http}/api/v1/rooms", json={"host": "h", "yaml": good}, timeout=WAIT)
    assert created.status_code == 201 and created.json()["info"]["rules"]["source"] == "house"
    big = httpx.post(f"{server.http}/api/v1/rooms", content=b"{" + b" " * 400_000 + b"}", timeout=WAIT)
    assert big.status_code == 413
    for _ in range(3):  # the cap on rooms per address
        last = httpx.post(f"{server.http}/api/v1/rooms", json={"host": "h", "ruleset": "qingdao"}, timeout=WAIT)
    assert last.status_code == 429 and last.json()["error"]["code"] == "rooms"


def test_a_lone_surrogate_is_refused_as_schema_on_the_socket_and_over_http(room_server: Server) -> None:
    """'\\ud800' is valid JSON but no Unicode text: refused as ``schema`` naming the field, never ``internal``
    nor a 500 in plain text."""
    lone = '"\\ud800"'
    server = room_server
    answer = httpx.post(f"{server.http}/api/v1/rooms", content=f'{{"host": {lone}, "ruleset": "qingdao"}}',
                        headers={"content-type": "application/json"}, timeout=WAIT)
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "schema"
    assert "/host" in answer.json()["error"]["message"]

    async def main() -> None:
        created = server.create(ruleset="qingdao")
        client = await Client.connect(server.ws)
        await client.websocket.send(f'{{"type": "join", "v": 1, "room": "{created["room"]}", "name": {lone}}}')
        error = await client.until("error")
        assert error["code"] == "schema" and "/name" in error["message"]
        await client.websocket.send('{"type": "ping", "x": {"\\udfff": 1}}')  # in a key, too
        assert (await client.until("error"))["code"] == "schema"
        await client.send({"type": "resume", "v": 1, "room": created["room"], "token": created["token"]})
        await client.until("welcome")
        await client.websocket.send(f'{{"type": "act", "action_id": {lone}, "version": 0, '
                                    '"action": {"type": "pass"}}')
        error = await client.until("error", "refused")
        assert error.get("code") == "schema" and "/action_id" in error["message"]
        await client.close()

    asyncio.run(main())
