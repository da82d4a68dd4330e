"""Scenario tests for the smaller rule keys: each shows the engine behaving differently under the
two values of the key, and names the seed line it implements.

000 = ../shared/seeds/000_169ea3dcef0c3ecb.txt, 001 = ../shared/seeds/001_e9697f5421a1f829.txt,
002 = ../shared/seeds/002_6908cdb2656219e9.txt, 003 = ../shared/seeds/003_c64954b2b3ca1ee0.txt.
"""

from __future__ import annotations

from engine_helpers import deal, variant

from gouji_variants.cards import Cards
from gouji_variants.compiler import Ruleset
from gouji_variants.engine import Event, Game, Play


def play(text: str) -> Play:
    return Play(Cards.parse(text))


def finish(game: Game) -> None:
    """Play the game out with the first legal action each time."""
    while not game.over:
        game.apply(game.legal_actions()[0])


# -- places.zhixi 窒息 ------------------------------------------------------------------------

ZHIXI_HANDS = ("3A", "4K", "33", "5Q", "3", "3")


def _zhixi_game(ruleset: Ruleset) -> tuple[Game, Event]:
    game = deal(ruleset, *ZHIXI_HANDS)
    game.apply(play("3"))
    game.apply(play("4"))  # seat 1; seat 2 cannot beat it
    game.apply(play("5"))  # seat 3; seats 4 and 5 cannot beat it
    out = game.apply(play("A"))  # seat 0 goes out: 头科; seats 2, 4 and 5 have never played a card
    return game, out


def test_zhixi_ranks_every_seat_that_never_played_at_once(dagang: Ruleset) -> None:
    """003:58 窒息: 第一名的最后一手牌打出之前未打出任何牌的玩家 … 不能再出牌，视为大落 —
    in play order after 头科: 大落, then 二落, then 四科."""
    game, out = _zhixi_game(variant(dagang, places={"zhixi": True}))
    assert game.in_play == (False, True, False, True, False, False)
    assert out.notes == ("out 1", "窒息 2", "窒息 4", "窒息 5")
    finish(game)
    assert game.place_names() == ["头科", "二科", "大落", "三科", "二落", "四科"]


def test_without_zhixi_the_seats_that_never_played_play_on(dagang: Ruleset) -> None:
    """places.zhixi false: 头科 going out ranks nobody."""
    game, _ = _zhixi_game(dagang)
    assert game.in_play == (False, True, True, True, True, True)
    finish(game)
    assert game.place_names() == ["头科", "二科", "大落", "三科", "四科", "二落"]  # seats 4, 5 went out
