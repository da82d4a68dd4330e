"""The hidden-information property: whole games played through the protocol under rulesets that
show different things (counts, team-mates' hands, 挑牌), and every message a seat or spectator was
sent checked against the engine's own view of that seat at that moment, re-played from the record:
the same observation, field for field, so no message holds a card that seat's view does not show."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import httpx
import pytest
from server_helpers import WAIT, Server, close_all, seated
from test_rooms_play import play_until_over

from gouji_variants.engine.actions import from_json, to_json
from gouji_variants.engine.game import Game
from gouji_variants.records.record import record_ruleset
from gouji_variants.ruleset.cards import Cards
from gouji_variants.server.client import Client
from gouji_variants.server.protocol import observation_json, public_observation

RULESETS = ("qingdao", "zhenying", "liaocheng")


def _cards_of_others(game: Game, seat: int | None) -> set[str]:
    """The hands of the seats ``seat``'s view does not show (every hand, for a spectator)."""
    shown = game.observation(seat).hands if seat is not None else (None,) * 6
    return {str(Cards.unchecked(hand)) for other, hand in enumerate(game.state.hands)
            if other != seat and shown[other] is None and sum(hand) > 3}


def check_messages(record: dict[str, Any], received: dict[int | None, list[dict[str, Any]]]) -> int:
    ruleset = record_ruleset(record)
    game = Game(ruleset, record["seed"])
    states = {seat: {m["version"]: m for m in messages if m["type"] == "state"} for seat, messages in received.items()}
    checked = 0
    for version in range(len(record["actions"]) + 1):
        for seat, by_version in states.items():
            message = by_version.get(version)
            if message is None:
                continue
            seen = game.observation(seat) if seat is not None else public_observation(game)
            assert message["observation"] == observation_json(seen), (seat, version)
            if seat is None:
                assert message["observation"]["hand"] == "" and set(message["observation"]["hands"]) == {None}
            legal = [to_json(a) for a in game.legal_actions()] if not game.over and game.turn == seat else None
            assert [{k: v for k, v in a.items() if k != "confirm"} for a in message["legal"] or ()] == (legal or [])
            assert (message["legal"] is None) == (legal is None)
            text = json.dumps(message, ensure_ascii=False)
            assert not any(f'"{hand}"' in text for hand in _cards_of_others(game, seat))
            checked += 1
        if version < len(record["actions"]):
            entry = record["actions"][version]
            game.apply(from_json({k: v for k, v in entry.items() if k != "seat"}))
    return checked


@pytest.mark.parametrize(("ruleset", "lean"), [(RULESETS[0], True), (RULESETS[1], False), (RULESETS[2], True)])
def test_no_message_holds_a_card_the_seat_may_not_see(room_server: Server, ruleset: str, lean: bool) -> None:
    """Lean sessions too: their states, the history filled in from the ones before, are the seat's view."""
    async def main(server: Server) -> None:
        created = server.create(ruleset=ruleset)
        clients = await seated(server, created, ["b", "c", "d", "e", "f"], lean=lean, confirm=True)
        spectator = await Client.connect(server.ws)
        await spectator.open("watch", created["room"], lean=lean)
        for client in clients:
            await client.send({"type": "accept", "fingerprint": created["info"]["rules"]["fingerprint"]})
        await play_until_over(clients, hash(ruleset) % 1000)
        while spectator.state is None or spectator.state["observation"]["places"] is None:
            await spectator.until("state", timeout=WAIT)
        [line] = httpx.get(f"{server.http}/api/v1/rooms/{created['room']}/records", timeout=WAIT).text.splitlines()
        received: dict[int | None, list[dict[str, Any]]] = {c.seat: c.received for c in clients}
        received[None] = spectator.received
        assert check_messages(json.loads(line), received) > 6 * 50
        await close_all([*clients, spectator])

    random.seed(0)
    asyncio.run(main(room_server))
