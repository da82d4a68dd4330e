"""Scenario tests for ordinary rounds, 够级, 让牌, 接风, 够死级, 无头 and 四人乱缠.

Each test names the seed lines it implements (000 = ../shared/seeds/000_169ea3dcef0c3ecb.txt,
001 = ../shared/seeds/001_e9697f5421a1f829.txt).
"""

from __future__ import annotations

import pytest
from engine_helpers import deal, play, variant

from gouji_variants.engine import PASS, REVOLUTION, YIELD, Game, IllegalAction
from gouji_variants.ruleset.cards import Cards
from gouji_variants.ruleset.model import Ruleset


def test_follow_beats_with_same_count_and_pass_locks_out_except_for_the_duitou(dagang: Ruleset) -> None:
    """000:115-117 (循序渐进, 步步高, 张数相同); 001:20 过牌者除"对头牌"外这一轮再无权发牌."""
    game = deal(dagang, "33Q", "4466 5", "39", "88K", "55J", "4T")
    game.apply(play("33"))
    assert game.turn == 1
    with pytest.raises(IllegalAction) as caught:
        game.apply(play("5"))
    assert caught.value.verdict.rule == "plays.same-count"
    game.apply(PASS)  # seat 1 passes with 44 and 66 in hand
    assert game.turn == 3  # seat 2 cannot beat a pair: passed for it
    game.apply(PASS)  # seat 3 passes with 88
    game.apply(play("55"))  # seat 4
    # seat 5 and seat 0 cannot beat; seat 1 passed but may answer its 对头 (seat 4)
    assert game.turn == 1 and game.decision == "follow"
    game.apply(play("66"))
    # seat 3 holds 88 but passed and seat 1 is not its 对头: locked out; the round ends
    assert game.turn == 1 and game.decision == "lead" and game.top is None


def test_gouji_play_jumps_to_the_duitou_and_lives_when_not_answered(dagang: Ruleset) -> None:
    """000:122-123 够级牌除烧牌和无头外只可对头接牌; 000:179 活与不活; 001:3 (第九条)."""
    game = deal(dagang, "KK223", "5", "6", "AA4", "7", "8")
    game.apply(play("KK"))
    assert game.turn == 3 and game.decision == "answer"
    assert game.may_answer() == (3,)
    game.apply(play("AA"))
    assert game.turn == 0 and game.decision == "answer"  # back to AA's 对头, skipping seats 4, 5, 1, 2
    game.apply(PASS)  # 扣牌: AA lives
    assert game.turn == 3 and game.decision == "lead"


def test_gouji_lives_and_its_player_leads_again(dagang: Ruleset) -> None:
    """000:179 活: the 对头 does not beat the 够级 play, its player wins the lead."""
    game = deal(dagang, "KK3", "5", "6", "AA4", "7", "8")
    game.apply(play("KK"))
    game.apply(PASS)
    assert game.turn == 0 and game.decision == "lead"


def test_yield_lets_the_next_two_try_and_only_their_duitou_beats_onto_a_yield(dagang: Ruleset) -> None:
    """001:22 让牌: 让下两家先上牌 … 对让牌人顺的牌，唯有对头才有上牌权 (000:47)."""
    game = deal(dagang, "5Q", "83", "4", "9J", "76", "K3")
    game.apply(play("5"))
    game.apply(PASS)  # seat 1 passes with an 8
    assert game.turn == 3 and YIELD in game.legal_actions()  # seat 2 could not beat; seat 3 faces its 对头
    game.apply(YIELD)
    assert game.turn == 4 and game.decision == "follow-on-yield"
    game.apply(play("7"))
    # only seat 4's 对头 (seat 1, though it passed) may beat a card played onto a yield; seat 5's K may not
    assert game.turn == 1 and game.decision == "answer"
    game.apply(PASS)
    assert game.turn == 4 and game.decision == "lead"


def test_yielder_beats_or_passes_when_both_pass(dagang: Ruleset) -> None:
    """001:22 如下家均声明过牌，再由持牌人确定上牌或扣牌."""
    game = deal(dagang, "5Q", "3", "4", "9J", "46", "3")
    game.apply(play("5"))
    game.apply(YIELD)  # seat 3
    game.apply(PASS)  # seat 4 (seat 5 cannot beat)
    assert game.turn == 3 and game.decision == "after-yield" and YIELD not in game.legal_actions()
    game.apply(play("9"))
    assert game.turn == 0


def test_yield_is_refused_when_not_facing_the_duitou(dagang: Ruleset) -> None:
    """001:22: 让牌 only on the 对头's play after the two before passed."""
    game = deal(dagang, "5Q", "8", "4", "9J", "76", "K3")
    game.apply(play("5"))
    with pytest.raises(IllegalAction) as caught:
        game.apply(YIELD)
    assert caught.value.verdict.rule == "turns.allow_yield"


def test_jiefeng_the_next_player_leads_after_a_last_play_stands(dagang: Ruleset) -> None:
    """000:103, 000:177 接风: 上家的底牌无人灭时 … 下家接风后将获得发牌权."""
    game = deal(dagang, "Q", "3", "4", "5", "6", "7")
    game.apply(play("Q"))
    assert game.finished == (0,)
    assert game.turn == 3 and YIELD in game.legal_actions()  # the 对头's last card may be yielded on
    game.apply(PASS)
    assert game.turn == 1 and game.decision == "lead" and game.stats["jiefeng"] == 1


def test_jiefeng_skips_players_who_are_out(dagang: Ruleset) -> None:
    """000:103 接风, with the 下家 already out: the next player still in play leads."""
    game = deal(dagang, "A3", "K", "4", "5", "6", "7")
    game.apply(play("3"))
    game.apply(play("K"))  # seat 1 goes out on a 3
    assert game.turn == 4  # seats 2, 3 cannot beat K; seat 4 faces its 对头's play and may yield
    game.apply(PASS)
    assert game.turn == 0
    game.apply(play("A"))  # seat 0 out too; nobody beats: 接风 to seat 1's 下家 … seat 0's 下家 is 1 (out) → 2
    assert game.turn == 2 and game.decision == "lead"


def test_gousiji_the_duitou_of_touke_gets_one_unanswerable_gouji(dagang: Ruleset) -> None:
    """001:30 底牌: 头科、二科的底牌，其对头分别有一次无对头够级机会，称"够死级"."""
    game = deal(dagang, "KK", "3", "4", "AA5", "22", "6")
    game.apply(play("KK"))  # seat 0 goes out as 头科 on a 够级 play; seat 4 may burn it first
    assert game.turn == 4 and game.decision == "burn-offer"
    game.apply(PASS)
    assert game.turn == 3 and game.decision == "answer"
    game.apply(play("AA"))
    # 够死级: nobody may answer seat 3's AA; seat 4 (22) may only burn it
    assert game.turn == 4 and game.decision == "burn-offer"
    game.apply(PASS)
    assert game.turn == 3 and game.decision == "lead"


def test_without_gousiji_the_duitou_of_touke_is_wutou_at_once(dagang: Ruleset) -> None:
    """001:32 无头: 头科产生后 … 其他持牌人按发牌对无头者所发的任何牌都可灭之 (gousiji off)."""
    ruleset = variant(dagang, turns={"gousiji": False})
    game = deal(ruleset, "KK", "3", "4", "AA5", "22", "6")
    game.apply(play("KK"))
    game.apply(PASS)  # seat 4 declines to burn
    game.apply(play("AA"))
    game.apply(PASS)  # seat 4 declines to burn AA
    assert game.turn == 4 and game.decision == "follow"  # 无头: anyone may beat seat 3's plays in turn


def test_wutou_player_may_answer_anyones_gouji(dagang: Ruleset) -> None:
    """001:32 无头者对其他持牌者亦行使同样的职权: seat 3, 对头 of 头科, may answer seat 1's 够级."""
    ruleset = variant(dagang, turns={"gousiji": False})
    game = deal(ruleset, "A", "KK3", "4", "AA5", "6", "7")
    game.apply(play("A"))  # seat 0 out as 头科
    game.apply(PASS)  # seat 3 declines to yield; 接风 to seat 1
    assert game.turn == 1
    game.apply(play("KK"))
    assert game.turn == 3 and game.decision == "burn-offer"  # a team-mate may burn it first
    game.apply(PASS)
    assert game.may_answer() == (3, 4)
    assert game.turn == 3 and game.decision == "answer"


def test_luanchan_after_touke_and_erke_passing_no_longer_locks_out(dagang: Ruleset) -> None:
    """000:115 两家走科后，烧牌和让牌不再存在 … 在过牌后也可上牌，即"四户乱缠"; 001:34."""
    game = deal(dagang, "A", "K", "593", "6T", "7J", "8Q")
    game.apply(play("A"))  # 头科; nobody beats
    game.apply(PASS)  # seat 3 declines to yield; 接风 to seat 1
    game.apply(play("K"))  # 二科; seats 2-5 cannot beat K
    assert not game.luanchan  # 四人乱缠 starts with the next round
    game.apply(PASS)  # seat 4 declines to yield
    assert game.luanchan and game.turn == 2
    game.apply(play("5"))
    game.apply(PASS)  # seat 3 passes with 6 and T
    game.apply(play("7"))  # seat 4
    game.apply(PASS)  # seat 5
    game.apply(play("9"))  # seat 2
    assert game.turn == 3 and game.decision == "follow"  # passing did not lock seat 3 out
    game.apply(play("T"))


def test_luanchan_has_no_gouji(dagang: Ruleset) -> None:
    """000:123 四户乱缠无够级牌: a pair of K is beaten by anyone in turn, and nobody burns."""
    game = deal(dagang, "A", "K", "KK3", "AA4", "6", "5")
    game.apply(play("A"))
    game.apply(PASS)  # seat 3
    game.apply(play("K"))
    game.apply(PASS)  # seat 3, with As
    game.apply(PASS)  # seat 4 declines to yield
    assert game.luanchan and game.turn == 2
    game.apply(play("KK"))
    assert game.turn == 3 and game.decision == "follow"  # not only the 对头 (seat 5), and no burn offer


def test_game_ends_when_five_are_out_and_places_follow_going_out(dagang: Ruleset) -> None:
    """000:20 (第三条) and 000:143-148 结算名称: places in going-out order; 第二十条 score."""
    game = deal(dagang, "A", "K", "Q", "J", "T", "9")
    while not game.over:
        game.apply(game.legal_actions()[0])  # the only play, or pass
    assert game.place_names() == ["头科", "二科", "三科", "四科", "二落", "大落"]
    assert game.score == (4, 0)  # 4 + 0 - 2 against 2 + 0 - 4: the winners record the difference


def test_pass_does_not_lock_out_when_the_ruleset_says_so(dagang: Ruleset) -> None:
    """turns.pass_locks_out false (the reading opposite to 001:20): a seat that passed may beat a later play."""
    game = deal(variant(dagang, turns={"pass_locks_out": False}), "33Q", "4466 5", "39", "88K", "55J", "4T")
    game.apply(play("33"))
    game.apply(PASS)  # seat 1
    game.apply(PASS)  # seat 3
    game.apply(play("55"))  # seat 4
    game.apply(play("66"))  # seat 1
    assert game.turn == 3 and game.decision == "follow"  # seat 3 passed before, and may play its 88 now


def test_without_luanchan_gouji_rules_go_on_after_erke(dagang: Ruleset) -> None:
    """turns.luanchan never: 够级 plays keep their 对头 after 头科 and 二科 (contrast 000:123)."""
    game = deal(variant(dagang, turns={"luanchan": "never"}), "A", "K", "KK3", "AA4", "6", "5")
    game.apply(play("A"))
    game.apply(PASS)
    game.apply(play("K"))
    game.apply(PASS)
    game.apply(PASS)
    assert not game.luanchan and game.turn == 2
    game.apply(play("KK"))
    assert game.turn == 3 and game.decision == "burn-offer"  # a burn offer, not a follow: still 够级


def test_luanchan_after_touke_when_someone_revolted(dagang: Ruleset) -> None:
    """000:125 如果有人革命，接着打牌中产生了"头科" … 剩下四人为"四户乱缠" (luanchan_with_revolution)."""
    hands = [Cards.parse(h) for h in ("2A", "2K", "345", "2Q9", "2J9", "2T9")]
    game = Game(dagang, 0, hands=hands, leader=2)
    game.apply(REVOLUTION)  # seat 2 sits out
    game.apply(PASS)  # no 会3; seat 3 leads
    game.apply(play("9"))
    while game.turn != 3 or game.decision != "lead":
        game.apply(PASS)
    assert not game.luanchan
    game.apply(play("Q2"))  # seat 3 plays its last cards: 头科
    while not game.luanchan and not game.over:
        game.apply(PASS)
    assert game.luanchan and game.finished == (3,)
