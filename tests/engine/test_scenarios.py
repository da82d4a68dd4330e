"""What a programmer writing scenarios needs from ``Game``: the suits of the given 3s for 亮3, a
scripted game that keeps its hands through a 流局, skipping the offers before the first play, and
a game that prints readably; each is recorded and replays."""

from __future__ import annotations

import pytest
from engine_helpers import variant

from gouji_variants.components.notes import Mark
from gouji_variants.engine import PASS, REVOLUTION, Game
from gouji_variants.records.record import game_record, replay
from gouji_variants.ruleset.cards import Cards
from gouji_variants.ruleset.model import Ruleset

# Seats 0 and 3 hold no 2s and no jokers (each may declare 革命; two void the game under dagang).
HANDS = ["33345678", "3345B", "3456R2", "456789", "34562", "3TJQKB"]


def given(**options: object) -> Game:
    return Game(RULES, 0, hands=[Cards.parse(hand) for hand in HANDS], **options)  # type: ignore[arg-type]


@pytest.fixture(autouse=True)
def _rules(dagang: Ruleset) -> None:
    global RULES
    RULES = dagang


RULES: Ruleset


def test_threes_by_suit_decide_liang3() -> None:
    assert given().leader == 0  # 333 of one suit: the most 3s of a suit
    spread = [[1, 1, 1, 0], [2, 0, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0], [1, 0, 0, 0]]
    game = given(threes=spread)
    assert game.leader == 1  # seat 0's three 3s are of three suits; seat 1 shows two of one
    assert replay(game_record(game)).game is not None


@pytest.mark.parametrize(("threes", "message"), [
    ([[3, 0, 0, 0]] * 5, "not 5 seats"),
    ([[3, 0, 0]] + [[1, 0, 0, 0]] * 5, r"threes\[0\] is 4 counts"),
    ([[2, 0, 0, 0]] + [[1, 0, 0, 0]] * 5, r"threes\[0\] counts 2 3s, but hand 0 holds 3"),
])
def test_bad_threes_say_what_is_wrong(threes: list[list[int]], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        given(threes=threes)


def test_threes_and_keep_hands_need_given_hands() -> None:
    with pytest.raises(ValueError, match="go with given hands"):
        Game(RULES, 0, keep_hands=True)


def void(game: Game) -> Game:
    """Seats 0 and 3 declare 革命 (a 流局 under dagang); everyone else declines."""
    while len(game.deals) == 1:
        assert game.decision == "revolution"
        game.apply(REVOLUTION if game.turn in (0, 3) else PASS)
    return game


def test_a_scripted_game_keeps_its_hands_through_a_void() -> None:
    kept = void(given(keep_hands=True, leader=2))
    assert kept.stats["voids"] == 1 and len(kept.deals) == 2
    assert kept.deals[1] == kept.deals[0] and kept.leader == 2 and kept.decision == "revolution"
    plain = void(given(leader=2))
    assert plain.stats["voids"] == 1 and plain.deals[1] != plain.deals[0]  # dealt from the seed
    for game in (kept, plain):
        while game.decision == "revolution":
            game.apply(PASS)
        record = game_record(game)
        assert ("keep_hands" in record) == game.keep_hands
        assert replay(record).divergence == "/actions: the record ends before the game does (seat " \
            f"{game.turn} to act)"


def test_skipping_the_offers() -> None:
    offered = given()
    assert offered.decision == "revolution" and offered.turn == 0
    skipped = given(offers=False)
    assert skipped.decision == "lead" and skipped.turn == 0 and not skipped.revolutionaries
    assert game_record(skipped)["offers"] is False and "offers" not in game_record(offered)


def test_a_game_prints_readably() -> None:
    game = given(offers=False)
    assert repr(game) == "<Game dagang seed=0 play, seat 0 to lead>"
    assert str(game).splitlines()[1:3] == ["  seat 0 (in play, 8): 33345678", "  seat 1 (in play, 5): 3345B"]


def test_hands_that_void_by_themselves_are_not_dealt_again() -> None:
    rules = variant(RULES, revolution={"automatic_without_threes": True})
    hands = [Cards.parse(hand) for hand in ["45678", "3345B", "3456R2", "456789", "34562", "3TJQKB"]]
    game = Game(rules, 0, hands=hands, keep_hands=True)
    assert game.stats["voids"] >= 1 and game.deals[1] != game.deals[0]
    assert any(Mark.REDEALT in event.notes for event in game.log)
