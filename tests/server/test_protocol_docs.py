"""docs/protocol.md against the server: its examples are read from the page and sent, and what it says
they are answered is what they are answered (the create example, the actions, a bad action type, a
spectator's act, a lone surrogate)."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import httpx
import jsonschema
from server_helpers import WAIT, Server, close_all, seated

from gouji_variants.server.client import Client
from gouji_variants.server.protocol import schema
from gouji_variants.server.rooms import AWAY_GRACE

DOC = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text(encoding="utf-8")


def _section(title: str) -> str:
    """The text of the section headed ``title`` (to the next heading)."""
    start = DOC.index(f"\n{title}\n")
    end = DOC.find("\n#", start + 1)
    return DOC[start:end]


def _bullet(words: str) -> str:
    """The bullet of the page holding ``words`` (lines joined)."""
    flat = re.sub(r"\n  ", " ", DOC)
    [found] = [line for line in flat.splitlines() if line.startswith("- ") and words in line]
    return found


def _bullet_or_text(words: str) -> str:
    """The paragraph of the page holding ``words`` (lines joined)."""
    flat = DOC.replace("\n", " ")
    start = flat.index(words)
    return flat[max(0, start - 300):start + 300]


def _actions() -> list[dict[str, Any]]:
    """Every action the page writes out ('An `action` is an engine action as game records write it')."""
    text = DOC[DOC.index("An `action` is an engine action"):]
    text = text[:text.index("\n\n")].replace('"3"|"4"|"both"', '"both"')
    return [json.loads(found) for found in re.findall(r"\{\"type\": [^`]*?\}", text)]


def test_the_create_example_is_a_create_message_and_makes_its_room(room_server: Server) -> None:
    [example] = re.findall(r"```json\n(.*?)```", _section("### create"), re.S)
    body = json.loads(example)
    jsonschema.validate(body, schema("create"))
    answer = httpx.post(f"{room_server.http}/api/v1/rooms", json=body, timeout=WAIT)
    assert answer.status_code == 201, answer.text
    room = answer.json()["info"]
    assert (room["games"], room["timer"], room["rules"]["id"]) == (body["games"], body["timer"], body["ruleset"])
    assert {str(seat["seat"]): seat["bot"] for seat in room["seats"] if seat["kind"] == "bot"} == body["bots"]
    del body["type"]  # implied, as the page says
    assert httpx.post(f"{room_server.http}/api/v1/rooms", json=body, timeout=WAIT).status_code == 201


def test_the_actions_the_page_writes_are_actions_of_the_act_schema() -> None:
    actions = _actions()
    assert {action["type"] for action in actions} == set(schema("act")["$defs"]["action"]["properties"]["type"]["enum"])
    for action in actions:
        jsonschema.validate({"type": "act", "action_id": "a", "version": 0, "action": action}, schema("act"))


def test_the_answers_the_page_gives_are_the_server_s(room_server: Server) -> None:
    assert f"grace of {AWAY_GRACE:g} seconds" in _bullet_or_text("grace of")
    bad_type = re.search(r"`error` code `(\w+)`", _bullet("fails the `act` message's schema"))
    spectator = re.search(r"`error` code `(\w+)`", _bullet("A spectator's `act`"))
    notation = re.search(r"`refused` code `(\w+)`", _bullet("bad card notation"))
    assert bad_type and spectator and notation

    async def main() -> None:
        created = room_server.create(ruleset="qingdao", bots={str(seat): "random" for seat in range(1, 6)})
        [host] = await seated(room_server, created, [])
        await host.send({"type": "act", "action_id": "x", "version": 0, "action": {"type": "boom"}})
        error = await host.until("error")
        assert error["code"] == bad_type.group(1) and "/action/type" in error["message"]
        await host.send({"type": "accept", "fingerprint": created["info"]["rules"]["fingerprint"]})
        while host.state is None or host.state["legal"] is None:
            await host.until("state")
        await host.act({"type": "play", "cards": "XYZ"})
        refused = await host.until("refused")
        assert refused["code"] == notation.group(1)
        watcher = await Client.connect(room_server.ws)
        await watcher.open("watch", created["room"])
        await watcher.send({"type": "act", "action_id": "x", "version": 0, "action": {"type": "pass"}})
        answer = await watcher.until("error")
        assert answer["code"] == spectator.group(1) and answer["message"] in _bullet("A spectator's `act`")
        await host.close()
        await watcher.close()

    asyncio.run(main())



def test_a_room_s_house_rules_and_its_diff_carry_their_text_and_titles(room_server: Server) -> None:
    """`rules.text`/`rules.file` hold the house rules as sent; a room's diff names each rule (both languages)."""
    house = "id: ours\nkind: ruleset\nname: {zh: 家规, en: Ours}\nextends: [dagang]\nburning: {enabled: false}\n"
    created = room_server.create(yaml=house, name="ours.yaml")
    rules = created["info"]["rules"]
    jsonschema.validate({"type": "room", "room": created["info"]}, schema("room"))
    assert (rules["source"], rules["text"], rules["file"]) == ("house", house, "ours.yaml")
    answer = httpx.post(f"{room_server.http}/api/v1/rooms/{created['room']}/diff",
                        json={"against": "dagang", "lang": "zh"}, timeout=WAIT)
    diff = answer.json()
    jsonschema.validate({"type": "diff_result", "diff": diff}, schema("diff_result"))
    [named] = diff["rules"]
    assert named["rule"] == "burning.enabled" and named["name"]["zh"] == "烧牌" and named["name"]["en"]
    assert [change["meaning"] for change in diff["changes"]] == [named["meaning"]["zh"]]


def test_the_lobby_examples_are_sent_and_answered_as_the_page_says(room_server: Server) -> None:
    """The lobby section's four examples, read from the page: each a message of its schema, sent in a room of
    the rules they name, answered with a `lobby` of their kind; the proposal applied becomes the room's rules."""
    examples = [json.loads(found) for found in re.findall(r"```json\n(.*?)```", _section("### The lobby: accept, "
                                                                                          "decline, propose"), re.S)]
    by_type = {example["type"]: example for example in examples}
    assert set(by_type) == {"decline", "propose", "apply_proposal", "reject_proposal"}
    for example in examples:
        jsonschema.validate(example, schema(example["type"]))

    async def main() -> None:
        created = room_server.create(ruleset="qingdao")
        assert created["info"]["rules"]["fingerprint"] == by_type["decline"]["fingerprint"]
        host, one, two = await seated(room_server, created, ["一", "二"])
        await one.send(by_type["decline"])
        assert (await host.until("lobby"))["kind"] == "decline"
        for kind in ("reject", "apply"):  # proposed twice: rejected, then applied
            await two.send(by_type["propose"])
            assert (await host.until("lobby"))["kind"] == "propose"
            await host.send(by_type[f"{kind}_proposal"])
            told = await host.until("lobby")
            assert (told["kind"], told["seat"]) == (kind, by_type[f"{kind}_proposal"]["seat"])
        room = await host.until("room")
        while room["room"]["rules"]["fingerprint"] != by_type["apply_proposal"]["fingerprint"]:
            room = await host.until("room")
        await close_all([host, one, two])

    asyncio.run(main())
