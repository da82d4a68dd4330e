"""Scenario tests for 革命, tribute, the first player, places, score, 报牌, and refusing rules.

000 = ../shared/seeds/000_169ea3dcef0c3ecb.txt, 001 = ../shared/seeds/001_e9697f5421a1f829.txt.
"""

from __future__ import annotations

import random

import pytest
from engine_helpers import PLACE, deal, variant

from gouji_variants.agents.heuristic import HeuristicAgent
from gouji_variants.components import first_player, places, score, tribute
from gouji_variants.components.notes import TributePaid
from gouji_variants.engine import PASS, REVOLUTION, Game, Hui3, Match, Play, RandomAgent, Return, play_out
from gouji_variants.engine.game import Carry
from gouji_variants.ruleset.cards import Cards
from gouji_variants.ruleset.expressions import TributeOrder
from gouji_variants.ruleset.model import Ruleset


def test_revolution_is_offered_to_a_hand_without_2s_and_jokers_and_sits_it_out(dagang: Ruleset) -> None:
    """000:63-64 (第二十三条) and 000:113 革命: 大花、小花、钱均没有时，可声明"革命"，即弃牌不再参与."""
    game = Game(dagang, 0, hands=[Cards.parse(h) for h in ("2Q", "2K", "345", "2A", "2J", "2T")], leader=2)
    assert game.turn == 2 and game.decision == "revolution"
    game.apply(REVOLUTION)
    assert game.revolutionaries == (2,) and not game.in_play[2]
    game.apply(PASS)  # no 会3
    assert game.turn == 3 and game.decision == "lead"  # the revolutionary's 下家 leads


def test_revolution_may_be_declined(dagang: Ruleset) -> None:
    """000:64 符合革命条件者有权不革命."""
    game = Game(dagang, 0, hands=[Cards.parse(h) for h in ("2Q", "2K", "345", "2A", "2J", "2T")], leader=2)
    game.apply(PASS)
    assert game.revolutionaries == () and game.decision == "hui3"


def test_two_revolutionaries_void_the_game_and_it_is_redealt(dagang: Ruleset) -> None:
    """000:113 如同时出现2个（含2个）以上革命者，则该局作废（流局）."""
    game = Game(dagang, 7, hands=[Cards.parse(h) for h in ("2Q", "345", "2K", "678", "2J", "2T")], leader=0)
    assert game.turn == 1
    game.apply(REVOLUTION)
    game.apply(REVOLUTION)
    assert game.stats["voids"] == 1 and len(game.deals) == 2
    assert len(game.hand(0)) == 36  # a fresh random deal


def test_automatic_revolution_without_threes(dagang: Ruleset) -> None:
    """000:113 如果自己没有3，又没有钱、大花、小花，则算做自动革命 (automatic_without_threes)."""
    ruleset = variant(dagang, revolution={"automatic_without_threes": True})
    game = Game(ruleset, 0, hands=[Cards.parse(h) for h in ("2Q", "456", "2K", "2A", "2J", "2T")], leader=0)
    assert game.revolutionaries == (1,) and game.decision == "hui3"


@pytest.mark.parametrize(("finished", "expected"), [
    ([0, 4, 1, 3, 5], "三科"),  # team-mates of seat 2 take 头科 and 二科: 三科, the others are 串三户
    ([0, 1, 4, 3, 5], "四科"),
])
def test_revolutionary_place(dagang: Ruleset, finished: list[int], expected: str) -> None:
    """000:63 当革命者的2个同伙分获头科、二科时，则革命者视为三科; 000:146 革命者通常视为四科."""
    assigned = places.assign(finished, [], [2], dagang.rules.places)
    assert places.names(assigned)[2] == expected
    assert sorted(assigned) == list(range(6))


def test_zhashao_ranks_below_everyone(dagang: Ruleset) -> None:
    """000:137 诈烧者直接被判定为拉客 (大落); a second one is 二落."""
    assigned = places.assign([0, 1, 2, 3], [5, 4], [], dagang.rules.places)
    assert places.names(assigned) == ["头科", "二科", "三科", "四科", "二落", "大落"][:4] + ["二落", "大落"]


def test_score_winner_records_the_difference(dagang: Ruleset) -> None:
    """000:51-52 (第二十条): 头科4, 二科2, 三科四科0, 二落-2, 大落-4 … 获胜一方积12分 (串三户)."""
    swept = [0, 3, 1, 4, 2, 5]  # seats 0, 2, 4 take 头科, 二科, 三科
    assert score.recorded(swept, dagang.rules.score) == (12, 0)
    assert score.swept(swept) == 0
    mixed = [1, 0, 5, 2, 3, 4]  # seats 0, 2, 4: 二科 2, 大落 -4, 四科 0; seats 1, 3, 5: 头科 4, 三科 0, 二落 -2
    assert score.team_points(mixed, dagang.rules.score) == (-2, 2)
    assert score.recorded(mixed, dagang.rules.score) == (0, 4)
    assert score.winner(mixed, dagang.rules.score) == 1
    both = variant(dagang, score={"record": "both-teams"})
    assert score.recorded(swept, both.rules.score) == (6, -6)


def test_luo_tribute_dues_and_waiver_within_a_team(dagang: Ruleset) -> None:
    """000:56 (第二十一条(三)) 大落向头科进2张贡牌，二落向二科进1张; 000:58 联邦中可自行商定."""
    placed = [PLACE[name] for name in ("头科", "二科", "三科", "四科", "二落", "大落")]
    dues = tribute.dues(dagang.rules.tribute, placed, [])
    assert [(d.payer, d.receiver, d.count) for d in dues] == [(5, 0, 2), (4, 1, 1)]
    same_team = [PLACE[name] for name in ("头科", "二科", "大落", "四科", "二落", "三科")]
    dues = tribute.dues(dagang.rules.tribute, same_team, [])
    assert [(d.payer, d.receiver) for d in dues] == [(4, 1)]  # 大落 seat 2 and 头科 seat 0 are team-mates


def test_chuansanhu_is_redealt_without_tribute(dagang: Ruleset) -> None:
    """000:60 (第二十一条(七)) 串三户一般不进贡，应重新开牌."""
    assert tribute.dues(dagang.rules.tribute, [0, 3, 1, 4, 2, 5], []) == []
    pay = variant(dagang, tribute={"chuansanhu": "one-to-duitou"})
    dues = tribute.dues(pay.rules.tribute, [0, 3, 1, 4, 2, 5], [])
    assert [(d.payer, d.receiver, d.count) for d in dues] == [(1, 4, 1), (3, 0, 1), (5, 2, 1)]


def test_tribute_is_paid_largest_first_and_returned(dagang: Ruleset) -> None:
    """000:54 大花、小花、钱是法定贡牌，按牌点大小取大者进贡; 000:173 拉贡要还贡，即还等量的牌."""
    placed = (PLACE["头科"], PLACE["二科"], 2, 3, PLACE["二落"], PLACE["大落"])
    hands = ("33", "44", "2", "2", "2255", "RB2266")
    game = Game(dagang, 0, hands=[Cards.parse(h) for h in hands], leader=0, carry=Carry(places=placed))
    assert str(game.hand(0)) == "33BR" and str(game.hand(5)) == "6622"
    assert str(game.hand(1)) == "442" and str(game.hand(4)) == "552"
    assert game.turn == 0 and game.decision == "return"
    game.apply(Return(Cards.parse("33")))
    assert str(game.hand(5)) == "336622"
    assert game.turn == 1 and game.decision == "return"
    game.apply(Return(Cards.parse("4")))
    assert str(game.hand(4)) == "4552"


def test_no_tribute_card_no_tribute(dagang: Ruleset) -> None:
    """000:55 若没有摸到法定贡牌，则不予进贡 (and nothing to return)."""
    placed = (0, 1, 2, 3, 4, 5)
    hands = ("33", "44", "2", "2", "55", "66")
    game = Game(dagang, 0, hands=[Cards.parse(h) for h in hands], leader=0, carry=Carry(places=placed))
    assert game.decision != "return" and str(game.hand(5)) == "66"


def test_tribute_received_is_not_paid_on(dagang: Ruleset) -> None:
    """000:153 吃了的贡就是点数最大也不能进，遵循"吃了不吐": 烧贡 received is not paid as 落贡."""
    ruleset = variant(dagang, tribute={"order": TributeOrder(("shao", "luo"))})
    placed = (PLACE["头科"], PLACE["二科"], 2, 3, PLACE["二落"], PLACE["大落"])
    hands = ("R3", "4", "5", "6", "7", "2B")
    burns = (tribute.BurnDue(burner=5, burned=0, counter=False),)
    game = Game(ruleset, 0, hands=[Cards.parse(h) for h in hands], leader=0, carry=Carry(places=placed, burns=burns))
    # seat 0 pays 烧贡 R to seat 5; seat 5 (大落) then pays 2 落贡 cards to seat 0: B and 2, never that R
    assert str(game.hand(5)) == "R" and str(game.hand(0)) == "32B"


def test_shao_tribute_doubles_after_a_counter_burn(dagang: Ruleset) -> None:
    """000:168-169 燒貢: 被烧者向烧牌者进1张; 反烧烧贡翻倍."""
    ruleset = variant(dagang, tribute={"order": TributeOrder(("shao",))})
    dues = tribute.dues(ruleset.rules.tribute, [0, 1, 2, 3, 4, 5], [tribute.BurnDue(2, 1, True)])
    assert [(d.kind, d.payer, d.receiver, d.count, d.returned) for d in dues] == [("shao", 1, 2, 2, False)]


def test_liang3_most_same_suit_threes_lead(dagang: Ruleset) -> None:
    """000:32 (第七条) 最先摸到并亮出两张同色3者为首发牌人 … 亮出同花色3多者可取代 (顶班)."""
    assert first_player.liang3([[1, 1, 0, 0], [2, 0, 0, 0], [0, 0, 3, 0], [0, 0, 0, 0], [3, 0, 0, 0], [1] * 4]) == 2
    assert first_player.liang3([[1, 1, 1, 1]] * 6) is None


def test_draw_counts_seats_by_the_drawn_card(dagang: Ruleset) -> None:
    """000:29 (第六条) 以该牌的自然点数自开牌人开始，数至最后一人 … 如抽到大小王牌 … 由其下家取代."""
    assert first_player.card_value(Cards.parse("A").ranks()[0]) == 1
    assert first_player.card_value(Cards.parse("7").ranks()[0]) == 7
    leaders = {first_player.draw(dagang.rules.deck.recipe, random.Random(seed)) for seed in range(50)}
    assert leaders <= set(range(6)) and len(leaders) > 3


def test_match_later_games_are_led_by_the_last_daluo(dagang: Ruleset) -> None:
    """000:31 (第六条 常规开牌) 上一局的大落 … 也是法定首发牌人; scores add up over the match."""
    match = Match(dagang, 3)
    rng = random.Random(3)
    agents = [HeuristicAgent(), RandomAgent()] * 3
    for _ in range(6):
        game = match.new_game()
        previous = match.games[-1] if match.games else None
        if previous is not None and score.swept(previous.places or []) is None:
            assert game.carry.leader == (previous.places or []).index(5)
        play_out(game, agents, rng)
        match.record(game)
    scores = [game.score for game in match.games if game.score is not None]
    assert match.totals == [sum(first for first, _ in scores), sum(second for _, second in scores)]


def test_hui3_takes_out_every_three(dagang: Ruleset) -> None:
    """000:72-73 (第二十五条) 会3是指将六人手中所有的3牌都拣出."""
    game = Game(dagang, 0, hands=[Cards.parse(h) for h in ("2334", "2344", "235", "2A", "2J", "2T")], leader=0)
    assert game.decision == "hui3"
    game.apply(Hui3("3"))
    assert str(game.hand(0)) == "42" and str(game.removed) == "3333" and game.decision == "lead"


def test_reporting_hides_counts_above_ten(dagang: Ruleset) -> None:
    """000:48 (第十四条) 持牌人手中剩余牌等于或少于10张 … 应如实报明; 001:26; 青岛 看牌 ≤ 10 (000:47)."""
    game = deal(dagang, "33445566778", "3", "4", "5", "6", "33445566")
    seen = game.observation(1)
    assert seen.counts == (None, 1, 1, 1, 1, 8)
    assert seen.hands[0] is None and seen.hands[1] == Cards.parse("3")
    mates = variant(dagang, reporting={"teammate_view_at_most": 10})
    game = deal(mates, "33445566778", "3", "4", "5", "6", "33445566")
    assert game.observation(1).hands[5] == Cards.parse("33445566")
    assert game.observation(1).hands[3] == Cards.parse("5") and game.observation(1).hands[0] is None
    assert game.observation(2).hands[5] is None




def test_a_play_onto_nothing_is_a_lead_and_pass_is_refused_then(dagang: Ruleset) -> None:
    """000:115 出牌: the leader must play."""
    game = deal(dagang, "33", "4", "5", "6", "7", "8")
    assert not game.can(PASS) and game.can(Play(Cards.parse("3")))


def test_later_games_rotate_when_the_ruleset_says_so(dagang: Ruleset) -> None:
    """000:76 (第二十六条(一)) 按反时针方向依次循环开牌 (憋3 tables): first_player.later_games rotate."""
    rotate = variant(dagang, first_player={"later_games": "rotate"})
    assert first_player.later_game(rotate.rules.first_player, [0, 1, 2, 3, 4, 5], 4) == 5
    assert first_player.later_game(dagang.rules.first_player, [5, 1, 2, 3, 4, 0], 4) == 0


def test_after_chuansanhu_the_first_player_is_found_again_and_no_tribute(dagang: Ruleset) -> None:
    """000:30 (第六条 重新开牌) 出现"串三户" … 应重新开牌; 000:60 串三户一般不进贡."""
    match = Match(dagang, 0)
    game = deal(dagang, "A", "33", "K", "44", "Q", "5")
    while not game.over:
        game.apply(game.legal_actions()[0])
    assert score.swept(game.places or []) == 0
    match.record(game)
    assert match.carry.leader is None
    following = match.new_game()
    assert not any(event.notes and isinstance(event.notes[0], TributePaid) for event in following.log)


def test_liang3_decides_the_first_leader_of_a_dealt_game(dagang: Ruleset) -> None:
    """000:32 (第七条) 亮3 上班: with given hands the 3s count as one suit, so most 3s lead."""
    game = Game(dagang, 0, hands=[Cards.parse(h) for h in ("2Q", "2333", "2K", "233", "2J", "2T")])
    assert game.leader == 1


def test_a_revolution_offer_is_private(dagang: Ruleset) -> None:
    """Being offered 革命 reveals a hand without 2s and jokers: other seats do not see who decides."""
    game = Game(dagang, 0, hands=[Cards.parse(h) for h in ("2Q", "2K", "345", "2A", "2J", "2T")], leader=2)
    assert game.observation(0).to_act is None and game.observation(2).to_act == 2


def test_luo_cards_set_how_many_cards_each_loser_pays(dagang: Ruleset) -> None:
    """000:56 大落向头科进2张、二落向二科进1张: tribute.luo_cards changes both counts."""
    placed = [PLACE[name] for name in ("头科", "二科", "三科", "四科", "二落", "大落")]
    heavier = variant(dagang, tribute={"luo_cards": (3, 2)})
    dues = tribute.dues(heavier.rules.tribute, placed, [])
    assert [(d.payer, d.receiver, d.count) for d in dues] == [(5, 0, 3), (4, 1, 2)]


def test_shao_cards_set_the_burn_tribute(dagang: Ruleset) -> None:
    """000:168 烧贡 (1 card, doubled after 反烧): tribute.shao_cards changes the base amount."""
    ruleset = variant(dagang, tribute={"order": TributeOrder(("shao",)), "shao_cards": 2})
    burns = [tribute.BurnDue(2, 1, False), tribute.BurnDue(4, 3, True)]
    dues = tribute.dues(ruleset.rules.tribute, [0, 1, 2, 3, 4, 5], burns)
    assert [(d.payer, d.receiver, d.count) for d in dues] == [(1, 2, 2), (3, 4, 4)]


def test_requires_no_threes_takes_revolution_from_a_hand_holding_3s(dagang: Ruleset) -> None:
    """000:79-80 (第二十六条(二)) 憋3: 无3且大花、小花、钱全无时，可允许其革命 — requires_no_threes."""
    hands = [Cards.parse(h) for h in ("2Q", "2K", "345", "2A", "2J", "2T")]
    assert Game(dagang, 0, hands=hands, leader=2).decision == "revolution"
    strict = variant(dagang, revolution={"requires_no_threes": True})
    game = Game(strict, 0, hands=hands, leader=2)
    assert game.decision != "revolution" and REVOLUTION not in game.legal_actions()
