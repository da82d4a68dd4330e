"""Scenario tests for 憋3 / 冲三: the last play of 3s, 买3 / 买4, 闷 and its places and tribute,
大小王不出手, 憋王贡 and 清贡.

Seed lines: 000 = ../shared/seeds/000_169ea3dcef0c3ecb.txt (第二十六条 000:78-85, 闷 000:140-142,
进贡 000:149-172), 001 = the regional posts (001:46-51), 002 = 后水湾, 003 = 003:50-54.
"""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import deal, play, run_out, variant

from gouji_variants.components import places, tribute
from gouji_variants.engine import IllegalAction
from gouji_variants.ruleset.cards import Cards
from gouji_variants.ruleset.expressions import BuyOrder, TributeOrder, parse
from gouji_variants.ruleset.model import Ruleset


def bie3_variant(dagang: Ruleset, order: tuple[str, ...] = ("men", "luo"), **rules: Any) -> Ruleset:
    return variant(dagang, bie3={"enabled": True, **rules}, tribute={"order": TributeOrder(order)})


@pytest.fixture(scope="module")
def bie3(dagang: Ruleset) -> Ruleset:
    return bie3_variant(dagang)



def test_threes_go_all_together_and_only_as_the_last_play(bie3: Ruleset, dagang: Ruleset) -> None:
    """第二十六条: 底牌必须是3牌; (三) 3牌不能拆开出，也不能贴钱或挂花."""
    game = deal(bie3, "335", "6", "7", "8", "9", "T")
    for cards in ("3", "33"):
        with pytest.raises(IllegalAction) as caught:
            game.verify(play(cards))
        assert caught.value.verdict.rule == "bie3.enabled"
    assert [str(action) for action in game.legal_actions()] == [str(play("5"))]
    plain = deal(dagang, "335", "6", "7", "8", "9", "T")
    assert plain.can(play("3")) and plain.can(play("33"))


def test_threes_are_never_decorated(bie3: Ruleset) -> None:
    """第二十六条(三): 3牌 … 不能贴钱或挂花."""
    game = deal(bie3, "332", "6", "7", "8", "9", "T")
    assert not game.can(play("332"))


def test_the_last_threes_are_led_whole(bie3: Ruleset) -> None:
    game = deal(bie3, "33", "6", "7", "8", "9", "T")
    assert [str(action) for action in game.legal_actions()] == [str(play("33"))]


BUYERS = ("25", "338", "339", "36", "3T", "3J")


@pytest.mark.parametrize(("buy_from", "seller"), [("duitou-then-team", 1), ("whoever-has-extra", 2)])
def test_a_seat_without_a_three_buys_one_with_a_two(dagang: Ruleset, buy_from: str, seller: int) -> None:
    """第二十六条(二): 无3者 … 用钱向对头买1张3牌，如对头无3或只有1张3牌，则向对头的联邦买;
    济宁 001:46 没有3和4的向多3多4者购买，如果对门没，联邦优先赠卖."""
    game = deal(bie3_variant(dagang, buy_from=parse(BuyOrder, buy_from)), *BUYERS)
    assert game.hand(0) == Cards.parse("35")
    assert game.hand(seller) == Cards.parse(BUYERS[seller]) - Cards.parse("3") + Cards.parse("2")
    assert game.stats["bought"] == 1
    assert deal(dagang, *BUYERS).hand(0) == Cards.parse("25")


def test_buying_from_the_duitou_only_leaves_a_seat_without_when_the_duitou_has_no_spare(dagang: Ruleset) -> None:
    """003:50 冲三: 若没有3则需要用2 … 向对门换取一张3 — the 对门 only: seat 1 has a spare, but is not asked."""
    game = deal(bie3_variant(dagang, buy_from=parse(BuyOrder, "对门")), *BUYERS)
    assert game.hand(0) == Cards.parse("25") and game.stats["bought"] == 0
    spare = deal(bie3_variant(dagang, buy_from=parse(BuyOrder, "对门")), "25", "38", "39", "336", "3T", "3J")
    assert spare.hand(0) == Cards.parse("35") and spare.hand(3) == Cards.parse("362")


@pytest.mark.parametrize("hands", [BUYERS, ("5", *BUYERS[1:])])
def test_a_team_mate_that_gives_hands_the_three_over_unpaid(dagang: Ruleset, hands: tuple[str, ...]) -> None:
    """济宁 001:46 如果对门没，联邦优先赠卖: with 联邦赠 the team-mate (seat 2) gives, so the buyer keeps its 2,
    and a buyer with nothing to pay gets one too; sold, the 2 goes to the seller."""
    gift = deal(bie3_variant(dagang, buy_from=parse(BuyOrder, "对门 > 联邦赠 > 上下家")), *hands)
    assert gift.hand(0) == Cards.parse(hands[0]) + Cards.parse("3")
    assert gift.hand(2) == Cards.parse("39") and gift.stats["bought"] == 1
    sold = deal(bie3_variant(dagang, buy_from=parse(BuyOrder, "对门 > 联邦 > 上下家")), *hands)
    assert sold.hand(2) == (Cards.parse("392") if "2" in hands[0] else Cards.parse("339"))


def test_buy_fours_buys_a_four_too(dagang: Ruleset) -> None:
    """济宁 001:46 每人只有一个3和一个4 … 没有3和4的向多3多4者购买; 003:53 没有4则需要用2 … 换取一张4."""
    hands = ("2235", "3", "3", "3448", "3", "3")
    assert deal(bie3_variant(dagang, buy_fours=True), *hands).hand(0) == Cards.parse("3452")
    assert deal(bie3_variant(dagang), *hands).hand(0) == Cards.parse("2235")


STIFLED = ("533", "6", "3", "3", "3", "3")


@pytest.mark.parametrize(("men_places", "place"), [(("大落", "二落", "四科"), "大落"), (("二落", "大落"), "二落")])
def test_beating_the_play_before_the_threes_stifles(dagang: Ruleset, men_places: tuple[str, ...],
                                                    place: str) -> None:
    """000:140-141 悶: 出牌出到只剩3时，他之前的那一套牌如果让人要了，则该人被悶 … 第一个被悶的为拉客."""
    game = deal(bie3_variant(dagang, men_places=men_places), *STIFLED)
    game.apply(play("5"))
    game.apply(play("6"))  # seat 1 beats the 5: seat 0 is left with 33 and is stifled
    assert game.stifled == (0,) and not game.in_play[0] and game.stats["men"] == 1
    assert game.seat_stats[0] == {"men": 1} and not any(game.seat_stats[1:])  # counted against the stifled seat
    run_out(game)
    names = game.place_names()
    assert names is not None and names[0] == place


def test_men_cards_are_paid_to_the_stifler_in_the_rulesets_order(dagang: Ruleset) -> None:
    """000:164 悶貢: 被悶 … 在進貢時要進1張悶貢."""
    game = deal(bie3_variant(dagang), *STIFLED)
    game.apply(play("5"))
    game.apply(play("6"))
    owed = run_out(game).next_dues()
    assert (owed[0].kind, owed[0].payer, owed[0].receiver, owed[0].count) == ("men", 0, 1, 1)
    more = deal(variant(bie3_variant(dagang), tribute={"men_cards": 2}), *STIFLED)
    more.apply(play("5"))
    more.apply(play("6"))
    assert [due.count for due in run_out(more).owed if due.kind == "men"] == [2]


def test_without_bie3_nobody_is_stifled(dagang: Ruleset) -> None:
    game = deal(dagang, *STIFLED)
    game.apply(play("5"))
    game.apply(play("6"))
    assert game.stifled == () and game.in_play[0]


def test_zhashao_ranks_below_a_stifled_player() -> None:
    """000:142 詐燒判定的拉客嚴重于被悶判定為的拉客: 诈烧 大落, 闷 二落."""
    rule = places.Places(zhixi=False, revolution_place="third-or-fourth")
    assigned = places.assign([0, 1, 2, 3], [5], [], rule, men=[4], men_places=[5, 4, 3])
    assert assigned[5] == 5 and assigned[4] == 4


def test_jokers_left_before_the_last_play_is_daluo(dagang: Ruleset) -> None:
    """后水湾 (002) 大小王不出手: 最后一手牌之前不能只剩下大小王，否则视为大落."""
    hands = ("5R3", "3", "3", "3", "3", "3")
    game = deal(bie3_variant(dagang, jokers_last_is_dalu=True), *hands)
    game.apply(play("5"))
    assert not game.in_play[0] and game.stats["stuck_jokers"] == 1 and game.seat_stats[0] == {"stuck_jokers": 1}
    names = run_out(game).place_names()
    assert names is not None and names[0] == "大落"
    game = deal(bie3_variant(dagang), *hands)
    game.apply(play("5"))
    assert game.in_play[0]


def test_biewang_a_seat_ranked_while_holding_jokers_pays_them(dagang: Ruleset) -> None:
    """菏泽单县 001:49 进贡次序为：点、掐(闷)、烧、落、憋王; 8、憋王有贡可吃 (the reading: jokers held)."""
    ruleset = bie3_variant(dagang, order=("men", "luo", "biewang"), jokers_last_is_dalu=True)
    game = deal(ruleset, "5R3", "3", "3", "3", "3", "3")
    game.apply(play("5"))
    owed = run_out(game).next_dues()
    assert [(due.kind, due.payer, due.receiver, due.count) for due in owed if due.kind == "biewang"] == [
        ("biewang", 0, 3, 1)]
    plain = deal(bie3_variant(dagang, jokers_last_is_dalu=True), "5R3", "3", "3", "3", "3", "3")
    plain.apply(play("5"))
    assert not any(due.kind == "biewang" for due in run_out(plain).next_dues())


def test_qing_puts_the_sweep_payment_where_qing_stands_in_the_order(dagang: Ruleset) -> None:
    """后水湾 (002) 挑了的进贡方式是被挑三户的一方向各自的对头进1张贡牌 … 进贡的原则为点、清、烧、落."""
    swept = [0, 3, 1, 4, 2, 5]  # seats 0, 2, 4 take 头科, 二科, 三科
    base = variant(dagang, tribute={"chuansanhu": "one-to-duitou"}).rules.tribute
    with_qing = variant(dagang, tribute={"chuansanhu": "one-to-duitou",
                                         "order": TributeOrder(("qing", "shao", "luo"))}).rules.tribute
    burns = (tribute.BurnDue(1, 2, False),)
    assert [due.kind for due in tribute.dues(base, swept, burns)] == ["luo"] * 3
    assert [due.kind for due in tribute.dues(with_qing, swept, burns)] == ["qing"] * 3 + ["shao"]


def test_a_seat_that_cannot_pay_for_a_three_plays_without_one(bie3: Ruleset) -> None:
    """The reading named in components/bie3.py: nothing to pay with, no 3 bought; its last play is free."""
    game = deal(bie3, "5", "33", "3", "3", "3", "3")
    assert game.hand(0) == Cards.parse("5") and game.stats["bought"] == 0
    game.apply(play("5"))  # its last play is not 3s, and it goes out
    assert game.finished == (0,)


@pytest.mark.parametrize(("pay_with", "paid", "kept"), [
    (("twos", "small-joker", "big-joker", "top-joker"), "B", "RW5"),
    (("twos", "big-joker", "small-joker"), "R", "BW5"),
    (("top-joker", "twos"), "W", "BR5"),
    (("twos",), None, "BRW5"),
])
def test_pay_with_says_which_cards_pay_and_in_which_order(dagang: Ruleset, pay_with: tuple[str, ...],
                                                           paid: str | None, kept: str) -> None:
    """第二十六条(二) 用钱(无钱时用大,小花): the first kind of ``pay_with`` held pays; a kind left out never
    does (the default pays the cheaper joker first; leave top-joker out and a 王中王 never pays)."""
    game = deal(bie3_variant(dagang, pay_with=pay_with), "BRW5", "33", "3", "336", "3", "3")
    if paid is None:
        assert game.hand(0) == Cards.parse(kept) and game.stats["bought"] == 0
    else:
        assert game.hand(0) == Cards.parse(kept + "3") and game.hand(3) == Cards.parse("36" + paid)


@pytest.mark.parametrize("nothing_to_pay", ["goes-without", "free"])
def test_nothing_to_pay_free_hands_the_card_over_unpaid(dagang: Ruleset, nothing_to_pay: str) -> None:
    """A buyer holding nothing that pays gets no 3 (the reading named in components/bie3.py), or under
    ``free`` gets it from its first source with a spare, unpaid; one that can pay still pays."""
    ruleset = bie3_variant(dagang, nothing_to_pay=nothing_to_pay)
    game = deal(ruleset, "5", "33", "3", "336", "3", "3")
    free = nothing_to_pay == "free"
    assert game.hand(0) == Cards.parse("35" if free else "5") and game.stats["bought"] == int(free)
    assert game.hand(3) == Cards.parse("36" if free else "336")
    paying = deal(ruleset, "25", "33", "3", "336", "3", "3")
    assert paying.hand(0) == Cards.parse("35") and paying.hand(3) == Cards.parse("362")


@pytest.mark.parametrize(("served", "buyer"), [("in-turn", 1), ("source-by-source", 5)])
def test_buyers_served_decides_who_gets_a_sellers_only_spare(dagang: Ruleset, served: str, buyer: int) -> None:
    """Seat 2 has one 3 to spare: seat 1 (first from the leader) asks it second, after its 对门 seat 4;
    seat 5 asks it first (its 对门). In turn, seat 1 gets it; source by source, seat 5 does."""
    game = deal(bie3_variant(dagang, buyers_served=served), "37", "2K", "338", "39", "3T", "2J")
    hands = {1: "2K", 5: "2J"}
    for seat, hand in hands.items():
        assert game.hand(seat) == (Cards.parse(hand) - Cards.parse("2") + Cards.parse("3") if seat == buyer
                                   else Cards.parse(hand))
    assert game.hand(2) == Cards.parse("382") and game.stats["bought"] == 1


@pytest.mark.parametrize(("order", "seller"), [
    ("对门 > 上下家", 1), ("对门 > 上家 > 下家", 5), ("对门 > 下家 > 上家", 1),
    ("对门 > 上手联邦 > 下手联邦 > 上下家", 4), ("对门 > 下手联邦 > 上手联邦 > 上下家", 2)])
def test_single_seats_are_asked_in_the_order_written(dagang: Ruleset, order: str, seller: int) -> None:
    """Issue 36: a group is asked in play order from the buyer (下家 first, 下手联邦 first); a table that asks the
    上家 before the 下家, or one team-mate before the other, names the seats. Every seat but the 对门 has a spare."""
    game = deal(bie3_variant(dagang, buy_from=parse(BuyOrder, order)), "25", "338", "339", "3T", "33J", "33Q")
    assert game.hand(0) == Cards.parse("35") and game.stats["bought"] == 1
    assert [seat for seat in range(1, 6) if game.hand(seat).counts[0] == 1 and seat != 3] == [seller]


@pytest.mark.parametrize(("served", "order", "buyer"), [("in-turn", "from-leader", 5), ("in-turn", "by-seat", 1),
                                                       ("source-by-source", "by-seat", 5)])
def test_buyers_order_decides_who_is_served_first(dagang: Ruleset, served: str, order: str, buyer: int) -> None:
    """Issue 36: seat 2 has one 3 to spare, which seats 1 and 5 both want (seat 5 asks it first, its 对门; seat 1
    second). Seat 3 leads: from the leader seat 5 is served before seat 1; by seat, seat 1 first."""
    rules = bie3_variant(dagang, buyers_served=served, buyers_order=order)
    game = deal(rules, "37", "2K", "338", "39", "3T", "2J", leader=3)
    for seat, hand in {1: "2K", 5: "2J"}.items():
        assert game.hand(seat) == (Cards.parse(hand) - Cards.parse("2") + Cards.parse("3") if seat == buyer
                                   else Cards.parse(hand))
    assert game.hand(2) == Cards.parse("382") and game.stats["bought"] == 1
