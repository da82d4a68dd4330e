"""The hidden-information property: whole games played through the protocol under rulesets that
show different things (counts, team-mates' hands, 挑牌), and every message a seat or spectator was
sent checked against the engine's own view of that seat at that moment, re-played from the record:
the same observation, field for field, so no message holds a card that seat's view does not show."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from typing import Any

import httpx
import jsonschema
import pytest
from server_helpers import WAIT, Server, close_all, seated
from test_rooms_play import play_until_over

from gouji_variants.agents.hints import position
from gouji_variants.engine.actions import from_json, to_json
from gouji_variants.engine.game import Game, Observation
from gouji_variants.records.record import replay
from gouji_variants.ruleset.cards import Cards
from gouji_variants.scene import options_of, result_of, scene
from gouji_variants.server.client import Client
from gouji_variants.server.protocol import OBSERVATION_FIELDS, public_observation, schema
from gouji_variants.server.statejson import observation_json, scene_json

RULESETS = ("qingdao", "zhenying", "liaocheng")


def _cards_of_others(game: Game, seat: int | None) -> set[str]:
    """The hands of the seats ``seat``'s view does not show (every hand, for a spectator)."""
    shown = game.observation(seat).hands if seat is not None else (None,) * 6
    return {str(Cards.unchecked(hand)) for other, hand in enumerate(game.state.hands)
            if other != seat and shown[other] is None and sum(hand) > 3}


def _positions(records: list[dict[str, Any]]) -> Iterator[tuple[int, Game]]:
    """Each state version of a match and its game at that version, from the match's records (a state at the
    end of a game that is not the last shows the next game's start)."""
    version = 0
    for index, record in enumerate(records):
        game = position(replay(record).game, 1)  # type: ignore[arg-type]
        actions = record["actions"]
        for step in range(len(actions) + (index == len(records) - 1)):
            yield version, game
            if step < len(actions):
                game.apply(from_json({k: v for k, v in actions[step].items() if k != "seat"}))
                version += 1


def check_messages(records: list[dict[str, Any]], received: dict[int | None, list[tuple[str, dict[str, Any]]]]) -> int:
    """Every message as it travelled valid by its schema; every state, as the client pieced it together,
    the seat's view; no hidden hand's notation in what travelled. The number of states checked."""
    states = {}
    for seat, messages in received.items():
        for raw, message in messages:
            sent = json.loads(raw)
            jsonschema.validate(sent, schema(sent["type"]))
            if message["type"] == "state":
                states.setdefault(seat, {})[message["version"]] = raw, message
    overs = [message["game"] for messages in received.values() for _, message in messages
             if message["type"] == "game_over"]
    for by_version in states.values():  # a state after the last game_over shows that game, as game_over names it
        assert by_version[max(by_version)][1]["game"] == max(overs)
    checked = 0
    for version, game in _positions(records):
        for seat, by_version in states.items():
            if version not in by_version:
                continue
            raw, message = by_version[version]
            seen = game.observation(seat) if seat is not None else public_observation(game)
            assert message["observation"] == observation_json(seen), (seat, version)
            if seat is None:
                assert message["observation"]["hand"] == "" and set(message["observation"]["hands"]) == {None}
            legal = [to_json(a) for a in game.legal_actions()] if not game.over and game.turn == seat else None
            assert [{k: v for k, v in a.items() if k != "confirm"} for a in message["legal"] or ()] == (legal or [])
            assert (message["legal"] is None) == (legal is None)
            # a hidden hand's notation anywhere in what travelled (events, legal actions, fields to come) is a
            # leak, unless the view itself holds that same string (a public play that happens to equal it)
            shown = json.dumps(observation_json(seen), ensure_ascii=False)
            text = json.dumps(json.loads(raw), ensure_ascii=False)
            assert not any(f'"{hand}"' in text and f'"{hand}"' not in shown for hand in _cards_of_others(game, seat))
            _check_last_and_events(message, seen)
            _check_scene(message["scene"], game, seat)
            checked += 1
    return checked


def _check_scene(sent: dict[str, Any], game: Game, seat: int | None) -> None:
    """A state's scene is the seat's (made from its view), and true of the engine: a count told is the
    hand's size, 'more than the limit' is more, a seat ranked or gone out is so."""
    seen = game.observation(seat) if seat is not None else public_observation(game)
    assert sent["options"] is None or (seat is not None and not game.over and game.turn == seat)
    expected = scene_json(scene(seen, game.rules, options_of(game) if sent["options"] is not None else (),
                                result_of(game)))
    if game.over:  # the match's totals, and no dues after its last game: the room's, not the record's
        assert sent["result"] == {**expected["result"], "totals": sent["result"]["totals"]}
        assert sent["dues"] in (None, expected["dues"])
        expected.update(result=sent["result"], dues=sent["dues"])
    assert sent == expected
    if game.places is not None:  # once over: the places and the score are the game's
        assert [game.places[placed] for placed in sent["places"]] == sorted(game.places)
        assert sent["score"] == list(game.score)
    else:
        assert sent["places"] is None and sent["score"] is None and sent["dues"] is None
    for other, (count, untold, standing) in enumerate(zip(sent["counts"], sent["untold"], sent["standing"],
                                                          strict=True)):
        size = len(game.hand(other))
        assert count is None or count == size
        assert untold != "above-limit" or size > sent["limit"]
        assert (standing == "gone-out") == (other in game.finished)


def _check_last_and_events(message: dict[str, Any], seen: Observation) -> None:
    """The actions a state's ``last`` and ``events`` carry hold no card the seat's view does not show: a
    还贡's cards only where the view's transfers show them."""
    actions = [(event["seat"], event["action"]) for event in message["events"] if event["action"] is not None]
    if message["last"] is not None:
        actions.append((message["last"]["seat"], message["last"]["action"]))
    for seat, action in actions:
        if action["type"] == "return":
            assert any(t.kind == "return" and t.giver == seat and str(t.cards) == action["cards"]
                       for t in seen.transfers if t.cards is not None), (seen.seat, action)


@pytest.mark.parametrize(("ruleset", "lean", "games"), [(RULESETS[0], True, 2), (RULESETS[1], False, 1),
                                                         (RULESETS[2], True, 1)])
def test_no_message_holds_a_card_the_seat_may_not_see(room_server: Server, ruleset: str, lean: bool,
                                                      games: int) -> None:
    """Lean sessions too (answered on their states: ``done_in_state``): their states, what did not change
    filled in from the ones before, are the seat's view; every message the server sent is valid by its JSON
    Schema; a second game's tribute and 还贡 too, where the room's (random) deal makes any
    (tests/server/test_words.py plays one for certain)."""
    async def main(server: Server) -> None:
        created = server.create(ruleset=ruleset, games=games)
        clients = await seated(server, created, ["b", "c", "d", "e", "f"], keep=True, lean=lean, confirm=True,
                               **({"done_in_state": True} if lean else {}))
        spectator = await Client.connect(server.ws, keep=True)
        await spectator.open("watch", created["room"], lean=lean)
        for client in clients:
            await client.send({"type": "accept", "fingerprint": created["info"]["rules"]["fingerprint"]})
        await play_until_over(clients, sum(map(ord, ruleset)))
        while spectator.state is None or spectator.state["observation"]["places"] is None:
            await spectator.until("state", timeout=WAIT)
        lines = httpx.get(f"{server.http}/api/v1/rooms/{created['room']}/records", timeout=WAIT).text.splitlines()
        assert len(lines) == games
        received = {client.seat: client.received or [] for client in clients}
        received[None] = spectator.received or []
        assert check_messages([json.loads(line) for line in lines], received) > 6 * 50
        for client in clients if lean else ():  # (done_in_state) every act answered on its state, none apart
            answered = [message["done"] for _, message in client.received or () if "done" in message]
            assert answered and len(set(answered)) == len(answered)
            assert all(message["type"] == "state" for _, message in client.received or () if "done" in message)
            assert "done" not in [message["type"] for _, message in client.received or ()]
        sent = [json.loads(raw) for raw, message in received[0] if message["type"] == "state"]
        fields = [len(state["observation"]) for state in sent]
        assert fields[0] == len(OBSERVATION_FIELDS)  # the first whole, then only what changed (lean)
        assert max(fields[1:]) < len(OBSERVATION_FIELDS) if lean else set(fields) == {len(OBSERVATION_FIELDS)}
        await close_all([*clients, spectator])

    random.seed(0)
    asyncio.run(main(room_server))
