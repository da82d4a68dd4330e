"""Scenario tests for 烧牌 (burning): 000:128-139 and 001:16-18.

000 = ../shared/seeds/000_169ea3dcef0c3ecb.txt, 001 = ../shared/seeds/001_e9697f5421a1f829.txt.
"""

from __future__ import annotations

import pytest
from engine_helpers import deal, play, variant

from gouji_variants.engine import PASS, Burn, IllegalAction
from gouji_variants.ruleset.cards import Cards
from gouji_variants.ruleset.model import Ruleset


def burn(text: str) -> Burn:
    return Burn(Cards.parse(text))


def offers(game: object) -> list[int]:
    """Decline every burn offer in turn; the seats that were offered, in order."""
    seen = []
    while game.decision == "burn-offer":  # type: ignore[attr-defined]
        seen.append(game.turn)  # type: ignore[attr-defined]
        game.apply(PASS)  # type: ignore[attr-defined]
    return seen


HANDS = ("25", "B6", "B7", "3", "B8", "B9")


def test_burn_offers_go_to_the_gouji_players_team_first_then_play_order(dagang: Ruleset) -> None:
    """000:133 发够级牌者的联邦可先于其他人烧牌 … 若烧牌者均为一方，则按发牌顺序进行."""
    game = deal(dagang, *HANDS)
    game.apply(play("2"))
    assert offers(game) == [2, 4, 1, 5]  # not the 对头 (seat 3), who answers after
    assert game.turn == 0 and game.decision == "lead"  # seat 3 could not beat: the 2 lives


def test_burn_priority_by_play_order_only(dagang: Ruleset) -> None:
    """burning.team_priority: play-order (the alternative reading)."""
    game = deal(variant(dagang, burning={"team_priority": "play-order"}), *HANDS)
    game.apply(play("2"))
    assert offers(game) == [1, 2, 4, 5]


def test_a_teammate_may_be_burned_unless_the_ruleset_says_not(dagang: Ruleset) -> None:
    """000:139 烧牌可以烧队友; with teammate_may_be_burned off, only the other team is offered."""
    game = deal(variant(dagang, burning={"teammate_may_be_burned": False}), *HANDS)
    game.apply(play("2"))
    assert offers(game) == [1, 5]


def test_no_burning_after_passing(dagang: Ruleset) -> None:
    """000:139 过牌之后则不能烧牌; 000:105 过牌不烧."""
    game = deal(dagang, "59", "6B", "27", "3", "3B", "4")
    game.apply(play("5"))
    assert game.turn == 1
    game.apply(PASS)  # seat 1 passes holding a 小王
    game.apply(play("2"))  # seat 2
    assert offers(game) == [4]  # seat 1 is not offered


def test_burn_is_only_offered_when_one_can_beat(dagang: Ruleset) -> None:
    """000:131 用能盖住够级牌的牌将其灭掉: Burn with cards that do not beat is illegal."""
    game = deal(dagang, *HANDS)
    game.apply(play("2"))
    with pytest.raises(IllegalAction) as caught:
        game.apply(burn("7"))
    assert caught.value.verdict.rule == "plays.higher-rank"
    with pytest.raises(IllegalAction):
        game.apply(play("B"))  # an offer is answered with a burn or a pass, not a play


def test_a_successful_burn_runs_out_with_a_joker_on_every_play_but_the_last(dagang: Ruleset) -> None:
    """000:131 条件一: 此后每次所发牌中必须挂一"小花"或"大花"，但最后一手牌可除外."""
    game = deal(dagang, "25", "B88R55", "3", "4", "R3", "6")
    game.apply(play("2"))
    assert game.turn == 4 and game.decision == "burn-offer"  # seat 0's team-mate first
    game.apply(PASS)
    assert game.turn == 1 and game.decision == "burn-offer"
    game.apply(burn("B"))
    assert game.burner == 1
    assert game.turn == 4 and game.decision == "answer"  # the burner's 对头 may 解烧
    game.apply(PASS)
    assert game.turn == 1 and game.decision == "lead"  # only the burner plays
    game.apply(play("88R"))  # dead (大王): nobody can answer
    assert game.turn == 1 and game.decision == "lead"
    game.apply(play("55"))  # the last play needs no joker
    assert game.finished == (1,)
    assert game.burns[0].outcome == "success" and game.burns[0].burned == 0
    assert game.successful_burns()[0].burner == 1


def test_the_burners_duitou_ends_the_burn(dagang: Ruleset) -> None:
    """000:135 烧牌者的对门可以要，要下来则称为"解烧"，解烧直接终止烧牌行为."""
    game = deal(dagang, "25", "B88B55", "3", "4", "R993", "6")
    game.apply(play("2"))
    game.apply(PASS)  # seat 4 declines to burn
    game.apply(burn("B"))
    game.apply(PASS)  # seat 4 lets the 小王 live
    game.apply(play("B88"))
    assert game.turn == 4 and game.decision == "answer"
    game.apply(play("R99"))
    assert game.burner is None and game.burns[0].outcome == "解烧"


def test_anyone_else_who_beats_a_burn_play_takes_the_burn_over(dagang: Ruleset) -> None:
    """000:135 若干扰则称为"反烧"（对门除外），即终止烧牌人的烧牌行为改为自己烧牌."""
    game = deal(dagang, "25", "B88B55", "R33", "3", "4", "6")
    game.apply(play("2"))
    assert game.turn == 2
    game.apply(PASS)  # seat 2 declines to burn the 2
    game.apply(burn("B"))
    assert game.turn == 2 and game.decision == "burn-offer"  # 反烧 is offered before the 对头 answers
    game.apply(burn("R"))
    assert [(b.burner, b.burned, b.counter, b.outcome) for b in game.burns] == [(1, 0, False, "反烧"),
                                                                               (2, 1, True, "open")]
    assert game.burner == 2


def test_counter_burn_off(dagang: Ruleset) -> None:
    """burning.counter_burn false: nobody but the 对头 may touch a burn play."""
    game = deal(variant(dagang, burning={"counter_burn": False}), "25", "B88B55", "R33", "3", "4", "6")
    game.apply(play("2"))
    game.apply(PASS)  # seat 2
    game.apply(burn("B"))
    assert game.turn == 1 and game.decision == "lead"


def test_zhashao_a_burner_who_fails_to_attach_a_joker_is_daluo(dagang: Ruleset) -> None:
    """000:137 诈烧: 如果没能每一套都挂王则烧牌失败 … 诈烧者直接被判定为拉客."""
    game = deal(dagang, "25", "B8855", "3", "4", "R3", "6")
    game.apply(play("2"))
    game.apply(PASS)  # seat 4 declines to burn
    game.apply(burn("B"))
    game.apply(PASS)  # seat 4, the burner's 对头, lets it live
    game.apply(play("88"))  # not the last play, no joker
    assert game.zhashao == (1,) and game.burns[0].outcome == "诈烧" and game.seat_stats[1] == {"zhashao": 1}
    assert game.turn == 2 and game.decision == "lead"  # the burner's 下家 leads
    while not game.over:
        game.apply(game.legal_actions()[0])
    assert game.place_names()[1] == "大落"


def test_one_rank_left_needs_no_joker(dagang: Ruleset) -> None:
    """000:132 条件二: 灭掉所发够级牌后，手中所剩牌为同一点数的牌 — with the last-play exemption off."""
    ruleset = variant(dagang, burning={"last_play_exempt": False})
    game = deal(ruleset, "25", "B555", "3", "3", "4", "6")
    game.apply(play("2"))
    game.apply(burn("B"))
    game.apply(play("555"))
    assert game.burns[0].outcome == "success"


def test_without_exemption_the_last_play_needs_a_joker(dagang: Ruleset) -> None:
    """002 reads 直至最后一次发牌: last_play_exempt false, conditions joker-every-play only."""
    ruleset = variant(dagang, burning={"last_play_exempt": False, "conditions": ("joker-every-play",)})
    game = deal(ruleset, "25", "B555", "3", "3", "4", "6")
    game.apply(play("2"))
    game.apply(burn("B"))
    game.apply(play("555"))
    assert game.burns[0].outcome == "诈烧"


def test_burning_disabled(dagang: Ruleset) -> None:
    """burning.enabled false: a 够级 play goes straight to its 对头."""
    game = deal(variant(dagang, burning={"enabled": False}), *HANDS)
    game.apply(play("2"))
    assert game.decision == "lead" and game.turn == 0
