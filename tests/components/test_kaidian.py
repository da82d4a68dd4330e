"""Scenario tests for 打点: 开点, its deadlines and variants, 明点 / 预点 / the 宣点 table, and 点贡.

Seed lines: 000 = ../shared/seeds/000_169ea3dcef0c3ecb.txt (第二十四条 000:63-66, beginners'
reference 开点 000:125-126 and 点贡 000:153-166), 001 = the regional posts (001:46-51),
002 = 后水湾, 003 = the encyclopedia article (003:52-53).
"""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import deal, play, run_out, variant

from gouji_variants.components.notes import TributePaid, tribute_name
from gouji_variants.engine import DECLARE, PASS, REVOLUTION, Game
from gouji_variants.engine.game import Carry
from gouji_variants.ruleset.cards import Cards
from gouji_variants.ruleset.expressions import TributeOrder
from gouji_variants.ruleset.model import Ruleset
from gouji_variants.ruleset.rules import Outcomes, Stakes, XuandianTable

#: Seat 0 leads KK (够级) which lives, then goes out; everyone else goes out on a single 3.
OPENER = ("KK5", "3", "3", "3", "3", "3")


@pytest.fixture(scope="module")
def dadian(dagang: Ruleset) -> Ruleset:
    return dadian_variant(dagang)


def dadian_variant(dagang: Ruleset, **kaidian: Any) -> Ruleset:
    rules = {"enabled": True, "mingdian": None, "yudian": None, **kaidian}
    return variant(dagang, kaidian=rules, tribute={"order": TributeOrder(("dian", "luo"))})



def passes(game: Game) -> Game:
    """Everyone passes (the 对头 may be offered 让牌) until someone leads."""
    while game.decision != "lead":
        game.apply(PASS)
    return game


def dues(game: Game) -> list[tuple[int, int, int]]:
    return sorted((due.payer, due.receiver, due.count) for due in game.owed if due.kind == "dian")


def test_a_gouji_play_that_lives_opens_and_who_did_not_open_pays_the_duitou(dadian: Ruleset) -> None:
    """第二十四条 (000:63-65): 开点 = won the lead with a 够级 play; who did not pays 1 点贡 to the 对头,
    both ways when neither opened."""
    game = deal(dadian, *OPENER)
    game.apply(play("KK"))  # seat 3 cannot answer: KK lives
    assert game.opened == (True, False, False, False, False, False)
    run_out(game)
    assert dues(game) == [(1, 4, 1), (2, 5, 1), (3, 0, 1), (4, 1, 1), (5, 2, 1)]
    off = variant(dadian, kaidian={"enabled": False})
    assert run_out(deal(off, *OPENER)).owed == []


def test_penalty_sets_how_many_cards_point_tribute_is(dagang: Ruleset) -> None:
    """第二十四条: 1 张点贡; a ruleset may say more."""
    game = deal(dadian_variant(dagang, penalty=2), *OPENER)
    game.apply(play("KK"))
    assert (3, 0, 2) in dues(run_out(game))


def test_point_tribute_is_paid_first_and_never_returned(dadian: Ruleset) -> None:
    """第二十四条: 点贡优先，先进点贡，后进落贡 … 点贡只进贡，不计分，不回牌."""
    first = deal(dadian, *OPENER)
    first.apply(play("KK"))
    run_out(first)
    assert first.places is not None
    carry = Carry(tuple(first.places), (), 0, tuple(first.owed))
    hands = ("2R", "2R", "2R", "2R", "2R", "22R")
    second = Game(dadian, 0, hands=[Cards.parse(hand) for hand in hands], leader=0, carry=carry)
    kinds = [tribute_name(note.kind) for event in second.log for note in event.notes if isinstance(note, TributePaid)]
    assert kinds[:5] == ["点贡"] * 5 and "落贡" in kinds[5:]
    owed = first.next_dues()
    assert [due.kind for due in owed] == ["dian"] * 5 + ["luo"] * 2
    assert not any(due.returned for due in owed[:5]) and all(due.returned for due in owed[5:])
    assert second.decision == "return"


@pytest.mark.parametrize(("opens_with", "lead", "opened"), [
    (["pure", "twos", "small-joker"], "R", False),  # 第二十四条(一): 除大花外
    (["pure", "twos", "small-joker", "big-joker"], "R", True),
    (["pure", "twos", "small-joker"], "2", True),
    (["pure"], "2", False),  # 德州 001:48 挂钱不能开点; 济宁 001:46 2不开点
    (["pure", "pair-of-twos"], "2", False),  # 聊城 001:51 俩2也开点: one 2 does not
    (["pure", "pair-of-twos"], "22", True),
    (["pure"], "B", False),
    (["pure", "small-joker"], "B", True),  # 聊城 001:51 小虎的也开点
])
def test_opens_with_names_the_plays_that_open(dagang: Ruleset, opens_with: list[str], lead: str,
                                              opened: bool) -> None:
    game = deal(dadian_variant(dagang, opens_with=tuple(opens_with)), lead + "5", "3", "3", "3", "3", "3")
    game.apply(play(lead))
    assert game.opened[0] is opened


@pytest.mark.parametrize(("answering", "opened"), [("any", True), ("not-on-gouji", False), ("leads-only", False)])
def test_answering_says_whether_a_gouji_play_on_a_gouji_play_opens(dagang: Ruleset, answering: str,
                                                                   opened: bool) -> None:
    """济宁 001:46 够级牌压够级牌也不开点; 菏泽单县 001:49 主动上够级不开点."""
    game = deal(dadian_variant(dagang, answering=answering), "KK5", "3", "3", "AA4", "3", "3")
    game.apply(play("KK"))
    game.apply(play("AA"))  # seat 0 cannot answer: AA lives
    assert game.turn == 3 and game.decision == "lead"
    assert game.opened[3] is opened


def test_then_four_the_next_lead_must_be_fours(dagang: Ruleset) -> None:
    """000:126 纯够级牌站住时，下一张打出4则为开点; 济宁 001:46 开点后发4."""
    four = dadian_variant(dagang, then_four=True)
    game = deal(four, "KK456", "3", "3", "3", "3", "3")
    game.apply(play("KK"))
    assert game.opened[0] is False
    game.apply(play("4"))
    assert game.opened[0] is True
    other = deal(four, "KK456", "3", "3", "3", "3", "3")
    other.apply(play("KK"))
    other.apply(play("5"))  # not a 4: the chance is gone
    assert other.opened[0] is False
    plain = deal(dadian_variant(dagang), "KK456", "3", "3", "3", "3", "3")
    plain.apply(play("KK"))
    assert plain.opened[0] is True


def test_fours_after_open_playing_fours_first_gives_opening_up(dagang: Ruleset) -> None:
    """落四 (002): 只有在开点之后，才可以出四，否则视为不开点; 003:53 开点前把4打出 … 视同于主动放弃开点."""
    hands = ("4KK5", "3", "3", "3", "3", "3")
    game = deal(dadian_variant(dagang, fours_after_open=True), *hands)
    passes(game).apply(play("4"))
    passes(game).apply(play("KK"))
    assert game.opened[0] is False and game.stats["gave_up_kaidian"] == 1
    assert game.seat_stats[0] == {"gave_up_kaidian": 1}  # counted against the seat that gave up
    game = deal(dadian_variant(dagang), *hands)
    passes(game).apply(play("4"))
    passes(game).apply(play("KK"))
    assert game.opened[0] is True


@pytest.mark.parametrize(("deadline", "opened"), [("dagang", True), ("first-out", False)])
def test_deadline_others_open_before_erke_or_all_before_touke(dagang: Ruleset, deadline: str, opened: bool) -> None:
    """第二十四条(二): 二科产生前 … 凡够级牌一次未活者，均视为不开点; 后水湾 (002): 头科前."""
    game = deal(dadian_variant(dagang, deadline=deadline), "5", "KK6", "3", "4", "3", "3")
    game.apply(play("5"))  # seat 0 goes out: 头科
    passes(game)  # seat 1 could beat with 6 but passes; 5 lives, seat 1 接风
    game.apply(play("KK"))  # seat 4 cannot answer
    assert game.finished == (0,) and game.opened[1] is opened


def test_duitou_of_touke_must_open_before_touke_goes_out(dadian: Ruleset) -> None:
    """第二十四条(一): 头科产生前，其对头 … 一次未活 … 称为不开点."""
    game = deal(variant(dadian, turns={"gousiji": False}), "5", "3", "3", "KK6", "3", "3")
    game.apply(play("5"))  # seat 0 goes out
    passes(game)  # seat 1 leads (接风) its 3 and goes out: 二科
    game.apply(play("3"))
    passes(game)
    assert game.turn == 2
    game.apply(play("3"))
    passes(game)
    assert game.turn == 3
    game.apply(play("KK"))  # lives, after 头科: too late for 头科's 对头
    assert game.opened[3] is False


def declare(game: Game, *declarers: int) -> None:
    while game.decision in ("yudian", "mingdian", "revolution", "hui3"):
        game.apply(DECLARE if game.decision in ("yudian", "mingdian") and game.turn in declarers else PASS)


def test_mingdian_stakes_replace_the_penalty(dagang: Ruleset) -> None:
    """第二十四条: 明点 … 对头不开点则宣布者吃对头2张点贡 … 如对头开点 … 须向对头进2张点贡 (翻车)."""
    ruleset = dadian_variant(dagang, mingdian=Stakes(2, 2))
    game = Game(ruleset, 0, hands=[Cards.parse(hand) for hand in OPENER], leader=0)
    declare(game, 3, 1)
    assert game.declared == (None, "mingdian", None, "mingdian", None, None)
    game.apply(play("KK"))
    run_out(game)
    assert dues(game) == [(1, 4, 1), (2, 5, 1), (3, 0, 1), (3, 0, 2), (4, 1, 2), (5, 2, 1)]


def test_yudian_is_declared_before_the_cards_are_seen(dagang: Ruleset) -> None:
    """第二十四条: 若开牌前宣布对头不开点，是为「预点」… 吃对头4张点贡; 后水湾 (002) 太空 8."""
    ruleset = dadian_variant(dagang, mingdian=Stakes(2, 2), yudian=Stakes(4, 8))
    game = Game(ruleset, 0, hands=[Cards.parse(hand) for hand in OPENER], leader=0)
    assert game.decision == "yudian"
    seen = game.observation(0)
    assert len(seen.hand) == 0 and seen.counts == (None,) * 6
    declare(game, 3, 4)
    assert game.declared[3] == "yudian" and game.declared[4] == "yudian"
    game.apply(play("KK"))
    run_out(game)
    assert (3, 0, 8) in dues(game) and (1, 4, 4) in dues(game)


def test_xuandian_table_sets_point_tribute_by_who_declared_and_who_opened(dagang: Ruleset) -> None:
    """000:153-166: 自己宣点对家不宣点 … 自己开点对家没开，对家进3张; 双方都不宣点 … 互进1张."""
    table = XuandianTable(
        both_declared=Outcomes((0, 4), (2, 2), (2, 2), (4, 0)),
        neither_declared=Outcomes((0, 1), (1, 1), (0, 0), (1, 0)),
        one_declared=Outcomes((0, 3), (1, 2), (2, 0), (3, 0)),
    )
    ruleset = dadian_variant(dagang, mingdian=Stakes(2, 2), xuandian_table=table)
    game = Game(ruleset, 0, hands=[Cards.parse(hand) for hand in OPENER], leader=0)
    declare(game, 0)
    game.apply(play("KK"))
    run_out(game)
    assert dues(game) == [(1, 4, 1), (2, 5, 1), (3, 0, 3), (4, 1, 1), (5, 2, 1)]


@pytest.mark.parametrize(("gousiji", "opened"), [(3, False), (1, True)])
def test_a_revolutionary_counts_as_opened_and_its_duitou_needs_more(dagang: Ruleset, gousiji: int,
                                                                    opened: bool) -> None:
    """第二十四条 end: 如果持牌人革命 … 算自动认点，但其对头也须在二科产生前够死级三把方算开点."""
    ruleset = dadian_variant(dagang, revolution_duitou_gousiji=gousiji)
    game = Game(ruleset, 0, hands=[Cards.parse(hand) for hand in ("KK5", "3", "3", "4", "3", "3")], leader=0)
    while game.decision in ("revolution", "hui3"):
        game.apply(REVOLUTION if game.decision == "revolution" and game.turn == 3 else PASS)
    assert game.revolutionaries == (3,)
    game.apply(play("KK"))
    assert game.opened[0] is opened
    run_out(game)
    assert game.opened[3] is True
    off = dadian_variant(dagang, revolution_opens=False)
    game = Game(off, 0, hands=[Cards.parse(hand) for hand in ("KK5", "3", "3", "4", "3", "3")], leader=0)
    while game.decision in ("revolution", "hui3"):
        game.apply(REVOLUTION if game.decision == "revolution" and game.turn == 3 else PASS)
    assert run_out(game).opened[3] is False
