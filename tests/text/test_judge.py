"""The referee, judged against the sources: each case cites the seed line it follows.

Seed lines are ``file:line`` in ../shared/seeds (000 = 《够级大纲》 traditional, 001 = simplified
大纲 and regional posts, 003 = the encyclopedia rule list).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import yaml

from gouji_variants.ruleset.cards import TOP_JOKER, Cards
from gouji_variants.ruleset.compiler import compile_path, load_ruleset
from gouji_variants.ruleset.model import Ruleset
from gouji_variants.text.judge import BadPrevious, Judgement, judge

pytestmark = pytest.mark.engine  # what the engine decides (tests/conftest.py)

Make = Callable[..., Ruleset]


@pytest.fixture(scope="module")
def dagang() -> Ruleset:
    return load_ruleset("dagang")


@pytest.fixture(scope="module")
def make(tmp_path_factory: pytest.TempPathFactory) -> Make:
    """A ruleset extending dagang with the given sections, written to a temporary folder."""
    folder = tmp_path_factory.mktemp("rulesets")
    made: dict[str, Ruleset] = {}

    def build(**sections: dict[str, Any]) -> Ruleset:
        key = yaml.safe_dump(sections, allow_unicode=True)
        if key not in made:
            rule_id = f"house-{len(made)}"
            data = {"id": rule_id, "kind": "ruleset", "name": {"zh": "家规", "en": "House"}, "extends": ["dagang"],
                    **sections}
            path = folder / f"{rule_id}.yaml"
            path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
            made[key] = compile_path(path)
        return made[key]

    return build


def run(ruleset: Ruleset, play: str, on: str | None = None) -> Judgement:
    return judge(ruleset, Cards.parse(play), None if on is None else Cards.parse(on))


def beats(ruleset: Ruleset, play: str, on: str) -> bool:
    result = run(ruleset, play, on)
    assert result.valid, result.verdict
    assert result.beats is not None
    return result.beats


# ── 步步高 and 张数相同 ──────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("play", "on", "ok", "rule"),
    [
        ("99", "88", True, "plays.higher-rank"),  # 000:116 步步高
        ("88", "99", False, "plays.higher-rank"),  # 000:116 the rank must be higher
        ("99", "99", False, "plays.higher-rank"),  # 000:116 equal is not higher
        ("999", "88", False, "plays.same-count"),  # 000:117 张数相同
        ("9", "88", False, "plays.same-count"),  # 000:117
        ("AAAAA", "TTTTT", True, "plays.higher-rank"),
        ("22", "AA", True, "plays.higher-rank"),  # 000:119 order: 2 above A
        ("B", "2", True, "plays.higher-rank"),  # 000:119 小王 above 2
    ],
)
def test_plain_plays(dagang: Ruleset, play: str, on: str, ok: bool, rule: str) -> None:
    result = run(dagang, play, on)
    assert result.beats is ok
    assert result.verdict.rule == rule
    assert result.ok is ok


# ── 贴钱: 2s count as the base rank ───────────────────────────────────────


@pytest.mark.parametrize(
    ("play", "on", "ok"),
    [
        ("K2", "QQ", True),  # 000:120 錢貼牌時…視為該牌中的普通一員: K2 is two Ks
        ("KK", "Q2", True),  # 000:120 Q2 is two Qs
        ("Q2", "QQ", False),  # 000:120 Q2 is two Qs: not higher than QQ
        ("A22", "KKK", True),  # 000:117 the number may be made up with 2s
        ("K2", "22", False),  # 000:120 a K with a 2 attached is a K, below 2
        ("KK2", "QQ", False),  # 000:117 the attached 2 counts: three cards on two
    ],
)
def test_attached_twos_count_as_the_base_rank(dagang: Ruleset, play: str, on: str, ok: bool) -> None:
    assert beats(dagang, play, on) is ok


# ── plays with jokers under the 大纲 ──────────────────────────────────────


@pytest.mark.parametrize(
    ("play", "on", "ok"),
    [
        ("R999", "B888", True),  # 000:120 大花掛高于小花所掛牌一點以上的牌方能滅之
        ("R888", "B888", False),  # 000:120 the same rank is not "one or more higher"
        ("R777", "B888", False),  # 000:120 a lower rank never kills
        ("RB99", "B888", True),  # 000:120 one 大王 (not fewer than the one 小王), 9 above 8; mixing is allowed (002)
        ("R99", "BB88", False),  # 000:120 且大花不得少于小花數量: one 大王 for two 小王
        ("RR99", "BB88", True),  # 000:120 two 大王 for two 小王
        ("BB999", "B888", False),  # 000:120 only 大花 kill a 小花 play
        ("R9999", "B888", False),  # 000:117 张数相同 still holds
        ("RR999", "BB888", True),  # 003:32 两个红鬼带三个9大过 2 黑鬼 + 3 个 8
        ("RRR99", "BB888", True),  # 003:32 也可以用三个红鬼带两个9大过
        ("R", "B", True),  # 000:120 a lone 大王 beats a lone 小王
        ("RR", "2B", True),  # 001:46 小王挂单2可以用大王杀
    ],
)
def test_small_joker_plays_need_big_jokers_at_a_higher_rank(dagang: Ruleset, play: str, on: str, ok: bool) -> None:
    result = run(dagang, play, on)
    assert result.beats is ok
    assert result.verdict.rule == ("plays.kills[0]" if ok else "plays.kills")


def test_small_joker_refusal_says_what_is_needed(dagang: Ruleset) -> None:
    result = run(dagang, "R99", "BB88")
    assert "at least 2 big joker" in result.verdict.en and "4 cards" in result.verdict.en
    assert "大王" in result.verdict.zh


@pytest.mark.parametrize(("play", "on"), [("RR999", "R888"), ("RRRR", "R"), ("RR", "R2"), ("RRR9", "RB8")])
def test_big_joker_play_is_dead_under_dagang(dagang: Ruleset, play: str, on: str) -> None:
    # 000:120 大花掛任何牌時,發牌均為死牌,對頭應無條件為之扣牌
    result = run(dagang, play, on)
    assert result.valid and result.beats is False and not result.ok
    assert result.verdict.rule == "plays.kills"
    assert "dead" in result.verdict.en and "死牌" in result.verdict.zh


# ── kill rules as data ─────────────────────────────────────────────────────

ERDAYI = {"plays": {"kills": ["B by R", "R by 2R, +1 card"]}}


@pytest.mark.parametrize(
    ("play", "on", "ok"),
    [
        ("RR999", "R888", True),  # 003:55 一张红鬼+三张8必须要两张红鬼+三张9
        ("RR99", "R88", True),  # 003:55 R88 is three cards; two 大王 and one more card make four
        ("RR99", "R888", False),  # 003:55 but多一张牌: R888 is four cards, RR99 is not five
        ("RRR999", "R888", False),  # 003:55 one more card, not two more
        ("R9999", "R888", False),  # 003:55 两张以上红鬼: one 大王 is not enough
        ("RR888", "R888", False),  # 003:32 must be bigger in rank too
        ("RRRR99", "RR888", True),  # 003:55 two-for-one scales: four 大王 for two
        ("RRR999", "RR888", False),  # 003:55 three 大王 for two is not two-for-one
    ],
)
def test_two_big_jokers_kill_one(make: Make, play: str, on: str, ok: bool) -> None:
    ruleset = make(**ERDAYI)
    result = run(ruleset, play, on)
    assert result.beats is ok
    assert result.verdict.rule == ("plays.kills[1]" if ok else "plays.kills")


def test_two_for_one_refusal_names_the_rule(make: Make) -> None:
    result = run(make(**ERDAYI), "R9999", "R888")
    assert "'R by 2R, +1 card'" in result.verdict.en
    assert "at least 2 big joker" in result.verdict.en and "5 cards" in result.verdict.en


def test_two_for_one_leaves_small_joker_kills_alone(make: Make) -> None:
    ruleset = make(**ERDAYI)
    assert run(ruleset, "R999", "B888").verdict.rule == "plays.kills[0]"  # 000:120
    assert beats(ruleset, "RR9999", "B888") is False  # 000:117 "B by R" keeps the same count


def test_small_joker_on_a_two_beaten_by_small_jokers(dagang: Ruleset, make: Make) -> None:
    # 001:46 济宁: 小王挂单2可以用大小王杀 — "B on 2 by B"
    jining = make(plays={"kills": ["B by R", "B on 2 by B"]})
    result = run(jining, "BB", "2B")
    assert result.beats is True and result.verdict.rule == "plays.kills[1]"
    assert beats(dagang, "BB", "2B") is False  # 000:120 under the 大纲 only 大王 kill
    assert beats(jining, "BBB", "22B") is True
    # 001:46 小王不能杀小王 otherwise: the rule is only for a 小王 on 2s
    assert beats(jining, "B99", "B88") is False


def test_no_kill_rules_make_joker_plays_dead(make: Make) -> None:
    ruleset = make(plays={"kills": []})
    result = run(ruleset, "R999", "B888")
    assert result.beats is False and "dead" in result.verdict.en


def test_any_rank_kill(make: Make) -> None:
    ruleset = make(plays={"kills": ["B by R, any rank"]})
    assert beats(ruleset, "R777", "B888") is True
    assert beats(make(**{"plays": {"kills": ["B by R"]}}), "R777", "B888") is False


# ── the kill language beyond "X by NY" (issue 11) ─────────────────────────────
# Each form is a short ruleset, contrasted with the rules without it.


def test_lone_big_joker_falls_to_two_only_with_alone(make: Make) -> None:
    # 003:55 手中有两张以上红鬼可灭掉对方的一张红鬼，但必须比对方多一张牌; 002:20; 001:46
    plain = make(plays={"kills": ["B by R", "R by 2R, +1 card"]})
    literal = make(plays={"kills": ["B by R", "R by 2R, +1 card", "R alone by 2R, +1 card"]})
    assert beats(plain, "RR", "R") is False  # jokers alone have the joker's rank: no rank above
    result = run(literal, "RR", "R")
    assert result.beats is True and result.verdict.rule == "plays.kills[2]"
    assert "R alone by 2R, +1 card" in result.verdict.en and "R alone by 2R, +1 card" in result.verdict.zh
    assert beats(literal, "RRR", "R") is False  # one card more, not two
    assert beats(literal, "BR", "R") is False  # a 小王 is not a 大王
    assert beats(literal, "RRR", "BR") is True  # a mixed pair of jokers alone counts its 大王
    refusal = run(literal, "RRR", "R").verdict
    assert "jokers alone" in refusal.en and "只出王" in refusal.zh and "R alone" in refusal.en
    # alone applies to jokers alone only: 888R still needs the rank above
    assert beats(make(plays={"kills": ["R alone by 2R, +1 card"]}), "999RR", "888R") is False


def test_in_all_counts_the_killers_whatever_the_target_has(make: Make) -> None:
    # 003:55 两张以上红鬼可灭掉对方的一张红鬼: the other reading, two 大王 beating any 大王 play
    in_all = make(plays={"kills": ["R by 2R in all, +1 card"]})
    ratio = make(plays={"kills": ["R by 2R, +1 card"]})
    assert beats(in_all, "9999RR", "888RR") is True and beats(ratio, "9999RR", "888RR") is False
    assert beats(in_all, "999RR", "888R") is True and beats(ratio, "999RR", "888R") is True
    assert "2 big joker(s), 6 cards in all" in run(in_all, "999RR", "888RR").verdict.en


def test_three_for_one_on_a_lone_big_joker(make: Make) -> None:
    ruleset = make(plays={"kills": ["R alone by 3R, +2 cards"]})
    assert beats(ruleset, "RRR", "R") is True and beats(ruleset, "RR", "R") is False


def test_on_single_two_is_one_two_only(make: Make) -> None:
    # 001:46 济宁: 小王挂单2可以用大小王杀
    single = make(plays={"kills": ["B by R", "B on single 2 by B"]})
    any_twos = make(plays={"kills": ["B by R", "B on 2 by B"]})
    assert beats(single, "BB", "2B") is True and run(single, "BB", "2B").verdict.rule == "plays.kills[1]"
    assert beats(single, "BBB", "22B") is False and beats(any_twos, "BBB", "22B") is True
    assert beats(single, "BBR", "22B") is True  # B by R still


def test_any_joker_killer_counts_both_kinds(make: Make) -> None:
    # 001:48 德州 两虎杀一大虎: 虎 names both jokers (大虎, 小虎)
    any_joker = make(plays={"kills": ["R by 2 jokers, +1 card"]})
    big_only = make(plays={"kills": ["R by 2R, +1 card"]})
    assert beats(any_joker, "999BR", "888R") is True and beats(big_only, "999BR", "888R") is False
    assert beats(any_joker, "999BB", "888R") is True and beats(any_joker, "9999B", "888R") is False
    assert run(any_joker, "9999B", "888R").verdict.en.endswith(
        "needs at least 2 joker(s), 5 cards in all, a rank above 8 (rule 'R by 2 jokers, +1 card')")


def test_any_joker_target_and_twos_killer(make: Make) -> None:
    # 德州 三草杀一大虎 with 草 read as the 2 (钱): the other reading, written out
    twos = make(plays={"kills": ["R by 3 twos, +2 cards"]})
    small = make(plays={"kills": ["R by 3B, +2 cards"]})
    assert beats(twos, "999222", "888R") is True and beats(small, "999222", "888R") is False
    assert beats(small, "999BBB", "888R") is True and beats(twos, "999BBB", "888R") is False
    anyone = make(plays={"kills": ["joker by 2 jokers, +1 card"]})
    assert beats(anyone, "999RR", "888B") is True and beats(anyone, "999BB", "888R") is True


def test_equal_or_higher_jokers_compare_one_by_one(make: Make) -> None:
    covering = make(plays={"kills": ["joker by equal or higher jokers"]})
    counting = make(plays={"kills": ["B by R", "R by R"]})
    assert beats(covering, "999RR", "888BR") is True and beats(covering, "999BR", "888BR") is True
    assert beats(covering, "999BB", "888BR") is False and beats(covering, "99B", "88B") is True
    assert beats(counting, "999BR", "888BR") is True and beats(counting, "99B", "88B") is False
    assert beats(covering, "888RR", "777BR") is True and beats(covering, "777RR", "777BR") is False


def test_super_joker_above_the_big_joker(make: Make, dagang: Ruleset) -> None:
    house = make(deck={"recipe": "4 decks, add 6 of W"},
                 plays={"kills": ["B by R", "R by W", "W alone by 2W, +1 card"]})
    assert house.rules.deck.recipe.cards()[TOP_JOKER] == 6 and dagang.rules.deck.recipe.cards()[TOP_JOKER] == 0
    plain = make(deck={"recipe": "4 decks, add 6 of W"})  # the same deck, dagang's kills
    assert beats(house, "9W", "8R") is True and beats(plain, "9W", "8R") is False  # a 大王 play is dead there
    assert beats(house, "WW", "W") is True and beats(house, "9WW", "8W") is False
    assert run(house, "9R", "8W").verdict.en.startswith("a play with a super joker is dead")
    assert beats(house, "WWW", "222") is True  # jokers alone step up on 2s by rank, 王中王 above 大王
    assert run(house, "8W").gouji is True
    assert run(dagang, "8W").verdict.rule == "deck.recipe", "a 王中王 is judged against the deck: dagang has none"


def test_jokers_alone_step_up_on_twos_by_rank(dagang: Ruleset, make: Make) -> None:
    # three 大王 on 222: a play of jokers alone ranks above 2s (步步高, no kill rule needed)
    assert run(dagang, "RRR", "222").verdict.rule == "plays.higher-rank" and beats(dagang, "BBB", "222") is True
    # and a 大王 on 2s falls to jokers alone, by rank, where a rule says so
    assert beats(make(plays={"kills": ["R on 2 by R"]}), "RRR", "22R") is True
    assert beats(dagang, "RRR", "22R") is False


# ── 够级 classification ────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("play", "gouji", "pure"),
    [
        ("A", False, False),  # 000:123 兩張A: one A is not 够级
        ("AA", True, True),  # 000:123 兩張A; 000:127 no 2s or jokers: pure
        ("A2", True, False),  # 000:120 the 2 counts as an A; 000:127 with a 2 it is not pure
        ("KK", True, True),  # 000:123 兩張K
        ("QQ", False, False),  # 000:123 三張Q
        ("QQ2", True, False),  # 000:120 + 000:123
        ("JJJ", False, False),  # 000:123 四張J
        ("JJJJ", True, True),  # 000:123
        ("TTTT", False, False),  # 000:123 5張10
        ("TTTTT", True, True),  # 000:123
        ("99999", False, False),  # 000:123 9s are never 够级
        ("999999999", False, False),  # 000:123
        ("2", True, False),  # 000:123 一張2
        ("B", True, False),  # 000:123 花
        ("R", True, False),  # 000:123 花
        ("9B", True, False),  # 000:123 掛花的牌
        ("3R", True, False),  # 000:123 掛花的牌
    ],
)
def test_gouji_classification(dagang: Ruleset, play: str, gouji: bool, pure: bool) -> None:
    result = run(dagang, play)
    assert result.valid and result.beats is None and result.ok
    assert (result.gouji, result.pure_gouji) == (gouji, pure)
    if not gouji:
        assert result.verdict.rule == "gouji.thresholds"
    elif "B" in play or "R" in play:
        assert result.verdict.rule == "gouji.joker_plays"
    else:
        assert result.verdict.rule == "gouji.thresholds"
        assert ("pure" in result.verdict.en) is pure


def test_thresholds_are_data(make: Make) -> None:
    strict = make(gouji={"thresholds": "R, B, 2, AAA, KKK"})
    assert run(strict, "AA").gouji is False
    assert run(strict, "AAA").pure_gouji is True
    assert run(strict, "TTTTTTTT").gouji is False


def test_big_joker_open(make: Make) -> None:
    # 003:55 部分规则中,带红鬼的牌不是"够级牌",谁都可以灭
    ruleset = make(gouji={"joker_plays": "big-joker-open"})
    assert run(ruleset, "R").gouji is False
    assert run(ruleset, "R999").gouji is False
    assert run(ruleset, "RB").gouji is False
    assert run(ruleset, "B999").gouji is True
    assert run(ruleset, "AA").pure_gouji is True


# ── legality switches ──────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("sections", "play", "rule"),
    [
        ({"plays": {"attach_twos": False}}, "K2", "plays.attach_twos"),  # 000:120 贴钱 switched off
        ({"plays": {"attach_jokers": False}}, "9B", "plays.attach_jokers"),  # 000:120 挂花 switched off
        ({"plays": {"attach_jokers": False}}, "2R", "plays.attach_jokers"),
        ({"plays": {"mix_jokers": False}}, "BR", "plays.mix_jokers"),  # 002 allows mixing; off here
        ({"plays": {"jokers_with_threes": False}}, "33B", "plays.jokers_with_threes"),  # 002 除三外
        ({}, "89", "plays.one-rank"),  # 000:121 不同點數牌不可混合發出
        ({}, "KKQQ2", "plays.one-rank"),  # 000:121 花、錢例外 only
    ],
)
def test_illegal_plays_name_the_rule(make: Make, sections: dict[str, Any], play: str, rule: str) -> None:
    result = run(make(**sections), play)
    assert not result.valid and not result.ok
    assert (result.gouji, result.pure_gouji, result.beats) == (False, False, None)
    assert result.verdict.rule == rule
    assert result.verdict.en and result.verdict.zh
    # with --on an illegal play does not beat anything
    assert run(make(**sections), play, "3").beats is False


@pytest.mark.parametrize(
    ("key", "play", "on"),
    [
        pytest.param("attach_twos", "K2", "QQ", id="attach_twos"),  # 000:120 貼錢: K2 is two Ks
        pytest.param("attach_jokers", "9B", "88", id="attach_jokers"),  # 000:120 掛花
        pytest.param("mix_jokers", "BR", None, id="mix_jokers"),  # 002 大小王 in one play
        pytest.param("jokers_with_threes", "33B", None, id="jokers_with_threes"),  # 002 除三外
    ],
)
def test_each_plays_switch_on_and_off(make: Make, dagang: Ruleset, key: str, play: str, on: str | None) -> None:
    """The same play under dagang (every switch on) and with one switch off: legal, then refused by that key."""
    assert run(dagang, play, on).ok
    result = run(make(plays={key: False}), play, on)
    assert not result.valid and not result.ok and result.verdict.rule == f"plays.{key}"


def test_thresholds_and_joker_plays_change_what_is_gouji(make: Make, dagang: Ruleset) -> None:
    # 000:44 (第九条) 2張A, 2張K … 為法定最低級別 … 的夠級牌; 003:55 部分规则中,带红鬼的牌不是"够级牌"
    assert run(dagang, "AA").gouji is True
    assert run(make(gouji={"thresholds": "R, B, 2, AAA, KKK"}), "AA").gouji is False
    assert run(dagang, "R999").gouji is True
    assert run(make(gouji={"joker_plays": "big-joker-open"}), "R999").gouji is False


def test_switches_leave_the_rest_legal(make: Make) -> None:
    assert run(make(plays={"attach_twos": False}), "22").valid  # 2s on their own are fine
    assert run(make(plays={"attach_jokers": False}), "BR").valid  # jokers on their own are fine
    assert run(make(plays={"jokers_with_threes": False}), "332").valid


BIE3 = {
    "bie3": {"enabled": True},
    "hui3": {"choices": []},
    "reporting": {"public_at_most": None, "tiaopai": False},
    "first_player": {"first_game": "draw", "later_games": "rotate"},
}


@pytest.mark.parametrize("play", ["33B", "332", "3R", "3322"])
def test_bie3_threes_go_bare(make: Make, play: str) -> None:
    # 001:3 第二十六条(三) "3"牌不能拆开出,也不能贴钱或挂花
    result = run(make(**BIE3), play)
    assert not result.valid and result.verdict.rule == "bie3.enabled"


def test_bie3_only_restricts_threes(make: Make, dagang: Ruleset) -> None:
    ruleset = make(**BIE3)
    assert run(ruleset, "333").valid and run(ruleset, "44B").valid and run(ruleset, "K2").valid
    assert run(dagang, "33B").valid and run(dagang, "332").valid  # 000:120 any play may carry them


# ── the contract ───────────────────────────────────────────────────────────


def test_previous_play_must_be_legal(dagang: Ruleset) -> None:
    with pytest.raises(BadPrevious) as caught:
        run(dagang, "99", "89")
    assert caught.value.verdict.rule == "plays.one-rank"


def test_empty_play_is_illegal(dagang: Ruleset) -> None:
    result = judge(dagang, Cards.EMPTY)
    assert not result.valid and result.verdict.rule == "plays.one-rank"


def test_judgement_json(dagang: Ruleset) -> None:
    data = run(dagang, "R999", "B888").to_json()
    assert data == {
        "ruleset": "dagang",
        "fingerprint": dagang.fingerprint,
        "play": "999R",
        "on": "888B",
        "valid": True,
        "gouji": True,
        "pure_gouji": False,
        "beats": True,
        "rule": "plays.kills[0]",
        "reason": {"zh": "按打王规则「B by R」可灭", "en": "beats it by the kill rule 'B by R'"},
    }
    alone = run(dagang, "9 9 9 大王").to_json()
    assert alone["on"] is None and alone["beats"] is None and alone["play"] == "999R"


def test_fingerprint_in_the_judgement_is_the_rulesets(make: Make, dagang: Ruleset) -> None:
    house = make(**ERDAYI)
    assert run(house, "R").to_json()["fingerprint"] == house.fingerprint != dagang.fingerprint



def test_judge_names_the_forfeit_a_play_meets() -> None:
    """003:53 4与带2、黑鬼、红鬼一同打出时，视同于主动放弃开点: the play stays legal, and the judge names the
    forfeit (danzhang4); without forfeits (dagang) it names none."""
    chong4 = judge(load_ruleset("danzhang4"), Cards.parse("42"))
    assert chong4.ok and chong4.forfeits == ("penalties.forfeits[1]: 4 with 2 or joker -> 不开点",)
    assert chong4.to_json()["forfeits"] == list(chong4.forfeits)
    assert judge(load_ruleset("danzhang4"), Cards.parse("44")).forfeits == ()
    plain = judge(load_ruleset("dagang"), Cards.parse("42"))
    assert plain.forfeits == () and "forfeits" not in plain.to_json()
