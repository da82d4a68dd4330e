"""Scenario tests for the rule keys no other test contrasted: each plays one deal (or one tribute
step) under two values of a key and asserts that the engine does something different — legal
actions, who is to act, places, score or tribute — and names the seed line it implements.

The meta-test tests/test_rule_coverage.py maps every rule key to the tests that show its effect.

000 = ../shared/seeds/000_169ea3dcef0c3ecb.txt (《够级大纲》, then the beginners' reference from 000:109),
001 = ../shared/seeds/001_e9697f5421a1f829.txt (大纲 and Q&A, then regional posts 001:46-51),
002 = ../shared/seeds/002_6908cdb2656219e9.txt (后水湾), 003 = ../shared/seeds/003_c64954b2b3ca1ee0.txt.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from engine_helpers import PLACE, deal, play, run_out, variant

from gouji_variants.components import first_player
from gouji_variants.components.notes import Mark, TributePaid
from gouji_variants.engine import DECLARE, PASS, REVOLUTION, YIELD, Action, Burn, Game, Hui3, IllegalAction, Match
from gouji_variants.engine.game import Carry
from gouji_variants.ruleset.cards import Cards
from gouji_variants.ruleset.expressions import DeckRecipe, KillRule, Thresholds, TributeOrder, parse
from gouji_variants.ruleset.model import Ruleset
from gouji_variants.ruleset.rules import Stakes


def game_of(ruleset: Ruleset, *hands: str, leader: int | None = 0, seed: int = 0,
            carry: Carry | None = None) -> Game:
    """A game from six hands, stopped at its first decision (no offer declined)."""
    return Game(ruleset, seed, hands=[Cards.parse(hand) for hand in hands], leader=leader, carry=carry)


def no_burning(ruleset: Ruleset, **sections: dict[str, Any]) -> Ruleset:
    """Burning off, so that only who may answer a play is left to compare."""
    return variant(ruleset, burning={"enabled": False}, **sections)


# -- deck.recipe ------------------------------------------------------------------------------


@pytest.mark.parametrize(("recipe", "each", "threes"), [
    ("4 decks", 36, 16),  # 第三条 (000:20) 人均36張
    ("4 decks, only 6 of 3, remove 2 of 4", 34, 6),  # 003:51 单张三: 共计204张牌，一人34张牌
    ("4 decks, only 6 of 3, only 6 of 4, remove 4 of 5", 32, 6),  # 003:54 单张四: 每人32张牌
    ("4 decks, add 12 of R, add 12 of B", 40, 16),  # 003:56 三十二张鬼
    ("4 decks, add 6 of W", 37, 16),  # a 王中王 above 大王, at tables that add one (issue 11)
])
def test_deck_recipe_sets_what_is_dealt(dagang: Ruleset, recipe: str, each: int, threes: int) -> None:
    """deck.recipe: the deal itself differs — cards per seat and how many 3s there are."""
    game = Game(variant(dagang, deck={"recipe": parse(DeckRecipe, recipe)}), 5)
    assert [len(game.hand(seat)) for seat in range(6)] == [each] * 6
    assert game.deck_total[Cards.parse("3").ranks()[0]] == threes


# -- plays.* (legal combinations, so legal leads) ------------------------------------------------


@pytest.mark.parametrize(("key", "hand"), [
    pytest.param("attach_twos", "K2", id="attach_twos"),  # 000:120 錢 … 隨同任何牌一起發牌，稱 … 貼錢
    pytest.param("attach_jokers", "9B", id="attach_jokers"),  # 000:120 大花、小花 … 隨同任何牌 … 稱掛花
    pytest.param("mix_jokers", "BR", id="mix_jokers"),  # 002 (后水湾) 大小王 may go in one play
    pytest.param("jokers_with_threes", "3B", id="jokers_with_threes"),  # 002 王 with any rank 除三外
])
def test_plays_switches_change_the_legal_leads(dagang: Ruleset, key: str, hand: str) -> None:
    """Each plays switch, on (dagang) and off, with the hand as one decorated play: the lead is
    listed and legal, then neither, and refusing it names the key; each card alone stays legal."""
    hands = (hand, "4", "4", "4", "4", "4")
    on = deal(dagang, *hands)
    off = deal(variant(dagang, plays={key: False}), *hands)
    assert play(hand) in on.legal_actions() and on.can(play(hand))
    assert play(hand) not in off.legal_actions() and not off.can(play(hand))
    assert len(off.legal_actions()) == len(on.legal_actions()) - 1
    with pytest.raises(IllegalAction) as caught:
        off.verify(play(hand))
    assert caught.value.verdict.rule == f"plays.{key}"


def test_attach_twos_lets_a_two_make_up_the_count_when_following(dagang: Ruleset) -> None:
    """000:117 張數相同 … 如果不同，則必須貼錢或掛花: with 贴钱 off, K2 no longer beats QQ."""
    hands = ("QQ3", "K2", "4", "5", "6", "7")
    on = deal(no_burning(dagang), *hands)
    off = deal(no_burning(dagang, plays={"attach_twos": False}), *hands)
    for game in (on, off):
        game.apply(play("QQ"))  # not 够级 (QQQ is): seat 1 follows
    assert on.turn == 1 and play("K2") in on.legal_actions()
    assert any(event.seat == 1 and event.forced for event in off.log)  # seat 1 could not beat: passed for it
    assert off.turn == 3 and play("K2") not in off.legal_actions()


KILL_HANDS = ("R95", "6", "7", "RRT", "8", "J")


@pytest.mark.parametrize(("kills", "lead", "answer"), [
    ((), "R9", None),  # 000:120 大花掛任何牌時，發牌均為死牌 (dagang: B by R only)
    (("R by 2R, +1 card",), "R9", "RRT"),  # 003:55 红鬼二打一: 两张以上红鬼 … 必须比对方多一张牌
    (("R by 2R, +1 card",), "R", None),  # a lone 大王 has no rank to step above
    (("R by 2R, +1 card", "R alone by 2R, +1 card"), "R", "RR"),  # 003:55 … 可灭掉对方的一张红鬼
])
def test_kills_decide_whether_the_duitou_can_beat_a_big_joker_play(dagang: Ruleset, kills: tuple[str, ...],
                                                                  lead: str, answer: str | None) -> None:
    """plays.kills: under the 大纲 a play with 大王 is dead and its 对头 扣s it at once; with
    红鬼二打一 the 对头's RRT beats R9 and the 对头 is asked to answer; a lone R falls to RR
    only where a rule says 'alone'."""
    rules = tuple(parse(KillRule, text) for text in ("B by R", *kills))
    game = deal(variant(dagang, plays={"kills": rules}), *KILL_HANDS)
    game.apply(play(lead))
    if answer:
        assert game.turn == 3 and game.decision == "answer" and play(answer) in game.legal_actions()
    else:
        assert game.turn == 0 and game.decision == "lead"  # seat 3 was passed for: 扣牌
        assert Mark.CANNOT_ANSWER in game.log[-1].notes and game.log[-1].forced


def test_super_jokers_are_dealt_played_and_killed_by_the_rules(dagang: Ruleset) -> None:
    """deck.recipe 'add 6 of W' deals 王中王, and plays.kills 'R by W' lets a 王中王 beat a 大王 play."""
    house = variant(dagang, deck={"recipe": parse(DeckRecipe, "4 decks, add 6 of W")},
                    plays={"kills": (parse(KillRule, "B by R"), parse(KillRule, "R by W"))})
    assert Game(house, 3).deck_total[Cards.parse("W").ranks()[0]] == 6
    game = deal(house, "R95", "6", "7", "WT", "8", "J")
    game.apply(play("R9"))
    assert game.turn == 3 and game.decision == "answer" and play("TW") in game.legal_actions()
    game.apply(play("TW"))
    assert game.hand(3) == Cards.EMPTY


# -- gouji.* (who may answer) ------------------------------------------------------------------


GOUJI_HANDS = ("KK3", "AA4", "5", "AA6", "7", "8")


def test_gouji_thresholds_decide_whether_only_the_duitou_answers(dagang: Ruleset) -> None:
    """第九条 (000:44) 2張A, 2張K … 為法定最低級別、最少數量的夠級牌: KK is 够级 and jumps to the 对头;
    with the smallest 够级 plays raised to AAA and KKK it is a plain play the 下家 may follow."""
    plain = deal(no_burning(dagang), *GOUJI_HANDS)
    plain.apply(play("KK"))
    assert plain.may_answer() == (3,) and plain.turn == 3 and plain.decision == "answer"
    strict = deal(no_burning(dagang, gouji={"thresholds": parse(Thresholds, "R, B, 2, AAA, KKK")}), *GOUJI_HANDS)
    strict.apply(play("KK"))
    assert strict.turn == 1 and strict.decision == "follow" and 1 in strict.may_answer()


BIG_OPEN_HANDS = ("R9 5", "RRT", "4", "RRJ", "6", "7")


def test_gouji_joker_plays_big_joker_open_lets_anyone_beat_a_big_joker_play(dagang: Ruleset) -> None:
    """003:55 部分规则中，带红鬼的牌不是"够级牌"，谁都可以灭 (with 红鬼二打一 so that R9 can be beaten)."""
    kills = {"kills": (parse(KillRule, "B by R"), parse(KillRule, "R by 2R, +1 card"))}
    gouji = deal(no_burning(dagang, plays=kills), *BIG_OPEN_HANDS)
    gouji.apply(play("R9"))
    assert gouji.turn == 3 and gouji.decision == "answer" and gouji.may_answer() == (3,)  # seat 1 skipped
    open_ = deal(no_burning(dagang, plays=kills, gouji={"joker_plays": "big-joker-open"}), *BIG_OPEN_HANDS)
    open_.apply(play("R9"))
    assert open_.turn == 1 and open_.decision == "follow" and play("RRT") in open_.legal_actions()


# -- turns.* ----------------------------------------------------------------------------------


YIELD_HANDS = ("5Q", "83", "4", "9J", "76", "K3")


def test_allow_yield_offers_the_yield_or_not(dagang: Ruleset) -> None:
    """001:22 让牌: 持牌人对上两家过牌.头牌 … 可声明"让牌"; with turns.allow_yield false there is none."""
    games = {allow: deal(variant(dagang, turns={"allow_yield": allow}), *YIELD_HANDS) for allow in (True, False)}
    for game in games.values():
        game.apply(play("5"))
        game.apply(PASS)  # seat 1; seat 2 cannot beat
        assert game.turn == 3 and game.decision == "follow"
    assert YIELD in games[True].legal_actions() and games[True].can(YIELD)
    assert YIELD not in games[False].legal_actions() and not games[False].can(YIELD)
    games[True].apply(YIELD)
    assert games[True].turn == 4 and games[True].decision == "follow-on-yield"


WUTOU_HANDS = ("A", "KK3", "4", "AA5", "6", "7")


@pytest.mark.parametrize("wutou", [True, False])
def test_wutou_lets_the_duitou_of_touke_answer_anyones_gouji(dagang: Ruleset, wutou: bool) -> None:
    """001:32 无头: 头科产生后 … 无头者对其他持牌者亦行使同样的职权 — seat 3 (头科's 对头) may answer
    seat 1's KK after seat 1's own 对头; with turns.wutou false only seat 4 may, and cannot."""
    game = deal(variant(dagang, turns={"gousiji": False, "wutou": wutou}), *WUTOU_HANDS)
    game.apply(play("A"))  # seat 0 goes out: 头科
    game.apply(PASS)  # seat 3 declines to yield; 接风 to seat 1
    game.apply(play("KK"))
    assert game.turn == 3 and game.decision == "burn-offer"  # a team-mate may burn it either way
    game.apply(PASS)
    if wutou:
        assert game.may_answer() == (3, 4) and game.turn == 3 and game.decision == "answer"
    else:
        assert game.turn == 1 and game.decision == "lead"  # seat 4 could not beat KK: it lived


@pytest.mark.parametrize("with_revolution", [True, False])
def test_luanchan_with_revolution_starts_after_touke_or_waits_for_erke(dagang: Ruleset,
                                                                       with_revolution: bool) -> None:
    """000:125 如果有人革命，接着打牌中产生了"头科" … 剩下四人为"四户乱缠"; without the key it waits for
    二科 as usual (001:34)."""
    ruleset = variant(dagang, turns={"luanchan_with_revolution": with_revolution})
    game = game_of(ruleset, "2A", "2K", "345", "2Q9", "2J9", "2T9", leader=2)
    game.apply(REVOLUTION)  # seat 2 sits out
    game.apply(PASS)  # no 会3; seat 3 leads
    game.apply(play("9"))
    while game.turn != 3 or game.decision != "lead":
        game.apply(PASS)
    game.apply(play("Q2"))  # seat 3 goes out: 头科
    while game.decision != "lead":
        game.apply(PASS)
    assert game.finished == (3,) and game.luanchan is with_revolution


# -- reporting.* --------------------------------------------------------------------------------


REPORT_HANDS = ("33445566778", "3", "4", "5", "3344556677", "33445566")


@pytest.mark.parametrize(("public_at_most", "counts"), [
    (10, (None, 1, 1, 1, 10, 8)),  # 第十四条 (000:48) 等于或少于10張 … 應如實報明
    (9, (None, 1, 1, 1, None, 8)),  # 聊城 001:51 十张以下要报张数
    (None, (None, 1, None, 1, None, 8)),  # 第二十六条 (000:75) 憋3 … 報牌 … 不再適用
])
def test_public_at_most_sets_which_hand_counts_others_see(dagang: Ruleset, public_at_most: int | None,
                                                          counts: tuple[int | None, ...]) -> None:
    """What seat 1 sees of the counts: its own, a team-mate's it may look at (8 cards, with 看牌 at 10),
    and the others' when at or below reporting.public_at_most."""
    ruleset = variant(dagang, reporting={"public_at_most": public_at_most, "teammate_view_at_most": 10})
    assert deal(ruleset, *REPORT_HANDS).observation(1).counts == counts


@pytest.mark.parametrize(("limit", "seen"), [(None, False), (9, True), (7, False)])
def test_teammate_view_at_most_sets_which_team_mate_hands_one_sees(dagang: Ruleset, limit: int | None,
                                                                   seen: bool) -> None:
    """青岛 001:47 10张以内可以看联邦牌，并且可以提示 (003:59 阵营战 likewise): seat 1 sees its team-mate
    seat 5's 8 cards when the limit is at least 8; never the other team's."""
    game = deal(variant(dagang, reporting={"teammate_view_at_most": limit}), *REPORT_HANDS)
    hands = game.observation(1).hands
    assert (hands[5] == Cards.parse("33445566")) is seen and (hands[5] is None) is not seen
    assert hands[2] is None and hands[4] is None


# -- burning.* ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("exempt", "outcome"), [(True, "success"), (False, "诈烧")])
def test_last_play_exempt_decides_whether_the_burners_last_play_needs_a_joker(dagang: Ruleset, exempt: bool,
                                                                             outcome: str) -> None:
    """000:131 此后每次所發牌中必須掛一"小花"或"大花"，但最后一手牌可除外; 002 reads 直至最后一次发牌 (no
    exemption). After the burn, 88R55 is three ranks, so one-rank-left does not help."""
    game = deal(variant(dagang, burning={"last_play_exempt": exempt}), "25", "B88R55", "3", "4", "R3", "6")
    game.apply(play("2"))
    game.apply(PASS)  # seat 4 declines to burn
    game.apply(Burn(Cards.parse("B")))  # seat 1 burns
    game.apply(PASS)  # seat 4, the burner's 对头, lets it live
    game.apply(play("88R"))
    game.apply(play("55"))  # the last play, without a joker
    assert game.burns[0].outcome == outcome
    assert (game.zhashao == (1,)) is not exempt and (game.finished == (1,)) is exempt


@pytest.mark.parametrize(("passed_may_burn", "offered"), [(False, [4]), (True, [4, 1])])
def test_passed_may_burn_offers_a_burn_to_a_seat_that_passed(dagang: Ruleset, passed_may_burn: bool,
                                                             offered: list[int]) -> None:
    """000:139 過牌之后則不能燒牌 (and 000:180 過牌不燒); burning.passed_may_burn true reads it the other way."""
    game = deal(variant(dagang, burning={"passed_may_burn": passed_may_burn}), "59", "6B", "27", "3", "3B", "4")
    game.apply(play("5"))
    game.apply(PASS)  # seat 1 passes holding a 小王
    game.apply(play("2"))  # seat 2: 够级
    seen = []
    while game.decision == "burn-offer":
        seen.append(game.turn)
        game.apply(PASS)
    assert seen == offered


# -- kaidian.mingdian / yudian stakes ---------------------------------------------------------


OPENER = ("KK5", "3", "3", "3", "3", "3")


def dadian(dagang: Ruleset, **kaidian: Any) -> Ruleset:
    rules = {"enabled": True, "mingdian": None, "yudian": None, **kaidian}
    return variant(dagang, kaidian=rules, tribute={"order": TributeOrder(("dian", "luo"))})


def declared_game(ruleset: Ruleset, *declarers: int) -> tuple[Game, list[str]]:
    """OPENER with ``declarers`` declaring when offered; seat 0's KK lives, so seat 0 opens and nobody else."""
    game = game_of(ruleset, *OPENER)
    offered: list[str] = []
    while game.decision in ("yudian", "mingdian", "revolution", "hui3"):
        offered.append(game.decision)
        declaring = game.decision in ("yudian", "mingdian") and game.turn in declarers
        game.apply(DECLARE if declaring else PASS)
    game.apply(play("KK"))
    run_out(game)
    return game, offered


def dian(game: Game, payer: int, receiver: int) -> list[int]:
    return [due.count for due in game.owed if due.kind == "dian" and (due.payer, due.receiver) == (payer, receiver)]


@pytest.mark.parametrize(("stakes", "paid"), [(None, [1]), (Stakes(2, 2), [1, 2]), (Stakes(3, 3), [1, 3])])
def test_mingdian_stakes_set_what_a_wrong_declaration_costs(dagang: Ruleset, stakes: Stakes | None,
                                                            paid: list[int]) -> None:
    """第二十四条 (000:69-71) 明點 … 如對頭開點 … 翻車 (2張); 菏泽单县 001:49 宣点成功吃对家三张:
    seat 3 declares 明点, its 对头 seat 0 opens, so seat 3 pays the stakes on top of its own 点贡;
    with kaidian.mingdian null nobody is offered 明点."""
    game, offered = declared_game(dadian(dagang, mingdian=stakes), 3)
    assert ("mingdian" in offered) is (stakes is not None)
    assert game.declared[3] == ("mingdian" if stakes else None)
    assert dian(game, 3, 0) == paid


@pytest.mark.parametrize(("stakes", "eaten"), [(None, [1]), (Stakes(4, 4), [4]), (Stakes(8, 8), [8])])
def test_yudian_stakes_set_what_a_right_declaration_eats(dagang: Ruleset, stakes: Stakes | None,
                                                         eaten: list[int]) -> None:
    """第二十四条 (000:70) 宣布預點者吃對頭4張點貢; 后水湾 (002) 太空 8: seat 4 declares 预点 before the
    deal and its 对头 seat 1 never opens; with kaidian.yudian null there is no 预点 stage."""
    game, offered = declared_game(dadian(dagang, yudian=stakes), 4)
    assert ("yudian" in offered) is (stakes is not None)
    assert dian(game, 1, 4) == eaten


# -- hui3.choices -------------------------------------------------------------------------------


HUI3_HANDS = ("2334", "2344", "235", "2A", "2J", "2T")


@pytest.mark.parametrize(("choices", "offered"), [
    (("3", "4", "both"), [PASS, Hui3("3"), Hui3("4"), Hui3("both")]),  # 000:72-73 也有"會4"的打法 … 3、4全會
    (("3",), [PASS, Hui3("3")]),
    ((), None),  # 000:75 憋3 … 會3等均不再適用
])
def test_hui3_choices_set_what_the_first_player_may_take_out(dagang: Ruleset, choices: tuple[str, ...],
                                                            offered: list[Action] | None) -> None:
    """第二十五条: the first player is offered 会3 with the ruleset's choices, or not at all."""
    game = game_of(variant(dagang, hui3={"choices": choices}), *HUI3_HANDS)
    if offered is None:
        assert game.decision == "lead" and not game.can(Hui3("3"))
        return
    assert game.decision == "hui3" and game.legal_actions() == offered
    assert game.can(Hui3("4")) is ("4" in choices)
    if "4" in choices:  # 000:73 也有"會4"的打法: every 4 is taken out
        game.apply(Hui3("4"))
        assert game.hand(1) == Cards.parse("23") and game.removed == Cards.parse("444")


# -- revolution.* ------------------------------------------------------------------------------


REVOLT_HANDS = ("2Q", "2K", "345", "2A", "2J", "2T")


def test_revolution_enabled_offers_revolution_or_not(dagang: Ruleset) -> None:
    """第二十三条 (000:63-64) 革命 … 符合革命條件者有權不革命: offered when enabled, never when not."""
    on = game_of(dagang, *REVOLT_HANDS, leader=2)
    assert on.turn == 2 and on.decision == "revolution" and on.can(REVOLUTION)
    off = game_of(variant(dagang, revolution={"enabled": False}), *REVOLT_HANDS, leader=2)
    assert off.decision == "hui3" and not off.can(REVOLUTION)


def test_automatic_without_threes_makes_the_revolution_automatic(dagang: Ruleset) -> None:
    """000:113 如果自己沒有3，又沒有錢、大花、小花，則算做自動革命: with the key seat 1 is a revolutionary at
    once; without it seat 1 is only offered 革命 and may decline."""
    hands = ("2Q", "456", "2K", "2A", "2J", "2T")
    offered = game_of(dagang, *hands)
    assert offered.turn == 1 and offered.decision == "revolution" and offered.revolutionaries == ()
    offered.apply(PASS)
    assert offered.revolutionaries == () and offered.in_play[1]
    automatic = game_of(variant(dagang, revolution={"automatic_without_threes": True}), *hands)
    assert automatic.revolutionaries == (1,) and not automatic.in_play[1] and automatic.decision == "hui3"


@pytest.mark.parametrize(("void_at", "voided"), [(2, False), (1, True)])
def test_void_at_sets_how_many_revolutionaries_void_the_game(dagang: Ruleset, void_at: int, voided: bool) -> None:
    """000:113 如同時出現2個（含2個）以上革命者，則該局作廢; 003:57 三十二张鬼 … 只要有一人停牌就强制流局."""
    game = game_of(variant(dagang, revolution={"void_at": void_at}), *REVOLT_HANDS, leader=2)
    game.apply(REVOLUTION)
    assert game.stats["voids"] == int(voided) and len(game.deals) == 1 + int(voided)
    assert game.revolutionaries == (() if voided else (2,))


@pytest.mark.parametrize("void_at", [6, 7, 99])
def test_six_revolutionaries_void_the_game_whatever_void_at_says(dagang: Ruleset, void_at: int) -> None:
    """With every seat sitting out nobody is left to play: the game is redealt, not stuck (a house value of
    void_at above 6 means no smaller number of revolutionaries voids it)."""
    ruleset = variant(dagang, revolution={"void_at": void_at})
    game = game_of(ruleset, *(["456"] * 6))
    for _ in range(5):
        game.apply(REVOLUTION)
    assert game.stats["voids"] == 0 and game.decision == "revolution"
    game.apply(REVOLUTION)
    assert game.stats["voids"] == 1 and len(game.deals) == 2 and game.revolutionaries == () and not game.over


# -- first_player.* ----------------------------------------------------------------------------


LIANG3_HANDS = ("2Q", "2333", "2K", "233", "2J", "2T")


def test_first_game_liang3_or_a_drawn_card_picks_the_leader(dagang: Ruleset) -> None:
    """第七条 (000:32) 亮3: the most same-suit 3s lead (seat 1 here); 第六条 (000:29) the drawn card
    counts the seats instead, with the game's own random stream (seed 3 draws a leader other than 1)."""
    assert game_of(dagang, *LIANG3_HANDS, leader=None, seed=3).leader == 1
    drawn = game_of(variant(dagang, first_player={"first_game": "draw"}), *LIANG3_HANDS, leader=None, seed=3)
    assert drawn.leader == first_player.draw(dagang.rules.deck.recipe, random.Random(3)) != 1


@pytest.mark.parametrize(("later_games", "leader"), [("dalu", 5), ("rotate", 1)])
def test_later_games_decide_who_leads_the_next_game_of_a_match(dagang: Ruleset, later_games: str,
                                                               leader: int) -> None:
    """第六条 (000:31) 上一局的大落 … 也是法定首發牌人; 憋3 第二十六条(一) (000:76) 按反時針方向依次循環開牌:
    seat 0 led and seat 5 was 大落."""
    ruleset = variant(dagang, first_player={"later_games": later_games})
    game = run_out(deal(ruleset, "A", "K", "Q", "J", "T", "9"))
    assert game.place_names() == ["头科", "二科", "三科", "四科", "二落", "大落"]
    match = Match(ruleset, 0)
    match.record(game)
    assert match.carry.leader == leader and match.new_game().leader == leader


# -- places.revolution_place ---------------------------------------------------------------------


@pytest.mark.parametrize(("revolution_place", "place"), [("third-or-fourth", "三科"), ("fourth", "四科")])
def test_revolution_place_when_the_team_mates_take_touke_and_erke(dagang: Ruleset, revolution_place: str,
                                                                  place: str) -> None:
    """第二十三条 (000:63) 當革命者的2個同伙分獲頭科、二科時，則革命者視為三科; 憋3 (000:80) 開點並作為四科:
    seat 2 sits out and its team-mates seats 0 and 4 go out first and second."""
    ruleset = variant(dagang, places={"revolution_place": revolution_place})
    game = game_of(ruleset, "2", "23", "345", "24", "2", "25")
    game.apply(REVOLUTION)  # seat 2
    game.apply(PASS)  # no 会3
    game.apply(play("2"))  # seat 0 goes out: 头科; nobody can beat a 2
    assert game.finished == (0,) and game.turn == 1 and game.decision == "lead"  # 接风
    game.apply(play("3"))
    game.apply(PASS)  # seat 3
    game.apply(play("2"))  # seat 4 goes out: 二科
    names = run_out(game).place_names()
    assert list(game.finished[:2]) == [0, 4] and names is not None and names[2] == place


# -- score.* --------------------------------------------------------------------------------------


PLAIN_HANDS = ("A", "K", "Q", "J", "T", "9")  # places follow the seats: 头科 … 大落


@pytest.mark.parametrize(("points", "record", "recorded"), [
    ((4, 2, 0, 0, -2, -4), "winner-difference", (4, 0)),  # 第二十条 (000:51-52) 只記正分
    ((4, 2, 0, 0, -2, -4), "both-teams", (2, -2)),
    ((10, 5, 3, 2, 1, 0), "winner-difference", (7, 0)),
])
def test_points_and_record_set_the_score(dagang: Ruleset, points: tuple[int, ...], record: str,
                                         recorded: tuple[int, int]) -> None:
    """第二十条: 頭科得4分，二科得2分，三科、四科均得0分 … 只記正分; score.points and score.record change
    what the same game records (seats 0, 2, 4 take 头科, 三科, 二落)."""
    game = run_out(deal(variant(dagang, score={"points": points, "record": record}), *PLAIN_HANDS))
    assert game.score == recorded


# -- tribute.* --------------------------------------------------------------------------------------


SEATED = tuple(range(6))  # seat s took place s: 大落 seat 5 pays 头科 seat 0, 二落 seat 4 pays 二科 seat 1
TRIBUTE_HANDS = ("33", "44", "2", "2", "2255", "RB2266")


def tribute_notes(game: Game) -> list[str]:
    """The kinds of the tribute paid, in order: ``["dian", "luo"]``."""
    return [note.kind for event in game.log for note in event.notes if isinstance(note, TributePaid)]


def test_tribute_enabled_pays_or_not(dagang: Ruleset) -> None:
    """第二十一条 (000:53) 采取積分制一般不再進貢，但亦可采取積分、進貢同步進行: tribute.enabled."""
    paid = game_of(dagang, *TRIBUTE_HANDS, carry=Carry(places=SEATED))
    assert paid.hand(0) == Cards.parse("33RB") and paid.decision == "return"
    unpaid = game_of(variant(dagang, tribute={"enabled": False}), *TRIBUTE_HANDS, carry=Carry(places=SEATED))
    assert unpaid.hand(0) == Cards.parse("33") and unpaid.decision != "return" and tribute_notes(unpaid) == []


def test_luo_cards_set_how_many_cards_the_losers_pay(dagang: Ruleset) -> None:
    """第二十一条(三) (000:56) 大落向頭科進2張貢牌，二落向二科進1張: tribute.luo_cards (3, 2) takes more."""
    usual = game_of(dagang, *TRIBUTE_HANDS, carry=Carry(places=SEATED))
    heavier = game_of(variant(dagang, tribute={"luo_cards": (3, 2)}), *TRIBUTE_HANDS, carry=Carry(places=SEATED))
    assert (len(usual.hand(0)), len(usual.hand(1))) == (4, 3)
    assert (len(heavier.hand(0)), len(heavier.hand(1))) == (5, 4)


def test_returned_asks_the_receivers_to_return_cards(dagang: Ruleset) -> None:
    """000:173 拉貢要還貢，即還等量的牌: with tribute.returned false nobody returns."""
    usual = game_of(dagang, *TRIBUTE_HANDS, carry=Carry(places=SEATED))
    assert usual.turn == 0 and usual.decision == "return"
    kept = game_of(variant(dagang, tribute={"returned": False}), *TRIBUTE_HANDS, carry=Carry(places=SEATED))
    assert kept.decision == "hui3" and kept.hand(0) == Cards.parse("33RB")


def test_waive_within_team_skips_luo_tribute_between_team_mates(dagang: Ruleset) -> None:
    """第二十一条(五) (000:58) 進貢在聯邦中進行時，可自行商定是否進貢 (taken as always waived): seat 2 is
    大落 and seat 0, its team-mate, 头科."""
    places = tuple(PLACE[name] for name in ("头科", "二科", "大落", "四科", "二落", "三科"))
    hands = ("33", "44", "RB5", "6", "2277", "8")
    waived = game_of(dagang, *hands, carry=Carry(places=places))
    assert waived.hand(2) == Cards.parse("RB5") and waived.hand(0) == Cards.parse("33")
    paid = game_of(variant(dagang, tribute={"waive_within_team": False}), *hands, carry=Carry(places=places))
    assert paid.hand(2) == Cards.parse("5") and paid.hand(0) == Cards.parse("33RB")


def test_order_sets_which_tribute_is_paid_and_in_what_order(dagang: Ruleset) -> None:
    """第二十四条 (000:68) 點貢優先，先進點貢，后進落貢; 青岛 001:47 只上落贡，没有点贡: seat 5 owes seat 2
    one 点贡 and seat 0 two 落贡; paid largest first (000:54), the order decides who gets the 大王."""
    from gouji_variants.components.tribute import Due
    carry = Carry(places=SEATED, owed=(Due("dian", 5, 2, 1, False),))
    hands = ("33", "44", "5", "6", "77", "RB2")

    def paid(order: tuple[str, ...]) -> Game:
        return game_of(variant(dagang, tribute={"order": TributeOrder(order)}), *hands, carry=carry)

    dian_first = paid(("dian", "luo"))
    assert tribute_notes(dian_first) == ["dian", "luo", "luo"]
    assert dian_first.hand(2) == Cards.parse("5R") and dian_first.hand(0) == Cards.parse("33B2")
    luo_first = paid(("luo", "dian"))
    assert tribute_notes(luo_first) == ["luo", "luo", "dian"]
    assert luo_first.hand(2) == Cards.parse("52") and luo_first.hand(0) == Cards.parse("33RB")
    luo_only = paid(("luo",))
    assert tribute_notes(luo_only) == ["luo", "luo"] and luo_only.hand(2) == Cards.parse("5")


SWEPT = tuple(PLACE[name] for name in ("头科", "四科", "二科", "二落", "三科", "大落"))  # seats 0, 2, 4 take 1-3


@pytest.mark.parametrize(("chuansanhu", "paid"), [("redeal", False), ("one-to-duitou", True)])
def test_chuansanhu_redeals_or_has_each_swept_player_pay_the_duitou(dagang: Ruleset, chuansanhu: str,
                                                                    paid: bool) -> None:
    """第二十一条(七) (000:60) 串三戶的進貢方式是被串三戶的一方向各自的對頭進1張貢牌，串三戶一般不進貢，
    應重新開牌: after a sweep the match finds the first player again ('redeal'), or the next game's
    tribute has seats 1, 3, 5 each pay their 对头 one card."""
    ruleset = variant(dagang, tribute={"chuansanhu": chuansanhu})
    hands = ("33", "2", "44", "2", "55", "2")
    game = game_of(ruleset, *hands, carry=Carry(places=SWEPT))
    assert [game.hand(seat) for seat in (0, 1)] == ([Cards.parse("332"), Cards.EMPTY] if paid
                                                   else [Cards.parse("33"), Cards.parse("2")])
    swept = deal(ruleset, "A", "33", "K", "44", "Q", "5")
    while not swept.over:
        swept.apply(swept.legal_actions()[0])  # seats 0, 2, 4 go out on A, K, Q in turn
    assert swept.places is not None and [swept.places[seat] for seat in (0, 2, 4)] == [0, 1, 2]
    match = Match(ruleset, 0)
    match.record(swept)
    assert (match.carry.leader is None) is not paid


def test_shao_cards_set_the_burn_tribute(dagang: Ruleset) -> None:
    """000:168 "燒牌"成功后，在進貢時被燒者要向燒牌者進1張"燒貢": tribute.shao_cards 2 takes two."""
    from gouji_variants.components.tribute import BurnDue
    burned = Carry(places=SEATED, burns=(BurnDue(burner=1, burned=3, counter=False),))
    hands = ("33", "44", "5", "RB2", "6", "7")

    def burn_paid(cards: int) -> Game:
        ruleset = variant(dagang, tribute={"order": TributeOrder(("shao",)), "shao_cards": cards})
        return game_of(ruleset, *hands, carry=burned)

    assert burn_paid(1).hand(1) == Cards.parse("44R") and burn_paid(1).hand(3) == Cards.parse("B2")
    assert burn_paid(2).hand(1) == Cards.parse("44RB") and burn_paid(2).hand(3) == Cards.parse("2")
