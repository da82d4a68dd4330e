"""What a seat is told in words: events as the receiver may see them (tribute cards only to the two
seats, a declined offer only to its seat), the confirmations of final actions, and hints; and the
same over the protocol: a room that allows hints, and states carrying events and confirmations."""

from __future__ import annotations

import asyncio
import json
import random

from server_helpers import Server, seated

from gouji_variants.components.notes import Mark, TributePaid, TributeReturned
from gouji_variants.engine.actions import Pass, Return, Revolution, to_json
from gouji_variants.engine.events import Event
from gouji_variants.engine.game import Game
from gouji_variants.engine.match import Match
from gouji_variants.ruleset.cards import Cards
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.scene import scene_of, seen_events
from gouji_variants.server.words import confirmations, events_json, hint, last_json
from gouji_variants.terminal.render import Words, event_lines


def test_tribute_cards_are_told_only_to_the_two_seats_and_private_events_only_to_their_seat() -> None:
    paid = Event(-1, None, (TributePaid("luo", 1, 4, Cards.parse("RB")),))
    declined = Event(2, Pass(), (Mark.NO_BURN,), private=True)
    for seat in (1, 4):
        [told] = events_json(seen_events([paid], seat))
        assert "BR" in told["notes"]["en"][0] and "小王、大王" in told["notes"]["zh"][0]  # (Chinese: the names)
    for seat in (0, None):
        [told] = events_json(seen_events([paid, declined], seat))
        assert "BR" not in str(told) and "2 cards" in told["notes"]["en"][0] and "2张牌" in told["notes"]["zh"][0]
    assert "BR" not in str(events_json(seen_events([paid], 1, yudian=True)))  # 预点: no card seen yet
    assert events_json(seen_events([declined], 2))[0]["notes"] == {"en": ["no burn"], "zh": ["不烧"]}


def test_parts_are_the_notes_split_round_the_seats_they_name() -> None:
    paid = Event(-1, None, (TributePaid("luo", 1, 4, Cards.parse("RB")), Mark.NO_BURN))
    [told] = events_json(seen_events([paid], 4))
    for lang in ("zh", "en"):
        seat = (lambda number: f"{number}号位") if lang == "zh" else (lambda number: f"seat {number}")
        rebuilt = ["".join(seat(piece) if isinstance(piece, int) else piece for piece in parts)
                   for parts in told["parts"][lang]]
        assert rebuilt == told["notes"][lang]  # the same words, seat by seat
        assert [piece for piece in told["parts"][lang][0] if isinstance(piece, int)] == [1, 4]
        assert told["parts"][lang][1] == [told["notes"][lang][1]]  # a note naming no seat is one piece
    assert "\x00" not in json.dumps(told)


def test_revolution_asks_for_a_confirmation_and_a_hint_is_a_legal_action() -> None:
    ruleset = load_ruleset("qingdao")
    for seed in range(200):
        game = Game(ruleset, seed)
        rng = random.Random(seed)
        while not game.over and Revolution() not in game.legal_actions():
            game.apply(rng.choice(game.legal_actions()))
        if not game.over:
            break
    else:
        raise AssertionError("no 革命 offered in 200 deals")
    legal = game.legal_actions()
    asked = dict(zip(legal, confirmations(scene_of(game, game.turn), game.rules.burning), strict=True))
    assert asked[Revolution()] is not None and "革命" in asked[Revolution()]["zh"]  # type: ignore[index]
    assert asked[Pass()] is None
    advice = hint(game.clone(), 1)
    assert advice["action"] in [{"type": "revolution"}, {"type": "pass"}]
    assert advice["reason"]["zh"] and advice["reason"]["en"]
    said = {"en": ["you sit this game out (三科 / 四科)"], "zh": ["本局你不出牌（三科或四科）"]} \
        if advice["action"] == {"type": "revolution"} else {"en": [], "zh": []}
    assert advice["effects"] == said


def test_a_hint_states_what_the_scene_says_its_option_does() -> None:
    """The hint's effects are its option's in the seat's scene: a play that takes the seat out says so, in
    which order, in both languages."""
    ruleset = load_ruleset("jining")
    game, rng = Game(ruleset, 5), random.Random(5)
    while not game.over:
        if len(game.hand(game.turn)) > 3:
            game.apply(rng.choice(game.legal_actions()))
            continue
        advice = hint(game.clone(), 1)  # (a short hand: the hint is taken)
        chosen = next(o for o in scene_of(game, game.turn).options if to_json(o.action) == advice["action"])
        if chosen.goes_out is not None:
            assert f"you go out {'1st 2nd 3rd 4th 5th'.split()[chosen.goes_out - 1]}" in advice["effects"]["en"]
            assert f"你第{chosen.goes_out}个走完" in advice["effects"]["zh"]
            return
        assert not any("go out" in said for said in advice["effects"]["en"])
        game.apply(chosen.action)
    raise AssertionError("the heuristic bot never went out in this game")


def test_hints_events_and_confirmations_over_the_protocol(room_server: Server) -> None:
    async def main(server: Server) -> None:
        bots = {str(seat): "random" for seat in range(1, 6)}
        closed = server.create(ruleset="qingdao", bots=bots)
        created = server.create(ruleset="qingdao", bots=bots)
        [other] = await seated(server, closed, [])
        [host] = await seated(server, created, [], lean=True, confirm=True)
        assert host.room is not None and host.room["hints"] is False
        await host.send({"type": "settings", "hints": True})
        while not (await host.until("room"))["room"]["hints"]:  # (the room as the host joined it, first)
            pass
        for client, room in ((other, closed), (host, created)):
            await client.send({"type": "accept", "fingerprint": room["info"]["rules"]["fingerprint"]})
        await other.send({"type": "hint"})
        assert (await other.until("error"))["code"] in ("hints", "turn")
        notes: list[str] = []
        acted = False
        while True:
            state = await host.until("state")
            notes += [note for event in state["events"] for note in event["notes"]["en"]]
            acted = acted or any(event["action"] for event in state["events"])
            if state["legal"] is not None:
                break
        await host.send({"type": "hint"})
        advice = await host.until("hint_result")
        plain = [{k: v for k, v in action.items() if k != "confirm"} for action in state["legal"]]
        assert advice["version"] == state["version"] and advice["action"] in plain and advice["reason"]["zh"]
        assert all(set(action["confirm"]) == {"zh", "en"} for action in state["legal"] if "confirm" in action)
        await other.send({"type": "hint"})  # the room does not allow them
        assert (await other.until("error"))["code"] == "hints"
        if state["observation"]["history"]:  # (not when the host acts first: in some deals seat 0 leads with
            assert notes or acted  # nothing done before, the room's version above 0 all the same)
        await host.close()
        await other.close()

    asyncio.run(main(room_server))


def _a_return() -> tuple[Game, Event]:
    """A 还贡 of the second game of a qingdao match, applied: the game and its event."""
    match = Match(load_ruleset("qingdao"), 0)
    rng = random.Random(0)
    game = match.new_game()
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    match.record(game)
    game = match.new_game()
    while not any(isinstance(action, Return) for action in game.legal_actions()):
        game.apply(rng.choice(game.legal_actions()))
    action = next(action for action in game.legal_actions() if isinstance(action, Return))
    return game, game.apply(action)


def test_a_return_between_two_other_seats_keeps_its_cards_from_last_and_events() -> None:
    game, event = _a_return()
    assert isinstance(event.action, Return)
    [returned] = [note for note in event.notes if isinstance(note, TributeReturned)]
    cards, count = str(event.action.cards), len(event.action.cards)
    last = {"seat": event.seat, "action": to_json(event.action)}
    for seat in (*range(6), None):
        [told] = events_json(seen_events([event], seat))
        if seat in (returned.giver, returned.to):
            assert told["action"] == to_json(event.action) and last_json(last, seen_events([event], seat)) == last
        else:
            assert told["action"] is None and last_json(last, seen_events([event], seat)) is None
            assert f"{count} cards" in told["notes"]["en"][0] and f"{count}张牌" in told["notes"]["zh"][0]
            assert cards not in json.dumps(told)
            if seat is None:
                continue  # (the terminal's None is the all-hands view of a record)
            assert all(t.cards is None for t in game.observation(seat).transfers if t.kind == "return")
            line = "".join(event_lines([event], seat, False, Words()) + event_lines([event], seat, False, Words("zh")))
            assert cards not in line and f"{count} cards" in line and f"{count}张牌" in line


def test_cards_are_named_in_chinese_where_a_player_reads_them() -> None:
    """The page shows notation only in its notation box: the server's Chinese notes and confirmations name
    the cards (10, 小王, 大王), grouped as they are read."""
    from gouji_variants.ruleset.cards import Cards
    from gouji_variants.server.words import NamedWords, named

    assert named("888B") == "3张8、小王" and named("TTR") == "2张10、大王" and named("3") == "3"
    assert NamedWords("zh").hand(Cards.parse("TTBR")) == "2张10、小王、大王"
    assert NamedWords("en").cards("TT") == "TT"  # English keeps the notation its readers know
