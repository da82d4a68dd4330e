"""The built-in city rulesets and option packs: each compiles, carries the values its source
gives it, names its readings and sources properly, and every option pack composes on qingdao.

Seeds: 001:46-51 are the regional posts (济宁, 青岛, 德州, 菏泽单县, 菏泽牡丹区, 聊城), 002 is 后水湾,
003:50-59 the encyclopedia's 冲三 … 阵营战, 000 the 《够级大纲》 and the beginners' reference.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from gouji_variants.ruleset.cards import BIG_JOKER, SMALL_JOKER, TOP_JOKER, Cards
from gouji_variants.ruleset.compiler import compile_path, load_ruleset
from gouji_variants.ruleset.errors import RulesetError
from gouji_variants.ruleset.model import Ruleset
from gouji_variants.ruleset.resources import RULESETS_DIR
from gouji_variants.ruleset.rules import SECTIONS, Stakes
from gouji_variants.text.judge import judge
from gouji_variants.text.sources import SEEDS_DIR, SOURCES

MODELINE = "# yaml-language-server: $schema=./schema/ruleset.draft-07.schema.json"

CITIES = ("jining", "dezhou", "heze-shanxian", "heze-mudan", "liaocheng", "houshuiwan", "qingdao")
PACKS = ("bie3", "dadian", "hui3", "danzhang3", "danzhang4", "hongui-2da1", "32-gui", "tingpai", "zhixi",
         "manguan", "zhenying")
#: the keys of 第二十六条 that the bie3 pack turns on and off
BIE3_KEYS = {
    "bie3.enabled": True,
    "reporting.public_at_most": None,
    "reporting.tiaopai": False,
    "hui3.choices": (),
    "first_player.first_game": "draw",
    "first_player.later_games": "draw",
    "revolution.requires_no_threes": True,
    "places.revolution_place": "fourth",
}


def value(ruleset: Ruleset, key: str) -> object:
    section, name = key.split(".")
    return getattr(getattr(ruleset.rules, section), name)


def kills(ruleset: Ruleset) -> list[str]:
    return [str(rule) for rule in ruleset.rules.plays.kills]


def order(ruleset: Ruleset) -> str:
    return str(ruleset.rules.tribute.order)


def deck_size(ruleset: Ruleset) -> int:
    return len(ruleset.rules.deck.recipe.cards())


def beats(ruleset: Ruleset, play: str, previous: str) -> bool:
    return judge(ruleset, Cards.parse(play), Cards.parse(previous)).ok


def own_keys(ruleset: Ruleset) -> set[str]:
    return {f"{section}.{key}" for section in SECTIONS for key in (ruleset.own.get(section) or {})}


# ── every new ruleset ────────────────────────────────────────────────────────


@pytest.mark.parametrize("rule_id", CITIES + PACKS)
def test_compiles_with_its_metadata(rule_id: str) -> None:
    ruleset = load_ruleset(rule_id)
    assert ruleset.id == rule_id and ruleset.path.parent.resolve() == RULESETS_DIR.resolve()
    assert ruleset.kind == ("ruleset" if rule_id in CITIES else "option-pack")
    assert ruleset.name_zh and ruleset.name_en and ruleset.region
    assert ruleset.description_zh and ruleset.description_en
    assert any("\u4e00" <= ch <= "\u9fff" for alias in ruleset.aliases for ch in alias), "a Chinese alias"
    assert ruleset.sources and ruleset.interpretations
    assert len(ruleset.examples) >= 10 and all(example.source for example in ruleset.examples)
    assert ruleset.path.read_text(encoding="utf-8").startswith(f"{MODELINE}\n# ")
    assert (ruleset.path.parent / MODELINE.split("=", 1)[1]).is_file(), "the editor finds the schema"


@pytest.mark.parametrize("rule_id", CITIES + PACKS)
def test_interpretations_name_real_rules_in_both_languages(rule_id: str) -> None:
    ruleset = load_ruleset(rule_id)
    keys = {f"{section}.{field.name}" for section, cls in SECTIONS.items() for field in dataclasses.fields(cls)}
    for item in ruleset.interpretations:
        assert item.rule in keys, f"{rule_id}: {item.rule} is not a rule key"
        assert item.choice == item.choice.strip() and " " not in item.choice
        assert any("\u4e00" <= ch <= "\u9fff" for ch in item.zh)
    choices = [(item.rule, item.choice) for item in ruleset.interpretations]
    assert len(choices) == len(set(choices)), f"{rule_id}: a choice is named twice"


@pytest.mark.parametrize("rule_id", CITIES + PACKS)
def test_sources_name_seed_files(rule_id: str) -> None:
    for source in load_ruleset(rule_id).sources:
        assert source.file.endswith(".txt") and source.file[:3].isdigit(), f"{rule_id}: {source}"


@pytest.mark.parametrize("rule_id", CITIES + PACKS)
def test_sources_point_into_the_seeds(rule_id: str) -> None:
    if not SEEDS_DIR.is_dir():
        pytest.skip(f"no source texts in {SEEDS_DIR} (a clone without ../shared/seeds)")
    for source in load_ruleset(rule_id).sources:
        lines = (SEEDS_DIR / source.file).read_text(encoding="utf-8").splitlines()
        for part in source.lines.split(","):
            assert all(1 <= int(n) <= len(lines) for n in part.strip().split("-")), f"{rule_id}: {source}"


@pytest.mark.parametrize("rule_id", CITIES + PACKS)
def test_sets_only_what_differs_from_what_it_extends(rule_id: str, tmp_path: Path) -> None:
    """Each own key changes the rules: without it (the parents only) its value would differ.
    qingdao keeps 'kaidian.enabled', 'bie3.enabled' and the others it states although equal
    (its post says them outright), as it did before."""
    ruleset = load_ruleset(rule_id)
    if rule_id == "qingdao":
        return
    parents = list(ruleset.extends) or ["dagang"]
    base = tmp_path / "base.yaml"
    base.write_text(f"id: base\nkind: option-pack\nname: {{zh: 基, en: Base}}\nextends: {parents}\n",
                    encoding="utf-8")
    without = compile_path(base)
    same = [key for key in own_keys(ruleset) if value(ruleset, key) == value(without, key)]
    if rule_id == "hui3":  # the pack restates dagang's value on purpose: it turns 会3 back on
        assert same == ["hui3.choices"]
    elif rule_id == "tingpai":  # likewise it turns 革命 back on, optional
        assert sorted(same) == ["revolution.automatic_without_threes", "revolution.enabled"]
    else:
        assert not same, f"{rule_id} restates {same}"


# ── the cities ───────────────────────────────────────────────────────────────


def test_jining() -> None:
    """001:46: six 3s and six 4s (196, so four 5s out: 192), pure 够级 then a 4, 大王 two-for-one,
    a 小王 on a 2 falls to 小王, tribute 点 闷 烧 落."""
    jining = load_ruleset("jining")
    assert deck_size(jining) == 192 and len(jining.rules.deck.recipe.cards()) // 6 == 32
    recipe = jining.rules.deck.recipe.cards()
    assert (recipe[0], recipe[1], recipe[2]) == (6, 6, 12)  # 3s, 4s, 5s
    assert kills(jining) == ["B by R", "B on single 2 by B", "R by 2R, +1 card", "R alone by 2R, +1 card"]
    assert jining.rules.kaidian.enabled and jining.rules.kaidian.opens_with == ("pure",)
    assert jining.rules.kaidian.answering == "not-on-gouji"
    assert jining.rules.kaidian.then_four and jining.rules.kaidian.fours_after_open
    assert jining.rules.bie3.enabled and jining.rules.bie3.buy_fours
    assert str(jining.rules.bie3.buy_from) == "对门 > 联邦赠 > 上下家"
    assert str(jining.rules.deck.each_hand) == "exactly 1 of 3, exactly 1 of 4"
    assert jining.rules.bie3.men_places[:2] == ("大落", "二落")
    assert jining.rules.turns.pass_locks_out and not jining.rules.turns.passed_answers_duitou
    assert order(jining) == "点 > 闷 > 烧 > 落"
    assert all(value(jining, key) == expected for key, expected in BIE3_KEYS.items())
    assert beats(jining, "BB", "2B") and beats(jining, "BR", "2B") and not beats(jining, "9B", "8B")
    assert beats(jining, "999RR", "888R") and not beats(jining, "99RR", "888R")
    assert beats(jining, "RR", "R") and not beats(jining, "BBB", "22B")  # 大王可以两个杀一个; 小王挂单2
    assert {i.choice for i in jining.interpretations} >= {"remove-four-5s", "four-completes-the-opening"}


def test_dezhou() -> None:
    """001:48: 蟞三, only pure 够级 opens, 两虎杀一大虎 (虎 any joker) 俩小草杀一小草 三草杀一大虎 (草 read as 小王)."""
    dezhou = load_ruleset("dezhou")
    assert kills(dezhou) == ["B by R", "B by 2B, +1 card", "B alone by 2B, +1 card", "R by 2 jokers, +1 card",
                             "R alone by 2 jokers, +1 card", "R by 3B, +2 cards", "R alone by 3B, +2 cards"]
    assert beats(dezhou, "999RR", "888R") and beats(dezhou, "999BR", "888R") and beats(dezhou, "999BBB", "888R")
    assert beats(dezhou, "99BB", "88B") and not beats(dezhou, "99B", "88B")
    assert beats(dezhou, "BB", "R") and beats(dezhou, "BBB", "R") and beats(dezhou, "BB", "B")  # lone jokers
    assert not beats(dezhou, "9999B", "888R")  # one joker is not 两虎
    assert dezhou.rules.bie3.enabled and dezhou.rules.kaidian.enabled
    assert dezhou.rules.kaidian.opens_with == ("pure",)
    assert order(dezhou) == "点 > 烧 > 闷 > 落"
    assert deck_size(dezhou) == 216
    assert {"hu-is-either-joker", "cao-is-xiaowang"} <= {i.choice for i in dezhou.interpretations}


def test_heze_shanxian() -> None:
    """001:49: a led 够级 play does not open (主动上够级不开点), 宣点 eats three, a burn survives a beat-back,
    憋王 last."""
    shanxian = load_ruleset("heze-shanxian")
    assert shanxian.rules.kaidian.opens_with == ("pure",) and shanxian.rules.kaidian.answering == "answers-only"
    assert shanxian.rules.kaidian.mingdian == Stakes(win=3, lose=3)
    assert shanxian.rules.burning.survives_beat_back
    assert order(shanxian) == "点 > 闷 > 烧 > 落 > 憋王"
    assert shanxian.rules.bie3.enabled and shanxian.rules.bie3.men_places[0] == "大落"
    assert load_ruleset("单县").id == "heze-shanxian"


def test_heze_mudan() -> None:
    """001:50: 明点 2, 暗点 4, 圈三家 one card to the 对门, 点烧闷拉憋王."""
    mudan = load_ruleset("heze-mudan")
    assert mudan.rules.kaidian.enabled
    assert mudan.rules.kaidian.mingdian == Stakes(2, 2) and mudan.rules.kaidian.yudian == Stakes(4, 4)
    assert mudan.rules.tribute.chuansanhu == "one-to-duitou"
    assert order(mudan) == "点 > 烧 > 闷 > 落 > 憋王"
    assert mudan.rules.bie3.enabled
    assert load_ruleset("牡丹区").id == "heze-mudan"


def test_liaocheng() -> None:
    """001:51: 小王 plays and two 2s open too, no two-for-one, ten cards and under told unasked (十张以下要报张数),
    16 3s and 4s, 点烧清拉."""
    liaocheng = load_ruleset("liaocheng")
    assert set(liaocheng.rules.kaidian.opens_with) == {"pure", "pair-of-twos", "small-joker"}
    assert kills(liaocheng) == ["B by R"] and not beats(liaocheng, "999RR", "888R")
    assert liaocheng.rules.reporting.public_at_most == 10 and liaocheng.rules.reporting.report_counts == "shown"
    assert deck_size(liaocheng) == 216
    recipe = liaocheng.rules.deck.recipe.cards()
    assert (recipe[0], recipe[1]) == (16, 16)
    assert order(liaocheng) == "点 > 烧 > 清 > 落" and liaocheng.rules.tribute.chuansanhu == "one-to-duitou"
    assert not liaocheng.rules.bie3.enabled


def test_houshuiwan() -> None:
    """002: six decks with six 3s and six 4s (288), 瘪三, 落四, 大小王不出手, 明点 2 / 太空 8, 点 清 烧 落."""
    houshuiwan = load_ruleset("houshuiwan")
    assert deck_size(houshuiwan) == 288 and deck_size(houshuiwan) // 6 == 48
    recipe = houshuiwan.rules.deck.recipe.cards()
    assert (recipe[0], recipe[1], recipe[2]) == (6, 6, 24)
    assert not houshuiwan.rules.plays.jokers_with_threes and houshuiwan.rules.plays.mix_jokers
    assert kills(houshuiwan) == ["B by R", "R by 2R, +1 card", "R alone by 2R, +1 card"]
    assert beats(houshuiwan, "RR", "R")  # 两张大虎可以打一张大虎
    assert beats(houshuiwan, "6RR", "5R") and not judge(houshuiwan, Cards.parse("3B")).valid  # 除三外
    assert beats(houshuiwan, "4R", "5B") is False and beats(houshuiwan, "6R", "5B")
    assert houshuiwan.rules.bie3.enabled and houshuiwan.rules.bie3.jokers_last_is_dalu
    assert houshuiwan.rules.turns.gousiji == ("头科",)  # 002:24 头科的底牌，其对头 … 够死级
    assert houshuiwan.rules.kaidian.fours_after_open and houshuiwan.rules.kaidian.deadline == "first-out"
    assert houshuiwan.rules.kaidian.mingdian == Stakes(2, 2) and houshuiwan.rules.kaidian.yudian == Stakes(8, 8)
    assert houshuiwan.rules.turns.jiefeng == "on-request" and houshuiwan.rules.turns.luanchan_cut_in
    assert houshuiwan.rules.burning.conditions == ("joker-every-play",)
    assert order(houshuiwan) == "点 > 清 > 烧 > 落" and houshuiwan.rules.tribute.chuansanhu == "one-to-duitou"
    assert "except-threes" in {i.choice for i in houshuiwan.interpretations}
    assert [str(f) for f in houshuiwan.rules.penalties.forfeits] == ["no 3 -> 大落", "no 4 -> 不开点"]  # 002:22
    assert houshuiwan.rules.deck.each_hand is None  # 只留下六张三，六张四: dealt at random


def test_danzhang_packs_deal_one_three_and_one_four_and_buy_from_the_duimen() -> None:
    """003:51 每人一张3, 003:54 每人一张4, 003:50 向对门换取, 003:53 开点冲四's forfeits of 开点."""
    danzhang3, danzhang4 = load_ruleset("danzhang3"), load_ruleset("danzhang4")
    assert str(danzhang3.rules.deck.each_hand) == "exactly 1 of 3" and str(danzhang3.rules.bie3.buy_from) == "对门"
    assert str(danzhang4.rules.deck.each_hand) == "exactly 1 of 3, exactly 1 of 4"
    assert [str(f) for f in danzhang4.rules.penalties.forfeits] == ["no 4 -> 不开点", "4 with 2 or joker -> 不开点"]
    interpretations = {i.choice for i in danzhang3.interpretations} | {i.choice for i in danzhang4.interpretations}
    assert "random-deal-then-buy" not in interpretations


def test_qingdao_cites_the_post_where_it_is() -> None:
    """The regional posts are in 001 only (001:46-51); 000 holds the 大纲 and the beginners' reference."""
    qingdao = load_ruleset("qingdao")
    assert [(s.file[:3], s.lines) for s in qingdao.sources] == [("001", "47")]
    assert order(qingdao) == "落" and qingdao.rules.reporting.teammate_view_at_most == 10
    assert not qingdao.rules.kaidian.enabled and not qingdao.rules.bie3.enabled
    quote = '<a id="001-47"></a>**001:47** 青岛'  # the post, as docs/sources.md quotes it
    assert any(line.startswith(quote) for line in SOURCES.read_text(encoding="utf-8").splitlines())


# ── the option packs ─────────────────────────────────────────────────────────


def test_bie3_pack_sets_everything_article_26_turns_on_and_off() -> None:
    bie3 = load_ruleset("bie3")
    assert {key: value(bie3, key) for key in BIE3_KEYS} == BIE3_KEYS
    assert not bie3.rules.kaidian.enabled  # 第二十七条: 打点 should go with it, not forced
    assert "dadian-not-forced" in {i.choice for i in bie3.interpretations}
    assert beats(bie3, "4", "3") and judge(bie3, Cards.parse("33B")).valid is False


def test_dadian_pack() -> None:
    dadian = load_ruleset("dadian")
    assert dadian.rules.kaidian.enabled and order(dadian) == "点 > 落"
    assert own_keys(dadian) == {"kaidian.enabled", "tribute.order"}


def test_hui3_pack_turns_hui3_back_on() -> None:
    hui3, dagang = load_ruleset("hui3"), load_ruleset("dagang")
    assert hui3.rules.hui3.choices == ("3", "4", "both") and hui3.fingerprint == dagang.fingerprint


def test_deck_packs() -> None:
    assert str(load_ruleset("danzhang3").rules.deck.recipe) == "4 decks, only 6 of 3, remove 2 of 4"
    danzhang3 = load_ruleset("danzhang3")
    assert deck_size(danzhang3) == 204 and danzhang3.rules.bie3.enabled  # a form of 冲三 (003:51)
    danzhang4 = load_ruleset("danzhang4")
    assert deck_size(danzhang4) == 192 and danzhang4.extends == ("danzhang3", "dadian")
    assert danzhang4.rules.kaidian.enabled and danzhang4.rules.bie3.enabled  # 开点冲四 + 单张三 (003:54)
    assert danzhang4.rules.kaidian.fours_after_open and danzhang4.rules.bie3.buy_fours
    gui = load_ruleset("32-gui")
    cards = gui.rules.deck.recipe.cards()
    assert deck_size(gui) == 240 and cards[BIG_JOKER] == cards[SMALL_JOKER] == 16 and not cards[TOP_JOKER]  # 32 jokers
    assert gui.rules.revolution.void_at == 1 and kills(gui) == kills(load_ruleset("hongui-2da1"))


def test_joker_and_other_packs() -> None:
    hongui = load_ruleset("hongui-2da1")
    assert kills(hongui) == ["B by R", "R by 2R, +1 card", "R alone by 2R, +1 card"]
    assert beats(hongui, "999RR", "888R") and not beats(hongui, "99RR", "888R")
    assert beats(hongui, "RR", "R") and not beats(hongui, "RRR", "R")  # 两张以上红鬼…必须比对方多一张牌
    tingpai = load_ruleset("tingpai")
    assert tingpai.rules.revolution.enabled and not tingpai.rules.revolution.automatic_without_threes
    assert load_ruleset("zhixi").rules.places.zhixi
    manguan = load_ruleset("manguan").rules.score
    assert manguan.manguan == "one-run" and manguan.manguan_others_as == "大落"  # 五个大落一个头科
    zhenying = load_ruleset("zhenying")
    assert zhenying.rules.score.manguan == "top-three" and zhenying.rules.reporting.teammate_view_at_most == 9


@pytest.mark.parametrize("pack", PACKS)
def test_pack_composes_on_qingdao(pack: str, tmp_path: Path) -> None:
    """extends: [qingdao, PACK] compiles; the pack's own rules win, qingdao's others stay."""
    path = tmp_path / "house.yaml"
    path.write_text(f"id: house\nkind: ruleset\nname: {{zh: 家规, en: House}}\nextends: [qingdao, {pack}]\n",
                    encoding="utf-8")
    house = compile_path(path)
    alone, qingdao = load_ruleset(pack), load_ruleset("qingdao")
    for key in own_keys(alone):
        assert value(house, key) == value(alone, key), key
        assert Path(house.provenance[key].file).name == f"{pack}.yaml"
    if pack != "zhenying":  # the only pack that sets qingdao's 看牌
        assert house.rules.reporting.teammate_view_at_most == qingdao.rules.reporting.teammate_view_at_most


def test_packs_compose_together(tmp_path: Path) -> None:
    """The 冲三 family on one base: 憋3 + 打点 + 单张四 + 三十二张鬼's jokers written as one recipe (32-gui's
    recipe alone would replace 单张四's six 3s, which its one-3-a-hand deal cannot do without)."""
    path = tmp_path / "house.yaml"
    head = ("id: house\nkind: ruleset\nname: {zh: 家规, en: House}\n"
            "extends: [dagang, bie3, dadian, danzhang4, 32-gui, zhixi, manguan, tingpai]\n")
    path.write_text(head, encoding="utf-8")
    with pytest.raises(RulesetError, match="deck.each_hand cannot be dealt"):
        compile_path(path)
    path.write_text(head + "deck: {recipe: '4 decks, only 6 of 3, only 6 of 4, remove 4 of 5, add 12 of R, "
                    "add 12 of B'}\n", encoding="utf-8")
    house = compile_path(path)
    assert house.rules.bie3.enabled and house.rules.kaidian.enabled and house.rules.kaidian.fours_after_open
    assert deck_size(house) == 216 and house.rules.revolution.void_at == 1
    assert str(house.rules.deck.each_hand) == "exactly 1 of 3, exactly 1 of 4"
    assert house.rules.revolution.requires_no_threes  # tingpai leaves 憋3's 革命 alone
    assert house.rules.places.zhixi and house.rules.score.manguan == "one-run"
