"""Scenario tests for the smaller rule keys: each shows the engine behaving differently under the
two values of the key, and names the seed line it implements.

000 = ../shared/seeds/000_169ea3dcef0c3ecb.txt, 001 = ../shared/seeds/001_e9697f5421a1f829.txt,
002 = ../shared/seeds/002_6908cdb2656219e9.txt, 003 = ../shared/seeds/003_c64954b2b3ca1ee0.txt.
"""

from __future__ import annotations

import re

import pytest
from engine_helpers import deal, play, variant

from gouji_variants.components.notes import Mark, RuleBroken, Stifled, Suffocated, WentOut
from gouji_variants.engine import JIEFENG, PASS, TIAOPAI, Burn, Event, Game, IllegalAction
from gouji_variants.engine.actions import describe, from_json, to_json
from gouji_variants.ruleset.cards import Cards
from gouji_variants.ruleset.model import Ruleset
from gouji_variants.terminal.menu import menu, parse
from gouji_variants.terminal.render import Words, table


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
    assert out.notes == (WentOut(1), Suffocated(2), Suffocated(4), Suffocated(5))
    finish(game)
    assert game.place_names() == ["头科", "二科", "大落", "三科", "二落", "四科"]


def test_without_zhixi_the_seats_that_never_played_play_on(dagang: Ruleset) -> None:
    """places.zhixi false: 头科 going out ranks nobody."""
    game, _ = _zhixi_game(dagang)
    assert game.in_play == (False, True, True, True, True, True)
    finish(game)
    assert game.place_names() == ["头科", "二科", "大落", "三科", "四科", "二落"]  # seats 4, 5 went out


# -- score.manguan 满贯 -------------------------------------------------------------------------

ONE_RUN_HANDS = ("4KK", "33", "33", "33", "33", "33")


def _one_run(ruleset: Ruleset) -> tuple[Game, Event]:
    game = deal(ruleset, *ONE_RUN_HANDS)
    game.apply(play("4"))  # nobody can beat a 4 with 3s
    game.apply(PASS)  # seat 3 declines to yield
    return game, game.apply(play("KK"))  # the 对头 cannot answer: seat 0 goes out, nobody else played


def test_manguan_one_run_ends_the_game_and_doubles_the_score(dagang: Ruleset) -> None:
    """003:28 满贯: 玩家在第一巡目出牌至最后一手牌打出之前无人出牌，在最后一手牌打出之后，全局结束 …
    成绩加倍. The others are ranked in play order after the leader (places stay a permutation)."""
    game, out = _one_run(variant(dagang, score={"manguan": "one-run"}))
    assert game.over and out.notes == (WentOut(1), Mark.MANGUAN)
    assert game.place_names() == ["头科", "二科", "三科", "四科", "二落", "大落"]
    assert game.score == (8, 0)  # 2 - (-2) = 4, doubled


def test_without_manguan_a_one_run_is_an_ordinary_first_place(dagang: Ruleset) -> None:
    """score.manguan none: the game goes on after 头科 (接风)."""
    game, out = _one_run(dagang)
    assert not game.over and out.notes == (WentOut(1),)


def test_manguan_one_run_needs_nobody_else_to_have_played(dagang: Ruleset) -> None:
    """003:28 无人出牌: once another seat has played a card, going out first is no 满贯."""
    game = deal(variant(dagang, score={"manguan": "one-run"}), "4KK", "53", "33", "33", "33", "33")
    game.apply(play("4"))
    game.apply(play("5"))
    while game.decision != "lead":
        game.apply(PASS)
    assert game.turn == 1
    assert game.apply(play("3")).notes == (WentOut(1),)  # seat 1 goes out first, but seat 0 had played
    assert not game.over


TOP_THREE_HANDS = ("A", "34", "K", "34", "Q", "34")


def test_manguan_top_three_doubles_the_score_of_a_team_taking_places_one_to_three(dagang: Ruleset) -> None:
    """003:59 阵营战的"满贯"是指同一阵营包揽前三名: seats 0, 2 and 4 go out first."""
    game = deal(variant(dagang, score={"manguan": "top-three"}), *TOP_THREE_HANDS)
    finish(game)
    assert game.places is not None and sorted(game.places[0::2]) == [0, 1, 2]
    assert game.score == (24, 0)  # 6 - (-6) = 12, doubled


def test_without_manguan_a_sweep_scores_as_usual(dagang: Ruleset) -> None:
    """score.manguan none: 串三户 records 12 (第二十条)."""
    game = deal(dagang, *TOP_THREE_HANDS)
    finish(game)
    assert game.score == (12, 0)


# -- burning.survives_beat_back 压回 -----------------------------------------------------------

BEAT_BACK_HANDS = ("KK3", "AA55BB", "3", "4", "226", "7")


def _beaten_burn(ruleset: Ruleset) -> Game:
    """Seat 1 burns seat 0's KK with AA; seat 1's 对头 (seat 4) beats the burn play with 22."""
    game = deal(ruleset, *BEAT_BACK_HANDS)
    game.apply(play("KK"))
    game.apply(PASS)  # seat 4 declines to burn
    game.apply(Burn(Cards.parse("AA")))
    game.apply(play("22"))  # seat 4 answers the burn play
    return game


def test_survives_beat_back_the_burner_beats_the_duitou_back_and_runs_out(dagang: Ruleset) -> None:
    """001:49 (菏泽单县) 烧牌时对家打你，如果你压住对家能连续走完自己的牌，算烧牌成功."""
    game = _beaten_burn(variant(dagang, burning={"survives_beat_back": True}))
    assert game.burner == 1 and game.turn == 1 and game.decision == "answer"  # before anyone else
    assert game.apply(play("BB")).notes == (Mark.BEAT_BACK,)  # beaten back, with jokers: the burn goes on
    assert game.burner == 1 and game.turn == 1 and game.decision == "lead"  # seat 4 could not answer
    game.apply(play("55"))
    assert game.burns[0].outcome == "success" and game.successful_burns()[0].burned == 0


def test_survives_beat_back_passing_it_up_ends_the_burn(dagang: Ruleset) -> None:
    """survives_beat_back: a burner who does not beat the 对头's play back is 解烧 (000:135)."""
    game = _beaten_burn(variant(dagang, burning={"survives_beat_back": True}))
    assert game.apply(PASS).notes == (Mark.BURN_BROKEN,)
    assert game.burner is None and game.burns[0].outcome == "解烧"
    assert game.turn == 4 and game.decision == "lead"  # the 对头's 22 lived


def test_without_survives_beat_back_the_duitou_ends_the_burn_at_once(dagang: Ruleset) -> None:
    """000:135 烧牌者的对门可以要，要下来则称为"解烧"，解烧直接终止烧牌行为."""
    game = _beaten_burn(dagang)
    assert game.burner is None and game.burns[0].outcome == "解烧"
    game.apply(play("BB"))  # seat 1 may still answer its 对头's 22, but the burn is over
    game.apply(play("55"))
    assert game.burns[0].outcome == "解烧" and not game.successful_burns()


# -- turns.jiefeng on-request 申请接风 ---------------------------------------------------------

ON_REQUEST = {"turns": {"jiefeng": "on-request"}}


def test_jiefeng_on_request_the_next_player_leads_instead_of_beating_the_last_play(dagang: Ruleset) -> None:
    """001 Q&A 13 持牌人对上家的底牌可暂不上牌而申请由自己重新发牌 … 如其余持牌人均同意 (consent
    is taken as granted), and 002 也可以申请接风."""
    game = deal(variant(dagang, **ON_REQUEST), "Q", "3K", "4", "5", "6", "7")
    game.apply(play("Q"))  # seat 0 goes out on its 底牌
    assert game.turn == 1 and JIEFENG in game.legal_actions()  # seat 1 could beat the Q with its K
    assert game.apply(JIEFENG).notes == (Mark.ASKS_JIEFENG,)
    assert game.turn == 1 and game.decision == "lead" and game.top is None
    assert game.stats["jiefeng"] == 1 and game.log[-1].notes == (Mark.JIEFENG,)


def test_jiefeng_on_request_is_a_choice_even_without_a_beating_card(dagang: Ruleset) -> None:
    """On request the 下家 decides, so a 下家 that cannot beat the 底牌 is not passed for."""
    game = deal(variant(dagang, **ON_REQUEST), "Q", "3", "4", "5", "6", "7")
    game.apply(play("Q"))
    assert game.turn == 1 and game.legal_actions() == [PASS, JIEFENG]
    game.apply(PASS)  # seat 1 passes: nobody else may request
    assert game.turn == 3 and JIEFENG not in game.legal_actions()  # seat 3 may only yield or pass
    with pytest.raises(IllegalAction) as caught:
        game.apply(JIEFENG)
    assert caught.value.verdict.rule == "turns.jiefeng"


def test_jiefeng_on_request_only_on_a_last_play(dagang: Ruleset) -> None:
    """申请接风 is on the 上家's 底牌 only, not on a play by a seat still holding cards."""
    game = deal(variant(dagang, **ON_REQUEST), "Q5", "3K", "4", "5", "6", "7")
    game.apply(play("Q"))
    assert game.turn == 1 and not game.can(JIEFENG)


def test_jiefeng_next_player_cannot_request(dagang: Ruleset) -> None:
    """turns.jiefeng next-player (000:103): the 下家 leads only once nobody beats the 底牌."""
    game = deal(dagang, "Q", "3", "4", "5", "6", "7")
    game.apply(play("Q"))
    assert game.turn == 3  # seat 1 could not beat the Q and had no request to make: passed for it
    assert not game.can(JIEFENG)


def test_jiefeng_request_is_recorded_replayed_and_typed(dagang: Ruleset) -> None:
    """The new action round-trips through records and the terminal's command parser."""
    assert to_json(JIEFENG) == {"type": "jiefeng"} and from_json({"type": "jiefeng"}) == JIEFENG
    assert describe(JIEFENG) == "jiefeng"
    game = deal(variant(dagang, **ON_REQUEST), "Q", "3K", "4", "5", "6", "7")
    assert parse("jiefeng", game, menu(game), Words()) == parse("接风", game, menu(game), Words()) == JIEFENG
    # a card alone is a play
    assert parse("J", game, menu(game), Words()) == parse("j", game, menu(game), Words()) == play("J")
    game.apply(play("Q"))
    game.apply(JIEFENG)
    twin = deal(variant(dagang, **ON_REQUEST), "Q", "3K", "4", "5", "6", "7")
    for _, action in game.actions[len(twin.actions):]:
        twin.apply(from_json(to_json(action)))
    assert twin.log == game.log


# -- turns.luanchan_cut_in 抢垫 ----------------------------------------------------------------


def _luanchan(ruleset: Ruleset) -> Game:
    """头科 (seat 0) and 二科 (seat 1) are out; seats 2-5 play 四人乱缠 and seat 2 leads a 5."""
    game = deal(ruleset, "A", "K", "593", "6T", "7J", "8Q")
    game.apply(play("A"))
    game.apply(PASS)  # seat 3 declines to yield; 接风 to seat 1
    game.apply(play("K"))
    game.apply(PASS)  # seat 4 declines to yield
    assert game.luanchan and game.turn == 2
    game.apply(play("5"))
    return game


def test_luanchan_cut_in_a_teammate_is_asked_before_the_opponents(dagang: Ruleset) -> None:
    """002 (后水湾) 四人乱弹，也应按顺序发牌，也可以在联邦的时候抢垫: seat 4, seat 2's team-mate,
    may beat the 5 before seat 3; declining keeps its ordinary turn after seat 3."""
    game = _luanchan(variant(dagang, turns={"luanchan_cut_in": True}))
    assert game.turn == 4 and game.may_answer() == (4, 3, 4, 5)
    game.apply(PASS)  # seat 4 declines to cut in
    assert game.turn == 3
    game.apply(PASS)
    assert game.turn == 4
    game.apply(play("7"))  # its ordinary turn
    assert game.turn == 2  # now seat 2 is seat 4's team-mate, ahead of seats 5 and 3


def test_without_luanchan_cut_in_the_order_is_plain(dagang: Ruleset) -> None:
    """000:115 四户乱缠 … 四家完全按照逆时针出牌: seat 3 comes first."""
    game = _luanchan(dagang)
    assert game.turn == 3 and game.may_answer() == (3, 4, 5)


# -- penalties.wrong_play 错牌不出 -------------------------------------------------------------

LOSE_TURN = {"penalties": {"wrong_play": "lose-turn"}}


def broken_rule(event: Event) -> str:
    """The id of the rule an illegal play broke (错牌不出)."""
    return next(note.rule for note in event.notes if isinstance(note, RuleBroken))


def test_wrong_play_lose_turn_an_illegal_follow_counts_as_a_pass(dagang: Ruleset) -> None:
    """000:34 / 003:87 (第八条(一)) 如顺牌有误，按照"错牌不出"的原则，其顺牌权自动取消，由其下家行使顺牌权."""
    game = deal(variant(dagang, **LOSE_TURN), "33Q", "4466 5", "39", "88K", "55J", "4T")
    game.apply(play("33"))
    wrong = play("5")  # one card onto a pair
    assert not game.can(wrong)
    with pytest.raises(IllegalAction):
        game.verify(wrong)
    event = game.apply(wrong)
    assert event.seat == 1 and event.notes[0] == Mark.WRONG_PLAY and broken_rule(event) == "plays.same-count"
    assert game.hand(1) == Cards.parse("44665") and game.turn == 3  # seat 1 passed: seat 2 cannot beat 33
    assert 1 in game.observation(0).passed


def test_wrong_play_lose_turn_a_wrong_lead_passes_the_lead_to_the_next_player(dagang: Ruleset) -> None:
    """错牌不出 at a lead: the 下家 still in play leads."""
    game = deal(variant(dagang, **LOSE_TURN), "34", "5", "6", "7", "8", "9")
    event = game.apply(play("34"))
    assert event.notes[0] == Mark.WRONG_PLAY and broken_rule(event) == "plays.one-rank"
    assert game.turn == 1 and game.decision == "lead" and game.hand(0) == Cards.parse("34")


def test_wrong_play_lose_turn_a_wrong_burn_declines_the_offer(dagang: Ruleset) -> None:
    """错牌不出 at a burn offer: a burn that does not beat the 够级 play declines the offer."""
    game = deal(variant(dagang, **LOSE_TURN), "25", "B6", "B7", "3", "B8", "B9")
    game.apply(play("2"))
    assert game.turn == 2 and game.decision == "burn-offer"
    assert game.apply(Burn(Cards.parse("7"))).notes[0] == Mark.WRONG_PLAY
    assert game.turn == 4 and game.decision == "burn-offer" and game.burner is None


def test_wrong_play_lose_turn_still_refuses_cards_not_in_hand(dagang: Ruleset) -> None:
    """No table can see cards a player does not hold: that is refused under either value."""
    game = deal(variant(dagang, **LOSE_TURN), "34", "5", "6", "7", "8", "9")
    with pytest.raises(IllegalAction) as caught:
        game.apply(play("A"))
    assert caught.value.verdict.rule == "cards.in-hand" and game.turn == 0


def test_wrong_play_reject_refuses_the_play_and_keeps_the_turn(dagang: Ruleset) -> None:
    """penalties.wrong_play reject (a digital table): the illegal play is refused, the seat plays again."""
    game = deal(dagang, "34", "5", "6", "7", "8", "9")
    with pytest.raises(IllegalAction):
        game.apply(play("34"))
    assert game.turn == 0 and game.decision == "lead"


# -- reporting.tiaopai 挑牌 --------------------------------------------------------------------

TIAOPAI_HANDS = ("99 33 444555666777", "44", "55", "66", "77", "88")


def test_tiaopai_shows_the_hand_to_the_teammates_for_the_rest_of_the_game(dagang: Ruleset) -> None:
    """003:102 (第十五条) 挑牌: 持牌人自认为手中所有牌可一次发尽时，可提出由本方其他持牌人确定发牌顺序."""
    game = deal(dagang, *TIAOPAI_HANDS)
    assert TIAOPAI in game.legal_actions() and game.observation(2).hands[0] is None
    assert game.apply(TIAOPAI).notes == (Mark.TIAOPAI,)
    assert game.turn == 0 and game.decision == "lead" and TIAOPAI not in game.legal_actions()  # once
    assert game.observation(2).hands[0] == game.observation(4).hands[0] == game.hand(0)
    assert game.observation(2).counts[0] == 16  # above 报牌's 10: known through the hand
    assert game.observation(1).hands[0] is None and game.observation(1).counts[0] is None  # not the opponents
    game.apply(play("99"))
    assert game.observation(4).hands[0] == Cards.parse("33 444555666777")


def test_tiaopai_is_only_at_a_lead(dagang: Ruleset) -> None:
    """挑牌 is declared when the seat is to lead."""
    game = deal(dagang, *TIAOPAI_HANDS)
    game.apply(play("33"))
    assert game.turn == 1 and not game.can(TIAOPAI)


def test_without_tiaopai_nobody_shows_a_hand(dagang: Ruleset) -> None:
    """reporting.tiaopai false (憋3 tables, 000:82 不挑牌): the action is refused."""
    game = deal(variant(dagang, reporting={"tiaopai": False}), *TIAOPAI_HANDS)
    assert TIAOPAI not in game.legal_actions()
    with pytest.raises(IllegalAction) as caught:
        game.apply(TIAOPAI)
    assert caught.value.verdict.rule == "reporting.tiaopai"
    bie3 = deal(variant(dagang, bie3={"enabled": True}), *TIAOPAI_HANDS)  # 第二十六条(四) 不挑牌
    assert bie3.decision == "lead" and TIAOPAI not in bie3.legal_actions()


# -- 无头 after passing ----------------------------------------------------------------------


def test_wutou_seat_that_passed_may_not_answer_anothers_gouji(dagang: Ruleset) -> None:
    """001:20 (Q&A 5) 过牌者除"对头牌"外，这一轮再无权发牌; 001:32 (Q&A 11) 无头者对其他持牌者亦行使
    同样的职权 — the same powers, so the same lock-out: seat 3 (无头: its 对头, seat 0, is 头科)
    passed this round and may not answer seat 5's 2, though it holds a 小王."""
    game = deal(variant(dagang, turns={"gousiji": False}), "R", "3K", "49", "AA5B", "6Q", "28")
    game.apply(play("R"))  # seat 0 goes out on a dead 大王; 接风 to seat 1
    game.apply(play("3"))
    game.apply(play("4"))  # seat 2
    game.apply(PASS)  # seat 3 passes holding 5
    game.apply(play("6"))  # seat 4
    game.apply(play("2"))  # seat 5: a 够级 play; its 对头 (seat 2) cannot answer
    assert game.turn == 5 and game.decision == "lead"  # seat 3 was not asked


def test_wutou_seat_that_has_not_passed_answers_anyones_gouji(dagang: Ruleset) -> None:
    """001:32 无头者对其他持牌者亦行使同样的职权: the same game, seat 3 plays instead of passing."""
    game = deal(variant(dagang, turns={"gousiji": False}), "R", "3K", "49", "AA5B", "6Q", "28")
    game.apply(play("R"))
    game.apply(play("3"))
    game.apply(play("4"))
    game.apply(play("5"))  # seat 3
    game.apply(play("6"))  # seat 4
    game.apply(play("2"))  # seat 5
    assert game.turn == 3 and game.decision == "burn-offer"  # a team-mate may burn it first
    game.apply(PASS)
    assert game.turn == 3 and game.decision == "answer"  # seat 2, its 对头, could not beat it


def test_the_terminal_shows_a_seat_ranked_by_zhixi(dagang: Ruleset) -> None:
    """gouji play: a seat ranked at once by 窒息 is not shown as 诈烧."""
    game, _ = _zhixi_game(variant(dagang, places={"zhixi": True}))
    shown = " ".join(" ".join(table(game, 1, Words())).split())
    assert re.search(r"seat 2 \(\w+\)[^:]*: ranked at once \(窒息 / 大小王不出手\)", shown) and "诈烧" not in shown


def test_survives_beat_back_a_burner_stifled_by_the_beat_has_no_beat_back(dagang: Ruleset) -> None:
    """压回 under 憋3: when the 对头's beat leaves the burner with its 3s only, the burner is 闷
    (ranked at once) and the burn ends (解烧); no answer is offered to a seat out of play."""
    ruleset = variant(dagang, bie3={"enabled": True}, burning={"survives_beat_back": True})
    game = deal(ruleset, "KK3", "AAB53", "43", "53", "R63", "73")
    game.apply(play("KK"))
    game.apply(Burn(Cards.parse("AA")))  # seat 1 burns; nobody can answer the AA
    game.apply(play("B5"))
    event = game.apply(play("R6"))  # seat 4, the burner's 对头, beats it: seat 1 holds only its 3
    assert Stifled(1) in event.notes and Mark.BURN_BROKEN in event.notes
    assert game.burns[0].outcome == "解烧" and not game.in_play[1] and game.turn != 1
