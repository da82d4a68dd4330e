"""What the table says of a hand whose count it does not show: the ruleset's own 报牌 (no fixed "10")."""

from __future__ import annotations

import random

from engine_helpers import deal, variant

from gouji_variants.engine import Game, RandomAgent
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.ruleset.rules import PLACE_NAMES
from gouji_variants.terminal.render import Words, result, table

HANDS = ("33344455", "3456789", "666777", "3456789TJ", "TTTJJJQQQK", "888999")  # 8, 7, 6, 9, 10, 6 cards


def _lines(ruleset_id: str, **sections: dict[str, object]) -> list[str]:
    game = deal(variant(load_ruleset(ruleset_id), **sections), *HANDS)
    return table(game, 0, Words()) + table(game, 0, Words("zh"))


def test_no_reporting_under_bie3_is_not_more_than_ten() -> None:
    lines = "\n".join(_lines("qingdao", reporting={"public_at_most": None, "teammate_view_at_most": None,
                                                   "tiaopai": False}))
    assert "more than" not in lines and "以上" not in lines and "多于" not in lines
    assert "no 报牌 under these rules" in lines and "本规则不报牌" in lines


def test_a_limit_of_nine_hides_a_count_of_ten_as_more_than_nine() -> None:
    lines = _lines("qingdao", reporting={"public_at_most": 9, "teammate_view_at_most": None})
    [seat4] = [line for line in lines if line.lstrip().startswith("seat 4")]
    assert seat4.endswith("more than 9 cards") and "10" not in seat4
    [seat3] = [line for line in lines if line.lstrip().startswith("seat 3")]
    assert seat3.endswith("9 cards")
    assert any(line.lstrip().startswith("4号位") and line.endswith("多于9张") for line in lines)



def test_a_place_and_its_seat_share_a_line() -> None:
    """The result's places never end a line between a place and the seat that took it (``二落`` / ``3号位``)."""
    for seed in range(6):
        game, agent, rng = Game(load_ruleset("jining"), seed), RandomAgent(), random.Random(seed)
        while not game.over:
            game.apply(agent.act(game.view(), rng))
        for words in (Words(), Words("zh")):
            lines = result(game, seed, words)
            assert all(any(place in line for line in lines) for place in PLACE_NAMES), lines  # (none cut: 二 / 落)
            assert not any(line.rstrip().endswith(place) for line in lines for place in PLACE_NAMES), lines
