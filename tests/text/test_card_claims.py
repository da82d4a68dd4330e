"""The rule card against the engine: for generated house rulesets (a base city, option packs, a few
overrides), every sentence the card prints holds as the rules act together.

- a rule another rule makes inert (``rules.Needs``) is never printed as in force;
- what the card says about combinations is what ``gouji judge`` (:func:`gouji_variants.text.judge.judge`)
  answers: 2s and jokers attached, jokers on 3s, 憋3's undecorated 3s, mixed jokers, 够级 thresholds,
  kills narrowed by 憋3;
- no two sentences of one card contradict on the pairs that once did (憋3 beside jokers on 3s, 不报牌
  beside the duty to report, a tribute amount beside an order without its kind).

The strategy is local (part C of issue 22); the suite tries a fixed (derandomized) slice, and
``pytest --thorough`` tries ten times as many rulesets.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from budget import examples
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from gouji_variants.ruleset.cards import BIG_JOKER, TOP_JOKER, Cards
from gouji_variants.ruleset.compiler import compile_path, load_ruleset
from gouji_variants.ruleset.errors import RulesetError
from gouji_variants.ruleset.model import Ruleset
from gouji_variants.ruleset.resources import RULESETS_DIR
from gouji_variants.text import explain
from gouji_variants.text.card import Card, build
from gouji_variants.text.judge import BadPrevious, Judgement, judge

EXAMPLES = examples(25)
KINDS = {path.stem: yaml.safe_load(path.read_text(encoding="utf-8"))["kind"] for path in RULESETS_DIR.glob("*.yaml")}
BASES = sorted(name for name, kind in KINDS.items() if kind == "ruleset")
PACKS = sorted(name for name, kind in KINDS.items() if kind == "option-pack")
KILL_BY_TWOS = "R alone by 2 twos, +2 cards, any rank"
#: Plain YAML values for the keys whose sentences the checks below read, and for their neighbours.
OVERRIDES: dict[str, list[Any]] = {
    "plays.attach_twos": [True, False],
    "plays.attach_jokers": [True, False],
    "plays.mix_jokers": [True, False],
    "plays.jokers_with_threes": [True, False],
    "plays.kills": [["B by R"], ["B by R", KILL_BY_TWOS], ["B by R", "R by 2R, +1 card"]],
    "gouji.thresholds": ["R, B, 2, AA, KK, QQQ, JJJJ, TTTTT", "R, B, 2, AA"],
    "gouji.joker_plays": ["gouji", "big-joker-open"],
    "bie3.enabled": [True, False],
    "burning.enabled": [True, False],
    "burning.conditions": [["joker-every-play"], ["one-rank-left"], ["joker-every-play", "one-rank-left"]],
    "burning.last_play_exempt": [True, False],
    "reporting.public_at_most": [None, 10],
    "reporting.report_counts": ["shown", "when-asked"],
    "kaidian.enabled": [True, False],
    "turns.luanchan": ["after-second-out", "never"],
    "turns.luanchan_cut_in": [True, False],
    "tribute.enabled": [True, False],
    "tribute.order": ["落", "点 > 落", "烧 > 落", "点 > 烧 > 闷 > 落 > 憋王", "点 > 清 > 落"],
    "tribute.shao_cards": [0, 1, 2],
    "tribute.men_cards": [1, 2],
    "tribute.returned": [True, False],
    "tribute.biewang_cards": [None, 2],
    "kaidian.xuandian_table": [None, {part: {"only_first_opened": [0, 2], "neither_opened": [1, 1],
                                             "both_opened": [0, 0], "only_second_opened": [2, 0]}
                                      for part in ("both_declared", "neither_declared", "one_declared")}],
    "revolution.enabled": [True, False],
    "score.manguan": ["none", "one-run", "top-three"],
}
#: Tribute amounts and the kind of the order each is paid as.
AMOUNTS = {"tribute.shao_cards": "shao", "tribute.men_cards": "men", "tribute.biewang_cards": "biewang",
           "tribute.biewang_to": "biewang", "tribute.luo_cards": "luo", "tribute.waive_within_team": "luo",
           "kaidian.penalty": "dian"}


@st.composite
def house_rulesets(draw: st.DrawFn) -> dict[str, Any]:
    """A house ruleset document: a base city, up to two option packs and up to four overrides."""
    packs = draw(st.lists(st.sampled_from(PACKS), max_size=2, unique=True))
    keys = draw(st.lists(st.sampled_from(sorted(OVERRIDES)), max_size=4, unique=True))
    sections: dict[str, dict[str, Any]] = {}
    for key in keys:
        section, name = key.split(".")
        sections.setdefault(section, {})[name] = draw(st.sampled_from(OVERRIDES[key]))
    return {"id": "house", "kind": "ruleset", "name": {"zh": "家规", "en": "House"},
            "extends": [draw(st.sampled_from(BASES)), *packs], **sections}


def compiled(document: dict[str, Any]) -> Ruleset:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "house.yaml"
        path.write_text(yaml.safe_dump(document, allow_unicode=True, sort_keys=False), encoding="utf-8")
        return compile_path(path)


# ── reading a card ───────────────────────────────────────────────────────────


def printed(card: Card) -> Iterator[str]:
    """Every sentence the card prints as in force (a departure with an off note is not)."""
    yield from (d.text for d in card.departures)
    yield from (line for _, lines in card.sections for line in lines)


def in_force(card: Card, key: str) -> bool:
    """Whether the card prints ``key``'s sentence, as the rules make it hold, as a rule in play."""
    rules = card.ruleset.rules
    return explain.sentence(key, explain.value(rules, key), card.lang, rules) in set(printed(card))


def says(card: Card, key: str, rule_value: Any) -> bool:
    return in_force(card, key) and explain.value(card.ruleset.rules, key) == rule_value


def probe(ruleset: Ruleset, play: str, on: str | None = None) -> Judgement | None:
    """``gouji judge`` on ``play`` (on ``on``); None where the ruleset's deck cannot hold the cards or ``on``
    is no play under it."""
    try:
        result = judge(ruleset, Cards.parse(play), None if on is None else Cards.parse(on))
    except BadPrevious:
        return None
    return None if result.verdict.rule == "deck.recipe" else result


def valid(ruleset: Ruleset, play: str) -> bool | None:
    result = probe(ruleset, play)
    return None if result is None else result.valid


# ── the checks ───────────────────────────────────────────────────────────────


def check_inert_rules_are_not_in_force(card: Card) -> None:
    rules = card.ruleset.rules
    for key in explain.keys():
        if not explain.active(rules, key):
            assert not in_force(card, key), f"{key} is printed as in force while {explain.off_gate(rules, key)}"


def check_combinations(card: Card) -> None:
    ruleset, rules = card.ruleset, card.ruleset.rules
    bie3 = rules.bie3.enabled
    if says(card, "plays.attach_twos", True):
        assert valid(ruleset, "KK2") in (True, None)
        assert valid(ruleset, "332") in ((False, None) if bie3 else (True, None))
    if says(card, "plays.attach_twos", False):
        assert valid(ruleset, "KK2") in (False, None)
    if says(card, "plays.attach_jokers", True):
        assert valid(ruleset, "KKB") in (True, None)
        three_excluded = bie3 or not rules.plays.jokers_with_threes
        assert valid(ruleset, "33B") in ((False, None) if three_excluded else (True, None)), card.lang
    if says(card, "plays.attach_jokers", False):
        assert valid(ruleset, "KKB") in (False, None)
    if in_force(card, "plays.jokers_with_threes"):
        assert valid(ruleset, "33B") in ((True, None) if rules.plays.jokers_with_threes else (False, None))
    if says(card, "bie3.enabled", True):
        assert valid(ruleset, "332") in (False, None) and valid(ruleset, "33B") in (False, None)
    if in_force(card, "plays.mix_jokers"):
        assert valid(ruleset, "BR") in ((True, None) if rules.plays.mix_jokers else (False, None))
    if in_force(card, "gouji.thresholds"):
        for rank, count in rules.gouji.thresholds.minimum:
            found = probe(ruleset, str(Cards.of([rank] * count)))
            open_ = rules.gouji.joker_plays == "big-joker-open" and rank in (BIG_JOKER, TOP_JOKER)
            assert found is None or found.gouji != open_, f"the card says whether {count} of rank {rank} is 够级"
    if says(card, "gouji.joker_plays", "gouji") and valid(ruleset, "5B"):
        found = probe(ruleset, "5B")
        assert found is not None and found.gouji
    if in_force(card, "plays.kills") and bie3:
        for killer, target in (("332R", "KKKB"), ("223", "R"), ("33R", "KB")):
            found = probe(ruleset, killer, target)
            assert found is None or not found.ok, f"under 憋3 the card says {killer} never beats {target}"
    if in_force(card, "plays.kills") and not bie3 and str(rules.plays.kills[-1]) == KILL_BY_TWOS:
        found = probe(ruleset, "22A", "R")
        assert found is None or found.ok, "the card says two 2s and one card of any rank beat a lone 大王"


def check_no_contradiction(card: Card) -> None:
    rules = card.ruleset.rules
    assert not (says(card, "bie3.enabled", True) and says(card, "plays.jokers_with_threes", True))
    assert not (says(card, "reporting.public_at_most", None) and in_force(card, "reporting.report_counts"))
    for key, kind in AMOUNTS.items():
        if in_force(card, key):
            assert rules.tribute.enabled and kind in rules.tribute.order, f"{key} printed, {kind} not paid"
    if not (rules.tribute.enabled and "dian" in rules.tribute.order):
        assert explain.sentence("kaidian.enabled", True, card.lang) not in set(printed(card)), "打点 says 点贡 is paid"


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow,
                                                                        HealthCheck.filter_too_much])
@given(house_rulesets())
def test_generated_cards_say_only_what_holds(document: dict[str, Any]) -> None:
    try:
        ruleset = compiled(document)
    except RulesetError:
        reject()
    base = load_ruleset("dagang")
    for lang in explain.LANGS:
        card = build(ruleset, base, lang)
        check_inert_rules_are_not_in_force(card)
        check_combinations(card)
        check_no_contradiction(card)


# ── the contradictions issue 22 found, kept ──────────────────────────────────

KILL_BIE3 = {"id": "v-killbie3", "kind": "ruleset", "name": {"zh": "杀憋", "en": "kill bie3"},
             "extends": ["qingdao", "bie3"], "plays": {"kills": ["B by R", KILL_BY_TWOS]}}


@pytest.mark.parametrize("lang", explain.LANGS)
def test_bie3_with_a_kill_by_twos_never_puts_jokers_on_3s(lang: explain.Lang) -> None:
    card = build(compiled(KILL_BIE3), load_ruleset("dagang"), lang)
    assert not in_force(card, "plays.jokers_with_threes")
    text = "\n".join(printed(card))
    assert ("3也可以挂王" if lang == "zh" else "Jokers may be attached to 3s too") not in text
    assert ("3以外" if lang == "zh" else "any rank but 3") in text
    check_combinations(card)


@pytest.mark.parametrize("lang", explain.LANGS)
def test_qingdao_lists_no_tribute_it_does_not_pay(lang: explain.Lang) -> None:
    card = build(load_ruleset("qingdao"), load_ruleset("dagang"), lang)
    text = "\n".join(printed(card))
    assert "烧贡" not in text and "闷贡" not in text and "点贡" not in text
    check_no_contradiction(card)


def test_a_tribute_amount_departing_without_its_kind_says_it_is_not_in_play() -> None:
    house = {"id": "house", "kind": "ruleset", "name": {"zh": "家规", "en": "House"}, "extends": ["qingdao"],
             "tribute": {"shao_cards": 3}}
    card = build(compiled(house), load_ruleset("dagang"), "en")
    (departure,) = [d for d in card.departures if d.key == "tribute.shao_cards"]
    assert departure.text.endswith(" (not in play: tribute order without 烧贡)")
    (zh,) = [d for d in build(compiled(house), load_ruleset("dagang"), "zh").departures if d.key == departure.key]
    assert zh.text.endswith("。（进贡顺序中没有烧贡，此条不起作用）")


@pytest.mark.parametrize("lang", explain.LANGS)
def test_no_reporting_card_has_no_duty_to_report(lang: explain.Lang) -> None:
    house = {"id": "house", "kind": "ruleset", "name": {"zh": "家规", "en": "House"}, "extends": ["dagang"],
             "reporting": {"public_at_most": None}}
    card = build(compiled(house), load_ruleset("dagang"), lang)
    assert not in_force(card, "reporting.report_counts")
    assert ("要报" if lang == "zh" else "always known to the table") not in "\n".join(printed(card))


@pytest.mark.parametrize("lang", explain.LANGS)
def test_dadian_without_dian_in_the_order_opens_but_pays_nothing(lang: explain.Lang) -> None:
    house = {"id": "house", "kind": "ruleset", "name": {"zh": "家规", "en": "House"}, "extends": ["qingdao"],
             "kaidian": {"enabled": True, "penalty": 2}}
    card = build(compiled(house), load_ruleset("dagang"), lang)
    text = "\n".join(d.text for d in card.departures)
    assert ("进贡中没有点贡" if lang == "zh" else "no 点贡 is paid") in text
    note = "（进贡顺序中没有点贡，此条不起作用）" if lang == "zh" else "(not in play: tribute order without 点贡)"
    assert note in text
    check_no_contradiction(card)
