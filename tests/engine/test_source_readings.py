"""Scenario tests for the rules the regional sources state that the first rule language could not:
够死级 for chosen places (后水湾), a pass that locks out even against the 对头 (济宁), only
answering plays opening (菏泽单县), 满贯 scored as five 大落 (003:28), a rotating 开牌人 who draws
each game's leader (憋3), and 报牌 as a duty (聊城).

Seed lines: 000 = ../shared/seeds/000_169ea3dcef0c3ecb.txt, 001 = the 大纲 (simplified) with Q&A
and the regional posts (001:44-52), 002 = 后水湾, 003 = the encyclopedia article.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

import pytest
from engine_helpers import deal, play, variant

from gouji_variants.agents.basic import HeuristicAgent
from gouji_variants.components import deck, first_player, turns
from gouji_variants.components.notes import Told
from gouji_variants.engine import ASK, PASS, Game, IllegalAction
from gouji_variants.engine.actions import from_json, to_json
from gouji_variants.engine.match import Match, play_out
from gouji_variants.records.record import game_record, replay
from gouji_variants.ruleset.compiler import compile_path
from gouji_variants.ruleset.expressions import TributeOrder
from gouji_variants.ruleset.model import Ruleset

# -- turns.gousiji as places ------------------------------------------------------------------------

#: Seat 0 goes out first (头科) on an A, seat 1 second (二科) on KK; seat 4, 二科's 对头, then plays AA.
ERKE_HANDS = ("A", "KK", "3", "4", "AA5", "226")


def _after_erke_duitou_gouji(ruleset: Ruleset) -> Game:
    game = deal(ruleset, *ERKE_HANDS)
    game.apply(play("A"))
    while game.decision != "lead":
        game.apply(PASS)
    game.apply(play("KK"))  # seat 1 goes out as 二科 on a 够级 play; its 对头 seat 4 answers
    while game.turn != 4:
        game.apply(PASS)
    game.apply(play("AA"))
    return game


@pytest.mark.parametrize(("gousiji", "answerers"), [(True, ()), (("头科",), (5, 2)), (("头科", "二科"), ())])
def test_gousiji_places_say_whose_duitou_gets_the_unanswerable_gouji(dagang: Ruleset, gousiji: Any,
                                                                     answerers: tuple[int, ...]) -> None:
    """001:30 头科、二科的底牌，其对头分别有一次无对头够级机会 (true, the same as [头科, 二科]); 后水湾
    002:24 头科的底牌，其对头分别有一次无对头够级机会 ([头科]): after 二科 goes out its 对头's AA has no
    answer with 够死级 for 二科 (only a burn offer); with 头科 alone it is 无头, anyone may beat it."""
    game = _after_erke_duitou_gouji(variant(dagang, turns={"gousiji": gousiji}))
    assert game.finished == (0, 1) and game.turn == 5 and game.decision == "burn-offer"
    assert game.may_answer() == answerers


@pytest.mark.parametrize(("gousiji", "decision"), [(("头科",), "lead"), (("二科",), "follow")])
def test_gousiji_for_erke_only_leaves_touke_duitou_wutou(dagang: Ruleset, gousiji: Any, decision: str) -> None:
    """turns.gousiji [二科]: 头科's 对头 gets no 够死级, so its AA is 无头 (anyone may beat it);
    [头科]: the AA has no answer and its player leads again."""
    game = deal(variant(dagang, turns={"gousiji": gousiji}), "KK", "3", "4", "AA5", "22", "6")
    game.apply(play("KK"))
    game.apply(PASS)  # seat 4 declines to burn
    game.apply(play("AA"))
    game.apply(PASS)  # seat 4 declines to burn AA
    assert game.decision == decision and game.turn == (3 if decision == "lead" else 4)


def test_gousiji_may_name_any_place_that_goes_out(tmp_path: Path) -> None:
    """A house rule beyond the sources, in two lines: 够死级 after 三科 too (with no 四人乱缠)."""
    house = tmp_path / "house.yaml"
    house.write_text("id: house\nkind: ruleset\nname: {zh: 家规, en: House}\nextends: [dagang]\n"
                     "turns: {gousiji: [三科, 头科, 二科], luanchan: never}\n", encoding="utf-8")
    rule = compile_path(house).rules.turns
    assert rule.gousiji == ("头科", "二科", "三科")
    assert [turns.gousiji_chance(rule, finished) for finished in range(1, 6)] == [True, True, True, False, False]
    assert [turns.gousiji_chance(dataclasses.replace(rule, gousiji=True), finished) for finished in (2, 3)] \
        == [True, False]


# -- turns.passed_answers_duitou ----------------------------------------------------------------


@pytest.mark.parametrize(("passed_answers_duitou", "turn", "decision"), [(True, 1, "follow"), (False, 4, "lead")])
def test_passed_answers_duitou_false_locks_a_passed_seat_out_of_its_duitou_play(
        dagang: Ruleset, passed_answers_duitou: bool, turn: int, decision: str) -> None:
    """001:20 过牌者除"对头牌"外，这一轮再无权发牌 (true); 济宁 001:46 过牌后无权再出牌 (false): seat 1
    passed on the 33 and holds 66; its 对头 seat 4 then plays 55, which nobody else can beat."""
    ruleset = variant(dagang, turns={"passed_answers_duitou": passed_answers_duitou})
    game = deal(ruleset, "33Q", "4466 5", "39", "88K", "55J", "4T")
    game.apply(play("33"))
    game.apply(PASS)  # seat 1
    game.apply(PASS)  # seat 3
    game.apply(play("55"))  # seat 4
    assert game.turn == turn and game.decision == decision


@pytest.mark.parametrize(("passed_answers_duitou", "may_answer"), [(True, (3,)), (False, ())])
def test_a_passed_duitou_may_not_answer_a_gouji_play_when_locked_out(dagang: Ruleset, passed_answers_duitou: bool,
                                                                      may_answer: tuple[int, ...]) -> None:
    """济宁 001:46 过牌后无权再出牌: seat 3 passed on seat 1's 66 and holds AA; seat 0 then plays KK,
    a 够级 play only the 对头 may answer: locked out, nobody answers it and it lives."""
    ruleset = variant(dagang, turns={"passed_answers_duitou": passed_answers_duitou}, burning={"enabled": False})
    game = deal(ruleset, "55KK3", "663", "4", "AA77", "3", "3")
    game.apply(play("55"))
    game.apply(play("66"))  # seat 1
    game.apply(PASS)  # seat 3, holding 77
    game.apply(PASS)  # seat 4 declines to yield on its 对头's play
    game.apply(play("KK"))  # seat 0, on 66
    assert game.may_answer() == may_answer
    if not may_answer:
        assert game.turn == 0 and game.decision == "lead"


# -- kaidian.answering answers-only --------------------------------------------------------------


def _dadian(dagang: Ruleset, answering: str) -> Ruleset:
    return variant(dagang, kaidian={"enabled": True, "mingdian": None, "yudian": None, "answering": answering},
                   tribute={"order": TributeOrder(("dian", "luo"))})


@pytest.mark.parametrize(("answering", "led", "answered"), [
    ("any", True, True), ("leads-only", True, False), ("answers-only", False, True)])
def test_answering_answers_only_opens_with_plays_made_on_another_play(dagang: Ruleset, answering: str, led: bool,
                                                                      answered: bool) -> None:
    """菏泽单县 001:49 主动上够级不开点 read as 'a 够级 play one leads does not open': seat 0's led KK
    lives (it opens unless answers-only); seat 3's AA on a 够级 play lives (it opens unless leads-only)."""
    lead = deal(_dadian(dagang, answering), "KK5", "3", "3", "3", "3", "3")
    lead.apply(play("KK"))  # the 对头 cannot answer: KK lives
    assert lead.turn == 0 and lead.decision == "lead"
    assert lead.opened[0] is led
    answer = deal(_dadian(dagang, answering), "KK5", "3", "3", "AA4", "3", "3")
    answer.apply(play("KK"))
    answer.apply(play("AA"))  # seat 0 cannot answer: AA lives
    assert answer.opened[3] is answered


# -- score.manguan_others_as ---------------------------------------------------------------------


@pytest.mark.parametrize(("others_as", "score"), [(None, (8, 0)), ("大落", (16, 0)), ("二落", (12, 0))])
def test_manguan_others_as_scores_the_other_five_as_one_place(dagang: Ruleset, others_as: str | None,
                                                              score: tuple[int, int]) -> None:
    """003:28 满贯 … 五个大落一个头科，成绩加倍: seat 0 goes out in one run. By places in play order the
    teams score 4 + 0 - 2 against 2 + 0 - 4 (4, doubled 8); as five 大落, 4 - 4 - 4 against -12 (8,
    doubled 16); as five 二落, 4 - 2 - 2 against -6 (6, doubled 12). The places stay ranked."""
    ruleset = variant(dagang, score={"manguan": "one-run", "manguan_others_as": others_as})
    game = deal(ruleset, "4KK", "33", "33", "33", "33", "33")
    game.apply(play("4"))
    game.apply(PASS)
    game.apply(play("KK"))
    assert game.over and game.place_names() == ["头科", "二科", "三科", "四科", "二落", "大落"]
    assert game.score == score


# -- first_player.later_games draw ----------------------------------------------------------------


def _drawn(game: Game) -> int:
    """The leader ``game``'s 开牌人 counts out with the card drawn after the deal."""
    rng = random.Random(game.seed)
    deck.deal(game.rules.deck.recipe, rng)
    return first_player.draw(game.rules.deck.recipe, rng, game.drawer)


@pytest.mark.parametrize("later_games", ["draw", "rotate"])
def test_later_games_draw_rotates_the_drawer_and_draws_each_leader(dagang: Ruleset, later_games: str) -> None:
    """第二十六条(一) (000:76) 首开牌人确定后，以后即按反时针方向依次循环开牌，开牌确定的首取牌人即为该局的
    首发牌人 (draw): the 开牌人 passes to the 下家 each game and counts out the leader with a drawn card
    (第六条); under rotate the lead itself passes to the 下家 and the 开牌人 draws nothing."""
    ruleset = variant(dagang, first_player={"first_game": "draw", "later_games": later_games},
                      revolution={"enabled": False},  # a 革命 leader would hand the lead on
                      tribute={"chuansanhu": "one-to-duitou"})  # and a 串三户 redeal would draw anew
    match, agents, rng = Match(ruleset, 11), [HeuristicAgent()] * 6, random.Random(11)
    game = match.new_game()
    play_out(game, agents, rng)
    for number in range(1, 6):
        match.record(game)
        previous, game = game, match.new_game()
        play_out(game, agents, rng)
        if later_games == "draw":
            assert match.carry.leader is None and game.drawer == number
            assert game.leader == _drawn(game)
        else:
            assert match.carry.drawer is None and game.drawer == first_player.DRAWER
            assert game.leader == match.carry.leader == (previous.leader + 1) % 6
    assert replay(game_record(game)).ok  # the record carries the drawer


# -- reporting.report_counts ---------------------------------------------------------------------


def test_report_counts_when_asked_hides_a_count_until_someone_asks(dagang: Ruleset) -> None:
    """第十四条 (000:48) 任何人询问其手中持牌数量时，应如实报明 … 持牌人有权不主动报户 (when-asked): seat 0's
    lead leaves 10 cards; nobody knows the count until seat 1 asks at its turn (the decision is not used
    up, the answer is public); once seat 0 plays again it must be asked again."""
    game = deal(variant(dagang, reporting={"report_counts": "when-asked"}), "3456789TJQK", "5A", "4", "6", "7", "8")
    game.apply(play("3"))
    assert game.turn == 1 and game.observation(1).counts[0] is None and game.observation(0).counts[0] == 10
    assert ASK in game.legal_actions()
    event = game.apply(ASK)
    # every other hand at or below ten answers (seat 1's own two cards it knows)
    assert event.notes == (Told(0, 10), Told(2, 1), Told(3, 1), Told(4, 1), Told(5, 1))
    assert game.turn == 1 and game.decision == "follow"
    assert all(game.observation(seat).counts[0] == 10 for seat in range(6))
    assert ASK not in game.legal_actions() and not game.can(ASK)  # nothing left to ask
    assert from_json(to_json(ASK)) == ASK  # records write it as {"type": "ask"}
    game.apply(play("5"))
    while game.decision != "lead":
        game.apply(PASS)
    assert game.turn == 1
    game.apply(play("A"))  # seat 1 goes out; seat 0 beats nothing, and still holds 10, told
    assert game.observation(2).counts[0] == 10
    game.apply(PASS)  # seat 4 declines to yield; 接风: seat 2 leads its 4
    game.apply(play("4"))
    while game.turn != 0:
        game.apply(PASS)
    game.apply(play("K"))  # seat 0 plays again: 9 cards, not told yet
    assert game.observation(3).counts[0] is None


def test_report_counts_shown_tells_every_count_at_once(dagang: Ruleset) -> None:
    """001:25 其手中持牌数量应显示给其他玩家, 聊城 001:51 十张以下要报张数 (shown, a duty): the count is known
    to everyone as soon as the hand is at ten, and there is nothing to ask."""
    game = deal(dagang, "3456789TJQK", "5A", "4", "6", "7", "8")
    game.apply(play("3"))
    assert game.observation(1).counts[0] == 10
    assert ASK not in game.legal_actions()
    with pytest.raises(IllegalAction) as caught:
        game.apply(ASK)
    assert caught.value.verdict.rule == "reporting.report_counts"
